import { performance } from 'perf_hooks';
import * as vscode from 'vscode';
import { SystemScores } from '../core/engine/evaluation-session';
import { SegmentFilter } from '../core/inspect/segment-filter';
import { BootstrapInterval } from '../core/significance/bootstrap-confidence';
import { EvaluationStore } from './evaluation-store';
import type { EvaluationsTree } from './evaluations-tree';
import type { LineScoreDecorations } from './line-decorations';
import type { Evaluation, ManifestEvaluations } from './manifest-evaluations';
import type { ReferenceView } from './reference-view';

/** An understudy.json evaluation as other extensions (and the meta-evaluation) see it. */
export interface EvaluationInfo {
  readonly id: string;
  readonly name: string;
  readonly task: Evaluation['task'];
  readonly manifest: vscode.Uri;
  readonly references: readonly vscode.Uri[];
  /** One name per reference stream, in the order explanations index references. */
  readonly referenceNames: readonly string[];
  readonly source?: vscode.Uri;
  /** Systems by display name; `uri` is the key `scores()` takes. */
  readonly systems: readonly { readonly name: string; readonly uri: vscode.Uri }[];
  /** Human judgment files as the manifest names them (read by the meta-evaluation). */
  readonly judgments: Evaluation['judgments'];
  readonly metrics?: readonly string[];
  readonly settings: Readonly<Record<string, unknown>>;
}

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
  /** The workspace's understudy.json evaluations (after `manifestsLoaded()`). */
  evaluations(): EvaluationInfo[];
  /** Resolves once the workspace's manifests were read (and, unless turned off, their systems scored). */
  manifestsLoaded(): Promise<void>;
  /** Milliseconds `activate` took. */
  readonly activationMs: number;
  /**
   * Milliseconds the extension's bundle took to evaluate, and from then until VS Code called `activate` (its own
   * work: the extension context), when known.
   */
  readonly load: { readonly evaluateMs: number; readonly untilActivateMs: number } | undefined;
  /** Sets the Evaluations tree's filters and sort metric (as its commands do), for scripts and tests. */
  filterTree(filter: SegmentFilter, sortMetric?: string): void;
  /** Documents scrolled in step with `uri` by the reference view. */
  scrollLinked(uri: vscode.Uri): string[];
  /** Fires with a document's URI after its line-score decorations were set (benchmarks time edits with it). */
  readonly onDidDecorate: vscode.Event<vscode.Uri>;
}

/** The editor's views of a store, as the API reads them (editor-views.ts provides them during activation). */
interface EditorViews {
  readonly manifests: ManifestEvaluations;
  readonly tree: EvaluationsTree;
  readonly references: ReferenceView;
  readonly decorations: LineScoreDecorations;
  /** performance.now() when activate() started. */
  readonly activationStarted: number;
}

const editorViews = new WeakMap<EvaluationStore, EditorViews>();

export function provideEditorViews(store: EvaluationStore, views: EditorViews): void {
  editorViews.set(store, views);
}

/** Set by the bundle's first and last lines (esbuild.js banner and footer); absent when loaded unbundled. */
const loadTimes = globalThis as { __understudyLoadStart?: number; __understudyLoadEnd?: number };

/** Called at the end of activate(): the API of the store and the views registered for it. */
export function createApi(store: EvaluationStore): UnderstudyApi {
  const editor = editorViews.get(store);
  if (!editor) throw new Error('Understudy: the editor views must be registered before the API is created.');
  const activationMs = performance.now() - editor.activationStarted;
  const { __understudyLoadStart: loadStart, __understudyLoadEnd: loadEnd } = loadTimes;
  const load = loadStart === undefined || loadEnd === undefined ? undefined : { evaluateMs: loadEnd - loadStart, untilActivateMs: editor.activationStarted - loadEnd };
  return {
    scores: (uri) => {
      // Provisional scores (the visible lines of a long file, scored first) are the views' business only.
      const scored = store.get(uri);
      return scored && !scored.provisional ? scored.scores : undefined;
    },
    intervals: (uri) => store.get(uri)?.intervals,
    onDidChangeScores: (listener, thisArg, disposables) =>
      store.onDidChange((scored) => {
        if (!scored.provisional) listener.call(thisArg, scored.uri);
      }, undefined, disposables),
    settled: () => store.settled(),
    evaluations: () =>
      editor.manifests.all().map((e) => ({
        id: e.id,
        name: e.name,
        task: e.task,
        manifest: e.manifest,
        references: e.references,
        referenceNames: e.referenceStreams.map((s) => s.file),
        source: e.source,
        systems: e.systems.map((s) => ({ name: s.name, uri: s.uri })),
        judgments: e.judgments,
        metrics: e.metrics,
        settings: e.settings,
      })),
    manifestsLoaded: () => editor.manifests.loadAll(),
    activationMs,
    load,
    filterTree: (filter, sortMetric) => editor.tree.setFilter(filter, sortMetric),
    scrollLinked: (uri) => editor.references.linkedWith(uri),
    onDidDecorate: (listener, thisArg, disposables) => editor.decorations.onDidRender((e) => listener.call(thisArg, e.document.uri), undefined, disposables),
  };
}
