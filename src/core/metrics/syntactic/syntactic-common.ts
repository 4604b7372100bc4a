import { MetricScore, ReferenceSet } from '../metric';
import { Span } from '../../text/token';
import { ParsedLine, TreeSide, TreeSource } from '../../syntax/tree-source';

/**
 * What every syntactic metric needs around its units: the segment's references, their parses (parsed once and kept,
 * since references do not change while hypotheses are edited), word spans, and the F-measure.
 */

/** Indices of the segment's references that are not empty (an empty line is no reference, as for ROUGE). */
export function presentReferences(references: ReferenceSet, segment: number): number[] {
  const out: number[] = [];
  references.streams.forEach((stream, k) => {
    const text = stream[segment];
    if (typeof text === 'string' && text.trim() !== '') out.push(k);
  });
  return out;
}

/**
 * A per-reference cache of anything derived from a reference line's parse (triples, chains, subtrees): the reference
 * side is parsed and extracted once per line, whatever number of systems and edits are scored against it.
 */
export class ReferenceCache<T> {
  private readonly cache = new Map<string, { parsed: ParsedLine; value: T }>();

  constructor(
    private readonly references: ReferenceSet,
    private readonly trees: TreeSource,
    private readonly derive: (parsed: ParsedLine) => T,
  ) {}

  get(k: number, segment: number): { parsed: ParsedLine; value: T } {
    const key = `${k}:${segment}`;
    let entry = this.cache.get(key);
    if (!entry) {
      const parsed = this.trees.trees(this.references.streams[k][segment], segment, 'reference', k);
      entry = { parsed, value: this.derive(parsed) };
      this.cache.set(key, entry);
    }
    return entry;
  }
}

/** The parse of a hypothesis line. */
export function hypothesisParse(trees: TreeSource, line: string, segment: number): ParsedLine {
  const side: TreeSide = 'hypothesis';
  return trees.trees(line, segment, side, 0);
}

/** The span of word `word` (1-based) of sentence `sentence` of a parsed line. */
export function spanOf(parsed: ParsedLine, sentence: number, word: number): Span {
  return parsed.spans[sentence][word - 1];
}

/** Spans of distinct words, in line order (two words of one multiword token share a span: it is given once). */
export function uniqueSpans(spans: readonly Span[]): Span[] {
  const seen = new Set<string>();
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const key = `${s.start}:${s.end}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(s);
    }
  }
  return out;
}

/** F_beta = (1 + β²)·P·R / (β²·P + R); 0 when P and R are 0. */
export function fBeta(precision: number, recall: number, beta: number): number {
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  return denominator > 0 ? ((1 + b2) * precision * recall) / denominator : 0;
}

/** P, R and F_beta from counts; 0 where a denominator is 0. */
export function precisionRecallF(matches: number, hypothesisCount: number, referenceCount: number, beta: number): { precision: number; recall: number; f: number } {
  const precision = hypothesisCount > 0 ? matches / hypothesisCount : 0;
  const recall = referenceCount > 0 ? matches / referenceCount : 0;
  return { precision, recall, f: fBeta(precision, recall, beta) };
}

/** Every word of a parsed line, as [sentence, word id], leaving out punctuation. */
export function contentWords(parsed: ParsedLine): [number, number][] {
  const out: [number, number][] = [];
  parsed.sentences.forEach((sentence, s) => {
    for (const w of sentence.words) if (w.deprel !== 'punct') out.push([s, w.id]);
  });
  return out;
}

/** A sentence's tree as text, one word per line: `2 resigned (resign VERB) ← 0 root`, for hovers and reports. */
export function treeText(parsed: ParsedLine): string {
  return parsed.sentences
    .map((sentence) =>
      sentence.words
        .map((w) => `${w.id} ${w.form} (${w.lemma} ${w.upos}) ← ${w.head} ${w.deprel}`)
        .join('\n'),
    )
    .join('\n\n');
}

/**
 * The corpus (or one summary's) numbers from ROUGE-1.5.5-shaped statistics [R, P, F, summaries, reference count,
 * candidate count, hits]: the means of the per-summary R, P, F (`score` = mean `headline`), and the `-t 1`-style
 * values of the summed counts, their F from `tokenF(precision, recall)`. `countNames` name the three counts.
 */
export function summaryMeans(
  stats: Float64Array, headline: 'recall' | 'fmeasure', tokenF: (precision: number, recall: number) => number, countNames: readonly [string, string, string],
): MetricScore {
  const summaries = stats[3];
  const mean = (x: number): number => (summaries > 0 ? x / summaries : 0);
  const tokenRecall = stats[4] > 0 ? stats[6] / stats[4] : 0;
  const tokenPrecision = stats[5] > 0 ? stats[6] / stats[5] : 0;
  return {
    score: mean(headline === 'recall' ? stats[0] : stats[2]),
    parts: {
      recall: mean(stats[0]), precision: mean(stats[1]), fmeasure: mean(stats[2]), summaries,
      tokenRecall, tokenPrecision, tokenF: tokenF(tokenPrecision, tokenRecall),
      [countNames[0]]: stats[4], [countNames[1]]: stats[5], [countNames[2]]: stats[6],
    },
  };
}
