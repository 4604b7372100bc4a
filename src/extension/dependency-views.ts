import * as crypto from 'crypto';
import * as vscode from 'vscode';
import { SegmentExplanation } from '../core/engine/evaluation-session';
import { Explanation } from '../core/metrics/explanation';
import { dependencyMetrics, dependencyTreesView, groupedTriples, indentedTree, matchedPairSpans, parseTreeText, treeExplanation } from '../core/inspect/dependency-view';
import { dependencyHtml } from '../../webview/dependency/dependency-html';
import { makeNonce } from '../../webview/report/report-html';
import { isMessageFromDependencyWebview, MessageToDependencyWebview } from '../../webview/shared/dependency-protocol';
import { displaySettings, shownMetrics } from './display-settings';
import { EvaluationStore, ScoredDocument } from './evaluation-store';
import { ExplanationCache } from './explanation-cache';
import type { ManifestEvaluations } from './manifest-evaluations';
import { metricExplanations } from './match-highlights';
import { escapeMarkdownHtml } from './score-hover';
import { locateReference, locateSystem } from './segment-locator';

export const SHOW_DEPENDENCY_TREES_COMMAND = 'understudy.showDependencyTrees';

/** At most this many triples are listed per relation and kind in a hover. */
const MAX_LISTED = 8;

/** The dependency metric drawn for a scored system: the first shown one, else the first computed. */
function drawnMetric(scored: ScoredDocument, explanation: SegmentExplanation): { metric: string; explanation: Explanation } | undefined {
  const explanations = metricExplanations(explanation);
  const metric = dependencyMetrics(explanations, shownMetrics(scored.metrics, displaySettings()))[0];
  return metric ? { metric, explanation: explanations[metric] } : undefined;
}

function referenceNames(scored: ScoredDocument): readonly string[] {
  return scored.referenceNames ?? scored.references.map((r) => vscode.workspace.asRelativePath(r));
}

/**
 * The dependency part of a scored line's hover (beside the score hover): per relation, the matched units and those
 * left unmatched on each side; the hypothesis tree as indented text; a link to the trees panel.
 */
export class DependencyHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly store: EvaluationStore,
    private readonly cache: ExplanationCache,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const located = locateSystem(this.store, document);
    if (!located) return undefined;
    const index = located.placement.segmentAt(position.line);
    if (index === undefined || index >= located.scored.scores.scoredCount) return undefined;
    let explanation: SegmentExplanation | undefined;
    try {
      explanation = await this.cache.get(located.scored, index);
    } catch {
      return undefined;
    }
    if (!explanation) return undefined;
    const explanations = metricExplanations(explanation);
    const metrics = dependencyMetrics(explanations, shownMetrics(located.scored.metrics, displaySettings()));
    if (metrics.length === 0) return undefined;
    const markdown = new vscode.MarkdownString(undefined, true);
    markdown.supportHtml = true;
    markdown.isTrusted = { enabledCommands: [SHOW_DEPENDENCY_TREES_COMMAND] };
    markdown.appendMarkdown(`**Understudy · dependency matches** · segment ${index + 1}\n\n`);
    const names = referenceNames(located.scored);
    for (const metric of metrics) {
      const groups = groupedTriples(explanations[metric]);
      if (groups.length === 0) continue;
      const best = explanations[metric].bestReference;
      const against = best !== undefined && names.length > 1 ? ` against ${escapeMarkdownHtml(names[best] ?? `reference ${best + 1}`)}` : '';
      markdown.appendMarkdown(`*${escapeMarkdownHtml(metric)}*${against}\n\n`);
      // Code spans; a table cell's pipes escaped (ROUGE-BE elements are head|modifier|relation).
      const cell = (units: readonly string[]): string => {
        const shown = units.slice(0, MAX_LISTED).map((u) => `\`${u.replace(/`/g, "'").replace(/\|/g, '\\|')}\``).join(', ');
        return units.length > MAX_LISTED ? `${shown} …(+${units.length - MAX_LISTED})` : shown || '—';
      };
      const rows = groups.map((g) => `| ${escapeMarkdownHtml(g.relation)} | ${cell(g.matched)} | ${cell(g.unmatchedHypothesis)} | ${cell(g.unmatchedReference)} |`);
      markdown.appendMarkdown(['| relation | matched | hypothesis only | reference only |', '|---|---|---|---|', ...rows].join('\n') + '\n\n');
    }
    const withTree = treeExplanation(explanations, metrics);
    const tree = withTree?.details.hypothesisTree;
    if (typeof tree === 'string') {
      const text = indentedTree(parseTreeText(tree)).replace(/```/g, "'''");
      markdown.appendMarkdown('*hypothesis tree*\n');
      markdown.appendCodeblock(text, 'text');
    }
    const args = encodeURIComponent(JSON.stringify([located.scored.uri.toJSON(), index]));
    markdown.appendMarkdown(`\n[$(type-hierarchy) Show dependency trees](command:${SHOW_DEPENDENCY_TREES_COMMAND}?${args} "Hypothesis and reference trees side by side, matched arcs coloured")`);
    return new vscode.Hover(markdown, document.lineAt(position.line).range);
  }
}

/**
 * On the active line of a scored system: the words of the dependency pairs the metric matched are underlined, and
 * the same pairs' words on the reference line of any visible reference editor. Each underline's hover names its units.
 */
export class DependencyPairHighlights implements vscode.Disposable {
  private readonly type = vscode.window.createTextEditorDecorationType({
    borderStyle: 'none none solid none',
    borderWidth: '0 0 2px 0',
    borderColor: new vscode.ThemeColor('understudy.dependencyMatchBorder'),
  });
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly decorated = new Set<vscode.TextEditor>();
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;

  constructor(
    private readonly store: EvaluationStore,
    private readonly cache: ExplanationCache,
    private readonly manifests: ManifestEvaluations | undefined,
  ) {
    const schedule = (): void => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.update(), 50);
    };
    this.subscriptions.push(
      store.onDidChange(schedule),
      store.onDidRemove(schedule),
      vscode.window.onDidChangeTextEditorSelection(schedule),
      vscode.window.onDidChangeActiveTextEditor(schedule),
      vscode.window.onDidChangeVisibleTextEditors(schedule),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('understudy') && schedule()),
    );
  }

  private async update(): Promise<void> {
    const generation = ++this.generation;
    const ranges = new Map<vscode.TextEditor, vscode.DecorationOptions[]>();
    const editor = vscode.window.activeTextEditor;
    const located = editor && displaySettings().highlightMode !== 'off' ? locateSystem(this.store, editor.document) : undefined;
    const index = located && editor ? located.placement.segmentAt(editor.selection.active.line) : undefined;
    if (editor && located && index !== undefined && index < located.scored.scores.scoredCount) {
      let explanation: SegmentExplanation | undefined;
      try {
        explanation = await this.cache.get(located.scored, index);
      } catch {
        explanation = undefined;
      }
      if (generation !== this.generation) return;
      const drawn = explanation && drawnMetric(located.scored, explanation);
      if (drawn) {
        const label = (spans: readonly { start: number; end: number }[], side: 'hypothesis' | 'reference', k?: number): vscode.MarkdownString => {
          const kinds = drawn.explanation.matches
            .filter((m) => (side === 'hypothesis' ? m.hypothesis : m.referenceIndex === k ? m.reference : []).some((s) => spans.some((t) => t.start === s.start && t.end === s.end)))
            .map((m) => m.kind ?? '');
          return new vscode.MarkdownString(`${escapeMarkdownHtml(drawn.metric)}: matched as ${escapeMarkdownHtml([...new Set(kinds)].join(', ') || 'unit')}`);
        };
        const pairs = matchedPairSpans(drawn.explanation);
        ranges.set(
          editor,
          pairs.hypothesis.map((s) => ({ range: located.placement.range(index, s) ?? new vscode.Range(0, 0, 0, 0), hoverMessage: label([s], 'hypothesis') })).filter((o) => !o.range.isEmpty),
        );
        for (const other of vscode.window.visibleTextEditors) {
          for (const { scored, k, placement } of locateReference(this.store, this.manifests, other.document)) {
            if (scored.uri.toString() !== located.scored.uri.toString()) continue;
            const spans = pairs.reference.get(k) ?? [];
            const options = spans.map((s) => ({ range: placement.range(index, s) ?? new vscode.Range(0, 0, 0, 0), hoverMessage: label([s], 'reference', k) })).filter((o) => !o.range.isEmpty);
            ranges.set(other, [...(ranges.get(other) ?? []), ...options]);
          }
        }
      }
    }
    if (generation !== this.generation) return;
    for (const target of new Set([...this.decorated, ...ranges.keys()])) {
      if (!vscode.window.visibleTextEditors.includes(target)) {
        this.decorated.delete(target);
        continue;
      }
      target.setDecorations(this.type, ranges.get(target) ?? []);
      if (ranges.has(target)) this.decorated.add(target);
      else this.decorated.delete(target);
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.type.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The trees panel: one at a time, showing the segment last asked for. Its script is dist/webview/dependency.js. */
export class DependencyTreesPanel implements vscode.Disposable {
  static readonly viewType = 'understudy.dependencyTrees';
  private panel: vscode.WebviewPanel | undefined;
  private message: MessageToDependencyWebview | undefined;
  private readonly webviewRoot: vscode.Uri;

  constructor(extensionUri: vscode.Uri) {
    this.webviewRoot = vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
  }

  show(message: MessageToDependencyWebview): void {
    this.message = message;
    if (this.panel) {
      this.panel.reveal(undefined, true);
      void this.panel.webview.postMessage(message);
      return;
    }
    const panel = vscode.window.createWebviewPanel(DependencyTreesPanel.viewType, 'Understudy — Dependency Trees', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      enableScripts: true,
      localResourceRoots: [this.webviewRoot],
    });
    this.panel = panel;
    panel.webview.html = dependencyHtml({
      cspSource: panel.webview.cspSource,
      scriptUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.webviewRoot, 'dependency.js')).toString(),
      styleUri: panel.webview.asWebviewUri(vscode.Uri.joinPath(this.webviewRoot, 'dependency.css')).toString(),
      nonce: makeNonce((bound) => crypto.randomInt(bound)),
    });
    panel.webview.onDidReceiveMessage((m: unknown) => {
      if (isMessageFromDependencyWebview(m) && this.message) void panel.webview.postMessage(this.message);
    });
    panel.onDidDispose(() => {
      if (this.panel === panel) this.panel = undefined;
    });
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  /** What the panel shows (for tests). */
  get shown(): MessageToDependencyWebview | undefined {
    return this.panel ? this.message : undefined;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

const asUri = (value: unknown): vscode.Uri | undefined =>
  value instanceof vscode.Uri ? value : value && typeof value === 'object' && 'path' in value ? vscode.Uri.from(value as vscode.Uri) : typeof value === 'string' ? vscode.Uri.parse(value) : undefined;

/** The message for segment `index` of `scored`: both trees, or why there are none. */
export async function dependencyTreesMessage(scored: ScoredDocument, index: number, cache: ExplanationCache): Promise<MessageToDependencyWebview> {
  const explanation = await cache.get(scored, index);
  if (!explanation) return { type: 'empty', text: `Segment ${index + 1} of ${scored.name} is not scored yet.` };
  const explanations = metricExplanations(explanation);
  const shown = shownMetrics(scored.metrics, displaySettings());
  const withTree = treeExplanation(explanations, dependencyMetrics(explanations, shown));
  if (!withTree) {
    return { type: 'empty', text: `${scored.name} is scored without dep-f, whose explanations carry the trees: add "dep-f" to understudy.metrics (or the manifest's metrics).` };
  }
  const names = referenceNames(scored);
  const view = dependencyTreesView(withTree, explanation.hypothesis, explanation.references, (k) => names[k] ?? `reference ${k + 1}`);
  if (!view) return { type: 'empty', text: `No trees for segment ${index + 1}.` };
  return { type: 'trees', title: `${scored.name} · segment ${index + 1}`, view };
}

/**
 * The dependency views: the hover part, the active line's matched pairs, and "Understudy: Show Dependency Trees"
 * (for the active line, or the system and segment a hover link passes). Returns the panel (for tests).
 */
export function registerDependencyViews(context: vscode.ExtensionContext, store: EvaluationStore, cache: ExplanationCache, manifests: ManifestEvaluations | undefined, selector: vscode.DocumentSelector): DependencyTreesPanel {
  const panel = new DependencyTreesPanel(context.extensionUri);
  // While the panel is open it follows the cursor through the lines of scored systems.
  let followTimer: NodeJS.Timeout | undefined;
  let followed = '';
  const follow = (editor: vscode.TextEditor): void => {
    if (!panel.isOpen) return;
    const located = locateSystem(store, editor.document);
    const index = located?.placement.segmentAt(editor.selection.active.line);
    if (!located || index === undefined || index >= located.scored.scores.scoredCount) return;
    const key = `${located.scored.uri.toString()}#${index}`;
    if (key === followed) return;
    clearTimeout(followTimer);
    followTimer = setTimeout(() => {
      followed = key;
      dependencyTreesMessage(located.scored, index, cache).then((message) => panel.isOpen && panel.show(message), () => undefined);
    }, 150);
  };
  context.subscriptions.push(
    { dispose: () => clearTimeout(followTimer) },
    vscode.window.onDidChangeTextEditorSelection((event) => follow(event.textEditor)),
    panel,
    new DependencyPairHighlights(store, cache, manifests),
    vscode.languages.registerHoverProvider(selector, new DependencyHoverProvider(store, cache)),
    vscode.commands.registerCommand(SHOW_DEPENDENCY_TREES_COMMAND, async (arg?: unknown, segment?: unknown) => {
      const uri = asUri(arg);
      const editor = vscode.window.activeTextEditor;
      const located = uri ? undefined : editor && locateSystem(store, editor.document);
      const scored = uri ? store.get(uri) : located?.scored;
      const index = typeof segment === 'number' ? segment : located && editor ? located.placement.segmentAt(editor.selection.active.line) : undefined;
      if (!scored || index === undefined) {
        void vscode.window.showInformationMessage('Understudy: put the cursor on a line of a scored system (with dep-f among its metrics) to see its dependency trees.');
        return undefined;
      }
      try {
        const message = await dependencyTreesMessage(scored, index, cache);
        followed = `${scored.uri.toString()}#${index}`;
        panel.show(message);
        return message;
      } catch (error) {
        void vscode.window.showErrorMessage(`Understudy: no dependency trees for segment ${index + 1}: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      }
    }),
  );
  return panel;
}
