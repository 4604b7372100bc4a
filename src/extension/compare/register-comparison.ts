import * as vscode from 'vscode';
import { EvaluationStore } from '../evaluation-store';
import { ComparisonController } from './comparison-controller';

/**
 * A URI however a caller passes it: a Uri, a URI string, or the plain `{ scheme, path, … }` object a command link's
 * JSON arguments carry (hovers link to "Compare With…" with the candidate's URI and line).
 */
export function asUri(value: unknown): vscode.Uri | undefined {
  if (value instanceof vscode.Uri) return value;
  if (typeof value === 'string' && value.length > 0) return /^[a-z][\w+.-]*:/i.test(value) ? vscode.Uri.parse(value) : vscode.Uri.file(value);
  if (typeof value === 'object' && value !== null) {
    const parts = value as { scheme?: unknown; path?: unknown; authority?: unknown; query?: unknown; fragment?: unknown };
    if (typeof parts.scheme === 'string' && typeof parts.path === 'string') {
      return vscode.Uri.from({
        scheme: parts.scheme,
        path: parts.path,
        authority: typeof parts.authority === 'string' ? parts.authority : undefined,
        query: typeof parts.query === 'string' ? parts.query : undefined,
        fragment: typeof parts.fragment === 'string' ? parts.fragment : undefined,
      });
    }
  }
  return undefined;
}

function asLine(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

function asUris(value: unknown): vscode.Uri[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const uris = value.map(asUri).filter((u): u is vscode.Uri => u !== undefined);
  return uris.length > 0 ? uris : undefined;
}

/**
 * Registers the comparison commands:
 * - `understudy.compareWith(candidate?, line?, others?)`: candidate URI (default: the active file), 0-based line to
 *   reveal, and the systems to compare it with (default: a quick pick);
 * - `understudy.compareSystems(uris?)`: the pairwise table of these systems (the first one's references);
 * - `understudy.compare.nextDifference` / `previousDifference` (F7 / Shift+F7 in a compared editor) and
 *   `understudy.compare.rankDifferencesBy`.
 */
export function registerComparison(context: vscode.ExtensionContext, store: EvaluationStore): ComparisonController {
  const controller = new ComparisonController(context.extensionUri, store);
  context.subscriptions.push(
    controller,
    vscode.commands.registerCommand('understudy.compareWith', (candidate?: unknown, line?: unknown, others?: unknown) =>
      controller.compareWith(asUri(candidate), asLine(line), asUris(others)),
    ),
    vscode.commands.registerCommand('understudy.compareSystems', (uris?: unknown) => controller.compareSystems(asUris(uris))),
    vscode.commands.registerCommand('understudy.compare.nextDifference', () => controller.navigate(1)),
    vscode.commands.registerCommand('understudy.compare.previousDifference', () => controller.navigate(-1)),
    vscode.commands.registerCommand('understudy.compare.rankDifferencesBy', (metric?: unknown, filter?: unknown) => {
      const comparison = controller.current;
      if (comparison && typeof metric === 'string' && (filter === undefined || filter === 'all' || filter === 'better' || filter === 'worse')) {
        comparison.setRanking(metric, filter ?? 'all');
        return;
      }
      return controller.chooseRanking();
    }),
  );
  return controller;
}
