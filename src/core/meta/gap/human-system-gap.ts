import { UNDERSTUDY_VERSION } from '../../version';
import { Statistic, statistic } from '../json-number';
import { pearson } from '../stats/pearson';
import { LineFit, RobustMethod, fitLine } from './robust-regression';

/** One summarizer (a system, or a human writer) with its metric and human scores — usually system-level means. */
export interface GapPoint {
  readonly name: string;
  readonly group: 'human' | 'system';
  /** The automatic metric's score (x). */
  readonly metric: number;
  /** The human score (y), e.g. content responsiveness. */
  readonly human: number;
  /**
   * Shown but left out of fits and correlations (Conroy & Dang footnote 1: a system whose formatting broke ROUGE-BE).
   */
  readonly excluded?: boolean;
}

export interface GapOptions {
  /** Default 'bisquare' (MATLAB robustfit's default; see robust-regression.ts). */
  readonly method?: RobustMethod;
  /** Names for labels. */
  readonly metricName?: string;
  readonly humanName?: string;
}

export interface GroupFit {
  readonly n: number;
  readonly metricMean: Statistic;
  readonly humanMean: Statistic;
  readonly metricSd: Statistic;
  readonly humanSd: Statistic;
  /** Pearson r of metric vs human within the group, with its two-sided p (t-test, n − 2 df). */
  readonly r: Statistic;
  readonly pvalue: Statistic;
  /** The group's fitted line; null with fewer than 3 points or no spread in the metric. */
  readonly fit: { readonly slope: Statistic; readonly intercept: Statistic; readonly converged: boolean; readonly iterations: number } | null;
  /** The line's end points over the plotted metric range (for drawing), null without a fit. */
  readonly line: { readonly x1: number; readonly y1: Statistic; readonly x2: number; readonly y2: Statistic } | null;
}

export interface GapPointResult extends GapPoint {
  /** Human score minus the systems' line at this point's metric score (null without a systems' fit). */
  readonly residualFromSystems: Statistic;
  /** Final robust weight in its group's fit (null when excluded, or for Theil–Sen). */
  readonly weight: Statistic;
}

export interface HumanSystemGapResult {
  readonly kind: 'understudy.human-system-gap';
  readonly version: 1;
  readonly metric: string;
  readonly humanScore: string;
  readonly method: RobustMethod;
  readonly points: readonly GapPointResult[];
  readonly systems: GroupFit;
  /** Null when there are no human-written points. */
  readonly humans: GroupFit | null;
  /** Humans and systems together (seed 004's "Combined"/"All"). */
  readonly combined: GroupFit;
  /** Null without human-written points. */
  readonly gap: {
    /** Mean human score of the human writers minus the systems'. */
    readonly humanScore: Statistic;
    /** Mean metric score of the human writers minus the systems'. */
    readonly metricScore: Statistic;
    /** Both in units of the systems' standard deviation: a large human gap with a small metric gap is the "metric gap". */
    readonly humanScoreInSystemSd: Statistic;
    readonly metricScoreInSystemSd: Statistic;
    /** The systems' line at the humans' mean metric score: what the systems' trend predicts for such a metric score. */
    readonly predictedAtHumanMetric: Statistic;
    /** Humans' mean human score minus that prediction: how far humans sit above the systems' trend. */
    readonly aboveSystemsTrend: Statistic;
    /** Systems scoring at least the weakest human writer, by the metric and by the human score. */
    readonly systemsReachingWeakestHuman: { readonly metric: number; readonly human: number; readonly of: number };
  } | null;
  readonly notes: readonly string[];
  readonly signature: string;
}

function meanSd(values: readonly number[]): { mean: number; sd: number } {
  const n = values.length;
  if (n === 0) return { mean: NaN, sd: NaN };
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, v) => a + (v - mean) * (v - mean), 0) / (n - 1)) : NaN;
  return { mean, sd };
}

function groupFit(points: readonly GapPoint[], method: RobustMethod, range: [number, number]): { summary: GroupFit; fit: LineFit | null } {
  const x = points.map((p) => p.metric);
  const y = points.map((p) => p.human);
  const mx = meanSd(x);
  const my = meanSd(y);
  const correlation = points.length >= 2 ? pearson(x, y) : { statistic: NaN, pvalue: NaN };
  let fit: LineFit | null = null;
  if (points.length >= 3 && new Set(x).size > 1) fit = fitLine(x, y, method);
  const at = (v: number): Statistic => (fit ? statistic(fit.intercept + fit.slope * v) : null);
  return {
    fit,
    summary: {
      n: points.length,
      metricMean: statistic(mx.mean), humanMean: statistic(my.mean), metricSd: statistic(mx.sd), humanSd: statistic(my.sd),
      r: statistic(correlation.statistic), pvalue: statistic(correlation.pvalue),
      fit: fit ? { slope: statistic(fit.slope), intercept: statistic(fit.intercept), converged: fit.converged, iterations: fit.iterations } : null,
      line: fit ? { x1: range[0], y1: at(range[0]), x2: range[1], y2: at(range[1]) } : null,
    },
  };
}

/**
 * The human–system gap (Conroy & Dang 2008, §3 and Figure 1; digest D.5, D.9): metric score against human score with
 * human-written and system outputs marked apart, a robust line per group, Pearson r per group (seed 004 correlates
 * systems only, "as the human summarizers are clearly distributed differently"), and the gap: how far the human
 * writers sit from the systems on each axis, and above the systems' trend line extended to their metric scores.
 * Every line is drawn over the whole metric range, so the systems' line reaches into the humans' region as the
 * paper's figure extrapolates it.
 */
export function humanSystemGap(points: readonly GapPoint[], options: GapOptions = {}): HumanSystemGapResult {
  const method = options.method ?? 'bisquare';
  for (const p of points) {
    if (!Number.isFinite(p.metric) || !Number.isFinite(p.human)) {
      throw new RangeError(`${p.name} has no ${!Number.isFinite(p.metric) ? 'metric' : 'human'} score; leave it out or score it first.`);
    }
  }
  const used = points.filter((p) => !p.excluded);
  const systems = used.filter((p) => p.group === 'system');
  const humans = used.filter((p) => p.group === 'human');
  if (systems.length < 3) throw new RangeError(`The gap analysis needs at least 3 systems (got ${systems.length}).`);
  const xs = points.map((p) => p.metric);
  const range: [number, number] = [Math.min(...xs), Math.max(...xs)];
  const s = groupFit(systems, method, range);
  const h = humans.length > 0 ? groupFit(humans, method, range) : undefined;
  const c = groupFit(used, method, range);
  const systemsLine = (v: number): number => (s.fit ? s.fit.intercept + s.fit.slope * v : NaN);
  const weightOf = (p: GapPoint): Statistic => {
    if (p.excluded) return null;
    const fit = p.group === 'system' ? s.fit : h?.fit;
    const members = p.group === 'system' ? systems : humans;
    const k = members.indexOf(p);
    return fit?.weights && k >= 0 ? statistic(fit.weights[k]) : null;
  };
  const results: GapPointResult[] = points.map((p) => ({
    ...p,
    excluded: p.excluded ?? false,
    residualFromSystems: statistic(p.human - systemsLine(p.metric)),
    weight: weightOf(p),
  }));
  let gap: HumanSystemGapResult['gap'] = null;
  if (h) {
    const hm = meanSd(humans.map((p) => p.metric));
    const hh = meanSd(humans.map((p) => p.human));
    const sm = meanSd(systems.map((p) => p.metric));
    const sh = meanSd(systems.map((p) => p.human));
    const weakestMetric = Math.min(...humans.map((p) => p.metric));
    const weakestHuman = Math.min(...humans.map((p) => p.human));
    const predicted = systemsLine(hm.mean);
    gap = {
      humanScore: statistic(hh.mean - sh.mean),
      metricScore: statistic(hm.mean - sm.mean),
      humanScoreInSystemSd: statistic((hh.mean - sh.mean) / sh.sd),
      metricScoreInSystemSd: statistic((hm.mean - sm.mean) / sm.sd),
      predictedAtHumanMetric: statistic(predicted),
      aboveSystemsTrend: statistic(hh.mean - predicted),
      systemsReachingWeakestHuman: {
        metric: systems.filter((p) => p.metric >= weakestMetric).length,
        human: systems.filter((p) => p.human >= weakestHuman).length,
        of: systems.length,
      },
    };
  }
  const notes: string[] = [];
  if (options.method === undefined) notes.push('Robust line: bisquare IRLS as MATLAB robustfit computes it (the paper does not name its method).');
  const excluded = points.filter((p) => p.excluded).map((p) => p.name);
  if (excluded.length > 0) notes.push(`Shown but not fitted or correlated: ${excluded.join(', ')}.`);
  return {
    kind: 'understudy.human-system-gap',
    version: 1,
    metric: options.metricName ?? 'metric',
    humanScore: options.humanName ?? 'human',
    method,
    points: results,
    systems: s.summary,
    humans: h ? h.summary : null,
    combined: c.summary,
    gap,
    notes,
    signature: `gap|metric:${options.metricName ?? 'metric'}|human:${options.humanName ?? 'human'}|fit:${method}|systems:${systems.length}|humans:${humans.length}|excluded:${excluded.length}|version:${UNDERSTUDY_VERSION}`,
  };
}
