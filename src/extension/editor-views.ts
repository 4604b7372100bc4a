import * as vscode from 'vscode';
import { reportToJsonObject } from '../core/report/report-json';
import { settingsFromConfiguration, SETTING_KEYS } from './configuration';
import { CorpusCodeLensProvider, ScoreStatusBar, signatures } from './corpus-summary';
import { EvaluationStore } from './evaluation-store';
import { EvaluationsTree } from './evaluations-tree';
import { ExplanationCache } from './explanation-cache';
import { LineScoreDecorations } from './line-decorations';
import { ManifestEvaluations } from './manifest-evaluations';
import { writeManifest } from './manifest-writer';
import { MatchHighlights } from './match-highlights';
import { registerDependencyViews } from './dependency-views';
import { ReferenceView } from './reference-view';
import { provideEditorViews } from './api';
import { ReportPanel } from './report-panel';
import { reportOfSystems } from './scored-report';
import { ScoreHoverProvider } from './score-hover';
import { locateSystem } from './segment-locator';
import { goToLowSegment, revealSegment } from './segment-navigation';
import { JobCancelled } from './worker-client';

/** Every document a scored system can be shown in (files, unsaved buffers, remote workspaces). */
const SELECTOR: vscode.DocumentSelector = [{ scheme: 'file' }, { scheme: 'untitled' }, { scheme: 'vscode-remote' }, { scheme: 'vscode-vfs' }];

/** Settings whose change means re-scoring (the rest only redraw). */
const SCORING_SETTINGS = ['understudy.metrics', ...SETTING_KEYS.map(([key]) => `understudy.${key}`)];

const asUri = (value: unknown): vscode.Uri | undefined =>
  value instanceof vscode.Uri ? value : typeof value === 'string' ? vscode.Uri.parse(value) : value && typeof value === 'object' && 'path' in value ? vscode.Uri.from(value as vscode.Uri) : undefined;

/**
 * The editor's views of the evaluations: line decorations, match highlights, hovers, CodeLens, status bar, the
 * Evaluations tree, the reference view, understudy.json manifests, and the commands that drive them.
 */
export function registerEditorViews(context: vscode.ExtensionContext, store: EvaluationStore, panel: ReportPanel, activationStarted: number): void {
  const manifests = new ManifestEvaluations(store);
  const cache = new ExplanationCache(store);
  const decorations = new LineScoreDecorations(store, context.extensionUri);
  const highlights = new MatchHighlights(store, cache, manifests);
  const references = new ReferenceView(store, manifests);
  const tree = new EvaluationsTree(store, manifests);
  const lenses = new CorpusCodeLensProvider(store);
  const status = new ScoreStatusBar(store);

  /** The scored system of a command's argument, else of the active editor. */
  const systemOf = (arg: unknown): vscode.Uri | undefined => {
    const uri = asUri(arg);
    if (uri && store.get(uri)) return uri;
    const editor = vscode.window.activeTextEditor;
    return editor ? locateSystem(store, editor.document)?.scored.uri : undefined;
  };

  /**
   * Re-scores everything with the settings as they now are (manifest settings still take precedence). Settings often
   * change several at a time: rounds are coalesced, and a new round cancels the one under way (its work would be
   * thrown away). Systems shown in an editor go first.
   */
  let round: AbortController | undefined;
  let roundTimer: NodeJS.Timeout | undefined;
  const rescoreForSettings = async (abort: AbortController): Promise<void> => {
    const { metrics, settings } = settingsFromConfiguration();
    const shown = new Set(vscode.window.visibleTextEditors.map((e) => locateSystem(store, e.document)?.scored.uri.toString()));
    const documents = store.all().sort((a, b) => Number(shown.has(b.uri.toString())) - Number(shown.has(a.uri.toString())));
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Understudy: re-scoring with the new settings' }, async () => {
      for (const scored of documents) {
        if (abort.signal.aborted) return;
        if (scored.evaluation && manifests.get(scored.evaluation)) continue;
        if (JSON.stringify(scored.metrics) === JSON.stringify(metrics) && JSON.stringify(scored.settings) === JSON.stringify(settings)) continue;
        if (!store.get(scored.uri)) continue; // detached meanwhile
        try {
          await store.attach(scored.uri, scored.references, metrics, settings, { ...store.attachOptions(scored.uri), name: scored.name, control: { signal: abort.signal } });
        } catch (error) {
          if (error instanceof JobCancelled) return;
          void vscode.window.showErrorMessage(`Understudy: ${scored.name} could not be re-scored: ${(error as Error).message}`);
        }
      }
      await manifests.rescoreAll(abort.signal);
      if (!abort.signal.aborted) store.pruneSessions();
    });
  };
  const scheduleRescore = (): void => {
    round?.abort();
    clearTimeout(roundTimer);
    roundTimer = setTimeout(() => {
      const abort = (round = new AbortController());
      void rescoreForSettings(abort).finally(() => {
        if (round === abort) round = undefined;
      });
    }, 250);
  };

  context.subscriptions.push(
    { dispose: () => (clearTimeout(roundTimer), round?.abort()) },
    manifests,
    decorations,
    highlights,
    references,
    tree,
    lenses,
    status,
    vscode.languages.registerHoverProvider(SELECTOR, new ScoreHoverProvider(store, cache, manifests)),
    vscode.languages.registerCodeLensProvider(SELECTOR, lenses),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (SCORING_SETTINGS.some((key) => event.affectsConfiguration(key)) && store.all().length > 0) scheduleRescore();
    }),
    // The report panel for the active system's evaluation: every system of its manifest in one table.
    vscode.commands.registerCommand('understudy.showEvaluationReport', (arg?: unknown) => {
      const uri = systemOf(arg);
      const scored = uri && store.get(uri);
      if (!scored) return vscode.commands.executeCommand('understudy.showReport');
      const evaluation = manifests.get(scored.evaluation);
      const systems = evaluation ? evaluation.systems.map((s) => store.get(s.uri)).filter((d) => d !== undefined) : [scored];
      panel.show(reportToJsonObject(reportOfSystems(systems)));
    }),
    vscode.commands.registerCommand('understudy.openReferences', (arg?: unknown) => references.open(asUri(arg))),
    vscode.commands.registerCommand('understudy.openReferenceAtLine', (arg?: unknown, index?: unknown) => references.open(asUri(arg), typeof index === 'number' ? index : undefined)),
    vscode.commands.registerCommand('understudy.toggleAllLineMatches', () => highlights.toggleAllLines()),
    vscode.commands.registerCommand('understudy.nextLowSegment', () => goToLowSegment(store, 1)),
    vscode.commands.registerCommand('understudy.previousLowSegment', () => goToLowSegment(store, -1)),
    vscode.commands.registerCommand('understudy.revealSegment', (arg: unknown, index: unknown) => {
      const uri = asUri(arg);
      if (uri && typeof index === 'number') return revealSegment(store, uri, index);
    }),
    vscode.commands.registerCommand('understudy.revealInTree', (arg?: unknown) => {
      const uri = systemOf(arg);
      if (uri) return tree.revealSystem(uri);
    }),
    vscode.commands.registerCommand('understudy.copySignatures', async (arg?: unknown) => {
      const uri = systemOf(arg);
      const scored = uri && store.get(uri);
      if (!scored) return;
      await vscode.env.clipboard.writeText(signatures(scored));
      void vscode.window.setStatusBarMessage(`Understudy: signatures of ${scored.name} copied`, 3000);
    }),
    vscode.commands.registerCommand('understudy.writeManifest', async (arg?: unknown) => {
      const uri = systemOf(arg);
      const scored = uri && store.get(uri);
      if (!scored) {
        void vscode.window.showInformationMessage('Understudy: score a file first ("Score Against Reference…"); its references and settings go into understudy.json.');
        return undefined;
      }
      return writeManifest(scored.uri, scored.references, scored.metrics);
    }),
    vscode.commands.registerCommand('understudy.reloadManifests', () => manifests.reload()),
    vscode.commands.registerCommand('understudy.tree.sortBy', () => tree.chooseSort()),
    vscode.commands.registerCommand('understudy.tree.filterLength', () => tree.chooseLength()),
    vscode.commands.registerCommand('understudy.tree.filterScore', () => tree.chooseScoreRange()),
    vscode.commands.registerCommand('understudy.tree.clearFilters', () => tree.clearFilters()),
    vscode.commands.registerCommand('understudy.tree.showMore', (arg: unknown) => {
      const uri = asUri(arg);
      if (uri) tree.showMore(uri);
    }),
  );
  // Dependency trees: the hover's triples, the active line's matched pairs, the trees panel (dependency-views.ts).
  registerDependencyViews(context, store, cache, manifests, SELECTOR);
  // Manifests are read after activation returns: activation stays fast, the scores follow.
  setTimeout(() => void manifests.loadAll(), 0);
  provideEditorViews(store, { manifests, tree, references, decorations, activationStarted });
}
