import { CorrelationReport, MetricComparison } from '../meta/correlation-report';
import { formatInterval as interval, formatPValue as pvalue, formatStatistic as num } from './correlation-format';
import { digitsFor } from './format-report';

/** `understudy correlate --json`: the CorrelationReport itself (documented in the README, schema understudy-correlation/1). */
export function correlationReportToJson(report: CorrelationReport): string {
  return JSON.stringify(report, null, 1) + '\n';
}

/** Left-aligned first column, right-aligned numbers; a trailing free-text column is left as is. */
function table(header: readonly string[], rows: readonly (readonly string[])[], freeLast = false): string[] {
  const columns = freeLast ? header.length - 1 : header.length;
  const widths = header.slice(0, columns).map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: readonly string[]): string =>
    ('  ' + cells.map((cell, c) => (c >= columns ? cell : c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).trimEnd();
  return [line(header), ...rows.map(line)];
}

/**
 * The report as text tables: systems × metrics with the human column, system-level correlations with intervals and
 * p-values, metric comparisons, segment level, metric-vs-metric matrices, pairwise agreement, missing data, warnings
 * and the signature. Every number is also in the JSON, at full precision.
 */
export function correlationReportToText(report: CorrelationReport): string {
  const out: string[] = [];
  const label = new Map(report.metrics.map((m) => [m.name, m.negated ? `−${m.label}` : m.label]));
  const shown = (name: string): string => label.get(name) ?? name;
  const included = report.systems.filter((s) => s.included).length;
  const { human } = report;
  out.push(`Human score: ${human.label} (${human.sources.map((s, i) => `${human.formats[i]} ${s}`).join('; ')})`);
  out.push(`System column: ${human.systemScores === 'official' ? 'the judgments’ own system scores' : 'mean of the judged segments'}; ${included} systems correlated.`);
  if (report.metrics.some((m) => m.negated)) out.push('Lower-is-better metrics are correlated as −score (marked −), so +1 is full agreement for every metric.');

  out.push('', 'Systems');
  out.push(
    ...table(
      ['system', 'human', ...report.metrics.map((m) => m.label), ''],
      report.systems.map((s) => [s.name, num(s.human), ...report.metrics.map((m) => num(s.scores[m.name], digitsFor(m.name))), s.note ?? '']),
      true,
    ),
  );

  const boot = report.settings.bootstrap;
  out.push('', `System level (${included} systems; ${Math.round(report.settings.level * 100)}% intervals; two-sided p)`);
  out.push(
    ...table(
      ['metric', 'coefficient', 'value', 'interval', boot ? `bootstrap (${boot.samples}, ${boot.resample})` : 'bootstrap', 'p'],
      report.systemLevel.flatMap((m) =>
        m.estimates.map((e) => [shown(m.metric), e.correlation, num(e.statistic), interval(e.interval), interval(e.bootstrap), pvalue(e.pvalue)]),
      ),
    ),
  );

  if (report.comparisons.length > 0) {
    const adjusted = report.settings.correction === 'none' ? '' : ` (${report.settings.correction}-adjusted in parentheses)`;
    out.push('', `Metric comparisons: one-sided p that "better" correlates higher${adjusted}`);
    const p = (test: MetricComparison['williams'] | MetricComparison['permutation']): string =>
      test === null ? '–' : report.settings.correction === 'none' ? pvalue(test.pvalue) : `${pvalue(test.pvalue)} (${pvalue(test.adjustedPvalue)})`;
    out.push(
      ...table(
        ['level', 'coefficient', 'better', 'worse', 'delta', 'Williams', 'permutation'],
        report.comparisons.map((c) => [c.level + (c.grouping ? `/${c.grouping}` : ''), c.correlation, shown(c.better), shown(c.worse), num(c.delta), p(c.williams), p(c.permutation)]),
      ),
    );
  }

  if (report.segmentLevel) {
    out.push('', `Segment level (${report.segmentLevel.judgedSegments} judged segments; grouped values are means over the groups)`);
    out.push(
      ...table(
        ['metric', 'grouping', 'coefficient', 'value', 'interval', 'n', 'groups', 'p'],
        report.segmentLevel.correlations.map((c) => [
          shown(c.metric), c.grouping, c.correlation, num(c.statistic), interval(c.interval), String(c.n), `${c.groups}${c.skippedGroups ? ` (−${c.skippedGroups})` : ''}`, pvalue(c.pvalue),
        ]),
      ),
    );
  }

  for (const matrix of report.metricMatrices) {
    out.push('', `Metric × metric (${matrix.level} level, ${matrix.correlation})`);
    out.push(...table(['', ...matrix.metrics.map(shown)], matrix.metrics.map((m, i) => [shown(m), ...matrix.values[i].map((v) => num(v))])));
  }

  if (report.pairwiseAgreement && report.pairwiseAgreement.length > 0) {
    const first = report.pairwiseAgreement[0];
    out.push('', `Pairwise agreement with the humans (Owczarzak et al. 2012: Wilcoxon signed-rank per system pair, α = ${report.settings.alpha}; ${first.pairs} pairs${first.skippedPairs ? `, ${first.skippedPairs} without common segments skipped` : ''})`);
    out.push(
      ...table(
        ['metric', 'human sig.', 'metric sig.', 'diff', 'no diff', 'contr', 'sig', 'interval', 'all', 'interval'],
        report.pairwiseAgreement.map((a) => [
          shown(a.metric), String(a.humanSignificant), String(a.metricSignificant), num(a.diffRecall), num(a.noDiffRecall), num(a.contradictionRate),
          num(a.accuracy), interval(a.accuracyInterval), num(a.directionAgreement), interval(a.directionInterval),
        ]),
      ),
    );
  }

  const missing = report.missing;
  const notes: string[] = [];
  if (missing.excludedSystems.length) notes.push(`excluded: ${missing.excludedSystems.map((e) => e.name).join(', ')}`);
  if (missing.systemsWithoutHumanScores.length) notes.push(`outputs without a human score: ${missing.systemsWithoutHumanScores.join(', ')}`);
  if (missing.judgedSystemsWithoutOutput.length) notes.push(`judged systems without an output: ${missing.judgedSystemsWithoutOutput.map((j) => j.name).join(', ')}`);
  if (missing.ambiguousSystems.length) notes.push(`ambiguous: ${missing.ambiguousSystems.map((a) => `${a.system} (${a.candidates.join(' or ')})`).join(', ')}`);
  if (missing.aliases.length) notes.push(`identical outputs judged once: ${missing.aliases.map((a) => `${a.names.join('+')} → ${a.countedAs}`).join(', ')}`);
  if (missing.judgmentsWithoutSegment.length) notes.push(`judgments of segments the outputs lack: ${missing.judgmentsWithoutSegment.map((j) => `${j.system} (${j.items.length})`).join(', ')}`);
  if (missing.unjudgedSegments.length) {
    const total = missing.unjudgedSegments.reduce((sum, u) => sum + u.count, 0);
    notes.push(`segments without a judgment (they still count for metric system scores): ${total} over ${missing.unjudgedSegments.length} systems`);
  }
  if (notes.length) out.push('', 'Missing data', ...notes.map((n) => `  ${n}`));
  if (report.warnings.length) out.push('', 'Warnings', ...report.warnings.map((w) => `  ${w}`));
  out.push('', `Signature: ${report.signature}`);
  for (const m of report.metrics) out.push(`  ${m.label}: ${m.signature}`);
  return out.join('\n') + '\n';
}
