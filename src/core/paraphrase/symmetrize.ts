/**
 * Symmetrisation of two directional word alignments of one sentence pair, as fast_align's `atools -c` defines the
 * heuristics of Och & Ney (2003) and Koehn et al. (2003):
 *  - intersect / union;
 *  - grow-diag: start from the intersection; repeatedly pass over the union's remaining points in (source, target)
 *    order and add every point that has an already-kept neighbour (the 8 surrounding cells) while its source or its
 *    target word (or both) is still unaligned — points added during a pass count for the rest of that pass — until a
 *    pass adds nothing;
 *  - grow-diag-final: then add each remaining point of the forward, then of the reverse alignment whose source or
 *    target word is unaligned;
 *  - grow-diag-final-and: the same, but only points whose source AND target words are both unaligned.
 * A link is a pair (source position, target position) within the sentence pair.
 */
export type SymmetrizationHeuristic = 'intersect' | 'union' | 'grow-diag' | 'grow-diag-final' | 'grow-diag-final-and';

export const SYMMETRIZATION_HEURISTICS: readonly SymmetrizationHeuristic[] = ['intersect', 'union', 'grow-diag', 'grow-diag-final', 'grow-diag-final-and'];

/** Links as parallel arrays of source and target positions. */
export interface LinkList {
  readonly source: Int32Array;
  readonly target: Int32Array;
}

const NEIGHBOURS: readonly (readonly [number, number])[] = [
  [1, 0], [-1, 0], [0, 1], [0, -1],
  [1, 1], [-1, 1], [1, -1], [-1, -1],
];

/**
 * Symmetrises `forward` and `reverse` (both as source→target links) for a sentence pair of `sourceLength` and
 * `targetLength` words. The result is ordered by source, then target position (atools' output order).
 */
export function symmetrize(forward: LinkList, reverse: LinkList, sourceLength: number, targetLength: number, heuristic: SymmetrizationHeuristic): LinkList {
  const width = sourceLength;
  const height = targetLength;
  const cell = (i: number, j: number): number => i * height + j;
  const inForward = new Uint8Array(width * height);
  const inReverse = new Uint8Array(width * height);
  for (let k = 0; k < forward.source.length; k++) inForward[cell(forward.source[k], forward.target[k])] = 1;
  for (let k = 0; k < reverse.source.length; k++) inReverse[cell(reverse.source[k], reverse.target[k])] = 1;

  const kept = new Uint8Array(width * height);
  const sourceAligned = new Uint8Array(width);
  const targetAligned = new Uint8Array(height);
  const keep = (i: number, j: number): void => {
    kept[cell(i, j)] = 1;
    sourceAligned[i] = 1;
    targetAligned[j] = 1;
  };

  if (heuristic === 'union') {
    for (let c = 0; c < kept.length; c++) if (inForward[c] || inReverse[c]) kept[c] = 1;
    return collect(kept, width, height);
  }
  for (let c = 0; c < kept.length; c++) if (inForward[c] && inReverse[c]) keep(Math.floor(c / height), c % height);
  if (heuristic === 'intersect') return collect(kept, width, height);

  // grow-diag over the union's points not yet kept, in (source, target) order.
  let candidates: number[] = [];
  for (let c = 0; c < kept.length; c++) if ((inForward[c] || inReverse[c]) && !kept[c]) candidates.push(c);
  const hasKeptNeighbour = (i: number, j: number): boolean => {
    for (const [di, dj] of NEIGHBOURS) {
      const ni = i + di;
      const nj = j + dj;
      if (ni >= 0 && nj >= 0 && ni < width && nj < height && kept[cell(ni, nj)]) return true;
    }
    return false;
  };
  let added = candidates.length > 0;
  while (added) {
    added = false;
    const remaining: number[] = [];
    for (const c of candidates) {
      const i = Math.floor(c / height);
      const j = c % height;
      if (!(sourceAligned[i] && targetAligned[j]) && hasKeptNeighbour(i, j)) {
        keep(i, j);
        added = true;
      } else {
        remaining.push(c);
      }
    }
    candidates = remaining;
  }
  if (heuristic === 'grow-diag') return collect(kept, width, height);

  const both = heuristic === 'grow-diag-final-and';
  for (const directional of [inForward, inReverse]) {
    for (let c = 0; c < kept.length; c++) {
      if (!directional[c] || kept[c]) continue;
      const i = Math.floor(c / height);
      const j = c % height;
      const eligible = both ? !sourceAligned[i] && !targetAligned[j] : !(sourceAligned[i] && targetAligned[j]);
      if (eligible) keep(i, j);
    }
  }
  return collect(kept, width, height);
}

function collect(kept: Uint8Array, width: number, height: number): LinkList {
  let count = 0;
  for (let c = 0; c < kept.length; c++) count += kept[c];
  const source = new Int32Array(count);
  const target = new Int32Array(count);
  let k = 0;
  for (let c = 0; c < kept.length; c++) {
    if (!kept[c]) continue;
    source[k] = Math.floor(c / height);
    target[k] = c % height;
    k++;
  }
  return { source, target };
}

/** Pharaoh format (`0-0 1-2 …`, source-target, 0-based), as fast_align and atools print links. */
export function formatPharaoh(links: LinkList): string {
  const parts: string[] = [];
  for (let k = 0; k < links.source.length; k++) parts.push(`${links.source[k]}-${links.target[k]}`);
  return parts.join(' ');
}

/** Reads Pharaoh-format links; a malformed pair is an error naming it. */
export function parsePharaoh(line: string): LinkList {
  const pairs = line.trim() === '' ? [] : line.trim().split(/\s+/);
  const source = new Int32Array(pairs.length);
  const target = new Int32Array(pairs.length);
  pairs.forEach((pair, k) => {
    const match = /^(\d+)-(\d+)$/.exec(pair);
    if (!match) throw new Error(`"${pair}" is not an alignment link (expected source-target positions such as 3-4).`);
    source[k] = Number(match[1]);
    target[k] = Number(match[2]);
  });
  return { source, target };
}
