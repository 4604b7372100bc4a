import { Explanation } from './explanation';

/**
 * The metric contract (see ARCHITECTURE.md). A metric is prepared once per reference set, so corpus-wide
 * context (NIST information weights, tokenized references, reference n-gram counts) is built explicitly
 * and reused; a segment's statistics are additive, and every score is computed from (sums of) them.
 */
export interface ReferenceSet {
  /** `streams[k][i]` is reference k of segment i (sacreBLEU's convention); all streams have the same length. */
  readonly streams: readonly (readonly string[])[];
  /**
   * Set when this one-segment set stands for segment `segment` of `corpus` with that segment's references replaced
   * by its lines — references rewritten for one hypothesis, or expanded with paraphrases, and then possibly more or
   * fewer than the corpus's streams (see engine/expanded-references-adapter.ts). Metrics with corpus-wide reference
   * statistics (NIST's information weights and mean reference length) take them from the corpus with the
   * replacement made, this set's references weighing together as many references as the corpus has streams; the
   * others ignore it.
   */
  readonly corpus?: { readonly references: ReferenceSet; readonly segment: number };
}

export interface MetricScore {
  /** The headline number, on the scale the reference tool prints (BLEU 0-100, TER 0-100+, ROUGE 0-1…). */
  readonly score: number;
  /** Named parts of the score (precisions, brevity penalty, P/R/F, edit counts…). */
  readonly parts: Readonly<Record<string, number | readonly number[]>>;
}

export interface PreparedMetric {
  /** Command-line name, e.g. `bleu`, `chrf++`, `rougeSU4`. */
  readonly name: string;
  /** Names of the columns of `stats()`, in order. */
  readonly statsLayout: readonly string[];
  /** Additive sufficient statistics of one segment's hypothesis against that segment's references. */
  stats(hypothesis: string, segment: number): Float64Array;
  /** Corpus score from the column sums of the segments' statistics. */
  corpusScore(totals: Float64Array, segmentCount: number): MetricScore;
  /**
   * Only for tools whose printed corpus number is not a function of the summed statistics (ROUGE-1.5.5 prints a
   * bootstrap mean over resampled summaries): the corpus score from every segment's statistics, in segment order.
   * When present, the engine uses it instead of `corpusScore` for the corpus line.
   */
  corpusScoreFromRows?(rows: readonly Float64Array[]): MetricScore;
  /** Sentence score from one segment's statistics (with the metric's sentence-level smoothing). */
  sentenceScore(stats: Float64Array): MetricScore;
  /** What matched what, as character spans of the original lines. */
  explain(hypothesis: string, segment: number): Explanation;
  /** Reproducibility string, sacreBLEU style: `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0`. */
  signature(): string;
  /**
   * The hypotheses about to be scored (a system's lines, or the lines an edit changed), for work best done in bulk
   * before the `stats` calls: the built-in parser parses them, and the references not parsed yet, on several
   * threads. Optional for metrics and for callers: `stats` gives the same rows either way. `isCancelled` is the
   * run's cancel flag: the work stops early when it is raised (the run then stops at its next check).
   */
  anticipate?(hypotheses: readonly string[], isCancelled?: () => boolean): void;
  /**
   * Present when a segment's statistics against several references follow from its statistics against each of them
   * alone, as ROUGE-1.5.5's `-f A` sums per-model counts and `-f B`, chrF, TER and rouge-score pick one reference.
   * `rows` holds the segment's per-reference rows, reference r's at `offset + r · width` (width = statsLayout.length),
   * each `stats(hypothesis, segment)` of this metric prepared on that reference stream alone (`{ streams: [stream r] }`);
   * the row combined from the references `chosen[0..count)` (ascending: stream order; only references the segment
   * has) is written to `out` and equals `stats(hypothesis, segment)` of the metric prepared on those references
   * together, bit for bit. Reading the chosen rows in place keeps resampling over reference subsets free of copies. It is what lets a meta-evaluation score a segment against any subset of its references
   * from statistics computed once per reference (meta/conditions). Metrics whose statistics do not decompose leave it
   * out: BLEU clips each n-gram by its maximum count over the references, NIST weighs n-grams over all references,
   * METEOR and the syntactic metrics are not declared.
   */
  combineReferences?(rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array): void;
}

/** Adds `b` into `a` element-wise (stats are additive). */
export function addStats(a: Float64Array, b: Float64Array): void {
  for (let i = 0; i < a.length; i++) a[i] += b[i];
}

/** Column sums of many segments' stats. */
export function sumStats(rows: readonly Float64Array[], width: number): Float64Array {
  const totals = new Float64Array(width);
  for (const row of rows) addStats(totals, row);
  return totals;
}
