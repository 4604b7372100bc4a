import { PreparedMetric, ReferenceSet } from '../metrics/metric';
import { splitSentences, splitSummEvalSentences } from '../text/sentence-split';
import { Span } from '../text/token';

/**
 * Summary metrics take a summary's sentences separated by '\n'. A summary given on one line is split by replacing
 * the whitespace character just before each sentence start with '\n', so the text keeps its length and every
 * character offset an explanation reports still points into the user's original line.
 */
export function markSentences(text: string, mode: 'rule' | 'summeval'): string {
  const spans: readonly Span[] = mode === 'rule' ? splitSentences(text) : splitSummEvalSentences(text);
  if (spans.length < 2) return text;
  const chars = text.split('');
  for (const span of spans.slice(1)) {
    const before = span.start - 1;
    if (before >= 0 && /\s/.test(chars[before])) chars[before] = '\n';
  }
  return chars.join('');
}

/** Prepares `prepare` on sentence-marked references and marks each hypothesis the same way (no-op for 'none'). */
export function withSentenceSplit(
  references: ReferenceSet,
  mode: 'none' | 'rule' | 'summeval',
  prepare: (references: ReferenceSet) => PreparedMetric,
): PreparedMetric {
  if (mode === 'none') return prepare(references);
  const inner = prepare({ streams: references.streams.map((stream) => stream.map((text) => markSentences(text, mode))) });
  return {
    name: inner.name,
    statsLayout: inner.statsLayout,
    stats: (hypothesis, segment) => inner.stats(markSentences(hypothesis, mode), segment),
    corpusScore: (totals, count) => inner.corpusScore(totals, count),
    corpusScoreFromRows: inner.corpusScoreFromRows ? (rows) => inner.corpusScoreFromRows!(rows) : undefined,
    sentenceScore: (stats) => inner.sentenceScore(stats),
    // Per-reference rows of this adapter are the inner metric's rows on marked texts, so they combine as its do.
    combineReferences: inner.combineReferences ? (rows, offset, chosen, count, out) => inner.combineReferences!(rows, offset, chosen, count, out) : undefined,
    explain: (hypothesis, segment) => inner.explain(markSentences(hypothesis, mode), segment),
    signature: () => `${inner.signature()}|split:${mode}`,
  };
}
