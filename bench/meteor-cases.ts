import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { dataRoot, readLines } from './data';
import type { BenchResult } from './cases';
import { loadWordNet } from '../src/core/io/wordnet-file';
import { prepareMeteor } from '../src/core/metrics/meteor/meteor';
import { PreparedMetric, sumStats } from '../src/core/metrics/metric';

/** WMT21 cs-en Facebook-AI against references A and B (1,000 segments), from ../shared/data or the fixtures. */
function csEnTwoRefs(): { hyp: string[]; refs: [string[], string[]] } {
  const { root } = dataRoot();
  const txt = path.join(root, 'wmt21-news/txt');
  return {
    hyp: readLines(path.join(txt, 'system-outputs/newstest2021.cs-en.hyp.Facebook-AI.en')),
    refs: [readLines(path.join(txt, 'references/newstest2021.cs-en.ref.A.en')), readLines(path.join(txt, 'references/newstest2021.cs-en.ref.B.en'))],
  };
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

function scoreAll(metric: PreparedMetric, hyp: readonly string[]): number {
  return metric.corpusScore(sumStats(hyp.map((h, i) => metric.stats(h, i)), metric.statsLayout.length), hyp.length).score;
}

const NOTE = 'WMT21 cs-en Facebook-AI, refs A+B, -norm, exact stem synonym (1.0 0.6 0.8)';

export const METEOR_CASES: Record<string, () => BenchResult[]> = {
  /**
   * A fresh process: WordNet loaded, then METEOR prepared and run over the 1,000 segments (cold caches), then once more
   * with the same prepared metric (warm). Wall-clock seconds; the note gives CPU seconds and the heap WordNet adds.
   */
  'meteor-csen': () => {
    const { hyp, refs } = csEnTwoRefs();
    const heapBefore = process.memoryUsage().heapUsed;
    let cpu = process.cpuUsage();
    let start = performance.now();
    const wordnet = loadWordNet();
    const load = (performance.now() - start) / 1000;
    const loadCpu = cpuSeconds(cpu);
    const heapMiB = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    cpu = process.cpuUsage();
    start = performance.now();
    const metric = prepareMeteor({ streams: refs }, { wordnet: () => wordnet });
    const score = scoreAll(metric, hyp);
    const cold = (performance.now() - start) / 1000;
    const coldCpu = cpuSeconds(cpu);
    cpu = process.cpuUsage();
    start = performance.now();
    if (scoreAll(metric, hyp) !== score) throw new Error('METEOR: a second pass gave another score');
    const warm = (performance.now() - start) / 1000;
    const warmCpu = cpuSeconds(cpu);
    cpu = process.cpuUsage();
    start = performance.now();
    const exact = prepareMeteor({ streams: refs }, { modules: ['exact'] });
    scoreAll(exact, hyp);
    const exactOnly = (performance.now() - start) / 1000;
    return [
      { name: 'meteor-csen', metric: 'WordNet 3.0 load', segments: 1, seconds: load, note: `CPU ${loadCpu.toFixed(3)} s, heap +${heapMiB.toFixed(0)} MiB, ${wordnet.lemmaCount} lemmas` },
      { name: 'meteor-csen', metric: 'meteor (cold)', segments: hyp.length, seconds: cold, note: `CPU ${coldCpu.toFixed(3)} s; ${NOTE}; system score ${score}` },
      { name: 'meteor-csen', metric: 'meteor (warm)', segments: hyp.length, seconds: warm, note: `CPU ${warmCpu.toFixed(3)} s; same prepared metric again` },
      { name: 'meteor-csen', metric: 'meteor -m exact', segments: hyp.length, seconds: exactOnly, note: 'exact module only, cold' },
    ];
  },
  /**
   * METEOR 1.5 itself on the same data, when a locally built jar is named by METEOR_JAR (it is not part of the project
   * and not needed at run time): wall-clock seconds of `java -Xmx2G -jar meteor-1.5.jar … -q`, JVM start included.
   */
  'meteor-java': () => {
    const jar = process.env.METEOR_JAR;
    if (!jar || !fs.existsSync(jar)) return [{ name: 'meteor-java', metric: 'METEOR 1.5 (Java)', segments: 0, seconds: NaN, note: 'skipped: set METEOR_JAR to a meteor-1.5.jar built from cmu-mtlab/meteor' }];
    const { hyp, refs } = csEnTwoRefs();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meteor-bench-'));
    fs.writeFileSync(path.join(dir, 'hyp'), hyp.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'ref'), hyp.map((_, i) => `${refs[0][i]}\n${refs[1][i]}`).join('\n') + '\n');
    const start = performance.now();
    const out = execFileSync('java', ['-Xmx2G', '-jar', jar, path.join(dir, 'hyp'), path.join(dir, 'ref'), '-l', 'en', '-r', '2', '-norm', '-m', 'exact stem synonym', '-w', '1.0 0.6 0.8', '-q'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 1 << 26,
    });
    const seconds = (performance.now() - start) / 1000;
    fs.rmSync(dir, { recursive: true, force: true });
    const javaScore = Number(out.trim().split('\n').pop());
    const ours = scoreAll(prepareMeteor({ streams: refs }, { wordnet: loadWordNet }), hyp);
    return [{ name: 'meteor-java', metric: 'METEOR 1.5 (Java)', segments: hyp.length, seconds, note: `${NOTE}; JVM start and resource loading included; Java ${javaScore}, Understudy ${ours} (${javaScore === ours ? 'equal' : 'DIFFERENT'})` }];
  },
};
