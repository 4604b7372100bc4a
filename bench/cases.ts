import * as v8 from 'v8';
import * as vm from 'vm';
import * as fs from 'fs';
import { META_CASES } from './meta-cases';
import { FRAGMENT_CASES } from './fragment-cases';
import { performance } from 'perf_hooks';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../src/core/engine/metric-settings';
import { metricRequest } from '../src/core/engine/metric-registry';
import { dataRoot, summEval, wmt21Segments, readLines, threeThousandLinesTwoRefs } from './data';
import { EvaluationSession } from '../src/core/engine/evaluation-session';
import * as path from 'path';
import { METEOR_CASES } from './meteor-cases';
import { QARLA_CASES } from './qarla-cases';
import { QARLA_PANEL_CASES } from './qarla-panel-cases';
import { MANUAL_CASES } from './manual-cases';
import { BorrowedShapeTrees } from './syntax-trees';
import { comparePairwise, compareTwo } from './compare';
import { PARAPHRASE_CASES } from './paraphrase-cases';
import { correlationBootstrap } from './correlation-bootstrap';
import { correlationPanel } from './correlation-panel';
import { manualPanel } from './manual-panel';
import { createParser } from '../src/core/io/parser-model-file';
import { scoreSystems } from '../src/core/engine/score-systems';
import { defaultParseThreads } from '../src/core/syntax/parse-pool';

export interface BenchResult {
  name: string;
  metric: string;
  segments: number;
  seconds: number;
  note: string;
}

/** Prepares the metric against the references and sums every segment's stats: the corpus score's whole compute. */
function corpusCompute(name: string, references: string[][], hypotheses: string[], settings: MetricSettings = DEFAULT_METRIC_SETTINGS): number {
  // What reading the files (and any case before) left behind is collected first: not this metric's cost.
  collectGarbage();
  const start = performance.now();
  const metric = metricRequest(name, settings).prepare({ streams: references });
  const totals = new Float64Array(metric.statsLayout.length);
  for (let i = 0; i < hypotheses.length; i++) {
    const row = metric.stats(hypotheses[i], i);
    for (let k = 0; k < row.length; k++) totals[k] += row[k];
  }
  const score = metric.corpusScore(totals, hypotheses.length).score;
  if (!Number.isFinite(score)) throw new Error(`${name}: corpus score ${score}`);
  return (performance.now() - start) / 1000;
}

/** A case returns its rows, or a promise of them (cases that drive a browser). */
export const CASES: Record<string, () => BenchResult[] | Promise<BenchResult[]>> = {
  'bleu-chrf-100k': () => corpusCase(100_000),
  ...META_CASES,
  ...FRAGMENT_CASES,
  'bleu-chrf-50k': () => corpusCase(50_000),
  'bleu-chrf-25k': () => corpusCase(25_000),
  'ter-csen': () => {
    const { root } = dataRoot();
    const hyp = readLines(path.join(root, 'wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.Facebook-AI.en'));
    const ref = readLines(path.join(root, 'wmt21-news/txt/references/newstest2021.cs-en.ref.A.en'));
    return [{ name: 'ter-csen', metric: 'ter', segments: hyp.length, seconds: corpusCompute('ter', [ref], hyp), note: 'WMT21 cs-en Facebook-AI vs ref A' }];
  },
  'rouge-summeval': () => {
    const { summaries, references } = summEval();
    const settings: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, rougeStem: true };
    const results = ['rouge1', 'rouge2', 'rougeL', 'rougeSU4'].map((metric) => ({
      name: 'rouge-summeval',
      metric: `${metric} -m`,
      segments: summaries.length,
      seconds: corpusCompute(metric, references, summaries, settings),
      note: '1,600 SummEval summaries × 11 references, ROUGE-1.5.5 with stemming',
    }));
    return [...results, { name: 'rouge-summeval', metric: 'rouge1+2+L+SU4 -m', segments: summaries.length, seconds: results.reduce((s, r) => s + r.seconds, 0), note: 'sum of the four' }];
  },
  'editor-session': editorSession,
  ...METEOR_CASES,
  ...QARLA_CASES,
  ...QARLA_PANEL_CASES,
  ...MANUAL_CASES,
  'syntax-csen': syntaxCsEn,
  'syntax-csen-parsed': syntaxCsEnParsed,
  'compare-two': compareTwo,
  'compare-pairwise': comparePairwise,
  'correlation-bootstrap': correlationBootstrap,
  'correlation-panel': correlationPanel,
  'manual-panel': manualPanel,
  'parse-csen': parseCsEn,
  'rescore-line': () => {
    const { root } = dataRoot();
    const hyp = readLines(path.join(root, 'wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.Facebook-AI.en'));
    const ref = readLines(path.join(root, 'wmt21-news/txt/references/newstest2021.cs-en.ref.A.en'));
    return ['bleu', 'chrf', 'ter', 'nist', 'rougeL'].map((name) => {
      const metric = metricRequest(name, DEFAULT_METRIC_SETTINGS).prepare({ streams: [ref] });
      // An edit: the line with its first word dropped, as a user typing would produce.
      const edited = hyp.map((h) => h.split(' ').slice(1).join(' '));
      for (let i = 0; i < 50; i++) metric.sentenceScore(metric.stats(edited[i], i)); // warm-up
      const start = performance.now();
      for (let i = 0; i < edited.length; i++) metric.sentenceScore(metric.stats(edited[i], i));
      const seconds = (performance.now() - start) / 1000 / edited.length;
      return { name: 'rescore-line', metric: name, segments: 1, seconds, note: `mean over ${edited.length} edited cs-en lines (stats + sentence score)` };
    });
  },
  ...PARAPHRASE_CASES,
};

/**
 * What the editor's worker does for a 3,000-line candidate with two references: prepare BLEU, chrF and TER, score
 * every line (sentence and corpus scores, what the decorations show), then re-score after one-line edits.
 */
function editorSession(): BenchResult[] {
  const { hypotheses, references, cycled } = threeThousandLinesTwoRefs();
  const note = `WMT21 cs/de/ru-en Online-B, refs A+B${cycled ? ', cycled' : ''}; bleu, chrf, ter`;
  const start = performance.now();
  const session = new EvaluationSession(
    [{ file: 'ref.A', segments: references[0] }, { file: 'ref.B', segments: references[1] }],
    ['bleu', 'chrf', 'ter'].map((name) => metricRequest(name, DEFAULT_METRIC_SETTINGS)),
  );
  session.setLines('system', hypotheses);
  const open = (performance.now() - start) / 1000;
  // One edit at a time, as typing produces: drop the last word of a line, spread over the file.
  const edits = 200;
  const lines = hypotheses.slice();
  const editStart = performance.now();
  for (let e = 0; e < edits; e++) {
    const i = (e * 7919) % lines.length;
    lines[i] = lines[i].split(' ').slice(0, -1).join(' ');
    const scores = session.setLines('system', lines);
    if (scores.changed.length !== 1) throw new Error(`expected one re-scored line, got ${scores.changed.length}`);
  }
  const perEdit = (performance.now() - editStart) / 1000 / edits;
  return [
    { name: 'editor-session', metric: 'open: score all lines', segments: hypotheses.length, seconds: open, note },
    { name: 'editor-session', metric: 're-score after an edit', segments: 1, seconds: perEdit, note: `mean of ${edits} one-line edits (diff of 3,000 lines + stats + corpus scores)` },
  ];
}

/**
 * The built-in parser on WMT21 cs-en references A and B (2,000 lines): loading the shipped model (first use), then
 * tokenizing, tagging, lemmatizing and parsing every line, after a warm-up pass over the first 200 lines.
 */
function parseCsEn(): BenchResult[] {
  const { root } = dataRoot();
  const lines = ['A', 'B'].flatMap((r) => readLines(path.join(root, `wmt21-news/txt/references/newstest2021.cs-en.ref.${r}.en`)));
  const loadStart = performance.now();
  const parser = createParser();
  parser.load();
  const load = (performance.now() - loadStart) / 1000;
  for (const line of lines.slice(0, 200)) parser.parseLine(line);
  const start = performance.now();
  let words = 0;
  for (const line of lines) words += parser.parseLine(line).sentence.words.length;
  const seconds = (performance.now() - start) / 1000;
  return [
    { name: 'parse-csen', metric: 'load parser model', segments: 1, seconds: load, note: 'resources/parser/en_ewt.model.gz: gunzip, decode, hash tables' },
    { name: 'parse-csen', metric: 'parse lines', segments: lines.length, seconds, note: `WMT21 cs-en refs A+B, ${words} words: tokenize, tag, lemmatize, features, parse` },
  ];
}

function corpusCase(count: number): BenchResult[] {
  const { hypotheses, references, files, cycled } = wmt21Segments(count);
  const note = `${files} WMT21 system outputs vs ref A${cycled ? ', cycled' : ''}`;
  const bleu = corpusCompute('bleu', [references], hypotheses);
  const chrf = corpusCompute('chrf', [references], hypotheses);
  return [
    { name: `bleu-chrf-${count / 1000}k`, metric: 'bleu', segments: count, seconds: bleu, note },
    { name: `bleu-chrf-${count / 1000}k`, metric: 'chrf', segments: count, seconds: chrf, note },
    { name: `bleu-chrf-${count / 1000}k`, metric: 'bleu+chrf', segments: count, seconds: bleu + chrf, note },
  ];
}

/** A full garbage collection now (V8's `gc`, reached without restarting node with --expose-gc). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/**
 * Dependency F and BE-HM for all 1,000 segments of WMT21 cs-en against references A and B, without parsing: the
 * trees (bench/syntax-trees.ts) are built before the clock starts. Timed: preparing each metric and every segment's
 * statistics (triple and BE extraction from the trees, matching, reference caches) and the corpus score.
 */
function syntaxCsEn(): BenchResult[] {
  const { root } = dataRoot();
  const txt = path.join(root, 'wmt21-news/txt');
  const refs = ['A', 'B'].map((r) => readLines(path.join(txt, `references/newstest2021.cs-en.ref.${r}.en`)));
  const systems = fs.readdirSync(path.join(txt, 'system-outputs')).filter((f) => f.startsWith('newstest2021.cs-en.')).sort();
  const outputs = systems.map((f) => readLines(path.join(txt, 'system-outputs', f)));
  const trees = new BorrowedShapeTrees();
  trees.prepare([...refs.flat(), ...outputs.flat()]);
  const one = outputs[systems.findIndex((f) => f.includes('Facebook-AI'))];
  // Wall time is what the table shows; the CPU time of this process (all its threads) is given in the note, since
  // the machine's other work inflates wall time.
  const time = (metrics: string[], hypotheses: string[][]): { seconds: number; cpu: number } => {
    const start = performance.now();
    const cpu = process.cpuUsage();
    for (const name of metrics) {
      const metric = metricRequest(name, DEFAULT_METRIC_SETTINGS, { trees }).prepare({ streams: refs });
      for (const system of hypotheses) {
        const rows = system.map((h, i) => metric.stats(h, i));
        const score = metric.corpusScoreFromRows ? metric.corpusScoreFromRows(rows) : metric.corpusScore(rows.reduce((t, r) => t.map((v, k) => v + r[k])), rows.length);
        if (!Number.isFinite(score.score)) throw new Error(`${name}: ${score.score}`);
      }
    }
    const used = process.cpuUsage(cpu);
    return { seconds: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
  };
  time(['dep-f', 'be-hm'], [one.slice(0, 50)]); // warm-up
  collectGarbage(); // the treebank the stand-in trees came from is garbage now: not the metrics' cost
  const note = 'WMT21 cs-en Facebook-AI vs refs A+B; trees built beforehand (parsing excluded)';
  const cpu = (t: { cpu: number }): string => `cpu ${t.cpu.toFixed(3)} s`;
  const depF = time(['dep-f'], [one]);
  const beHm = time(['be-hm'], [one]);
  const all = time(['dep-f', 'be-hm'], outputs);
  return [
    { name: 'syntax-csen', metric: 'dep-f', segments: one.length, seconds: depF.seconds, note: `${cpu(depF)}; ${note}` },
    { name: 'syntax-csen', metric: 'be-hm', segments: one.length, seconds: beHm.seconds, note: `${cpu(beHm)}; includes ROUGE's printed bootstrap average` },
    { name: 'syntax-csen', metric: 'dep-f+be-hm', segments: one.length, seconds: depF.seconds + beHm.seconds, note: `cpu ${(depF.cpu + beHm.cpu).toFixed(3)} s; sum of the two` },
    { name: 'syntax-csen', metric: 'dep-f+be-hm, all systems', segments: one.length * outputs.length, seconds: all.seconds, note: `${cpu(all)}; ${outputs.length} cs-en systems, reference trees extracted once per metric` },
  ];
}

/**
 * Dependency F and BE-HM for WMT21 cs-en Facebook-AI against references A and B, parsing included: what a first
 * scoring run costs, with the built-in parser's model loaded (once: its threads share it) and the 3,000 lines parsed, as
 * `understudy score --metrics dep-f,be-hm` does. Threads: `UNDERSTUDY_PARSER_THREADS` (default: 2, 1 on one core).
 */
function syntaxCsEnParsed(): BenchResult[] {
  const { root } = dataRoot();
  const txt = path.join(root, 'wmt21-news/txt');
  const references = ['A', 'B'].map((r) => ({ file: `ref.${r}`, segments: readLines(path.join(txt, `references/newstest2021.cs-en.ref.${r}.en`)) }));
  const hypotheses = readLines(path.join(txt, 'system-outputs/newstest2021.cs-en.hyp.Facebook-AI.en'));
  collectGarbage();
  const start = performance.now();
  const cpu = process.cpuUsage();
  const report = scoreSystems({ references, systems: [{ file: 'Facebook-AI', hypotheses }], metrics: ['dep-f', 'be-hm'].map((name) => metricRequest(name, DEFAULT_METRIC_SETTINGS)) });
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  for (const name of ['dep-f', 'be-hm']) if (!Number.isFinite(report.systems[0].scores[name].score)) throw new Error(`${name}: no score`);
  const threads = defaultParseThreads();
  return [
    {
      name: 'syntax-csen-parsed',
      metric: 'dep-f+be-hm with parsing',
      segments: hypotheses.length,
      seconds,
      note: `${threads} parser thread${threads === 1 ? '' : 's'}; cpu ${((used.user + used.system) / 1e6).toFixed(3)} s (all threads); 3,000 lines parsed (refs A+B, Facebook-AI), model loaded`,
    },
  ];
}

if (require.main === module) {
  const name = process.argv[2];
  const run = CASES[name];
  if (!run) {
    console.error(`unknown bench case ${name}; known: ${Object.keys(CASES).join(', ')}`);
    process.exit(2);
  }
  void Promise.resolve(run()).then((results) => {
    process.stdout.write(JSON.stringify({ results, maxRssKiB: process.resourceUsage().maxRSS }) + '\n');
  });
}
