import * as vscode from 'vscode';
import { decodeSegments } from '../core/corpus/decode-segments';
import { SegmentExplanation, SystemScores } from '../core/engine/evaluation-session';
import { MetricSettings } from '../core/engine/metric-settings';
import { SEGMENT_LOCAL_METRICS } from '../core/engine/segment-local-metrics';
import { CorpusWarning, UnderstudyError } from '../core/errors';
import { BootstrapInterval } from '../core/significance/bootstrap-confidence';
import { MultipleComparisonCorrection, PairedTestKind } from '../core/significance/pairwise-table';
import { SystemComparison } from '../worker/protocol';
import { JobCancelled, RequestControl, WorkerClient } from './worker-client';

/** A candidate file scored against a reference set: what every view (decorations, hovers, tree, lenses) reads. */
export interface ScoredDocument {
  readonly uri: vscode.Uri;
  /** Display name of the system (manifest name, else the file's workspace-relative path). */
  readonly name: string;
  readonly references: readonly vscode.Uri[];
  readonly metrics: readonly string[];
  readonly settings: MetricSettings;
  readonly scores: SystemScores;
  /** Problems reading the files (BOM, invalid UTF-8, mixed line endings…): the lines were still scored. */
  readonly warnings: readonly CorpusWarning[];
  /** Key of the evaluation session (reference set + metrics + settings) it is scored in. */
  readonly sessionKey: string;
  /**
   * 95% bootstrap intervals of the corpus scores (sacreBLEU `--confidence`), per metric; computed in the background
   * after scoring settles, absent until then and while they are being recomputed after an edit.
   */
  readonly intervals?: Readonly<Record<string, BootstrapInterval>>;
  /** Id of the evaluation (an understudy.json manifest) the system belongs to; absent for files scored by hand. */
  readonly evaluation?: string;
  /** Display names of the reference streams (one per reference, in the order the explanations index them). */
  readonly referenceNames?: readonly string[];
  /** Where each segment is shown: a line of `uri` (plain lines, JSON Lines), or a file of its own (DUC/TAC folders). */
  readonly layout?: SegmentLayout;
  /**
   * True while only the visible lines are scored (a long file just opened): sentence scores of those lines, no corpus
   * scores; the full scores replace it within seconds.
   */
  readonly provisional?: boolean;
  /** Set when the system's current text could not be read (the scores are those of the last readable text). */
  readonly readError?: { readonly code: string; readonly message: string; readonly line?: number };
}

/**
 * Where a system's segments are in the editor: segment i is line i of the system file (one segment per line, or one
 * JSON record per line with its text in `field`), or the whole of `files[i]` (a DUC/TAC summary, sentences on lines).
 */
export type SegmentLayout =
  | { readonly kind: 'lines' }
  | { readonly kind: 'jsonl'; readonly field: string }
  | { readonly kind: 'files'; readonly files: readonly (vscode.Uri | undefined)[] };

/** Reads a system's segments (from open editors where they are open, so that unsaved edits count). */
export type SegmentReader = () => Promise<{ segments: string[]; warnings: CorpusWarning[] }>;

/** Reads a reference set: one stream of segments per reference (a file can hold several: JSONL lists, DUC models). */
export type ReferenceReader = () => Promise<{ streams: { file: string; segments: string[] }[]; warnings: CorpusWarning[] }>;

interface SessionEntry {
  readonly key: string;
  readonly id: number;
  readonly references: readonly vscode.Uri[];
  readonly referenceNames: readonly string[];
  readonly metrics: readonly string[];
  readonly settings: MetricSettings;
  readonly referenceWarnings: readonly CorpusWarning[];
  /** How the references were read (again after a worker restart). */
  readonly read: ReferenceReader;
  /** Worker generation the session lives in; a restarted worker needs it opened again. */
  generation: number;
  opening?: Promise<void>;
}

export interface AttachOptions {
  readonly name?: string;
  readonly control?: RequestControl;
  /** How to read the system (default: `candidate` as a text or JSON Lines file). */
  readonly readSystem?: SegmentReader;
  /** How to read the references (default: each of `references` as one stream). */
  readonly readReferences?: ReferenceReader;
  readonly referenceNames?: readonly string[];
  readonly layout?: SegmentLayout;
  readonly evaluation?: string;
  /** Files other than `candidate` whose edits change the system's segments (DUC/TAC summary files). */
  readonly watch?: readonly vscode.Uri[];
}

/** Sessions are shared by systems scored against the same references with the same metrics and settings. */
function sessionKeyOf(references: readonly vscode.Uri[], metrics: readonly string[], settings: MetricSettings): string {
  return JSON.stringify([references.map((r) => r.toString()), metrics, settings]);
}

/** The default reference reader: each file is one stream. */
function readEachReference(references: readonly vscode.Uri[]): ReferenceReader {
  return async () => {
    const read = await Promise.all(references.map(async (uri) => ({ file: vscode.workspace.asRelativePath(uri), ...(await readSegments(uri)) })));
    return { streams: read.map((r) => ({ file: r.file, segments: r.segments })), warnings: read.flatMap((r) => r.warnings) };
  };
}

/** Reads a file's segments from its open editor when there is one (unsaved edits count), else from disk. */
export async function readSegments(uri: vscode.Uri): Promise<{ segments: string[]; warnings: CorpusWarning[] }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const bytes = open ? new TextEncoder().encode(open.getText()) : await vscode.workspace.fs.readFile(uri);
  const decoded = decodeSegments(bytes, vscode.workspace.asRelativePath(uri));
  return { segments: decoded.segments, warnings: decoded.warnings };
}

/** Files shorter than this are scored in one go (the visible lines first only pay off for long files). */
const VISIBLE_FIRST_MIN_LINES = 400;
/** Debounce of re-scoring after an edit: short, so that decorations follow typing within 100 ms. */
const EDIT_DEBOUNCE_MS = 40;
/** Confidence intervals wait for typing to pause: they resample the whole file. */
const INTERVALS_DEBOUNCE_MS = 400;

/**
 * The evaluations open in the window. Candidate files are attached to a session in the worker (one per reference
 * set, metrics and settings, shared by every system scored against it); edits to an attached document re-score its
 * changed lines there, and `onDidChange` tells the views.
 */
export class EvaluationStore implements vscode.Disposable {
  private readonly documents = new Map<string, ScoredDocument>();
  private readonly sessions = new Map<string, SessionEntry>();
  private nextSession = 1;
  private readonly changed = new vscode.EventEmitter<ScoredDocument>();
  private readonly removed = new vscode.EventEmitter<vscode.Uri>();
  /** Fires after a document was scored or re-scored. */
  readonly onDidChange = this.changed.event;
  /** Fires when a document stops being scored. */
  readonly onDidRemove = this.removed.event;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Documents whose re-scoring is running; a later edit waits for it, then scores the latest text. */
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly intervalTimers = new Map<string, NodeJS.Timeout>();
  /** How each attached system was attached (its readers, layout, evaluation), to re-read and re-attach it. */
  private readonly attached = new Map<string, AttachOptions>();
  /** Files whose edits re-score a system other than themselves (DUC/TAC summaries) → that system. */
  private readonly watched = new Map<string, string>();
  /** Attaches under way, by session key (their sessions are in use though no document has them yet). */
  private readonly attaching = new Map<string, number>();
  /** Bootstrap interval computations under way, by document. */
  private readonly intervalJobs = new Map<string, AbortController>();

  constructor(private readonly worker: WorkerClient) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.contentChanges.length === 0) return;
        const key = event.document.uri.toString();
        const system = this.documents.has(key) ? key : this.watched.get(key);
        if (system && this.documents.has(system)) this.scheduleRescore(system);
      }),
      this.changed,
      this.removed,
    );
  }

  get(uri: vscode.Uri): ScoredDocument | undefined {
    return this.documents.get(uri.toString());
  }

  all(): ScoredDocument[] {
    return [...this.documents.values()];
  }

  /** Scores `candidate` against `references` (in the worker, with progress and cancellation through `control`). */
  async attach(candidate: vscode.Uri, references: readonly vscode.Uri[], metrics: readonly string[], settings: MetricSettings, options: AttachOptions = {}): Promise<ScoredDocument> {
    // While this runs, its session has no document yet: it must not be closed as unused meanwhile.
    const key = sessionKeyOf(references, metrics, settings);
    this.attaching.set(key, (this.attaching.get(key) ?? 0) + 1);
    try {
      return await this.attachNow(candidate, references, metrics, settings, options);
    } finally {
      const left = (this.attaching.get(key) ?? 1) - 1;
      if (left > 0) this.attaching.set(key, left);
      else this.attaching.delete(key);
    }
  }

  private async attachNow(candidate: vscode.Uri, references: readonly vscode.Uri[], metrics: readonly string[], settings: MetricSettings, options: AttachOptions): Promise<ScoredDocument> {
    const readReferences = options.readReferences ?? readEachReference(references);
    const { segments, warnings } = await (options.readSystem ?? (() => readSegments(candidate)))();
    try {
      await this.scoreVisibleFirst(candidate, references, metrics, settings, readReferences, segments, warnings, options);
    } catch (error) {
      if (error instanceof JobCancelled) throw error;
    }
    const session = await this.session(references, metrics, settings, options.control, readReferences);
    const system = candidate.toString();
    const base = {
      uri: candidate,
      name: options.name ?? vscode.workspace.asRelativePath(candidate),
      references: session.references,
      metrics: session.metrics,
      settings: session.settings,
      warnings: [...session.referenceWarnings, ...warnings],
      sessionKey: session.key,
      evaluation: options.evaluation,
      referenceNames: options.referenceNames ?? session.referenceNames,
      layout: options.layout ?? { kind: 'lines' },
    };
    const scores = await this.worker.request<'set-lines'>({ type: 'set-lines', session: session.id, system, lines: segments }, options.control ?? {});
    const scored: ScoredDocument = {
      uri: candidate,
      name: options.name ?? vscode.workspace.asRelativePath(candidate),
      references: session.references,
      metrics: session.metrics,
      settings: session.settings,
      scores,
      warnings: [...session.referenceWarnings, ...warnings],
      sessionKey: session.key,
      evaluation: options.evaluation,
      referenceNames: options.referenceNames ?? session.referenceNames,
      layout: options.layout ?? { kind: 'lines' },
    };
    const { control: _control, ...kept } = options;
    this.attached.set(system, kept);
    for (const [file, owner] of this.watched) if (owner === system) this.watched.delete(file);
    for (const file of options.watch ?? []) this.watched.set(file.toString(), system);
    this.documents.set(system, scored);
    this.changed.fire(scored);
    this.scheduleIntervals(candidate);
    return scored;
  }

  /**
   * A long file shown in an editor and not scored yet: its visible lines are scored first, as a provisional entry
   * (sentence scores of those lines only, no corpus scores), so that the screen is decorated while the rest is scored.
   * When the reference set is not prepared yet, the head is scored in a throwaway session prepared on the head's
   * references only (preparing a whole test set takes seconds), for the metrics whose sentence scores depend on the
   * segment's own references only (SEGMENT_LOCAL_METRICS); the others wait for the whole file. Scoring early is a
   * courtesy: if it fails, the file is simply scored as a whole.
   */
  private async scoreVisibleFirst(
    candidate: vscode.Uri,
    references: readonly vscode.Uri[],
    metrics: readonly string[],
    settings: MetricSettings,
    readReferences: ReferenceReader,
    segments: readonly string[],
    warnings: readonly CorpusWarning[],
    options: AttachOptions,
  ): Promise<void> {
    const key = candidate.toString();
    if (this.documents.has(key) || (options.layout && options.layout.kind === 'files')) return;
    const editor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === key);
    // A few lines below too: the editor draws a line or two past its visible range.
    const visibleEnd = editor?.visibleRanges.at(-1)?.end.line;
    const last = visibleEnd === undefined ? undefined : visibleEnd + 5;
    if (last === undefined || segments.length < Math.max(VISIBLE_FIRST_MIN_LINES, 3 * (last + 1))) return;
    const first = editor?.visibleRanges[0]?.start.line ?? 0;
    // Lines above the visible ones are sent empty: their indexes must stay those of the file.
    const head = segments.slice(0, Math.min(segments.length, last + 1)).map((line, i) => (i < first ? '' : line));
    const control = options.control ?? {};
    const prepared = this.sessions.get(sessionKeyOf(references, metrics, settings));
    let scores: SystemScores;
    let names: readonly string[];
    let referenceWarnings: readonly CorpusWarning[];
    if (prepared) {
      await prepared.opening;
      const provisionalKey = `${key}#visible-first`;
      scores = await this.worker.request<'set-lines'>({ type: 'set-lines', session: prepared.id, system: provisionalKey, lines: head }, control);
      void this.worker.request<'remove-system'>({ type: 'remove-system', session: prepared.id, system: provisionalKey }).catch(() => undefined);
      names = prepared.referenceNames;
      referenceWarnings = prepared.referenceWarnings;
    } else {
      const read = await readReferences();
      const local = metrics.filter((m) => SEGMENT_LOCAL_METRICS.has(m));
      if (local.length === 0) return;
      const id = this.nextSession++;
      await this.worker.request<'open-session'>(
        { type: 'open-session', session: id, references: read.streams.map((r) => ({ file: r.file, segments: r.segments.slice(0, head.length) })), metrics: local, settings },
        control,
      );
      try {
        scores = await this.worker.request<'set-lines'>({ type: 'set-lines', session: id, system: key, lines: head }, control);
      } finally {
        void this.worker.request<'close-session'>({ type: 'close-session', session: id }).catch(() => undefined);
      }
      names = read.streams.map((r) => r.file);
      referenceWarnings = read.warnings;
    }
    const sentence = Object.fromEntries(Object.entries(scores.sentence).map(([m, values]) => [m, values.map((v, i) => (i < first ? Number.NaN : v))]));
    if (this.documents.has(key)) return;
    const provisional: ScoredDocument = {
      uri: candidate,
      name: options.name ?? vscode.workspace.asRelativePath(candidate),
      references,
      metrics,
      settings,
      scores: { ...scores, sentence, corpus: {}, mismatch: undefined, lineCount: segments.length, referenceCount: Math.max(scores.referenceCount, segments.length) },
      warnings: [...referenceWarnings, ...warnings],
      sessionKey: sessionKeyOf(references, metrics, settings),
      evaluation: options.evaluation,
      referenceNames: options.referenceNames ?? names,
      layout: options.layout ?? { kind: 'lines' },
      provisional: true,
    };
    this.documents.set(key, provisional);
    this.changed.fire(provisional);
  }

  /** Stops scoring a document (its decorations go away). */
  detach(uri: vscode.Uri): void {
    const scored = this.documents.get(uri.toString());
    if (!scored) return;
    this.documents.delete(uri.toString());
    this.attached.delete(uri.toString());
    for (const [file, owner] of this.watched) if (owner === uri.toString()) this.watched.delete(file);
    const session = this.sessions.get(scored.sessionKey);
    if (session && !this.attaching.has(session.key) && !this.all().some((d) => d.sessionKey === session.key)) {
      this.sessions.delete(session.key);
      void this.worker.request<'close-session'>({ type: 'close-session', session: session.id }).catch(() => undefined);
    }
    this.removed.fire(uri);
  }

  /** Why one line of a scored document scored as it did (undefined past the scored lines). */
  async explain(uri: vscode.Uri, line: number, metrics?: readonly string[]): Promise<SegmentExplanation | undefined> {
    const scored = this.documents.get(uri.toString());
    const session = scored && this.sessions.get(scored.sessionKey);
    if (!scored || !session || line >= scored.scores.scoredCount) return undefined;
    await this.ensureOpen(session);
    return this.worker.request<'explain'>({ type: 'explain', session: session.id, system: uri.toString(), index: line, metrics });
  }

  /** Explanations of several lines at once (the visible lines, when every line's matches are shown). */
  async explainLines(uri: vscode.Uri, lines: readonly number[], metrics?: readonly string[]): Promise<(SegmentExplanation | undefined)[]> {
    const scored = this.documents.get(uri.toString());
    const session = scored && this.sessions.get(scored.sessionKey);
    if (!scored || !session) return lines.map(() => undefined);
    await this.ensureOpen(session);
    return this.worker.request<'explain-lines'>({ type: 'explain-lines', session: session.id, system: uri.toString(), indexes: lines, metrics });
  }

  /** How a system was attached (its name, readers, layout and evaluation), to attach it again with other settings. */
  attachOptions(uri: vscode.Uri): AttachOptions | undefined {
    return this.attached.get(uri.toString());
  }

  /** Bootstrap confidence intervals of a scored document's corpus scores (sacreBLEU `--confidence`). */
  async intervals(uri: vscode.Uri, samples: number, seed: number, control: RequestControl = {}): Promise<Record<string, BootstrapInterval>> {
    const scored = this.documents.get(uri.toString());
    const session = scored && this.sessions.get(scored.sessionKey);
    if (!scored || !session) return {};
    await this.ensureOpen(session);
    return this.worker.request<'intervals'>({ type: 'intervals', session: session.id, system: uri.toString(), metrics: scored.metrics, samples, seed }, control);
  }

  /**
   * Significance of the differences between scored documents (the first is the baseline of a two-system
   * comparison). They must be scored against the same references with the same metrics and settings.
   */
  async compare(
    uris: readonly vscode.Uri[],
    options: { test: PairedTestKind; samples: number; seed: number; correction: MultipleComparisonCorrection },
    control: RequestControl = {},
  ): Promise<Record<string, SystemComparison>> {
    const documents = uris.map((uri) => this.documents.get(uri.toString()));
    const missing = uris.filter((_, i) => !documents[i]);
    if (missing.length > 0) throw new Error(`Score ${missing.map((u) => vscode.workspace.asRelativePath(u)).join(', ')} first: only scored files can be compared.`);
    const scored = documents as ScoredDocument[];
    const keys = new Set(scored.map((d) => d.sessionKey));
    if (keys.size > 1) {
      throw new Error(
        `${scored.map((d) => d.name).join(' and ')} are scored against different references, metrics or settings; ` +
          'score them against the same reference files (and settings) to compare them.',
      );
    }
    const session = this.sessions.get(scored[0].sessionKey);
    if (!session) throw new Error('The evaluation of these files was closed; score them again.');
    await this.ensureOpen(session);
    return this.worker.request<'compare'>(
      { type: 'compare', session: session.id, systems: uris.map((u) => u.toString()), names: scored.map((d) => d.name), metrics: scored[0].metrics, ...options },
      control,
    );
  }

  /** Re-scores every document with new metrics or settings (e.g. after the user changed a setting). */
  async rescoreAll(metrics: readonly string[], settings: MetricSettings, control?: RequestControl): Promise<void> {
    const documents = this.all();
    for (const entry of this.sessions.values()) void this.worker.request<'close-session'>({ type: 'close-session', session: entry.id }).catch(() => undefined);
    this.sessions.clear();
    for (const scored of documents) await this.attach(scored.uri, scored.references, metrics, settings, { ...this.attached.get(scored.uri.toString()), name: scored.name, control });
  }

  /** Closes the worker sessions no scored document uses any more (after re-scoring with other settings). */
  pruneSessions(): void {
    const used = new Set([...this.all().map((d) => d.sessionKey), ...this.attaching.keys()]);
    for (const [key, entry] of this.sessions) {
      if (used.has(key)) continue;
      this.sessions.delete(key);
      void this.worker.request<'close-session'>({ type: 'close-session', session: entry.id }).catch(() => undefined);
    }
  }

  /** Resolves when no re-scoring is pending or running (tests and commands that read scores after an edit use it). */
  async settled(): Promise<void> {
    while (this.timers.size > 0 || this.inFlight.size > 0) {
      await Promise.all([...this.inFlight.values(), new Promise((resolve) => setTimeout(resolve, EDIT_DEBOUNCE_MS))]);
    }
  }

  dispose(): void {
    for (const timer of [...this.timers.values(), ...this.intervalTimers.values()]) clearTimeout(timer);
    this.timers.clear();
    this.intervalTimers.clear();
    for (const s of this.subscriptions) s.dispose();
  }

  /** Computes the corpus scores' bootstrap intervals once scoring has paused, and tells the views. */
  private scheduleIntervals(uri: vscode.Uri): void {
    const key = uri.toString();
    clearTimeout(this.intervalTimers.get(key));
    this.intervalTimers.set(
      key,
      setTimeout(() => {
        this.intervalTimers.delete(key);
        const scored = this.documents.get(key);
        if (!scored) return;
        if (!scored || scored.provisional) return;
        const config = vscode.workspace.getConfiguration('understudy.significance');
        // The worker does one thing at a time: an edit anywhere cancels this resampling, so that its re-score is
        // not kept waiting (the intervals are computed again once typing pauses).
        const abort = new AbortController();
        this.intervalJobs.set(key, abort);
        this.intervals(uri, config.get('bootstrapSamples', 1000), config.get('seed', 12345), { signal: abort.signal })
          .then((intervals) => {
            // Scores changed meanwhile: the intervals are for the old text; the next run will replace them.
            if (this.documents.get(key) !== scored || this.intervalTimers.has(key)) return;
            const updated: ScoredDocument = { ...scored, intervals };
            this.documents.set(key, updated);
            this.changed.fire(updated);
          })
          .catch((error: unknown) => {
            if (error instanceof JobCancelled && this.documents.get(key) === scored) this.scheduleIntervals(uri);
          })
          .finally(() => {
            if (this.intervalJobs.get(key) === abort) this.intervalJobs.delete(key);
          });
      }, INTERVALS_DEBOUNCE_MS),
    );
  }

  private scheduleRescore(key: string): void {
    for (const job of this.intervalJobs.values()) job.abort();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        const previous = this.inFlight.get(key) ?? Promise.resolve();
        const next = previous.then(() => this.rescore(key)).finally(() => {
          if (this.inFlight.get(key) === next) this.inFlight.delete(key);
        });
        this.inFlight.set(key, next);
      }, EDIT_DEBOUNCE_MS),
    );
  }

  /** Sends the system's current segments (open editors' text included); the worker re-scores those that changed. */
  private async rescore(key: string): Promise<void> {
    const scored = this.documents.get(key);
    const session = scored && this.sessions.get(scored.sessionKey);
    if (!scored || !session) return;
    try {
      const decoded = await this.reader(scored.uri)();
      await this.ensureOpen(session);
      const scores = await this.worker.request<'set-lines'>({ type: 'set-lines', session: session.id, system: key, lines: decoded.segments });
      // Detached, or re-attached to another evaluation, while scoring: drop the result. (The entry itself may have
      // been replaced meanwhile by one carrying new bootstrap intervals: the scores are still this session's.)
      const current = this.documents.get(key);
      if (!current || current.sessionKey !== scored.sessionKey) return;
      const updated: ScoredDocument = { ...current, scores, warnings: [...session.referenceWarnings, ...decoded.warnings], intervals: undefined, readError: undefined, provisional: undefined };
      this.documents.set(key, updated);
      this.changed.fire(updated);
      this.scheduleIntervals(scored.uri);
    } catch (error) {
      if (error instanceof JobCancelled) return;
      const current = this.documents.get(key);
      if (error instanceof UnderstudyError && current) {
        // The text cannot be read as it stands (e.g. a JSON line half typed): keep the last scores, say why as a
        // Diagnostic rather than a message on every keystroke.
        const line = typeof error.details.line === 'number' ? error.details.line - 1 : undefined;
        const updated: ScoredDocument = { ...current, readError: { code: error.code, message: error.message, line } };
        this.documents.set(key, updated);
        this.changed.fire(updated);
        return;
      }
      void vscode.window.showErrorMessage(`Understudy: re-scoring ${scored.name} failed: ${(error as Error).message}`);
    }
  }

  private reader(uri: vscode.Uri): SegmentReader {
    return this.attached.get(uri.toString())?.readSystem ?? (() => readSegments(uri));
  }

  private async session(
    references: readonly vscode.Uri[],
    metrics: readonly string[],
    settings: MetricSettings,
    control?: RequestControl,
    readReferences: ReferenceReader = readEachReference(references),
  ): Promise<SessionEntry> {
    const key = sessionKeyOf(references, metrics, settings);
    let entry = this.sessions.get(key);
    if (!entry) {
      const read = await readReferences();
      entry = {
        key,
        id: this.nextSession++,
        references,
        referenceNames: read.streams.map((s) => s.file),
        metrics,
        settings,
        referenceWarnings: read.warnings,
        read: readReferences,
        generation: -1,
      };
      const created = entry;
      this.sessions.set(key, created);
      created.opening = this.open(created, read.streams, control).catch((error: unknown) => {
        this.sessions.delete(key);
        throw error;
      });
    }
    await entry.opening;
    return entry;
  }

  private async open(entry: SessionEntry, streams: readonly { file: string; segments: string[] }[], control?: RequestControl): Promise<void> {
    const opened = this.worker.request<'open-session'>(
      {
        type: 'open-session',
        session: entry.id,
        references: streams.map((r) => ({ file: r.file, segments: r.segments })),
        metrics: entry.metrics,
        settings: entry.settings,
      },
      control ?? {},
    );
    // `request` (re)starts the worker synchronously: the session lives in the generation current now.
    entry.generation = this.worker.generation;
    await opened;
  }

  /** After a worker restart, opens the session again and re-sends every system scored in it. */
  private async ensureOpen(entry: SessionEntry): Promise<void> {
    if (entry.generation !== this.worker.generation) {
      entry.opening = (async () => {
        const read = await entry.read();
        await this.open(entry, read.streams);
        for (const other of this.all().filter((d) => d.sessionKey === entry.key)) {
          const { segments } = await this.reader(other.uri)();
          await this.worker.request<'set-lines'>({ type: 'set-lines', session: entry.id, system: other.uri.toString(), lines: segments });
        }
      })();
    }
    await entry.opening;
  }
}
