import { ReferenceSubsets } from './condition-data';

/** `combineReferences` of a prepared metric (see the contract in metrics/metric.ts). */
export type ReferenceCombiner = (rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array) => void;

/**
 * Reference subsets from per-reference statistics: `perReference` holds, for every (system, item, reference), the
 * row of the metric prepared on that reference alone — systems × items × references × width, row-major — and a
 * subset's row is `combine` of the chosen references' rows (exact where the metric declares it, see the contract).
 */
export function combinedReferenceSubsets(
  perReference: Float64Array,
  shape: { systems: number; items: number; references: number; width: number },
  present: readonly Int32Array[],
  combine: ReferenceCombiner,
): ReferenceSubsets {
  const { systems, items, references, width } = shape;
  if (perReference.length !== systems * items * references * width) {
    throw new RangeError(`Per-reference statistics: ${perReference.length} values, expected ${systems * items * references * width}.`);
  }
  const stride = references * width;
  // Item-major copy: the resampling loops visit every system of one item in turn, so their rows sit together.
  const byItem = new Float64Array(perReference.length);
  for (let s = 0; s < systems; s++) {
    for (let i = 0; i < items; i++) byItem.set(perReference.subarray((s * items + i) * stride, (s * items + i + 1) * stride), (i * systems + s) * stride);
  }
  return {
    references,
    mode: 'combined',
    present,
    rowFor(system, item, chosen, k, out) {
      combine(byItem, (item * systems + system) * stride, chosen, k, out);
    },
  };
}

/**
 * Reference subsets from rows computed beforehand for every non-empty subset of the R streams (bit r of the key set
 * when stream r is in it): `bySubset.get(mask)` is systems × items × width. For metrics without `combineReferences`
 * and few references (WMT's two: 3 subsets).
 */
export function enumeratedReferenceSubsets(
  bySubset: ReadonlyMap<number, Float64Array>,
  shape: { systems: number; items: number; references: number; width: number },
  present: readonly Int32Array[],
): ReferenceSubsets {
  const { items, references, width } = shape;
  return {
    references,
    mode: 'enumerated',
    present,
    rowFor(system, item, chosen, k, out) {
      let mask = 0;
      for (let j = 0; j < k; j++) mask |= 1 << chosen[j];
      const rows = bySubset.get(mask);
      if (!rows) throw new RangeError(`No statistics were computed for reference subset ${mask.toString(2)}.`);
      const from = (system * items + item) * width;
      for (let c = 0; c < width; c++) out[c] = rows[from + c];
    },
  };
}

/** Every non-empty subset of R streams as a bit mask, smallest first. */
export function allSubsetMasks(references: number): number[] {
  return Array.from({ length: (1 << references) - 1 }, (_, m) => m + 1);
}
