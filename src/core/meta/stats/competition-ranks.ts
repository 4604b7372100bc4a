/**
 * Rows sorted by value, descending (stable: equal values keep their order), each with its 1-based competition rank:
 * tied values share the best rank of their run ("1224"), as ranking tables print them.
 */
export function withCompetitionRanks<T>(rows: readonly T[], value: (row: T) => number): (T & { rank: number })[] {
  const sorted = [...rows].sort((p, q) => value(q) - value(p));
  let rank = 0;
  return sorted.map((row, i) => {
    if (i === 0 || value(row) !== value(sorted[i - 1])) rank = i + 1;
    return { ...row, rank };
  });
}
