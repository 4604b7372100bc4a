import { AlphaLevel, AlphaResult, krippendorffAlpha } from './krippendorff-alpha';

/**
 * Assessor consistency from identical summaries (Owczarzak et al. 2012, seed000 §3.6): different systems sometimes
 * produce the same summary for a document; each copy is judged on its own, so the scores of the copies should agree.
 * Every group of identical summaries of one document is a unit, the copies' scores are its values, and Krippendorff's
 * alpha (interval, as the paper) measures how consistently they were scored.
 */

export interface ScoredSummary {
  readonly document: string;
  readonly system: string;
  readonly text: string;
  readonly scores: Readonly<Record<string, number | null | undefined>>;
  /** Who judged it, when known (the paper computes alpha per assessor). */
  readonly assessor?: string;
}

export interface IdenticalGroup {
  readonly document: string;
  readonly systems: readonly string[];
  readonly assessor?: string;
  readonly text: string;
  readonly scores: Readonly<Record<string, readonly (number | null)[]>>;
}

export type TextIdentity = 'exact' | 'whitespace' | 'whitespace-case';

/** How two summaries count as identical: byte-exact, after collapsing whitespace (default), or also ignoring case. */
export function identityKey(text: string, identity: TextIdentity): string {
  if (identity === 'exact') return text;
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return identity === 'whitespace-case' ? collapsed.toLowerCase() : collapsed;
}

/**
 * Groups of two or more systems with the same summary of a document (and the same assessor, when given). A system
 * listed twice for one document with the same text (a duplicated record) counts once.
 */
export function identicalSummaryGroups(summaries: readonly ScoredSummary[], aspects: readonly string[], identity: TextIdentity = 'whitespace'): IdenticalGroup[] {
  const groups = new Map<string, ScoredSummary[]>();
  for (const s of summaries) {
    if (s.text.trim() === '') continue; // empty outputs are trivially identical and say nothing about the assessor
    const key = `${s.document}\u0000${s.assessor ?? ''}\u0000${identityKey(s.text, identity)}`;
    const list = groups.get(key);
    if (!list) groups.set(key, [s]);
    else if (!list.some((t) => t.system === s.system)) list.push(s);
  }
  return [...groups.values()]
    .filter((list) => list.length >= 2)
    .map((list) => ({
      document: list[0].document,
      systems: list.map((s) => s.system),
      ...(list[0].assessor !== undefined ? { assessor: list[0].assessor } : {}),
      text: list[0].text,
      scores: Object.fromEntries(aspects.map((a) => [a, list.map((s) => s.scores[a] ?? null)])),
    }));
}

export interface IdenticalSummaryAgreement {
  readonly aspect: string;
  readonly assessor?: string;
  readonly groups: number;
  readonly alpha: AlphaResult;
}

/** Alpha per aspect (and per assessor, when assessors are given) over the identical-summary groups. */
export function identicalSummaryAgreement(groups: readonly IdenticalGroup[], aspects: readonly string[], level: AlphaLevel = 'interval'): IdenticalSummaryAgreement[] {
  const assessors = [...new Set(groups.map((g) => g.assessor))];
  const results: IdenticalSummaryAgreement[] = [];
  for (const aspect of aspects) {
    for (const assessor of assessors) {
      const mine = groups.filter((g) => g.assessor === assessor);
      results.push({ aspect, ...(assessor !== undefined ? { assessor } : {}), groups: mine.length, alpha: krippendorffAlpha(mine.map((g) => g.scores[aspect]), level) });
    }
  }
  return results;
}
