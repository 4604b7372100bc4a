/**
 * Makes a tree projective by lifting: while some arc is non-projective, the shortest one's dependent is
 * re-attached to its head's head (Nivre & Nilsson 2005, without encoding the lifts in labels). Arc-hybrid can only
 * build projective trees, and its dynamic oracle is exact for them; about 1% of EWT's training arcs are lifted.
 * `heads[d]` is the head of word d (1..n), 0 the root; index 0 is unused. Returns the number of lifts.
 */
export function projectivize(heads: Int32Array): number {
  let lifts = 0;
  for (;;) {
    const arc = shortestNonProjectiveArc(heads);
    if (arc < 0) return lifts;
    heads[arc] = heads[heads[arc]];
    lifts++;
  }
}

function dominates(heads: Int32Array, ancestor: number, word: number): boolean {
  for (let w = word; w !== 0; w = heads[w]) if (w === ancestor) return true;
  return ancestor === 0;
}

/** The dependent of the shortest non-projective arc, or −1. */
function shortestNonProjectiveArc(heads: Int32Array): number {
  let best = -1;
  let bestLength = Infinity;
  for (let d = 1; d < heads.length; d++) {
    const h = heads[d];
    const from = Math.min(h, d);
    const to = Math.max(h, d);
    if (to - from >= bestLength) continue;
    for (let k = from + 1; k < to; k++) {
      if (!dominates(heads, h, k)) {
        best = d;
        bestLength = to - from;
        break;
      }
    }
  }
  return best;
}
