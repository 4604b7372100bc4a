/**
 * Matching two bags of units (dependency triples, head–modifier pairs, chains) the way the dependency metrics count:
 * each hypothesis unit matches at most one reference unit and vice versa, so the number of matches of a key is
 * min(hypothesis count, reference count), the clipped count of BLEU and ROUGE.
 *
 * - `distinct` (DEPEVAL(summ)'s `one`): every key counts once on each side, however often it occurs;
 * - `similar` (the `wn` switch): after exact matching, a left-over hypothesis unit matches the first left-over
 *   reference unit it is similar to (synonyms), hypothesis units in order. Greedy, like METEOR's synonym stage after
 *   its exact stage: an exact match is never given up for a synonym one.
 */
export interface KeyedUnit {
  readonly key: string;
}

export interface UnitMatching {
  /** Indices of the units counted on each side (all, or the first of each key when `distinct`). */
  readonly hypothesis: readonly number[];
  readonly reference: readonly number[];
  /** Matched pairs [hypothesis index, reference index], exact ones first. */
  readonly pairs: readonly (readonly [number, number])[];
  /** How many of the pairs matched through `similar` (they are the last ones). */
  readonly similarPairs: number;
}

export interface MatchOptions<T> {
  readonly distinct?: boolean;
  readonly similar?: (hypothesis: T, reference: T) => boolean;
}

function counted(units: readonly KeyedUnit[], distinct: boolean): number[] {
  if (!distinct) return units.map((_, i) => i);
  const seen = new Set<string>();
  const out: number[] = [];
  units.forEach((u, i) => {
    if (!seen.has(u.key)) {
      seen.add(u.key);
      out.push(i);
    }
  });
  return out;
}

export function matchUnits<T extends KeyedUnit>(hypothesis: readonly T[], reference: readonly T[], options: MatchOptions<T> = {}): UnitMatching {
  const distinct = options.distinct ?? false;
  const hyp = counted(hypothesis, distinct);
  const ref = counted(reference, distinct);
  const available = new Map<string, number[]>();
  for (const r of ref) {
    const key = reference[r].key;
    const list = available.get(key);
    if (list) list.push(r);
    else available.set(key, [r]);
  }
  const pairs: [number, number][] = [];
  const leftOver: number[] = [];
  for (const h of hyp) {
    const list = available.get(hypothesis[h].key);
    if (list && list.length > 0) pairs.push([h, list.shift() as number]);
    else leftOver.push(h);
  }
  let similarPairs = 0;
  if (options.similar && leftOver.length > 0) {
    const used = new Set(pairs.map((p) => p[1]));
    const remaining = ref.filter((r) => !used.has(r));
    for (const h of leftOver) {
      const at = remaining.findIndex((r) => options.similar!(hypothesis[h], reference[r]));
      if (at >= 0) {
        pairs.push([h, remaining[at]]);
        remaining.splice(at, 1);
        similarPairs++;
      }
    }
  }
  return { hypothesis: hyp, reference: ref, pairs, similarPairs };
}

/** Counts of each key in a bag. */
export function keyCounts(units: readonly KeyedUnit[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const u of units) counts.set(u.key, (counts.get(u.key) ?? 0) + 1);
  return counts;
}

/** The units of each key, in order (for pairing matched units with the occurrences they matched). */
export function groupByKey<T extends KeyedUnit>(units: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const u of units) {
    const list = groups.get(u.key);
    if (list) list.push(u);
    else groups.set(u.key, [u]);
  }
  return groups;
}

/**
 * The number of matches `matchUnits` would find without `similar`, from key counts alone (Σ min of the counts, or
 * the number of shared keys when `distinct`): what the statistics need, without pairing units.
 */
export function countOverlap(hypothesis: ReadonlyMap<string, number>, reference: ReadonlyMap<string, number>, distinct: boolean): number {
  const [small, large] = hypothesis.size <= reference.size ? [hypothesis, reference] : [reference, hypothesis];
  let matches = 0;
  for (const [key, count] of small) {
    const other = large.get(key);
    if (other !== undefined) matches += distinct ? 1 : Math.min(count, other);
  }
  return matches;
}

/** The total of a bag's counts (its size as a multiset). */
export function sumValues(counts: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const c of counts.values()) total += c;
  return total;
}
