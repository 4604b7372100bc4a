import { Explanation, SpanMatch } from '../../metrics/explanation';
import { MetricScore, PreparedMetric } from '../../metrics/metric';
import { RoseModel } from './rose-model';

/**
 * A fitted ROSE combination as a metric of the engine: its statistics are its components' statistics side by side
 * (so they stay additive and resample like any metric's), and a corpus or sentence score is
 * intercept + Σ w_j · (component j's score of its own columns). `components[j]` must be the prepared metric named
 * `model.metrics[j]`, prepared with the settings the model was fitted with (the model keeps their signatures; a
 * different signature is reported by `signatureMismatches`).
 *
 * A combination fitted on system-level scores applies to segments too: it is linear, so a system's ROSE equals the
 * mean of its segments' ROSE wherever its components' system scores are segment means (ROUGE). For corpus-level
 * components (BLEU) the corpus score is the combination of the components' corpus scores, as it was fitted.
 */
export function prepareRoseMetric(model: RoseModel, components: readonly PreparedMetric[]): PreparedMetric {
  if (components.length !== model.metrics.length) {
    throw new RangeError(`ROSE model "${model.name}" combines ${model.metrics.length} metrics (${model.metrics.join(', ')}); ${components.length} were prepared.`);
  }
  components.forEach((c, j) => {
    if (c.name !== model.metrics[j]) {
      throw new RangeError(`ROSE model "${model.name}": component ${j + 1} should be ${model.metrics[j]}, got ${c.name}.`);
    }
  });
  const widths = components.map((c) => c.statsLayout.length);
  const offsets = widths.map((_, j) => widths.slice(0, j).reduce((a, b) => a + b, 0));
  const width = widths.reduce((a, b) => a + b, 0);
  const layout = components.flatMap((c) => c.statsLayout.map((name) => `${c.name}.${name}`));
  const slices = components.map((_, j) => new Float64Array(widths[j]));

  const combine = (stats: Float64Array, score: (j: number, part: Float64Array) => number): MetricScore => {
    let value = model.intercept;
    const parts: Record<string, number> = {};
    components.forEach((c, j) => {
      const part = slices[j];
      for (let k = 0; k < widths[j]; k++) part[k] = stats[offsets[j] + k];
      const componentScore = score(j, part);
      parts[c.name] = componentScore;
      value += model.weights[j] * componentScore;
    });
    return { score: value, parts: { ...parts, intercept: model.intercept } };
  };

  const allCombine = components.every((c) => c.combineReferences);
  const signature = [
    `rose:${model.name}`,
    `metrics:${model.metrics.join('+')}`,
    `w:${model.weights.map((w) => String(w)).join(',')}`,
    `b:${model.intercept}`,
    `target:${model.target}`,
    ...components.map((c) => `[${c.signature()}]`),
  ].join('|');

  return {
    name: model.name,
    statsLayout: layout,
    stats(hypothesis: string, segment: number): Float64Array {
      const out = new Float64Array(width);
      components.forEach((c, j) => out.set(c.stats(hypothesis, segment), offsets[j]));
      return out;
    },
    corpusScore: (totals, count) => combine(totals, (j, part) => components[j].corpusScore(part, count).score),
    // A component scored from its rows (ROUGE-1.5.5: the mean of per-summary rounded scores) is combined from its
    // rows here too, so the combination's corpus score is made of the very scores its components report.
    ...(components.some((c) => c.corpusScoreFromRows)
      ? {
        corpusScoreFromRows(rows: readonly Float64Array[]): MetricScore {
          const totals = new Float64Array(width);
          for (const row of rows) for (let k = 0; k < width; k++) totals[k] += row[k];
          return combine(totals, (j, part) => {
            const c = components[j];
            if (!c.corpusScoreFromRows) return c.corpusScore(part, rows.length).score;
            return c.corpusScoreFromRows(rows.map((row) => row.subarray(offsets[j], offsets[j] + widths[j]))).score;
          });
        },
      }
      : {}),
    sentenceScore: (stats) => combine(stats, (j, part) => components[j].sentenceScore(part).score),
    explain(hypothesis: string, segment: number): Explanation {
      const explanations = components.map((c) => c.explain(hypothesis, segment));
      const matches: SpanMatch[] = explanations.flatMap((e, j) => e.matches.map((m) => ({ ...m, kind: `${model.metrics[j]}${m.kind ? `:${m.kind}` : ''}`, weight: model.weights[j] })));
      // A hypothesis span is unmatched when no component matched it.
      const key = (s: { start: number; end: number }): string => `${s.start}:${s.end}`;
      const matched = new Set(matches.flatMap((m) => m.hypothesis.map(key)));
      const unmatched = new Map<string, { start: number; end: number }>();
      for (const e of explanations) for (const s of e.unmatchedHypothesis) if (!matched.has(key(s))) unmatched.set(key(s), s);
      const componentScores = explanations.map((e) => e.score);
      return {
        metric: model.name,
        score: model.intercept + componentScores.reduce((sum, s, j) => sum + model.weights[j] * s, 0),
        matches,
        unmatchedHypothesis: [...unmatched.values()],
        details: {
          components: [...model.metrics],
          weights: [...model.weights],
          intercept: model.intercept,
          componentScores,
          target: model.target,
        },
      };
    },
    signature: () => signature,
    // The combination's rows are its components' rows side by side: they combine over references as theirs do.
    ...(allCombine
      ? {
        combineReferences(rows: Float64Array, offset: number, chosen: Int32Array, count: number, out: Float64Array): void {
          // Each component sees its own columns of the rows; copy them out per component (rows are short).
          components.forEach((c, j) => {
            const own = new Float64Array(count * widths[j]);
            const picked = Int32Array.from({ length: count }, (_, k) => k);
            for (let k = 0; k < count; k++) {
              const from = offset + chosen[k] * width + offsets[j];
              for (let col = 0; col < widths[j]; col++) own[k * widths[j] + col] = rows[from + col];
            }
            const part = slices[j];
            c.combineReferences!(own, 0, picked, count, part);
            for (let col = 0; col < widths[j]; col++) out[offsets[j] + col] = part[col];
          });
        },
      }
      : {}),
  };
}

/** Components whose signature differs from the one the model was fitted with (null signatures are not checked). */
export function signatureMismatches(model: RoseModel, components: readonly PreparedMetric[]): string[] {
  return components.flatMap((c, j) => {
    const expected = model.signatures[j];
    return expected !== null && expected !== undefined && expected !== c.signature() ? [`${c.name}: fitted with ${expected}, now ${c.signature()}`] : [];
  });
}
