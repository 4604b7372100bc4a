import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DEFAULT_METRIC_SETTINGS, MetricSettings, referenceExpansionSettings } from '../src/core/engine/metric-settings';
import { metricRequest } from '../src/core/engine/metric-registry';
import { ExpansionResources } from '../src/core/engine/expanded-references-adapter';
import { bitextFromTokens } from '../src/core/paraphrase/bitext';
import { buildParaphraseTable, paraphraseTokenizer } from '../src/core/paraphrase/equivalence-sets';
import { expandSegmentReferences } from '../src/core/paraphrase/reference-expansion';
import { alignBitext } from '../src/core/paraphrase/word-alignment';
import type { BenchResult } from './cases';
import { dataRoot, readLines } from './data';

/** WMT21 source and reference A of some into-English pairs, concatenated. */
function wmt21Bitext(pairs: readonly string[]): { source: string[]; reference: string[] } {
  const { root } = dataRoot();
  const source: string[] = [];
  const reference: string[] = [];
  for (const pair of pairs) {
    source.push(...readLines(path.join(root, `wmt21-news/txt/sources/newstest2021.${pair}.src.${pair.slice(0, 2)}`)));
    reference.push(...readLines(path.join(root, `wmt21-news/txt/references/newstest2021.${pair}.ref.A.en`)));
  }
  return { source, reference };
}

const seconds = (start: number): number => (performance.now() - start) / 1000;

function alignAndGather(name: string, pairs: readonly string[], tokenize: 'intl' | 'zh'): BenchResult[] {
  const { source, reference } = wmt21Bitext(pairs);
  const tokens = paraphraseTokenizer({ tokenize, lowercase: true });
  const note = `WMT21 ${pairs.join('+')} source vs ref A, ${tokenize} tokens, lower-cased`;
  let start = performance.now();
  const bitext = bitextFromTokens(
    source.map((line) => tokens(line).map((t) => t.text)),
    reference.map((line) => tokens(line).map((t) => t.text)),
  );
  const tokenizeSeconds = seconds(start);
  start = performance.now();
  const alignment = alignBitext(bitext);
  const alignSeconds = seconds(start);
  const s = alignment.statistics;
  const statistics =
    `${s.links} links, ${s.linksPerWord.toFixed(3)}/word, unaligned src ${(100 * s.unalignedSourceShare).toFixed(1)}% ref ${(100 * s.unalignedTargetShare).toFixed(1)}%, ` +
    `tension ${s.forwardTension.toFixed(2)}/${s.reverseTension.toFixed(2)}`;
  start = performance.now();
  const table = buildParaphraseTable(source, [reference], { tokenize });
  const tableSeconds = seconds(start);
  start = performance.now();
  let expansions = 0;
  for (const line of reference) expansions += expandSegmentReferences([line], table).length - 1;
  const expandSeconds = seconds(start);
  return [
    { name, metric: 'tokenize bitext', segments: source.length, seconds: tokenizeSeconds, note },
    { name, metric: 'align (fast_align -d -o ×2 + gdfa)', segments: source.length, seconds: alignSeconds, note: statistics },
    {
      name,
      metric: 'sets (tokenize+align+gather)',
      segments: source.length,
      seconds: tableSeconds,
      note: `${table.statistics.sets} sets, ${table.statistics.expressions} expressions (defaults: minimal ≤3, no threshold, prepositions out)`,
    },
    { name, metric: 'expand references', segments: source.length, seconds: expandSeconds, note: `${expansions} new references (${(expansions / source.length).toFixed(1)} per segment)` },
  ];
}

/** BLEU / NIST / chrF of one system against paraphrase-expanded references, sets learned first (as the CLI does). */
function scoreExpanded(name: string, options: Partial<MetricSettings>, label: string): BenchResult[] {
  const { root } = dataRoot();
  const { source, reference } = wmt21Bitext(['de-en']);
  const hypotheses = readLines(path.join(root, 'wmt21-news/txt/system-outputs/newstest2021.de-en.hyp.Facebook-AI.en'));
  const settings: MetricSettings = { ...DEFAULT_METRIC_SETTINGS, expandReferences: 'paraphrase', ...options };
  const resources = new ExpansionResources(source);
  const results: BenchResult[] = [];
  const references = { streams: [reference] };
  let start = performance.now();
  resources.paraphraseTable(references, referenceExpansionSettings(settings).paraphrase);
  results.push({ name, metric: 'learn sets', segments: source.length, seconds: seconds(start), note: label });
  for (const metric of ['bleu', 'nist', 'chrf']) {
    start = performance.now();
    const prepared = metricRequest(metric, settings, { expansion: resources }).prepare(references);
    const totals = new Float64Array(prepared.statsLayout.length);
    hypotheses.forEach((h, i) => prepared.stats(h, i).forEach((v, k) => (totals[k] += v)));
    const score = prepared.corpusScore(totals, hypotheses.length).score;
    results.push({ name, metric: `${metric}+paraphrases`, segments: hypotheses.length, seconds: seconds(start), note: `${label}; de-en Facebook-AI = ${score.toFixed(metric === 'nist' ? 4 : 2)}` });
  }
  return results;
}

export const PARAPHRASE_CASES: Record<string, () => BenchResult[]> = {
  'align-2000': () => alignAndGather('align-2000', ['cs-en', 'de-en'], 'intl'),
  'align-zh-en': () => {
    if (!fs.existsSync(path.join(dataRoot().root, 'wmt21-news/txt/sources/newstest2021.zh-en.src.zh'))) return [];
    return alignAndGather('align-zh-en', ['zh-en'], 'zh');
  },
  'paraphrase-scoring': () => scoreExpanded('paraphrase-scoring', { paraphraseMinProbability: 0.1, paraphraseExclude: 'closed-class' }, 'minp 0.1, closed-class out'),
  // The paper's settings (no threshold): on this test set a segment gets hundreds of references.
  'paraphrase-scoring-defaults': () => scoreExpanded('paraphrase-scoring-defaults', {}, 'defaults (no threshold)'),
};
