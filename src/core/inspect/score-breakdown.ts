import { describeMetric } from '../engine/metric-descriptions';
import { Explanation } from '../metrics/explanation';
import { MetricScore } from '../metrics/metric';
import { formatSentenceScore } from './score-labels';
import { meteorBreakdown } from './meteor-breakdown';

/**
 * The compact per-metric breakdown a line's hover shows: per-order matches over totals and the brevity penalty
 * (BLEU), information-weighted matches and the most informative matched n-grams (NIST), character/word n-gram
 * precision and recall (chrF), the edit counts (TER, WER, PER), P/R/F with hit and model counts (ROUGE, GTM), and
 * which reference decided the score. Plain text; the editor escapes and styles it.
 */
export interface MetricBreakdown {
  readonly metric: string;
  /** `BLEU 56.3` */
  readonly headline: string;
  readonly details: readonly string[];
}

const num = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);
const nums = (value: unknown): number[] => (Array.isArray(value) ? value.map(num) : []);
const f = (value: number, digits = 1): string => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const MAX_SUBSTITUTIONS_LISTED = 4;

/**
 * Against expanded references (paraphrase sets or WordNet synonyms): the substitutions that produced matches (for TER
 * and the other one-reference metrics, those of the reference that decided the score). METEOR's hover names them
 * beside each aligned pair instead.
 */
function substitutionProvenance(metric: string, details: Explanation['details']): string | undefined {
  const used = strings(details.substitutionsUsed);
  if (used.length === 0 || metric === 'meteor' || metric === 'meteor2005') return undefined;
  const more = used.length > MAX_SUBSTITUTIONS_LISTED ? `; …and ${used.length - MAX_SUBSTITUTIONS_LISTED} more` : '';
  return `matched via ${used.slice(0, MAX_SUBSTITUTIONS_LISTED).join('; ')}${more}`;
}

/** The `count` matched n-grams carrying the most NIST information, as `text (weight)`. */
function informativeMatches(explanation: Explanation, hypothesis: string, count: number): string[] {
  const seen = new Set<string>();
  return explanation.matches
    .filter((m) => m.weight !== undefined)
    .slice()
    .sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0))
    .map((m) => ({ text: m.hypothesis.map((s) => hypothesis.slice(s.start, s.end)).join(' '), weight: m.weight ?? 0 }))
    .filter((m) => !seen.has(m.text) && seen.add(m.text) !== undefined)
    .slice(0, count)
    .map((m) => `“${m.text}” ${m.weight.toFixed(2)}`);
}

export function scoreBreakdown(metric: string, explanation: Explanation, sentence: MetricScore, hypothesis: string, referenceNames: readonly string[]): MetricBreakdown {
  const d = explanation.details;
  const parts = sentence.parts;
  const details: string[] = [];
  const referenceName = (k: number | undefined): string | undefined => (k === undefined || k < 0 ? undefined : (referenceNames[k] ?? `reference ${k + 1}`));

  if (metric === 'bleu' || metric === 'sentbleu' || metric === 'bleu-mteval') {
    const counts = nums(d.counts ?? d.matchCounts);
    const totals = nums(d.totals ?? d.hypothesisNgrams);
    details.push(`matches ${counts.map((c, i) => `${i + 1}: ${c}/${totals[i]}`).join(' · ')}`);
    const bp = num(d.bp ?? d.brevityPenalty);
    details.push(`brevity penalty ${f(bp, 3)} (hypothesis ${num(d.hypLength ?? d.hypothesisLength)} words, reference ${num(d.refLength ?? d.referenceLength)})`);
  } else if (metric === 'nist') {
    const info = nums(d.matchedInfo);
    const totals = nums(d.hypothesisNgrams);
    details.push(`information ${info.map((v, i) => `${i + 1}: ${f(v, 1)}/${totals[i]}`).join(' · ')}`);
    details.push(`length penalty ${f(num(d.lengthPenalty), 3)} (hypothesis ${num(d.hypLength)} words, reference ${f(num(d.refLength), 1)})`);
    const top = informativeMatches(explanation, hypothesis, 4);
    if (top.length > 0) details.push(`most informative matches: ${top.join(', ')}`);
  } else if (metric === 'chrf' || metric === 'chrf++') {
    const p = nums(d.charPrecision);
    const r = nums(d.charRecall);
    details.push(`character n-grams P/R ${p.map((v, i) => `${i + 1}: ${f(100 * v, 0)}/${f(100 * r[i], 0)}`).join(' · ')}`);
    const wp = nums(d.wordPrecision);
    const wr = nums(d.wordRecall);
    if (wp.length > 0) details.push(`word n-grams P/R ${wp.map((v, i) => `${i + 1}: ${f(100 * v, 0)}/${f(100 * wr[i], 0)}`).join(' · ')}`);
    details.push(`β = ${num(d.beta)}`);
  } else if (metric === 'ter') {
    details.push(
      `${plural(num(d.numEdits), 'edit')} / ${f(num(d.refLength), 1)} reference words: ${num(d.substitutions)} sub, ${num(d.insertions)} ins, ${num(d.deletions)} del, ` +
        `${plural(num(d.shifts), 'shift')}${num(d.shifts) > 0 ? ` (${plural(num(d.wordsShifted), 'word')})` : ''}`,
    );
    const blocks = Array.isArray(d.shiftedBlocks) ? (d.shiftedBlocks as string[]) : [];
    if (blocks.length > 0) details.push(`shifted: ${blocks.map((b) => `“${b}”`).join(', ')}`);
  } else if (metric === 'wer') {
    details.push(`${plural(num(d.distance), 'edit')} / ${num(d.refLength)} reference words: ${num(d.substitutions)} sub, ${num(d.insertions)} ins, ${num(d.deletions)} del`);
  } else if (metric === 'per') {
    details.push(`${num(d.overlap)} words in common (bag of words), distance ${num(d.distance)} / ${num(d.refLength)} reference words`);
  } else if (metric === 'gtm') {
    details.push(`P ${f(num(d.precision))} · R ${f(num(d.recall))} · matching size ${f(num(d.mms), 2)} (hypothesis ${num(d.hypothesisLength)}, reference ${num(d.referenceLength)}, e = ${num(d.exponent)})`);
  } else if (metric.startsWith('rouge')) {
    details.push(`R ${f(num(parts.recall ?? d.recall), 3)} · P ${f(num(parts.precision ?? d.precision), 3)} · F ${f(num(parts.fmeasure ?? d.fmeasure), 3)}`);
    const hits = num(d.hitCount);
    if (Number.isFinite(hits)) {
      const integral = Number.isInteger(hits);
      details.push(`${integral ? hits : f(hits, 2)} hits; ${integral ? num(d.modelCount) : f(num(d.modelCount), 2)} in the references, ${integral ? num(d.peerCount) : f(num(d.peerCount), 2)} in the summary`);
    }
    const perModel = nums(d.perModelScore);
    if (perModel.length > 1) {
      const indices = nums(d.modelIndices);
      details.push(`per reference: ${perModel.map((s, i) => `${referenceName(indices[i] ?? i)} ${f(s, 3)}`).join(' · ')}`);
    }
  } else if (metric === 'meteor' || metric === 'meteor2005') {
    details.push(...meteorBreakdown(explanation));
  } else {
    for (const [name, value] of Object.entries(parts)) if (typeof value === 'number') details.push(`${name} ${f(value, 3)}`);
  }

  const best = referenceName(explanation.bestReference ?? (typeof d.bestModel === 'number' && d.bestModel >= 0 ? d.bestModel : undefined));
  if (best && referenceNames.length > 1) details.push(`decided by ${best}`);
  else if (referenceNames.length > 1 && explanation.matches.length > 0 && (metric.includes('bleu') || metric === 'nist')) {
    // Clipped counts take each n-gram's best reference: say how many matches each reference supplied.
    const credited = referenceNames.map((_, k) => explanation.matches.filter((m) => m.referenceIndex === k).length);
    details.push(`matches credited to ${credited.map((c, k) => `${referenceNames[k]} ${c}`).join(' · ')}`);
  }
  const provenance = substitutionProvenance(metric, d);
  if (provenance) details.push(provenance);
  return { metric, headline: formatSentenceScore(metric, sentence.score), details };
}

/** Short text naming a metric's direction, for legends (`higher is better`). */
export function direction(metric: string): string {
  return describeMetric(metric).higherIsBetter ? 'higher is better' : 'lower is better';
}
