import * as vscode from 'vscode';
import { ScoreReport } from '../core/engine/score-systems';
import { reportToText } from '../core/report/format-report';
import { JsonReport, reportToJsonObject } from '../core/report/report-json';

/**
 * Shows reports: the full text in the "Understudy" output channel, and the latest one for the report panel. (The
 * status bar follows the active editor's system: corpus-summary.ts.)
 */
export class ResultsView implements vscode.Disposable {
  private readonly output = vscode.window.createOutputChannel('Understudy');
  private readonly reportChanged = new vscode.EventEmitter<JsonReport>();
  /** Fires with each new report (the report panel refreshes itself from it). */
  readonly onDidChangeReport = this.reportChanged.event;
  private latestReport: JsonReport | undefined;

  show(report: ScoreReport): void {
    this.output.append(reportToText(report));
    this.latestReport = reportToJsonObject(report);
    this.reportChanged.fire(this.latestReport);
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
    this.reportChanged.dispose();
  }
}
