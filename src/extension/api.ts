import * as vscode from 'vscode';
import { SystemScores } from '../core/engine/evaluation-session';
import { BootstrapInterval } from '../core/significance/bootstrap-confidence';
import { EvaluationStore } from './evaluation-store';

/**
 * What `activate` returns (`vscode.extensions.getExtension('understudy.understudy').exports`): read-only access to
 * the scores the editor shows, for other extensions, notebooks and the integration tests.
 */
export interface UnderstudyApi {
  /** The current scores of a scored file (per-line sentence scores and corpus scores), or undefined. */
  scores(uri: vscode.Uri): SystemScores | undefined;
  /** The 95% bootstrap intervals of a scored file's corpus scores, once computed (they follow scoring by ~0.5 s). */
  intervals(uri: vscode.Uri): Readonly<Record<string, BootstrapInterval>> | undefined;
  /** Fires with a file's URI after it was scored or re-scored. */
  readonly onDidChangeScores: vscode.Event<vscode.Uri>;
  /** Resolves once no re-scoring is pending or running. */
  settled(): Promise<void>;
}

export function createApi(store: EvaluationStore): UnderstudyApi {
  return {
    scores: (uri) => store.get(uri)?.scores,
    intervals: (uri) => store.get(uri)?.intervals,
    onDidChangeScores: (listener, thisArg, disposables) => store.onDidChange((scored) => listener.call(thisArg, scored.uri), undefined, disposables),
    settled: () => store.settled(),
  };
}
