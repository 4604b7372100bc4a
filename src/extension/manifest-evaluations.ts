import * as vscode from 'vscode';
import { CorpusFormat, isGlob, JudgmentFormat, Manifest, ManifestFileEntry, ManifestTask, namesFromFiles, parseManifest, resolveFormat, TextRange } from '../core/corpus/manifest';
import { MetricSettings } from '../core/engine/metric-settings';
import { CorpusWarning, UnderstudyError } from '../core/errors';
import { settingsFromConfiguration } from './configuration';
import { manifestSettingSchemas, withManifestSettings } from './manifest-settings';
import { baseName, ducSystems, jsonlSystem, readDucReferences, readJsonlReference, readLineReference, ReferenceStream } from './corpus-files';
import { EvaluationStore, ReferenceReader, SegmentLayout, SegmentReader } from './evaluation-store';
import { JobCancelled } from './worker-client';

export const MANIFEST_NAME = 'understudy.json';
const MANIFEST_GLOB = `**/${MANIFEST_NAME}`;
const EXCLUDE = '{**/node_modules/**,**/.git/**,**/out/**,**/dist/**,**/test-host/**}';

/** A system of an evaluation, as the views list it. */
export interface EvaluationSystem {
  readonly name: string;
  /** The key the store scores it under: the system file, or `<folder>#peer=<id>` for a DUC/TAC peer. */
  readonly uri: vscode.Uri;
  readonly layout: SegmentLayout;
  readonly read?: SegmentReader;
  readonly watch?: readonly vscode.Uri[];
}

/** An evaluation a workspace holds, from an understudy.json manifest. */
export interface Evaluation {
  /** The manifest's URI as a string. */
  readonly id: string;
  readonly name: string;
  readonly task: ManifestTask;
  readonly manifest: vscode.Uri;
  readonly folder: vscode.Uri;
  /** The reference files (and folders) as named in the manifest, resolved. */
  readonly references: readonly vscode.Uri[];
  /** One per reference stream (a JSONL list field or a DUC folder gives several). */
  readonly referenceStreams: readonly Omit<ReferenceStream, 'segments'>[];
  readonly source?: vscode.Uri;
  readonly systems: readonly EvaluationSystem[];
  /** Human judgments, carried along for meta-evaluation. */
  readonly judgments: readonly { readonly uri: vscode.Uri; readonly format: JudgmentFormat; readonly level?: 'segment' | 'system' }[];
  /** The manifest's metrics and settings (by setting key), which take precedence over the user's settings. */
  readonly metrics?: readonly string[];
  readonly settings: Readonly<Record<string, unknown>>;
  readonly readReferences: ReferenceReader;
}

interface Problem {
  readonly uri: vscode.Uri;
  /** A manifest text range, or whole lines of another file. */
  readonly range: TextRange | { readonly line: number };
  readonly message: string;
  readonly severity: vscode.DiagnosticSeverity;
}

/** The metrics and settings an evaluation is scored with: the user's settings, with the manifest's on top. */
export function evaluationSettings(evaluation: Pick<Evaluation, 'metrics' | 'settings'> | undefined): { metrics: string[]; settings: MetricSettings } {
  const configured = settingsFromConfiguration();
  if (!evaluation) return configured;
  return { metrics: evaluation.metrics ? [...evaluation.metrics] : configured.metrics, settings: withManifestSettings(configured.settings, evaluation.settings) };
}

/** What an evaluation scores: equal fingerprints, equal scores (names and judgments aside). */
function fingerprint(evaluation: Evaluation): string {
  return JSON.stringify([
    evaluation.references.map((r) => r.toString()),
    evaluation.referenceStreams.map((s) => s.file),
    evaluation.systems.map((s) => [s.name, s.uri.toString(), s.layout.kind]),
    evaluation.metrics ?? null,
    evaluation.settings,
  ]);
}

function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(path);
}

/**
 * Finds the understudy.json manifests of the workspace, reads them (diagnostics on the manifest and on the files
 * concerned say what is wrong and what to do), and scores their systems in the store; follows their changes.
 */
export class ManifestEvaluations implements vscode.Disposable {
  private readonly evaluations = new Map<string, Evaluation>();
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('understudy-manifest');
  private readonly problemFiles = new Map<string, vscode.Uri[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private loading: Promise<void> | undefined;

  constructor(private readonly store: EvaluationStore) {
    const watcher = vscode.workspace.createFileSystemWatcher(MANIFEST_GLOB);
    this.subscriptions.push(
      watcher,
      watcher.onDidCreate((uri) => this.scheduleLoad(uri)),
      watcher.onDidChange((uri) => this.scheduleLoad(uri)),
      watcher.onDidDelete((uri) => this.remove(uri)),
      // Unsaved edits of a manifest count too (its diagnostics follow typing).
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.path.endsWith(`/${MANIFEST_NAME}`) && event.contentChanges.length > 0) this.scheduleLoad(event.document.uri);
      }),
      this.changed,
      this.diagnostics,
    );
  }

  all(): Evaluation[] {
    return [...this.evaluations.values()];
  }

  get(id: string | undefined): Evaluation | undefined {
    return id === undefined ? undefined : this.evaluations.get(id);
  }

  /** The evaluation and system a scored key belongs to. */
  systemOf(uri: vscode.Uri): { evaluation: Evaluation; system: EvaluationSystem } | undefined {
    for (const evaluation of this.evaluations.values()) {
      const system = evaluation.systems.find((s) => s.uri.toString() === uri.toString());
      if (system) return { evaluation, system };
    }
    return undefined;
  }

  /** Loads every manifest of the workspace (once; later calls wait for the same load). */
  loadAll(): Promise<void> {
    this.loading ??= (async () => {
      const manifests = await vscode.workspace.findFiles(MANIFEST_GLOB, EXCLUDE, 200);
      for (const uri of manifests.sort((a, b) => a.path.localeCompare(b.path))) await this.load(uri);
    })();
    return this.loading;
  }

  /** Finds and reads every manifest again ("Understudy: Reload Evaluations"). */
  reload(): Promise<void> {
    this.loading = undefined;
    return this.loadAll();
  }

  /** Reads (or re-reads) one manifest, and scores its systems unless `score` is false. */
  async load(uri: vscode.Uri, score = vscode.workspace.getConfiguration('understudy').get<boolean>('manifest.scoreOnOpen', true)): Promise<Evaluation | undefined> {
    const problems: Problem[] = [];
    let evaluation: Evaluation | undefined;
    try {
      const text = await this.readText(uri);
      const parsed = parseManifest(text, manifestSettingSchemas(vscode.extensions.getExtension('understudy.understudy')));
      const severity = (s: 'error' | 'warning'): vscode.DiagnosticSeverity => (s === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
      problems.push(...parsed.problems.map((p) => ({ uri, range: p.range, message: p.message, severity: severity(p.severity) })));
      if (parsed.manifest) evaluation = await this.resolve(uri, parsed.manifest, problems);
    } catch (error) {
      problems.push({ uri, range: { offset: 0, length: 0 }, message: `Cannot read ${MANIFEST_NAME}: ${(error as Error).message}`, severity: vscode.DiagnosticSeverity.Error });
    }
    const previous = this.evaluations.get(uri.toString());
    if (evaluation) this.evaluations.set(evaluation.id, evaluation);
    else this.evaluations.delete(uri.toString());
    // Systems the manifest no longer names stop being scored.
    for (const system of previous?.systems ?? []) {
      if (!evaluation?.systems.some((s) => s.uri.toString() === system.uri.toString())) this.store.detach(system.uri);
    }
    await this.publish(uri, problems);
    this.changed.fire();
    // Re-reading a manifest that resolves to the same evaluation (an edit of its name, a comment, a save) does not
    // re-score systems that are scored already.
    const unchanged = previous && evaluation && fingerprint(previous) === fingerprint(evaluation) && evaluation.systems.every((s) => this.store.get(s.uri));
    if (evaluation && score && !unchanged) await this.score(evaluation);
    return evaluation;
  }

  /** Scores (or re-scores) every system of an evaluation, with a cancellable progress notification. */
  async score(evaluation: Evaluation, signal?: AbortSignal): Promise<void> {
    const { metrics, settings } = evaluationSettings(evaluation);
    const problems: Problem[] = [];
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Understudy: scoring ${evaluation.name}`, cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        // `signal` outlives this evaluation (rescoreAll passes it to each): its listener goes when scoring ends.
        const onAbort = (): void => abort.abort();
        signal?.addEventListener('abort', onAbort, { once: true });
        if (signal?.aborted) abort.abort();
        try {
          for (const [i, system] of evaluation.systems.entries()) {
            if (abort.signal.aborted) break;
            progress.report({ message: `${system.name} (${i + 1}/${evaluation.systems.length})`, increment: 100 / evaluation.systems.length });
            try {
              await this.store.attach(system.uri, evaluation.references, metrics, settings, {
                name: system.name,
                control: { signal: abort.signal },
                readSystem: system.read,
                readReferences: evaluation.readReferences,
                referenceNames: evaluation.referenceStreams.map((s) => s.file),
                layout: system.layout,
                evaluation: evaluation.id,
                watch: system.watch,
              });
            } catch (error) {
              if (error instanceof JobCancelled) break;
              const message = error instanceof Error ? error.message : String(error);
              if (error instanceof UnderstudyError && error.code === 'unknown-metric') {
                problems.push({ uri: evaluation.manifest, range: this.metricsRange(evaluation), message, severity: vscode.DiagnosticSeverity.Error });
                break;
              }
              if (error instanceof UnderstudyError && typeof error.details.line === 'number' && system.uri.fragment === '') {
                // A line of the system file cannot be read (e.g. not a JSON record): say so on that line.
                problems.push({ uri: system.uri, range: { line: error.details.line - 1 }, message: `${message} ${system.name} is not scored until it can be read.`, severity: vscode.DiagnosticSeverity.Error });
                continue;
              }
              problems.push({ uri: evaluation.manifest, range: { offset: 0, length: 1 }, message: `${system.name} could not be scored: ${message}`, severity: vscode.DiagnosticSeverity.Error });
            }
          }
        } finally {
          signal?.removeEventListener('abort', onAbort);
        }
      },
    );
    if (problems.length > 0) await this.publish(evaluation.manifest, problems, true);
  }

  /** Re-scores every evaluation's systems (after a settings change). */
  async rescoreAll(signal?: AbortSignal): Promise<void> {
    for (const evaluation of this.evaluations.values()) {
      if (signal?.aborted) return;
      const scored = evaluation.systems.map((s) => this.store.get(s.uri)).filter((d) => d !== undefined);
      if (scored.length === 0) continue;
      // The manifest may set everything that changed: then there is nothing to re-score.
      const { metrics, settings } = evaluationSettings(evaluation);
      const same = scored.every((d) => JSON.stringify(d.metrics) === JSON.stringify(metrics) && JSON.stringify(d.settings) === JSON.stringify(settings));
      if (!same) await this.score(evaluation, signal);
    }
  }

  dispose(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
  }

  private metricsRanges = new Map<string, TextRange>();

  private metricsRange(evaluation: Evaluation): TextRange {
    return this.metricsRanges.get(evaluation.id) ?? { offset: 0, length: 1 };
  }

  private scheduleLoad(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        void this.load(uri);
      }, 300),
    );
  }

  private remove(uri: vscode.Uri): void {
    const evaluation = this.evaluations.get(uri.toString());
    this.evaluations.delete(uri.toString());
    for (const system of evaluation?.systems ?? []) this.store.detach(system.uri);
    this.clearProblems(uri);
    this.changed.fire();
  }

  private async readText(uri: vscode.Uri): Promise<string> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  }

  /** Files, folders and glob matches of an entry; a problem on the entry when there are none. */
  private async expand(folder: vscode.Uri, manifest: vscode.Uri, entry: ManifestFileEntry, what: string, problems: Problem[]): Promise<{ uri: vscode.Uri; isDirectory: boolean }[]> {
    if (isGlob(entry.path)) {
      const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, entry.path), EXCLUDE);
      if (found.length === 0) {
        problems.push({ uri: manifest, range: entry.at, message: `${what} "${entry.path}" matches no file under ${vscode.workspace.asRelativePath(folder)}. Paths are relative to this manifest's folder.`, severity: vscode.DiagnosticSeverity.Error });
      }
      return found.sort((a, b) => a.path.localeCompare(b.path)).map((uri) => ({ uri, isDirectory: false }));
    }
    const uri = isAbsolute(entry.path) ? vscode.Uri.file(entry.path) : vscode.Uri.joinPath(folder, entry.path);
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      return [{ uri, isDirectory: (stat.type & vscode.FileType.Directory) !== 0 }];
    } catch {
      problems.push({
        uri: manifest,
        range: entry.at,
        message: `Cannot read ${what} "${entry.path}": ${vscode.workspace.asRelativePath(uri)} does not exist. Paths are relative to this manifest's folder.`,
        severity: vscode.DiagnosticSeverity.Error,
      });
      return [];
    }
  }

  private async resolve(manifestUri: vscode.Uri, manifest: Manifest, problems: Problem[]): Promise<Evaluation | undefined> {
    const folder = vscode.Uri.joinPath(manifestUri, '..');
    if (manifest.metricsAt) this.metricsRanges.set(manifestUri.toString(), manifest.metricsAt);
    const formatProblem = (entry: ManifestFileEntry, format: CorpusFormat, isDirectory: boolean): string | undefined => {
      if (isDirectory && format !== 'duc') return `"${entry.path}" is a folder: a folder is read as DUC/TAC summaries ("format": "duc").`;
      if (!isDirectory && format === 'duc') return `"${entry.path}" is a file, but "format": "duc" reads a folder of one file per summary.`;
      return undefined;
    };

    // References: every file (or folder) gives one or more streams; they must have as many segments as the first.
    interface Planned { uri: vscode.Uri; format: Exclude<CorpusFormat, 'auto'>; name: string; field?: string; at: TextRange }
    const planned: Planned[] = [];
    for (const entry of manifest.references) {
      const matches = await this.expand(folder, manifestUri, entry, 'reference', problems);
      const names = namesFromFiles(matches.map((m) => baseName(m.uri)));
      matches.forEach((m, i) => {
        const problem = formatProblem(entry, entry.format === 'auto' ? resolveFormat('auto', m.uri.path, m.isDirectory) : entry.format, m.isDirectory);
        if (problem) problems.push({ uri: manifestUri, range: entry.at, message: problem, severity: vscode.DiagnosticSeverity.Error });
        else planned.push({ uri: m.uri, format: resolveFormat(entry.format, m.uri.path, m.isDirectory), name: matches.length === 1 && entry.name ? entry.name : names[i], field: entry.field, at: entry.at });
      });
    }
    let topics: string[] | undefined;
    const readPlanned = async (report: Problem[] | undefined): Promise<{ streams: ReferenceStream[]; warnings: CorpusWarning[] }> => {
      const streams: ReferenceStream[] = [];
      const warnings: CorpusWarning[] = [];
      for (const plan of planned) {
        try {
          let read: { streams: ReferenceStream[]; warnings: CorpusWarning[] };
          if (plan.format === 'duc') {
            const duc = await readDucReferences(plan.uri, plan.name);
            topics = duc.topics;
            read = duc;
          } else {
            read = plan.format === 'jsonl' ? await readJsonlReference(plan.uri, plan.name, plan.field) : await readLineReference(plan.uri, plan.name);
          }
          warnings.push(...read.warnings);
          for (const stream of read.streams) {
            const expected = streams[0]?.segments.length;
            if (expected !== undefined && stream.segments.length !== expected) {
              report?.push({
                uri: plan.format === 'duc' ? manifestUri : plan.uri,
                range: plan.format === 'duc' ? plan.at : { line: Math.max(0, Math.min(stream.segments.length, expected) - 1) },
                message:
                  `${stream.file} has ${stream.segments.length} segments but ${streams[0].file} has ${expected}: it is left out of this evaluation. ` +
                  `Every reference needs one segment per line of the test set; fix the file or remove it from ${MANIFEST_NAME}.`,
                severity: vscode.DiagnosticSeverity.Error,
              });
              continue;
            }
            streams.push(stream);
          }
        } catch (error) {
          report?.push({
            uri: error instanceof UnderstudyError && typeof error.details.line === 'number' ? plan.uri : manifestUri,
            range: error instanceof UnderstudyError && typeof error.details.line === 'number' ? { line: error.details.line - 1 } : plan.at,
            message: `Reference ${plan.name} cannot be read: ${(error as Error).message}`,
            severity: vscode.DiagnosticSeverity.Error,
          });
        }
      }
      return { streams, warnings };
    };
    const first = await readPlanned(problems);
    if (first.streams.length === 0) {
      if (manifest.references.length > 0 && !problems.some((p) => p.severity === vscode.DiagnosticSeverity.Error)) {
        problems.push({ uri: manifestUri, range: manifest.references[0].at, message: 'No reference could be read: nothing can be scored.', severity: vscode.DiagnosticSeverity.Error });
      }
      return undefined;
    }
    const readReferences: ReferenceReader = async () => {
      const read = await readPlanned(undefined);
      return { streams: read.streams.map((s) => ({ file: s.file, segments: s.segments })), warnings: read.warnings };
    };

    // Systems: files (lines or JSONL), glob matches, or DUC/TAC peer folders (one system per peer id).
    const systems: EvaluationSystem[] = [];
    for (const entry of manifest.systems) {
      const matches = await this.expand(folder, manifestUri, entry, 'system', problems);
      const names = namesFromFiles(matches.map((m) => baseName(m.uri)));
      for (const [i, m] of matches.entries()) {
        const format = resolveFormat(entry.format, m.uri.path, m.isDirectory);
        const problem = formatProblem(entry, format, m.isDirectory);
        if (problem) {
          problems.push({ uri: manifestUri, range: entry.at, message: problem, severity: vscode.DiagnosticSeverity.Error });
          continue;
        }
        const name = entry.name ? (matches.length === 1 ? entry.name : `${entry.name} ${names[i]}`) : names[i];
        try {
          if (format === 'duc') {
            if (!topics) {
              problems.push({ uri: manifestUri, range: entry.at, message: `The DUC/TAC peer folder "${entry.path}" needs its model summaries as references: list their folder in "references" (with "format": "duc").`, severity: vscode.DiagnosticSeverity.Error });
              continue;
            }
            for (const peer of await ducSystems(m.uri, topics)) {
              systems.push({
                name: entry.name ? `${entry.name} ${peer.id}` : `peer ${peer.id}`,
                uri: m.uri.with({ fragment: `peer=${peer.id}` }),
                layout: { kind: 'files', files: peer.files },
                read: peer.read,
                watch: peer.files.filter((f): f is vscode.Uri => f !== undefined),
              });
            }
          } else if (format === 'jsonl') {
            const jsonl = await jsonlSystem(m.uri, entry.field);
            systems.push({ name, uri: m.uri, layout: { kind: 'jsonl', field: jsonl.field }, read: jsonl.read });
          } else {
            systems.push({ name, uri: m.uri, layout: { kind: 'lines' } });
          }
        } catch (error) {
          const line = error instanceof UnderstudyError && typeof error.details.line === 'number' ? error.details.line - 1 : undefined;
          problems.push({
            uri: line === undefined ? manifestUri : m.uri,
            range: line === undefined ? entry.at : { line },
            message: `System ${name} cannot be read: ${(error as Error).message}`,
            severity: vscode.DiagnosticSeverity.Error,
          });
        }
      }
    }

    let source: vscode.Uri | undefined;
    if (manifest.source) source = (await this.expand(folder, manifestUri, manifest.source, 'source', problems))[0]?.uri;

    const judgments: { uri: vscode.Uri; format: JudgmentFormat; level?: 'segment' | 'system' }[] = [];
    for (const j of manifest.judgments) {
      const found = await this.expand(folder, manifestUri, { path: j.path, format: 'auto', at: j.at }, 'human judgments', problems);
      for (const f of found) judgments.push({ uri: f.uri, format: j.format, level: j.level });
    }

    return {
      id: manifestUri.toString(),
      name: manifest.name ?? vscode.workspace.asRelativePath(folder),
      task: manifest.task,
      manifest: manifestUri,
      folder,
      references: planned.map((p) => p.uri),
      referenceStreams: first.streams.map(({ segments: _segments, ...stream }) => stream),
      source,
      systems,
      judgments,
      metrics: manifest.metrics,
      settings: manifest.settings,
      readReferences,
    };
  }

  private clearProblems(manifest: vscode.Uri): void {
    for (const uri of this.problemFiles.get(manifest.toString()) ?? []) this.diagnostics.delete(uri);
    this.problemFiles.delete(manifest.toString());
  }

  /** Shows problems as Diagnostics (replacing the manifest's earlier ones, or added to them). */
  private async publish(manifest: vscode.Uri, problems: readonly Problem[], add = false): Promise<void> {
    if (!add) this.clearProblems(manifest);
    const byFile = new Map<string, { uri: vscode.Uri; diagnostics: vscode.Diagnostic[] }>();
    for (const problem of problems) {
      let range: vscode.Range;
      if ('line' in problem.range) {
        range = new vscode.Range(problem.range.line, 0, problem.range.line, Number.MAX_SAFE_INTEGER);
      } else {
        const document = await vscode.workspace.openTextDocument(problem.uri);
        range = new vscode.Range(document.positionAt(problem.range.offset), document.positionAt(problem.range.offset + problem.range.length));
      }
      const diagnostic = new vscode.Diagnostic(range, problem.message, problem.severity);
      diagnostic.source = 'Understudy';
      diagnostic.code = 'manifest';
      const entry = byFile.get(problem.uri.toString()) ?? { uri: problem.uri, diagnostics: [] };
      entry.diagnostics.push(diagnostic);
      byFile.set(problem.uri.toString(), entry);
    }
    const files = this.problemFiles.get(manifest.toString()) ?? [];
    for (const { uri, diagnostics } of byFile.values()) {
      this.diagnostics.set(uri, [...(add ? (this.diagnostics.get(uri) ?? []) : []), ...diagnostics]);
      if (!files.some((f) => f.toString() === uri.toString())) files.push(uri);
    }
    this.problemFiles.set(manifest.toString(), files);
  }
}
