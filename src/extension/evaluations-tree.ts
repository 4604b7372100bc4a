import * as vscode from 'vscode';
import { SystemScores } from '../core/engine/evaluation-session';
import { describeMetric } from '../core/engine/metric-descriptions';
import { formatCorpusScore, formatSentenceScores } from '../core/inspect/score-labels';
import { describeScoreRange, filterSegments, LENGTH_BUCKETS, parseScoreRange, SegmentFilter, SegmentRow, sortWorstFirst, wordCount } from '../core/inspect/segment-filter';
import { displaySettings, heatMetric, shownMetrics } from './display-settings';
import { EvaluationStore, ScoredDocument, SegmentReader } from './evaluation-store';
import { readSegments } from './evaluation-store';
import { corpusTooltip } from './corpus-summary';
import { ManifestEvaluations } from './manifest-evaluations';

export const TREE_VIEW_ID = 'understudy.evaluations';
/** Segments listed per system before a "Show more" row. */
const PAGE = 200;

type Node =
  | { readonly kind: 'evaluation'; readonly id: string; readonly name: string; readonly systems: readonly { name: string; uri: vscode.Uri }[]; readonly manifest?: vscode.Uri }
  | { readonly kind: 'system'; readonly uri: vscode.Uri; readonly name: string; readonly evaluation: string }
  | { readonly kind: 'segment'; readonly uri: vscode.Uri; readonly index: number; readonly text: string; readonly evaluation: string }
  | { readonly kind: 'more'; readonly uri: vscode.Uri; readonly remaining: number; readonly evaluation: string }
  | { readonly kind: 'message'; readonly text: string; readonly uri?: vscode.Uri; readonly evaluation: string };

interface Row extends SegmentRow {
  readonly text: string;
}

/**
 * The "Evaluations" tree (its own activity-bar container): evaluations → systems with their corpus scores →
 * segments sorted worst first by any metric, narrowed by length bucket and score range; a click reveals the line.
 */
export class EvaluationsTree implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private sortMetric: string | undefined;
  private filter: SegmentFilter = {};
  private readonly pages = new Map<string, number>();
  /** Segment texts (and word counts) per scored text, read when a system is expanded. */
  private readonly rows = new WeakMap<SystemScores, Promise<Row[]>>();
  private refreshTimer: NodeJS.Timeout | undefined;
  readonly view: vscode.TreeView<Node>;

  constructor(
    private readonly store: EvaluationStore,
    private readonly manifests: ManifestEvaluations,
  ) {
    this.view = vscode.window.createTreeView(TREE_VIEW_ID, { treeDataProvider: this, showCollapseAll: true });
    this.subscriptions.push(
      this.view,
      this.changed,
      store.onDidChange(() => this.scheduleRefresh()),
      store.onDidRemove(() => this.scheduleRefresh()),
      manifests.onDidChange(() => this.scheduleRefresh()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('understudy') && this.scheduleRefresh()),
    );
    this.describe();
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => this.changed.fire(undefined), 150);
  }

  private describe(): void {
    const parts = [`worst first by ${this.sortMetric ? describeMetric(this.sortMetric).label : 'the heat metric'}`];
    if (this.filter.length) parts.push(this.filter.length.label);
    if (this.filter.score) parts.push(describeScoreRange(this.filter.score));
    this.view.description = parts.join(' · ');
    void vscode.commands.executeCommand('setContext', 'understudy.treeFiltered', this.filter.length !== undefined || this.filter.score !== undefined);
  }

  private evaluations(): Node[] {
    const nodes: Node[] = this.manifests.all().map((e) => ({ kind: 'evaluation', id: e.id, name: e.name, systems: e.systems.map((s) => ({ name: s.name, uri: s.uri })), manifest: e.manifest }));
    // Files scored by hand: grouped by their reference set.
    const byReferences = new Map<string, ScoredDocument[]>();
    for (const scored of this.store.all()) {
      if (scored.evaluation && this.manifests.get(scored.evaluation)) continue;
      const key = `files:${scored.references.map((r) => r.toString()).join('|')}`;
      byReferences.set(key, [...(byReferences.get(key) ?? []), scored]);
    }
    for (const [id, documents] of byReferences) {
      const names = documents[0].referenceNames ?? documents[0].references.map((r) => vscode.workspace.asRelativePath(r));
      nodes.push({ kind: 'evaluation', id, name: `against ${names.join(' + ')}`, systems: documents.map((d) => ({ name: d.name, uri: d.uri })) });
    }
    return nodes;
  }

  getChildren(node?: Node): Node[] | Promise<Node[]> {
    if (!node) {
      const evaluations = this.evaluations();
      return evaluations.length > 0 ? evaluations : [];
    }
    if (node.kind === 'evaluation') return node.systems.map((s) => ({ kind: 'system', uri: s.uri, name: s.name, evaluation: node.id }));
    if (node.kind === 'system') return this.segments(node);
    return [];
  }

  private sortMetricFor(scored: ScoredDocument): string | undefined {
    if (this.sortMetric && scored.metrics.includes(this.sortMetric)) return this.sortMetric;
    return heatMetric(scored.metrics, displaySettings())?.metric;
  }

  private readRows(scored: ScoredDocument): Promise<Row[]> {
    let rows = this.rows.get(scored.scores);
    if (!rows) {
      const reader: SegmentReader = this.store.attachOptions(scored.uri)?.readSystem ?? (() => readSegments(scored.uri));
      rows = reader().then(({ segments }) => segments.slice(0, scored.scores.scoredCount).map((text, index) => ({ index, text, words: wordCount(text) })));
      this.rows.set(scored.scores, rows);
    }
    return rows;
  }

  private async segments(node: Extract<Node, { kind: 'system' }>): Promise<Node[]> {
    const scored = this.store.get(node.uri);
    if (!scored || scored.provisional) return [{ kind: 'message', text: scored ? 'scoring…' : 'not scored yet', uri: node.uri, evaluation: node.evaluation }];
    const metric = this.sortMetricFor(scored);
    if (!metric) return [];
    const scoreOf = (m: string, i: number): number => scored.scores.sentence[m]?.[i] ?? Number.NaN;
    let rows: Row[];
    try {
      rows = await this.readRows(scored);
    } catch (error) {
      return [{ kind: 'message', text: `cannot read the segments: ${(error as Error).message}`, evaluation: node.evaluation }];
    }
    const filter = this.filter.score && !scored.metrics.includes(this.filter.score.metric) ? { ...this.filter, score: undefined } : this.filter;
    const sorted = sortWorstFirst(filterSegments(rows, filter, scoreOf), metric, scoreOf);
    if (sorted.length === 0) return [{ kind: 'message', text: 'no segment passes the filters', evaluation: node.evaluation }];
    const limit = this.pages.get(node.uri.toString()) ?? PAGE;
    const nodes: Node[] = sorted.slice(0, limit).map((row) => ({ kind: 'segment', uri: node.uri, index: row.index, text: row.text, evaluation: node.evaluation }));
    if (sorted.length > limit) nodes.push({ kind: 'more', uri: node.uri, remaining: sorted.length - limit, evaluation: node.evaluation });
    return nodes;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'evaluation': {
        const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Expanded);
        item.id = `evaluation:${node.id}`;
        const scored = node.systems.map((s) => this.store.get(s.uri)).filter((d): d is ScoredDocument => d !== undefined);
        item.description = `${node.systems.length} system${node.systems.length === 1 ? '' : 's'}${scored[0] ? ` · ${scored[0].scores.referenceCount} segments · ${(scored[0].referenceNames ?? []).length} ref${(scored[0].referenceNames ?? []).length === 1 ? '' : 's'}` : ''}`;
        item.tooltip = node.manifest ? `${vscode.workspace.asRelativePath(node.manifest)}` : 'Scored with "Score Against Reference…"';
        item.iconPath = new vscode.ThemeIcon(node.manifest ? 'beaker' : 'files');
        item.contextValue = node.manifest ? 'understudy.manifestEvaluation' : 'understudy.evaluation';
        if (node.manifest) item.command = { command: 'vscode.open', title: 'Open understudy.json', arguments: [node.manifest] };
        return item;
      }
      case 'system': {
        const scored = this.store.get(node.uri);
        const item = new vscode.TreeItem(node.name, scored ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.id = `system:${node.evaluation}:${node.uri.toString()}`;
        if (scored) {
          const shown = shownMetrics(scored.metrics, displaySettings());
          item.description = shown.filter((m) => scored.scores.corpus[m]).map((m) => formatCorpusScore(m, scored.scores.corpus[m].score)).join(' · ');
          item.tooltip = corpusTooltip(scored);
        } else {
          item.description = 'not scored';
        }
        item.iconPath = new vscode.ThemeIcon('output');
        item.resourceUri = node.uri.fragment ? undefined : node.uri;
        item.contextValue = 'understudy.system';
        return item;
      }
      case 'segment': {
        const scored = this.store.get(node.uri);
        const shown = scored ? shownMetrics(scored.metrics, displaySettings()) : [];
        const sortBy = scored ? this.sortMetricFor(scored) : undefined;
        const ordered = sortBy ? [sortBy, ...shown.filter((m) => m !== sortBy)] : shown;
        const label = formatSentenceScores(ordered.map((m) => [m, scored?.scores.sentence[m]?.[node.index] ?? Number.NaN] as const));
        const item = new vscode.TreeItem(`${scored?.layout?.kind === 'files' ? 'summary' : 'line'} ${node.index + 1}`, vscode.TreeItemCollapsibleState.None);
        item.id = `segment:${node.evaluation}:${node.uri.toString()}#${node.index}`;
        item.description = `${label} — ${node.text.length > 80 ? `${node.text.slice(0, 80)}…` : node.text}`;
        const tooltip = new vscode.MarkdownString();
        tooltip.appendText(`${label}\n\n${node.text}`);
        item.tooltip = tooltip;
        item.command = { command: 'understudy.revealSegment', title: 'Reveal', arguments: [node.uri, node.index] };
        item.contextValue = 'understudy.segment';
        return item;
      }
      case 'more': {
        const item = new vscode.TreeItem(`Show ${Math.min(PAGE, node.remaining)} more (${node.remaining} left)…`, vscode.TreeItemCollapsibleState.None);
        item.command = { command: 'understudy.tree.showMore', title: 'Show more', arguments: [node.uri] };
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
    }
  }

  getParent(node: Node): Node | undefined {
    if (node.kind === 'evaluation') return undefined;
    const evaluation = this.evaluations().find((e) => e.kind === 'evaluation' && e.id === node.evaluation);
    if (node.kind === 'system' || !evaluation) return evaluation;
    const system = evaluation.kind === 'evaluation' ? evaluation.systems.find((s) => s.uri.toString() === node.uri?.toString()) : undefined;
    return system ? { kind: 'system', uri: system.uri, name: system.name, evaluation: node.evaluation } : evaluation;
  }

  /** Shows the system of `uri` in the tree, expanded. */
  async revealSystem(uri: vscode.Uri): Promise<void> {
    const scored = this.store.get(uri);
    const evaluation = this.evaluations().find((e) => e.kind === 'evaluation' && e.systems.some((s) => s.uri.toString() === uri.toString()));
    if (!scored || !evaluation || evaluation.kind !== 'evaluation') return;
    await this.view.reveal({ kind: 'system', uri, name: scored.name, evaluation: evaluation.id }, { expand: true, focus: true, select: true });
  }

  showMore(uri: vscode.Uri): void {
    this.pages.set(uri.toString(), (this.pages.get(uri.toString()) ?? PAGE) + PAGE);
    this.changed.fire(undefined);
  }

  async chooseSort(): Promise<void> {
    const metrics = [...new Set(this.store.all().flatMap((d) => d.metrics))];
    if (metrics.length === 0) {
      void vscode.window.showInformationMessage('Understudy: nothing is scored yet.');
      return;
    }
    const picked = await vscode.window.showQuickPick(
      metrics.map((m) => ({ label: describeMetric(m).label, description: describeMetric(m).higherIsBetter ? 'lowest first' : 'highest first (lower is better)', metric: m })),
      { title: 'Sort segments worst first by', placeHolder: 'Metric' },
    );
    if (!picked) return;
    this.sortMetric = picked.metric;
    this.describe();
    this.changed.fire(undefined);
  }

  async chooseLength(): Promise<void> {
    const picked = await vscode.window.showQuickPick(
      [{ label: 'Any length', bucket: undefined }, ...LENGTH_BUCKETS.map((b) => ({ label: b.label, bucket: b }))],
      { title: 'Show segments of length (hypothesis words)' },
    );
    if (!picked) return;
    this.filter = { ...this.filter, length: picked.bucket };
    this.describe();
    this.changed.fire(undefined);
  }

  async chooseScoreRange(): Promise<void> {
    const metrics = [...new Set(this.store.all().flatMap((d) => d.metrics))];
    const metric = this.sortMetric ?? metrics[0];
    if (!metric) return;
    const label = describeMetric(metric).label;
    const text = await vscode.window.showInputBox({
      title: `Show segments whose ${label} is in a range`,
      prompt: `e.g. 0-20, <10, >=50 (empty: any ${label}); "Sort By…" chooses the metric`,
      value: this.filter.score?.metric === metric ? describeScoreRange(this.filter.score).slice(label.length + 1) : '',
      validateInput: (value) => (value.trim() === '' || parseScoreRange(metric, value) ? undefined : 'Write a range such as 0-20, <10 or >=50'),
    });
    if (text === undefined) return;
    this.filter = { ...this.filter, score: text.trim() === '' ? undefined : parseScoreRange(metric, text) };
    this.describe();
    this.changed.fire(undefined);
  }

  /** Sets filters directly (commands with arguments, tests). */
  setFilter(filter: SegmentFilter, sortMetric?: string): void {
    this.filter = filter;
    if (sortMetric !== undefined) this.sortMetric = sortMetric;
    this.describe();
    this.changed.fire(undefined);
  }

  clearFilters(): void {
    this.filter = {};
    this.describe();
    this.changed.fire(undefined);
  }

  dispose(): void {
    clearTimeout(this.refreshTimer);
    for (const s of this.subscriptions) s.dispose();
  }
}
