import { fmt, pValue } from '../json-number';
import type { FormattableTable, TableCell, TableColumn } from '../../report/correlation-tables';
import type { GroupFit, HumanSystemGapResult } from '../gap/human-system-gap';
import type { RoseModel } from './rose-model';
import type { RoseSearchResult } from './rose-search';

/**
 * The ROSE and gap views' tables, one model for what the panels draw and what their exports write: the same columns
 * and numbers `understudy rose` and `understudy gap` print (their text and TSV outputs), cells formatted as the CLI
 * formats them (`cliCell`) on screen and at full precision in CSV.
 */
const number = (label: string, digits = 4): TableColumn => ({ label, kind: 'number', digits });
const text = (label: string): TableColumn => ({ label, kind: 'text' });

/** Every subset, best first, with `understudy rose --tsv`'s columns. */
export function roseSubsetsTable(result: RoseSearchResult): FormattableTable {
  return {
    title: `ROSE subsets for ${result.target}`,
    columns: [text('subset'), { label: 'size', kind: 'count' }, number('median_sig_r'), number('sig_share'), number('median_r'), number('mean_r'), number('lower_2.5'), number('upper_97.5'), number('full_R')],
    rows: result.subsets.map((s): TableCell[] => [s.metrics.join('+'), s.size, s.medianSignificant, s.significantShare, s.median, s.mean, s.lower, s.upper, s.fullR]),
    notes: [`${result.subsets.length} subsets × ${result.options.trials} splits (${result.units} units, ${result.testSize} held out), seed ${result.options.seed}`, `signature: ${result.signature}`],
  };
}

/** The winner refitted on all units: one row per metric (weight, standardized weight) and the intercept. */
export function roseModelTable(model: RoseModel): FormattableTable {
  return {
    title: `ROSE model ${model.name}`,
    columns: [text('term'), number('weight', 6), number('standardized', 4)],
    rows: [...model.metrics.map((name, j): TableCell[] => [name, model.weights[j], model.standardizedWeights[j]]), ['intercept', model.intercept, null]],
    notes: [`target ${model.target}; fitted on ${model.fit.units} units; R ${fmt(model.fit.r)}`],
  };
}

const groupRow = (label: string, g: GroupFit): TableCell[] => [label, g.n, g.metricMean, g.metricSd, g.humanMean, g.humanSd, g.r, g.pvalue, g.fit?.intercept ?? null, g.fit?.slope ?? null];

/** Systems, humans and both: n, means, sds, Pearson r with p, the robust line (`understudy gap`'s group lines). */
export function gapGroupsTable(result: HumanSystemGapResult): FormattableTable {
  return {
    title: `Human–system gap: ${result.metric} vs ${result.humanScore}`,
    columns: [text('group'), { label: 'n', kind: 'count' }, number('metric mean'), number('metric sd'), number('human mean'), number('human sd'), number('r'), { label: 'p', kind: 'p' }, number('intercept'), number('slope')],
    rows: [groupRow('systems', result.systems), ...(result.humans ? [groupRow('humans', result.humans)] : []), groupRow('combined', result.combined)],
    notes: [`${result.method} lines`, `signature: ${result.signature}`],
  };
}

/** Every point with its residual from the systems' line (`understudy gap --tsv`). */
export function gapPointsTable(result: HumanSystemGapResult): FormattableTable {
  return {
    title: `Points: ${result.metric} vs ${result.humanScore}`,
    columns: [text('name'), text('group'), number('metric', 6), number('human', 6), text('excluded'), number('residual_from_systems', 6), number('weight', 6)],
    rows: result.points.map((p): TableCell[] => [p.name, p.group, p.metric, p.human, p.excluded ? '1' : '0', p.residualFromSystems, p.weight]),
    notes: [`signature: ${result.signature}`],
  };
}

/** A cell as the CLI prints it ('-' when missing, p-values as `pValue`, counts as integers). */
export function cliCell(column: TableColumn, cell: TableCell): string {
  if (cell === null) return '-';
  if (typeof cell === 'string') return cell;
  if (Array.isArray(cell)) return `[${fmt(cell[0], column.digits)}, ${fmt(cell[1], column.digits)}]`;
  if (column.kind === 'p') return pValue(cell as number);
  if (column.kind === 'count') return String(cell);
  return fmt(cell as number, column.digits ?? 4);
}

/** The winner as the CLI's `model … = b + w·metric …` line. */
export function roseModelLine(model: RoseModel): string {
  const terms = model.metrics.map((name, j) => `${model.weights[j] >= 0 ? '+' : '−'} ${Math.abs(model.weights[j]).toPrecision(6)}·${name}`).join(' ');
  return `${model.name} = ${model.intercept.toPrecision(6)} ${terms}`;
}

/** A group's line of `understudy gap`'s text: n, means ± sds, r (p), the line. */
export function gapGroupLine(label: string, g: GroupFit): string {
  const line = g.fit ? `line human = ${fmt(g.fit.intercept)} + ${fmt(g.fit.slope)}·metric${g.fit.converged ? '' : ' (not converged)'}` : 'no line (fewer than 3 points or no spread)';
  return `${label.padEnd(9)} n ${String(g.n).padStart(3)}  metric ${fmt(g.metricMean)} ± ${fmt(g.metricSd)}  human ${fmt(g.humanMean)} ± ${fmt(g.humanSd)}  r ${fmt(g.r)} (p ${pValue(g.pvalue)})  ${line}`;
}

/** The gap itself as `understudy gap` prints it (empty without human-written rows). */
export function gapLines(result: HumanSystemGapResult): string[] {
  const gap = result.gap;
  if (!gap) return [];
  return [
    `gap in ${result.humanScore}: ${fmt(gap.humanScore)} (${fmt(gap.humanScoreInSystemSd, 2)} system sd)`,
    `gap in ${result.metric}: ${fmt(gap.metricScore)} (${fmt(gap.metricScoreInSystemSd, 2)} system sd)`,
    `systems' line at the humans' mean ${result.metric}: ${fmt(gap.predictedAtHumanMetric)}; humans sit ${fmt(gap.aboveSystemsTrend)} above it`,
    `systems reaching the weakest human: ${gap.systemsReachingWeakestHuman.metric} of ${gap.systemsReachingWeakestHuman.of} by ${result.metric}, ` +
      `${gap.systemsReachingWeakestHuman.human} by ${result.humanScore}`,
  ];
}

/** `understudy gap`'s whole text output, line by line (the CLI prints these; the panel shows the same lines). */
export function gapTextLines(result: HumanSystemGapResult): string[] {
  const lines = [`Human–system gap: ${result.metric} (x) vs ${result.humanScore} (y), ${result.method} lines`, ''];
  lines.push(gapGroupLine('systems', result.systems));
  if (result.humans) lines.push(gapGroupLine('humans', result.humans));
  lines.push(gapGroupLine('combined', result.combined));
  const gap = gapLines(result);
  if (gap.length > 0) lines.push('', ...gap);
  for (const note of result.notes) lines.push(`note: ${note}`);
  lines.push(`signature: ${result.signature}`);
  return lines;
}

/** The winner against the best single metric, and the refitted model, as `understudy rose` prints them. */
export function roseWinnerLines(result: RoseSearchResult): string[] {
  const c = result.comparison;
  return [
    `best:         ${result.best.metrics.join('+')}  median significant test r ${fmt(result.best.medianSignificant)}`,
    `best single:  ${result.bestSingle.metrics.join('+')}  median significant test r ${fmt(result.bestSingle.medianSignificant)}`,
    c.u === null
      ? 'Mann–Whitney U: the winner is the best single metric'
      : `Mann–Whitney U ${fmt(c.u, 1)} (n ${c.n1}, ${c.n2}; ${c.method}), p ${pValue(c.pvalue)}${c.marked ? `  * (p ≤ ${result.options.markThreshold})` : ''}`,
  ];
}

export function roseModelLines(result: RoseSearchResult): string[] {
  const fit = result.model.fit;
  return [
    `model (fitted on all ${fit.units} units): ${roseModelLine(result.model)}`,
    `  R ${fmt(fit.r)}, R² ${fmt(fit.rSquared)}, F ${fmt(fit.f, 3)}, p ${pValue(fit.pvalue)}` + (fit.dropped.length > 0 ? `; collinear, weight 0: ${fit.dropped.join(', ')}` : ''),
  ];
}

/** The first line of `understudy rose`'s text. */
export function roseHeadline(result: RoseSearchResult): string {
  const o = result.options;
  return `ROSE: ${result.subsets.length} subsets × ${o.trials} splits (${result.units} units, ${result.testSize} held out), target ${result.target}, seed ${o.seed}`;
}
