import { Explanation } from '../metrics/explanation';
import { MeteorModuleKind, meteorModuleKind } from './meteor-highlights';

const MODULE_NAMES: Readonly<Record<MeteorModuleKind, string>> = {
  'meteor-exact': 'exact',
  'meteor-stem': 'stem',
  'meteor-synonym': 'synonym',
  'meteor-paraphrase': 'paraphrase',
};

const num = (value: unknown): number => (typeof value === 'number' ? value : Number.NaN);
const f = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/**
 * A METEOR line's hover breakdown: P, R, Fmean, the fragmentation penalty with its chunk count, and the aligned
 * hypothesis words per module (`5 exact · 1 stem · 1 synonym`, a paraphrase counting its hypothesis words).
 * METEOR-2005 names its penalty `penalty` and has no fragmentation ratio.
 */
export function meteorBreakdown(explanation: Explanation): string[] {
  const d = explanation.details;
  const penalty = num(d.fragPenalty ?? d.penalty);
  const fragmentation = num(d.fragmentation);
  const chunks = num(d.chunks);
  const lines = [
    `P ${f(num(d.precision), 3)} · R ${f(num(d.recall), 3)} · Fmean ${f(num(d.fMean), 3)}`,
    `fragmentation penalty ${f(penalty, 3)} (${Number.isFinite(chunks) ? chunks : '—'} chunk${chunks === 1 ? '' : 's'}${Number.isFinite(fragmentation) ? `, fragmentation ${f(fragmentation, 3)}` : ''})`,
  ];
  const words = new Map<MeteorModuleKind, number>();
  for (const m of explanation.matches) {
    const kind = meteorModuleKind(m);
    if (kind) words.set(kind, (words.get(kind) ?? 0) + m.hypothesis.length);
  }
  const unaligned = explanation.unmatchedHypothesis.length;
  const counts = (Object.keys(MODULE_NAMES) as MeteorModuleKind[]).filter((k) => words.has(k)).map((k) => `${words.get(k)} ${MODULE_NAMES[k]}`);
  lines.push(`aligned words: ${counts.length > 0 ? counts.join(' · ') : 'none'}${unaligned > 0 ? `; ${unaligned} unaligned` : ''}`);
  return lines;
}

export function meteorModuleName(kind: MeteorModuleKind): string {
  return MODULE_NAMES[kind];
}
