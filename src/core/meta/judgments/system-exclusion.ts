/** Leaving systems out of the judgments on purpose, by name or name prefix, and saying why. */

/** WMT judges human translations (rows named HUMAN, HUMAN-B…) with the systems; metrics rank systems only. */
export const WMT_DEFAULT_EXCLUDE: readonly string[] = ['HUMAN*'];

/** True when `name` equals a pattern, or starts with a pattern's text before its final '*'. */
export function matchesExclusion(name: string, patterns: readonly string[]): boolean {
  return patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p));
}

/** The reason recorded for an excluded system (`byDefault`: the format's default list, not the user's). */
export function exclusionReason(name: string, patterns: readonly string[], byDefault: boolean): string {
  if (byDefault && /^HUMAN/.test(name)) {
    return 'human translation judged alongside the systems: left out of metric correlations (WMT practice; keep it with an empty exclude list)';
  }
  return `excluded by the pattern list [${patterns.join(', ')}]`;
}

/**
 * Splits judgment rows into kept and excluded ones, returning the kept rows and one entry per excluded system name
 * (in order of first appearance). `patterns` undefined means the format's `defaults`.
 */
export function applyExclusion<T extends { readonly system: string }>(
  rows: readonly T[],
  given: readonly string[] | undefined,
  defaults: readonly string[],
): { kept: T[]; excluded: { name: string; reason: string }[] } {
  const patterns = given ?? defaults;
  const kept: T[] = [];
  const excluded = new Map<string, string>();
  for (const row of rows) {
    if (matchesExclusion(row.system, patterns)) {
      if (!excluded.has(row.system)) excluded.set(row.system, exclusionReason(row.system, patterns, given === undefined));
    } else kept.push(row);
  }
  return { kept, excluded: [...excluded].map(([name, reason]) => ({ name, reason })) };
}
