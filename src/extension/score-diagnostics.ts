import * as vscode from 'vscode';
import { CorpusWarning } from '../core/errors';
import { EvaluationStore, ScoredDocument } from './evaluation-store';

/** At most this many lines are marked for one warning (a file with 10,000 empty lines needs one message, not 10,000). */
const MAX_MARKED_LINES = 100;

/**
 * Problems found while scoring, as Diagnostics on the files concerned (Problems panel, squiggles): a line-count
 * mismatch on the system file's unscored lines (or its last line when lines are missing), and reading warnings
 * (invalid UTF-8, byte-order mark, mixed line endings, empty lines) on their lines in the system or reference file.
 */
export class ScoreDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('understudy');
  private readonly byDocument = new Map<string, vscode.Uri[]>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly store: EvaluationStore) {
    this.subscriptions = [store.onDidChange((scored) => this.update(scored)), store.onDidRemove((uri) => this.clear(uri.toString()))];
  }

  private update(scored: ScoredDocument): void {
    this.clear(scored.uri.toString());
    const files = new Map<string, vscode.Uri>([scored.uri, ...scored.references].map((uri) => [vscode.workspace.asRelativePath(uri), uri]));
    const problems = new Map<string, vscode.Diagnostic[]>();
    const add = (uri: vscode.Uri, diagnostic: vscode.Diagnostic): void => {
      diagnostic.source = 'Understudy';
      problems.set(uri.toString(), [...(problems.get(uri.toString()) ?? []), diagnostic]);
    };
    const { mismatch, lineCount, referenceCount } = scored.scores;
    if (mismatch) {
      // Extra lines: mark them; missing lines: mark the last line, after which they should be.
      const first = lineCount > referenceCount ? referenceCount : Math.max(0, lineCount - 1);
      const last = Math.max(first, lineCount - 1);
      const diagnostic = new vscode.Diagnostic(new vscode.Range(first, 0, last, Number.MAX_SAFE_INTEGER), mismatch.message, vscode.DiagnosticSeverity.Warning);
      diagnostic.code = mismatch.code;
      add(scored.uri, diagnostic);
    }
    for (const warning of scored.warnings) {
      const uri = files.get(warning.file) ?? scored.uri;
      for (const range of warningRanges(warning)) {
        const diagnostic = new vscode.Diagnostic(range, warning.message, warning.code === 'invalid-utf8' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
        diagnostic.code = warning.code;
        add(uri, diagnostic);
      }
    }
    const uris: vscode.Uri[] = [];
    for (const [key, diagnostics] of problems) {
      const uri = vscode.Uri.parse(key);
      uris.push(uri);
      this.collection.set(uri, [...(this.collection.get(uri) ?? []), ...diagnostics]);
    }
    this.byDocument.set(scored.uri.toString(), uris);
  }

  private clear(document: string): void {
    for (const uri of this.byDocument.get(document) ?? []) this.collection.delete(uri);
    this.byDocument.delete(document);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }
}

function warningRanges(warning: CorpusWarning): vscode.Range[] {
  const lines = warning.lines ?? [0];
  return lines.slice(0, MAX_MARKED_LINES).map((line) => new vscode.Range(line, 0, line, Number.MAX_SAFE_INTEGER));
}
