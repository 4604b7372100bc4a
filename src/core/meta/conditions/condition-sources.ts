import { metricRequest } from '../../engine/metric-registry';
import { MetricSettings } from '../../engine/metric-settings';
import { ScoringCancelled } from '../../engine/score-systems';
import { UnderstudyError } from '../../errors';
import { readExpansionResources } from '../../io/read-expansion-resources';
import { CorrelationSources, prepareCorrelation } from '../correlation-inputs';
import { assignHumanScores } from '../human-assignment';
import { baseName } from '../system-matching';
import { ConditionData, ConditionMetric } from './condition-data';
import { ConditionRunControl, ConditionRunReport, DataConditionSettings } from './condition-run';
import { DataConditionOptions, DataConditionResult, dataConditions } from './data-conditions';

export type { ConditionRunControl, ConditionRunReport, DataConditionSettings } from './condition-run';
import { conditionMetricFromEngine } from './engine-statistics';

/**
 * The data of `dataConditions` from an evaluation's sources (references, system outputs, judgments: what the
 * correlation panel runs on): judgments read and combined as `understudy correlate` reads them, matched to the outputs
 * by name, each output's human score per item (the mean of its judgments) and per system (the judgments' own system
 * score, else the mean over its judged items — as `understudy conditions` computes it from a system/item/score table);
 * then every metric's statistics against all references and against each one alone (conditionMetricFromEngine).
 */
export function conditionDataFromSources(
  sources: CorrelationSources,
  metrics: readonly string[],
  settings: MetricSettings,
  axis: DataConditionOptions['axis'],
  control: ConditionRunControl = {},
): { data: ConditionData; leftOut: ConditionRunReport['leftOut']; human: ConditionRunReport['human']; warnings: string[] } {
  if (metrics.length === 0) throw new UnderstudyError('bad-option', 'No metrics to evaluate: name at least one.');
  const prepared = prepareCorrelation(sources);
  const references = prepared.references;
  if (references.length === 0) throw new UnderstudyError('bad-option', 'No reference given.');
  const items = references[0].segments.length;
  for (const reference of references) {
    if (reference.segments.length !== items) {
      throw new UnderstudyError('line-count-mismatch', `${reference.file} has ${reference.segments.length} lines, ${references[0].file} has ${items}: every reference needs one line per item.`);
    }
  }
  const ids = prepared.items ?? Array.from({ length: items }, (_, i) => String(i + 1));
  const assignment = assignHumanScores(prepared.systems, ids, prepared.human);
  const leftOut: { system: string; reason: string }[] = [];
  const kept: number[] = [];
  prepared.systems.forEach((system, s) => {
    const name = system.name ?? assignment.matched[s] ?? baseName(system.file);
    if (system.hypotheses.length !== items) leftOut.push({ system: name, reason: `${system.hypotheses.length} lines for ${items} reference lines` });
    else if (assignment.systemScores[s] === null) leftOut.push({ system: name, reason: assignment.matched[s] === undefined ? 'no human judgment matches this system' : 'no human score' });
    else kept.push(s);
  });
  if (kept.length < 3) {
    throw new UnderstudyError('bad-option', `Data conditions correlate over systems: ${kept.length} systems have both an output and a human score, at least 3 are needed.${leftOut.length > 0 ? ` Left out: ${leftOut.map((l) => `${l.system} (${l.reason})`).join(', ')}.` : ''}`);
  }
  const systems = kept.map((s) => prepared.systems[s]);
  const names = kept.map((s) => prepared.systems[s].name ?? assignment.matched[s] ?? baseName(prepared.systems[s].file));
  const S = kept.length;
  const segmentLevel = prepared.human.level === 'segment';
  const humanItems = segmentLevel ? new Float64Array(S * items) : undefined;
  if (humanItems) kept.forEach((s, k) => humanItems.set(assignment.human[s], k * items));
  const humanSystem = Float64Array.from(kept, (s) => assignment.systemScores[s] as number);

  // Expanded references (paraphrases, WordNet) read once for all metrics, as the scoring worker does.
  const expansion = readExpansionResources(settings);
  const streams = references.map((r) => r.segments);
  const hypotheses = systems.map((s) => s.hypotheses);
  const conditionMetrics = metrics.map((name, m): ConditionMetric => {
    if (control.isCancelled?.()) throw new ScoringCancelled();
    try {
      return conditionMetricFromEngine({
        name,
        prepare: metricRequest(name, settings, { expansion }).prepare,
        references: streams,
        hypotheses,
        referenceSubsets: axis === 'items' ? 'none' : 'auto',
        isCancelled: control.isCancelled,
        onProgress: (done, total) => control.onProgress?.('scoring', m * total + done, metrics.length * total),
      });
    } catch (error) {
      if (error instanceof RangeError) throw new UnderstudyError('bad-option', error.message);
      throw error;
    }
  });
  return {
    data: { systems: names, items, human: { name: prepared.human.label, system: humanSystem, ...(humanItems && { items: humanItems }) }, metrics: conditionMetrics },
    leftOut,
    human: { label: prepared.human.label, level: prepared.human.level, formats: [...prepared.human.formats] },
    warnings: [...prepared.human.warnings],
  };
}

/** Scores, resamples and tests: the data-condition report of an evaluation (run in the worker for the panel). */
export function conditionsFromSources(
  sources: CorrelationSources,
  metrics: readonly string[],
  settings: MetricSettings,
  options: DataConditionSettings,
  control: ConditionRunControl = {},
): ConditionRunReport {
  const { data, leftOut, human, warnings } = conditionDataFromSources(sources, metrics, settings, options.axis, control);
  let result: DataConditionResult;
  try {
    result = dataConditions(data, {
      ...options,
      isCancelled: control.isCancelled,
      onProgress: (done, total) => control.onProgress?.('subsets', done, total),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new UnderstudyError('bad-option', error.message);
    throw error;
  }
  return { result, leftOut, human, warnings };
}
