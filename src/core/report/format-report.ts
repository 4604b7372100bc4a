import { precisionRecallF as prf, reportToJsonObject } from './report-json';
import { ScoreReport } from '../engine/score-systems';

/** The documented, stable `--json` shape (see README "JSON output"). */
export function reportToJson(report: ScoreReport): string {
  return JSON.stringify(reportToJsonObject(report), null, 1) + '\n';
}

function formatNumber(value: number, digits: number): string {
  return Number.isNaN(value) ? 'nan' : value.toFixed(digits);
}

/** Digits printed in the text table: what the reference tools print (sacreBLEU 2, ROUGE-1.5.5 5, mteval 4). */
export function digitsFor(metric: string): number {
  if (metric.startsWith('rouge') || metric.startsWith('gtm')) return 5;
  if (metric === 'nist' || metric === 'bleu-mteval') return 4;
  return 2;
}

/** Human-readable table: one block per system, one line per metric with its signature. */
export function reportToText(report: ScoreReport): string {
  const lines: string[] = [];
  for (const system of report.systems) {
    lines.push(system.file);
    const names = Object.keys(system.scores);
    const width = Math.max(...names.map((n) => n.length));
    for (const name of names) {
      const result = system.scores[name];
      const parts = prf(result);
      const digits = digitsFor(name);
      const value = parts
        ? `P ${formatNumber(parts.p, digits)}  R ${formatNumber(parts.r, digits)}  F ${formatNumber(parts.f, digits)}`
        : formatNumber(result.score, digits);
      lines.push(`  ${name.padEnd(width)}  ${value}  ${result.signature}`);
    }
  }
  if (report.segments) {
    lines.push('', ['system', 'segment', ...Object.keys(report.segments[0]?.scores ?? {})].join('\t'));
    for (const segment of report.segments) {
      lines.push([segment.system, segment.index + 1, ...Object.values(segment.scores).map((v) => formatNumber(v, 4))].join('\t'));
    }
  }
  return lines.join('\n') + '\n';
}

/** Tab-separated: corpus rows `system metric score signature`, then segment rows with --sentence. */
export function reportToTsv(report: ScoreReport): string {
  const rows: string[] = ['file\tmetric\tscore\tp\tr\tf\tsignature'];
  for (const system of report.systems) {
    for (const [name, result] of Object.entries(system.scores)) {
      const parts = prf(result);
      rows.push([system.file, name, result.score, parts?.p ?? '', parts?.r ?? '', parts?.f ?? '', result.signature].join('\t'));
    }
  }
  if (report.segments) {
    const names = Object.keys(report.segments[0]?.scores ?? {});
    rows.push('', ['file', 'segment', ...names].join('\t'));
    for (const segment of report.segments) {
      rows.push([report.systems[segment.system].file, segment.index + 1, ...names.map((n) => segment.scores[n])].join('\t'));
    }
  }
  return rows.join('\n') + '\n';
}
