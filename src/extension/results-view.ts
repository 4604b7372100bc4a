import * as vscode from 'vscode';
import { ScoreReport } from '../core/engine/score-systems';
import { reportToText } from '../core/report/format-report';
import { JsonReport, reportToJsonObject } from '../core/report/report-json';

/** Shows corpus scores: a status bar item (headline numbers, signatures on hover) and the full report in an output channel. */
export class ResultsView implements vscode.Disposable {
  private readonly output = vscode.window.createOutputChannel('Understudy');
  private readonly status = vscode.window.createStatusBarItem('understudy.scores', vscode.StatusBarAlignment.Left, 100);
  private readonly reportChanged = new vscode.EventEmitter<JsonReport>();
  /** Fires with each new report (the report panel refreshes itself from it). */
  readonly onDidChangeReport = this.reportChanged.event;
  private latestReport: JsonReport | undefined;

  constructor() {
    this.status.name = 'Understudy scores';
    this.status.command = 'understudy.showReport';
  }

  show(report: ScoreReport): void {
    this.output.append(reportToText(report));
    this.latestReport = reportToJsonObject(report);
    this.reportChanged.fire(this.latestReport);
    const system = report.systems[0];
    if (!system) return;
    const headline = Object.entries(system.scores)
      .map(([name, result]) => `${name} ${result.score.toFixed(name.startsWith('rouge') ? 4 : 2)}`)
      .join(' · ');
    this.status.text = `$(pulse) ${headline}`;
    const tooltip = new vscode.MarkdownString(`**Understudy** — ${system.file}\n\n`);
    for (const [name, result] of Object.entries(system.scores)) tooltip.appendMarkdown(`- ${name} **${result.score.toFixed(4)}** \`${result.signature}\`\n`);
    this.status.tooltip = tooltip;
    this.status.show();
  }

  /** The latest report, as the report panel shows it. */
  get latest(): JsonReport | undefined {
    return this.latestReport;
  }

  reveal(): void {
    this.output.show(true);
  }

  dispose(): void {
    this.output.dispose();
    this.status.dispose();
    this.reportChanged.dispose();
  }
}
