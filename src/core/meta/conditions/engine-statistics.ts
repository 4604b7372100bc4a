import { PreparedMetric, ReferenceSet } from '../../metrics/metric';
import { ResamplingControl, poll } from '../../significance/resampling-input';
import { ConditionMetric, ReferenceSubsets } from './condition-data';
import { allSubsetMasks, combinedReferenceSubsets, enumeratedReferenceSubsets } from './reference-subsets';
import { statsScoreOf } from './stats-score';

/** How reference subsets are scored: see `conditionMetricFromEngine`. */
export type ReferenceSubsetMode = 'auto' | 'combined' | 'enumerated' | 'none';

export interface EngineConditionInput extends ResamplingControl {
  /** Display name (the metric's command-line name). */
  readonly name: string;
  /** Prepares the metric against a reference set (`metricRequest(...).prepare`). */
  readonly prepare: (references: ReferenceSet) => PreparedMetric;
  /** Reference streams: `references[r][i]` is reference r of item i (an empty line: item i has no reference r). */
  readonly references: readonly (readonly string[])[];
  /** `hypotheses[s][i]`: system s's output for item i. */
  readonly hypotheses: readonly (readonly string[])[];
  /** A numeric part of the corpus score to use instead of the headline score (e.g. 'recall'). */
  readonly part?: string;
  /** Default 'auto': 'combined' when the metric declares `combineReferences`, else 'enumerated' up to `maxEnumerated` streams, else 'none'. */
  readonly referenceSubsets?: ReferenceSubsetMode;
  /** Most streams for which every subset is prepared and scored (default 4: 15 subsets). */
  readonly maxEnumerated?: number;
}

/** The references each item has: the streams whose line is not empty after trimming white space. */
export function presentReferences(references: readonly (readonly string[])[], items: number): Int32Array[] {
  return Array.from({ length: items }, (_, i) => Int32Array.from(references.flatMap((stream, r) => (stream[i].trim() !== '' ? [r] : []))));
}

/**
 * Scores every system once against all references (the item rows) and, for the references axis, once against each
 * reference alone (or each subset of references), so that the resampling afterwards only sums and combines rows.
 *
 * 'combined' is exact for metrics declaring `combineReferences` (ROUGE-1.5.5 except ROUGE-W with `-f B`, BE, chrF,
 * chrF++, TER, rouge-score, and those wrapped by jackknifing or sentence splitting); 'enumerated' prepares the metric on
 * every subset of the streams (2^R − 1 preparations: exact for any metric, affordable for WMT's 2 references).
 */
export function conditionMetricFromEngine(input: EngineConditionInput): ConditionMetric {
  const streams = input.references;
  const references = streams.length;
  if (references === 0) throw new RangeError(`Metric ${input.name}: no reference streams were given.`);
  const items = streams[0].length;
  for (const [r, stream] of streams.entries()) {
    if (stream.length !== items) throw new RangeError(`Reference stream ${r + 1} has ${stream.length} lines, stream 1 has ${items}.`);
  }
  for (const [s, hyps] of input.hypotheses.entries()) {
    if (hyps.length !== items) throw new RangeError(`System ${s + 1} has ${hyps.length} outputs for ${items} items.`);
  }
  const systems = input.hypotheses.length;
  const full = input.prepare({ streams });
  const width = full.statsLayout.length;
  const mode = input.referenceSubsets ?? 'auto';
  const maxEnumerated = input.maxEnumerated ?? 4;
  let chosen: ReferenceSubsetMode = mode;
  if (mode === 'auto') chosen = full.combineReferences ? 'combined' : references <= maxEnumerated ? 'enumerated' : 'none';
  if (chosen === 'combined' && !full.combineReferences) {
    throw new RangeError(`Metric ${input.name} does not combine per-reference statistics exactly; use enumerated reference subsets (at most ${maxEnumerated} references).`);
  }
  const subsetCount = chosen === 'combined' ? references : chosen === 'enumerated' ? (1 << references) - 1 : 0;
  const total = systems * (1 + subsetCount);
  let done = 0;
  const step = (): void => poll(input, ++done, total);

  const rowsOf = (metric: PreparedMetric): Float64Array => {
    const out = new Float64Array(systems * items * width);
    for (let s = 0; s < systems; s++) {
      for (let i = 0; i < items; i++) out.set(metric.stats(input.hypotheses[s][i], i), (s * items + i) * width);
      step();
    }
    return out;
  };
  const itemStats = rowsOf(full);
  const present = presentReferences(streams, items);
  const shape = { systems, items, references, width };
  let subsets: ReferenceSubsets | undefined;
  if (chosen === 'combined') {
    const perReference = new Float64Array(systems * items * references * width);
    for (let r = 0; r < references; r++) {
      const single = input.prepare({ streams: [streams[r]] });
      for (let s = 0; s < systems; s++) {
        for (let i = 0; i < items; i++) perReference.set(single.stats(input.hypotheses[s][i], i), ((s * items + i) * references + r) * width);
        step();
      }
    }
    const combine = full.combineReferences!;
    subsets = combinedReferenceSubsets(perReference, shape, present, (rows, offset, chosen, count, out) => combine.call(full, rows, offset, chosen, count, out));
  } else if (chosen === 'enumerated') {
    if (references > maxEnumerated) {
      throw new RangeError(`Metric ${input.name}: ${references} references have ${(1 << references) - 1} subsets; enumerating is limited to ${maxEnumerated} references.`);
    }
    const bySubset = new Map<number, Float64Array>();
    for (const mask of allSubsetMasks(references)) {
      bySubset.set(mask, rowsOf(input.prepare({ streams: streams.filter((_, r) => (mask >> r) & 1) })));
    }
    subsets = enumeratedReferenceSubsets(bySubset, shape, present);
  }
  return { name: input.name, width, score: statsScoreOf(full, input.part), itemStats, references: subsets, signature: full.signature() };
}
