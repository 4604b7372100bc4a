import type { MetricRequest } from '../../engine/score-systems';
import { prepareRoseMetric } from './rose-metric';
import { RoseModel } from './rose-model';

/**
 * The ROSE models of a workspace as metrics of a scoring run: each model whose metrics the registry can score (every
 * name in `known`) becomes a request preparing its components with `request` and combining them (rose-metric.ts);
 * the others are skipped with a note saying which metric is missing (a model fitted on a table's own columns, say).
 * A model named like a metric already requested is skipped too.
 */
export function roseMetricRequests(
  models: readonly RoseModel[],
  known: readonly string[],
  requested: readonly string[],
  request: (name: string) => MetricRequest,
): { requests: MetricRequest[]; notes: string[] } {
  const requests: MetricRequest[] = [];
  const notes: string[] = [];
  for (const model of models) {
    const missing = model.metrics.filter((name) => !known.includes(name));
    if (missing.length > 0) {
      notes.push(`ROSE model "${model.name}" is not computed: ${missing.join(', ')} ${missing.length === 1 ? 'is not a metric' : 'are not metrics'} Understudy can score (it combines ${model.metrics.join(', ')}).`);
      continue;
    }
    if (requested.includes(model.name)) {
      notes.push(`ROSE model "${model.name}" is not computed: a metric of that name is already correlated; rename the model.`);
      continue;
    }
    const components = model.metrics.map(request);
    requests.push({ name: model.name, prepare: (references) => prepareRoseMetric(model, components.map((c) => c.prepare(references))) });
  }
  return { requests, notes };
}
