import { EvaluationSession, SystemScores } from '../engine/evaluation-session';
import { describeMetric } from '../engine/metric-descriptions';
import { MetricRequest, ReferenceInput, ScoringCancelled } from '../engine/score-systems';
import { UnderstudyError } from '../errors';
import { UNDERSTUDY_VERSION } from '../version';
import {
  CORRELATION_REPORT_SCHEMA, CorrelationEstimate, CorrelationReport, CorrelationSettings, Interval, MetaEvaluationOptions,
  MetricComparison, MetricCorrelation, MetricInfo, MetricMatrix, MissingDataReport, SegmentCorrelation, SegmentGrouping,
  SegmentLevelResult, SegmentTable, SystemRow, orNull,
} from './correlation-report';
import { HumanScores } from './judgments/combine-judgments';
import { pairwiseAgreement } from './pairwise-agreement';
import { statsBootstrap } from './stats-bootstrap';
import { CorrelationName, correlate, correlationStatistic } from './stats/correlation-functions';
import { kendallInterval, pearsonInterval, spearmanInterval } from './stats/correlation-intervals';
import { Grouping, segmentLevelCorrelations } from './stats/grouped-correlation';
import { assignHumanScores } from './human-assignment';
import { segmentComparisons, systemComparisons } from './metric-comparisons';
import { baseName } from './system-matching';

/** One system output to evaluate: its file, its lines, and optionally the name the judgments use for it. */
export interface MetaEvaluationSystem {
  readonly file: string;
  readonly hypotheses: readonly string[];
  readonly name?: string;
}

export interface MetaEvaluationRequest {
  readonly references: readonly ReferenceInput[];
  readonly systems: readonly MetaEvaluationSystem[];
  /** Segment ids in corpus order (default "1", "2", … — line numbers, as WMT's SID). */
  readonly items?: readonly string[];
  readonly metrics: readonly MetricRequest[];
  readonly human: HumanScores;
  readonly options?: MetaEvaluationOptions;
  /** Progress of the current stage ('scoring', 'bootstrap', 'comparisons', 'segments', 'agreement'). */
  readonly onProgress?: (stage: string, done: number, total: number) => void;
  /** Polled between steps; when it returns true the evaluation stops with `ScoringCancelled`. */
  readonly isCancelled?: () => boolean;
}

const DEFAULT_CORRELATIONS: readonly CorrelationName[] = ['pearson', 'spearman', 'kendall-b'];
const DEFAULT_GROUPINGS: readonly SegmentGrouping[] = ['pooled', 'by-system', 'by-item'];
const GROUPING: Record<SegmentGrouping, Grouping> = { pooled: 'pooled', 'by-system': 'by-system', 'by-item': 'by-item' };

/** The settings the analysis runs with: the options with every default filled in. */
export function resolveSettings(options: MetaEvaluationOptions = {}): CorrelationSettings & { readonly includeSegments: boolean; readonly pairwiseAgreement: boolean } {
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new UnderstudyError('bad-option', `The confidence level must lie between 0 and 1 (e.g. 0.95), not ${level}.`);
  const alpha = options.alpha ?? 0.05;
  if (!(alpha > 0 && alpha < 1)) throw new UnderstudyError('bad-option', `The significance level must lie between 0 and 1 (e.g. 0.05), not ${alpha}.`);
  const count = (value: number | undefined, fallback: number, what: string): number => {
    const n = value ?? fallback;
    if (!(Number.isInteger(n) && n >= 0)) throw new UnderstudyError('bad-option', `The number of ${what} must be a whole number ≥ 0, not ${n}.`);
    return n;
  };
  const bootstrapSamples = count(options.bootstrapSamples, 1000, 'bootstrap samples');
  const permutationSamples = count(options.permutationSamples, 1000, 'permutation runs');
  const seed = options.seed ?? 12345;
  const correlations = options.correlations && options.correlations.length > 0 ? [...options.correlations] : [...DEFAULT_CORRELATIONS];
  return {
    correlations,
    groupings: options.groupings && options.groupings.length > 0 ? [...options.groupings] : [...DEFAULT_GROUPINGS],
    level,
    bootstrap: bootstrapSamples > 0 ? { samples: bootstrapSamples, seed, resample: options.resample ?? 'items' } : null,
    permutation: permutationSamples > 0 ? { samples: permutationSamples, seed } : null,
    correction: options.correction ?? 'holm',
    alpha,
    orientation: options.orientation ?? 'higher-is-better',
    includeSegments: options.includeSegments ?? false,
    pairwiseAgreement: options.pairwiseAgreement ?? true,
  };
}

/** One output system after scoring and matching. */
interface Evaluated {
  readonly name: string;
  readonly file: string;
  readonly scores: SystemScores;
  /** Judged name it stands for, if any. */
  readonly judged: string | undefined;
  /** human[i]: combined human score of segment i, NaN where not judged. */
  readonly human: Float64Array;
  readonly humanSystem: number | null;
  readonly judgedSegments: number;
  readonly note: string | null;
}

/**
 * The meta-evaluation: scores every system with every metric (sentence scores and corpus scores, one engine session),
 * matches systems to the human judgments, and computes the `CorrelationReport` (see correlation-report.ts for what
 * each section holds and how it is computed).
 */
export function runMetaEvaluation(request: MetaEvaluationRequest): CorrelationReport {
  const settings = resolveSettings(request.options);
  const { human } = request;
  const warnings: string[] = [...human.warnings];
  const cancelled = (): void => {
    if (request.isCancelled?.()) throw new ScoringCancelled();
  };
  if (request.systems.length === 0) throw new UnderstudyError('bad-option', 'No system outputs to evaluate: give the hypothesis files.');
  if (request.metrics.length === 0) throw new UnderstudyError('bad-option', 'No metrics to evaluate: name at least one with --metrics.');
  if (request.references.length === 0) throw new UnderstudyError('bad-option', 'No reference given: name one or more with --ref.');

  // 1. Score every system (metrics prepared once for the reference set).
  const session = new EvaluationSession(request.references, request.metrics);
  const segmentCount = session.segmentCount;
  const items = request.items ?? Array.from({ length: segmentCount }, (_, i) => String(i + 1));
  if (items.length !== segmentCount) throw new UnderstudyError('bad-option', `${items.length} segment ids for ${segmentCount} reference segments.`);
  const scored = request.systems.map((system, s) => {
    cancelled();
    return session.setLines(system.file, system.hypotheses, {
      isCancelled: request.isCancelled,
      onProgress: (done, total) => request.onProgress?.('scoring', s * total + done, request.systems.length * total),
    });
  });

  // 2. Match outputs to judged systems; gather each one's human scores.
  const assignment = assignHumanScores(request.systems, items, human);
  const usedNames = new Set<string>();
  const evaluated: Evaluated[] = request.systems.map((system, s) => {
    const judged = assignment.matched[s];
    let name = system.name ?? judged ?? baseName(system.file);
    if (usedNames.has(name)) name = system.file;
    usedNames.add(name);
    const scores = scored[s];
    const humanSystem = assignment.systemScores[s];
    let note: string | null = null;
    if (scores.mismatch) {
      note = `not correlated: ${scores.mismatch.message}`;
      warnings.push(scores.mismatch.message);
    } else if (humanSystem === null) note = judged === undefined ? 'no human judgment matches this system' : 'no human score';
    return { name, file: system.file, scores, judged, human: assignment.human[s], humanSystem, judgedSegments: assignment.judgedSegments[s], note };
  });
  const included = evaluated.filter((e) => e.note === null);
  if (included.length < 3) {
    warnings.push(`Only ${included.length} systems have both an output and a human score: system-level correlations need at least 3 to mean anything.`);
  }

  // 3. Metric information and oriented scores.
  const metricNames = request.metrics.map((m) => m.name);
  const metrics: MetricInfo[] = metricNames.map((name) => {
    const description = describeMetric(name);
    const negated = settings.orientation === 'higher-is-better' && !description.higherIsBetter;
    return { name, label: description.label, signature: scored[0].corpus[name].signature, higherIsBetter: description.higherIsBetter, negated };
  });
  const sign = metrics.map((m) => (m.negated ? -1 : 1));
  const y = included.map((e) => e.humanSystem as number);
  const x = metricNames.map((name, m) => included.map((e) => sign[m] * e.scores.corpus[name].score));

  // 4. System-level correlations, intervals and bootstrap.
  const segmentLevel = human.level === 'segment';
  let bootstrap: ReturnType<typeof statsBootstrap> | null = null;
  if (settings.bootstrap && included.length >= 2) {
    let resample = settings.bootstrap.resample;
    if (!segmentLevel && resample !== 'systems') {
      warnings.push('The bootstrap resampled systems only: resampling segments needs segment-level human judgments.');
      resample = 'systems';
    }
    cancelled();
    bootstrap = statsBootstrap({
      items: segmentCount,
      metrics: metricNames.map((name, m) => {
        const score = session.corpusScoreOf(name);
        const width = session.rows(included[0].file, name)?.[0]?.length ?? 0;
        return {
          name,
          width,
          stats: included.map((e) => packRows(session.rows(e.file, name) ?? [], width, segmentCount)),
          score: (totals: Float64Array, count: number) => (score ? score(totals, count).score : NaN),
          sign: sign[m] as 1 | -1,
        };
      }),
      human: included.map((e) => e.human),
      humanSystem: y,
      correlations: settings.correlations,
      samples: settings.bootstrap.samples,
      seed: settings.bootstrap.seed,
      level: settings.level,
      resample,
      isCancelled: request.isCancelled,
      onProgress: (done, total) => request.onProgress?.('bootstrap', done, total),
    });
  }
  const systemLevel: MetricCorrelation[] = metricNames.map((metric, m) => ({
    metric,
    estimates: settings.correlations.map((correlation, c): CorrelationEstimate => {
      const result = correlate(correlation, x[m], y);
      const b = bootstrap?.[m][c];
      return {
        correlation,
        statistic: orNull(result.statistic),
        pvalue: orNull(result.pvalue),
        n: result.n,
        interval: analyticInterval(correlation, result.statistic, result.n, settings.level),
        bootstrap: b ? { lower: orNull(b.lower), upper: orNull(b.upper), level: b.level, method: 'bootstrap', samples: b.samples, definedSamples: b.definedSamples } : null,
      };
    }),
  }));

  // 5. Is one metric's correlation significantly higher than another's?
  const comparisons: MetricComparison[] = systemComparisons({
    metrics: metricNames,
    x,
    y,
    statistics: systemLevel.map((m) => m.estimates.map((e) => e.statistic)),
    correlations: settings.correlations,
    permutation: settings.permutation,
    correction: settings.correction,
    isCancelled: request.isCancelled,
    onProgress: (done, total) => request.onProgress?.('comparisons', done, total),
  });

  // 6. Segment level.
  let segmentResult: SegmentLevelResult | null = null;
  const sentence = metricNames.map((name, m) => included.map((e) => e.scores.sentence[name].map((v) => sign[m] * v)));
  if (segmentLevel) {
    const rowSystem: number[] = [];
    const rowItem: number[] = [];
    included.forEach((e, s) => e.human.forEach((v, i) => v === v && (rowSystem.push(s), rowItem.push(i))));
    const rowsHuman = rowSystem.map((s, r) => included[s].human[rowItem[r]]);
    const rowsOf = (m: number): Float64Array => Float64Array.from(rowSystem, (s, r) => sentence[m][s][rowItem[r]]);
    const metricRows = metricNames.map((_, m) => rowsOf(m));
    const correlations: SegmentCorrelation[] = [];
    metricNames.forEach((metric, m) => {
      cancelled();
      request.onProgress?.('segments', m, metricNames.length);
      const results = segmentLevelCorrelations(
        { metric: metricRows[m], human: rowsHuman, systems: rowSystem, items: rowItem },
        settings.correlations,
        settings.groupings.map((g) => GROUPING[g]),
      );
      results.forEach((result, k) => {
        const grouping = settings.groupings[Math.floor(k / settings.correlations.length)];
        correlations.push({
          metric,
          grouping,
          correlation: result.correlation,
          statistic: orNull(result.statistic),
          pvalue: orNull(result.pvalue),
          n: result.n,
          groups: result.groups,
          skippedGroups: result.skippedGroups,
          interval: grouping === 'pooled' ? analyticInterval(result.correlation, result.statistic, result.n, settings.level) : null,
          perGroup: grouping === 'by-system' ? result.perGroup.map((g) => ({ key: included[g.key as number].name, statistic: orNull(g.statistic), n: g.n })) : [],
        });
      });
    });
    segmentResult = { judgedSegments: rowSystem.length, correlations };
    if (settings.correlations.includes('pearson')) comparisons.push(...segmentComparisons(metricNames, metricRows, rowsHuman, settings.correction));
  }

  // 7. Metric × metric matrices.
  const metricMatrices: MetricMatrix[] = settings.correlations.map((correlation) => ({
    level: 'system',
    correlation,
    metrics: metricNames,
    values: metricNames.map((_, a) => metricNames.map((__, b) => (a === b ? 1 : orNull(correlationStatistic(correlation, x[a], x[b]))))),
  }));
  if (segmentLevel) {
    const all = metricNames.map((_, m) => included.flatMap((__, s) => Array.from(sentence[m][s])));
    const rows = definedRows(...all);
    for (const correlation of settings.correlations.filter((c) => c === 'pearson' || c === 'spearman' || c.startsWith('kendall-') && c !== 'kendall-like')) {
      cancelled();
      const columns = all.map((v) => rows.map((r) => v[r]));
      metricMatrices.push({
        level: 'segment',
        correlation,
        metrics: metricNames,
        values: metricNames.map((_, a) => metricNames.map((__, b) => (a === b ? 1 : orNull(correlationStatistic(correlation, columns[a], columns[b]))))),
      });
    }
  }

  // 8. Pairwise agreement (Owczarzak et al. 2012).
  let agreement: CorrelationReport['pairwiseAgreement'] = null;
  if (segmentLevel && settings.pairwiseAgreement && included.length >= 2) {
    request.onProgress?.('agreement', 0, 1);
    agreement = pairwiseAgreement({
      systems: included.map((e) => e.name),
      human: included.map((e) => e.human),
      humanSystem: y,
      metrics: metricNames.map((name, m) => ({ name, segment: sentence[m], system: x[m] })),
      alpha: settings.alpha,
      level: settings.level,
      isCancelled: request.isCancelled,
    });
  }

  // 9. The table, the missing-data report, the segments.
  const systems: SystemRow[] = [
    ...evaluated.map((e) => ({
      name: e.name,
      file: e.file,
      human: e.humanSystem,
      judgedSegments: e.judgedSegments,
      scores: Object.fromEntries(metricNames.map((name) => [name, orNull(e.scores.corpus[name].score)])),
      included: e.note === null,
      note: e.note,
    })),
    ...assignment.judgedWithoutOutput.map((j) => ({
      name: j.name,
      file: null,
      human: j.human,
      judgedSegments: human.segments.get(j.name)?.size ?? 0,
      scores: Object.fromEntries(metricNames.map((name) => [name, null])),
      included: false,
      note: 'judged, but no output file matches this name',
    })),
    ...human.excluded.map((x) => ({
      name: x.name,
      file: null,
      human: null,
      judgedSegments: 0,
      scores: Object.fromEntries(metricNames.map((name) => [name, null])),
      included: false,
      note: `excluded: ${x.reason}`,
    })),
  ];
  const missing: MissingDataReport = {
    systemsWithoutHumanScores: evaluated.filter((e) => e.humanSystem === null).map((e) => e.name),
    judgedSystemsWithoutOutput: assignment.judgedWithoutOutput,
    excludedSystems: human.excluded,
    judgmentsWithoutSegment: [...assignment.unknownItems].map(([s, list]) => ({ system: evaluated[s].name, items: list })),
    unjudgedSegments: segmentLevel ? included.map((e) => ({ system: e.name, count: segmentCount - e.judgedSegments })).filter((u) => u.count > 0) : [],
    aliases: assignment.aliases,
    ambiguousSystems: assignment.ambiguous,
  };
  for (const { system, items: list } of missing.judgmentsWithoutSegment) {
    warnings.push(`${list.length} judgments of ${system} name segments the outputs do not have (e.g. ${list.slice(0, 3).join(', ')}): check that the judgments belong to this test set.`);
  }
  const segments: SegmentTable | null = settings.includeSegments
    ? {
        systems: evaluated.map((e) => e.name),
        items,
        human: evaluated.map((e) => Array.from(e.human, orNull)),
        scores: Object.fromEntries(metricNames.map((name) => [name, evaluated.map((e) => Array.from(e.scores.sentence[name], orNull))])),
      }
    : null;

  const { includeSegments: _includeSegments, pairwiseAgreement: _pairwise, ...reportSettings } = settings;
  return {
    schema: CORRELATION_REPORT_SCHEMA,
    understudy: UNDERSTUDY_VERSION,
    signature: reportSignature(human, reportSettings, included.length, bootstrap !== null && !segmentLevel),
    settings: reportSettings,
    human: {
      label: human.label,
      sources: human.sources,
      formats: human.formats,
      aspects: human.aspects,
      aspectCombination: human.aspectCombination,
      normalization: human.normalization,
      level: human.level,
      systemScores: included.some((e) => e.judged !== undefined && human.official.has(e.judged)) ? 'official' : 'mean-of-segments',
    },
    metrics,
    systems,
    systemLevel,
    comparisons,
    segmentLevel: segmentResult,
    metricMatrices,
    pairwiseAgreement: agreement,
    missing,
    segments,
    warnings,
  };
}

/** Rows (segments) packed into one typed array, segment i at [i·width, (i+1)·width); a missing row stays zero. */
function packRows(rows: readonly Float64Array[], width: number, count: number): Float64Array {
  const packed = new Float64Array(count * width);
  rows.forEach((row, i) => packed.set(row, i * width));
  return packed;
}

/** Indices where every vector is defined. */
function definedRows(...vectors: readonly ArrayLike<number>[]): number[] {
  const n = vectors[0]?.length ?? 0;
  const rows: number[] = [];
  for (let i = 0; i < n; i++) if (vectors.every((v) => v[i] === v[i])) rows.push(i);
  return rows;
}

function analyticInterval(correlation: CorrelationName, statistic: number, n: number, level: number): Interval | null {
  if (Number.isNaN(statistic)) return null;
  const interval =
    correlation === 'pearson' ? pearsonInterval(statistic, n, level)
    : correlation === 'spearman' ? spearmanInterval(statistic, n, level)
    : correlation === 'kendall-a' || correlation === 'kendall-b' || correlation === 'kendall-c' ? kendallInterval(statistic, n, level)
    : null;
  if (!interval || Number.isNaN(interval.lower)) return null;
  return { lower: orNull(interval.lower), upper: orNull(interval.upper), level, method: interval.method };
}

function reportSignature(human: HumanScores, settings: CorrelationSettings, systems: number, systemsOnly: boolean): string {
  const parts = [
    `human:${[...new Set(human.formats)].join('+')}:${human.aspects.join('+')}`,
    ...(human.aspects.length > 1 ? [`comb:${human.aspectCombination}`] : []),
    ...(human.normalization !== 'raw' ? ['norm:z-judge'] : []),
    `sys:${systems}`,
    `corr:${settings.correlations.join(',')}`,
    `orient:${settings.orientation === 'higher-is-better' ? 'hib' : 'raw'}`,
    `ci:${settings.level}`,
    settings.bootstrap ? `boot:${settings.bootstrap.samples},${systemsOnly ? 'systems' : settings.bootstrap.resample},seed:${settings.bootstrap.seed}` : 'boot:no',
    settings.permutation ? `perm:${settings.permutation.samples},seed:${settings.permutation.seed}` : 'perm:no',
    `alpha:${settings.alpha}`,
    `adjust:${settings.correction}`,
    `version:${UNDERSTUDY_VERSION}`,
  ];
  return parts.join('|');
}
