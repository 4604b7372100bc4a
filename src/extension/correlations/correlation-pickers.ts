import * as vscode from 'vscode';
import { UnderstudyError } from '../../core/errors';
import { JUDGMENT_FORMATS, JudgmentFormat, TableColumns } from '../../core/meta/judgments/human-judgments';
import { JudgmentFileSummary, commonAspects } from '../../core/meta/judgments/judgment-summary';
import { parseColumnsOption } from '../../core/meta/judgments/table-judgments';
import { EvaluationStore, ScoredDocument } from '../evaluation-store';
import { countLines } from '../reference-picker';
import { WorkerClient } from '../worker-client';
import { CorrelationEvaluation, CorrelationJudgments, displayPath, summarizeJudgmentFiles } from './run-correlation';

/** Per workspace, per reference set: the systems and the judgments last used (so the next "Show Correlations" is one step). */
const REMEMBERED_KEY = 'understudy.correlations.lastInputs';
/** At most this many files of a system's folder are counted as candidates. */
const MAX_FOLDER_FILES = 300;

interface RememberedInputs {
  readonly systems?: readonly string[];
  readonly judgments?: {
    readonly files: readonly string[];
    readonly format: JudgmentFormat | 'auto';
    readonly languagePair?: string;
    readonly columns?: TableColumns;
    readonly aspects?: readonly string[];
  };
}

const FORMAT_DESCRIPTIONS: Readonly<Record<JudgmentFormat | 'auto', string>> = {
  auto: 'Recognise each file from its header or first record',
  'wmt21-seg': 'WMT21 ad-seg-scores-<lp>.csv (SYS SID RAW.SCR Z.SCR N)',
  'wmt21-sys': 'WMT21 ad-sys-ranking-<lp>-z-names.csv or ad-sys-scores-<lp>.csv',
  'wmt17-seg': 'WMT17 DA-seglevel.csv (LP DATA SYSTEM SID HUMAN)',
  'wmt17-sys': 'WMT17 DA-syslevel.csv (LP HUMAN SYSTEM)',
  summeval: 'SummEval summaries.jsonl (expert coherence, consistency, fluency, relevance)',
  realsumm: 'REALSumm summaries.jsonl (litepyramid_recall)',
  table: 'Any CSV/TSV table: you name the system, segment, judge and score columns',
};

const referencesKey = (references: readonly vscode.Uri[]): string => references.map((r) => r.toString()).join('\n');

function remembered(context: vscode.ExtensionContext, references: readonly vscode.Uri[]): RememberedInputs {
  return context.workspaceState.get<Record<string, RememberedInputs>>(REMEMBERED_KEY, {})[referencesKey(references)] ?? {};
}

async function remember(context: vscode.ExtensionContext, references: readonly vscode.Uri[], update: RememberedInputs): Promise<void> {
  const all = context.workspaceState.get<Record<string, RememberedInputs>>(REMEMBERED_KEY, {});
  const key = referencesKey(references);
  await context.workspaceState.update(REMEMBERED_KEY, { ...all, [key]: { ...all[key], ...update } });
}

/** The scored evaluation to correlate: the active file's, the only one, or one picked among the reference sets scored. */
async function pickScoredSession(store: EvaluationStore): Promise<ScoredDocument[] | undefined> {
  const all = store.all();
  const bySession = new Map<string, ScoredDocument[]>();
  for (const d of all) bySession.set(d.sessionKey, [...(bySession.get(d.sessionKey) ?? []), d]);
  const active = vscode.window.activeTextEditor && store.get(vscode.window.activeTextEditor.document.uri);
  if (active) return bySession.get(active.sessionKey);
  if (bySession.size === 1) return [...bySession.values()][0];
  const picked = await vscode.window.showQuickPick(
    [...bySession.values()].map((documents) => ({
      label: documents[0].references.map(displayPath).join(', '),
      description: `${documents.length} scored system${documents.length === 1 ? '' : 's'} · ${documents[0].metrics.join(', ')}`,
      documents,
    })),
    { title: 'Correlate which evaluation? (its references)' },
  );
  return picked?.documents;
}

/**
 * The systems to correlate: the scored ones of the evaluation and those used last time (ticked), and the files beside
 * them with one line per reference segment (not ticked; references are never offered). At least three make sense.
 */
async function pickSystems(context: vscode.ExtensionContext, documents: readonly ScoredDocument[]): Promise<vscode.Uri[] | undefined> {
  const { references } = documents[0];
  const last = new Set(remembered(context, references).systems ?? []);
  const excluded = new Set(references.map((r) => r.toString()));
  const scored = new Set(documents.map((d) => d.uri.toString()));
  const folders = [...new Map(documents.map((d) => [vscode.Uri.joinPath(d.uri, '..').toString(), vscode.Uri.joinPath(d.uri, '..')])).values()];
  const siblings: vscode.Uri[] = [];
  for (const folder of folders) {
    try {
      for (const [name, type] of await vscode.workspace.fs.readDirectory(folder)) {
        const uri = vscode.Uri.joinPath(folder, name);
        if (type === vscode.FileType.File && !excluded.has(uri.toString()) && !scored.has(uri.toString())) siblings.push(uri);
      }
    } catch {
      // An unreadable folder only means no suggestions from it.
    }
  }
  const segments = documents[0].scores.referenceCount;
  const counted = await Promise.all(siblings.slice(0, MAX_FOLDER_FILES).map(async (uri) => ({ uri, lines: await countLines(uri) })));
  const matching = counted.filter((c) => c.lines === segments).map((c) => c.uri);
  const lastOthers = [...last].map((s) => vscode.Uri.parse(s)).filter((u) => !scored.has(u.toString()) && !matching.some((m) => m.toString() === u.toString()));
  type Item = vscode.QuickPickItem & { uri?: vscode.Uri };
  const items: Item[] = [
    ...documents.map((d) => ({ label: displayPath(d.uri), description: 'scored', picked: true, uri: d.uri })),
    ...[...lastOthers, ...matching]
      .sort((a, b) => a.path.localeCompare(b.path))
      .map((uri) => ({ label: displayPath(uri), description: `${segments} lines${last.has(uri.toString()) ? ' · used last time' : ''}`, picked: last.has(uri.toString()), uri })),
    { label: '$(folder-opened) Browse…', description: 'add system outputs from anywhere' },
  ];
  const picked = await vscode.window.showQuickPick(items, {
    canPickMany: true,
    title: `System outputs to correlate (one line per segment, ${segments} segments)`,
    placeHolder: 'Tick every system the judgments cover; at least three for system-level correlations',
    matchOnDescription: true,
  });
  if (!picked || picked.length === 0) return undefined;
  const chosen = picked.filter((p) => p.uri).map((p) => p.uri as vscode.Uri);
  if (picked.some((p) => !p.uri)) {
    const browsed = await vscode.window.showOpenDialog({ canSelectMany: true, openLabel: 'Correlate', defaultUri: folders[0] });
    if (browsed) chosen.push(...browsed.filter((u) => !excluded.has(u.toString()) && !chosen.some((c) => c.toString() === u.toString())));
  }
  return chosen.length > 0 ? chosen : undefined;
}

async function pickFormat(last: JudgmentFormat | 'auto' | undefined): Promise<JudgmentFormat | 'auto' | undefined> {
  const formats: (JudgmentFormat | 'auto')[] = ['auto', ...JUDGMENT_FORMATS];
  const ordered = last ? [last, ...formats.filter((f) => f !== last)] : formats;
  const picked = await vscode.window.showQuickPick(
    ordered.map((format) => ({ label: format, description: format === last ? 'used last time' : undefined, detail: FORMAT_DESCRIPTIONS[format], format })),
    { title: 'Format of the judgment files', matchOnDetail: true },
  );
  return picked?.format;
}

async function askColumns(last: TableColumns | undefined): Promise<TableColumns | undefined> {
  const value = await vscode.window.showInputBox({
    title: 'Columns of the judgments table',
    prompt: 'ROLE=COLUMN pairs: system (required), item (segment id, a line number), judge, score (one or more). Column names from the header, or 0-based numbers.',
    placeHolder: 'system=sys,item=seg,judge=rater,score=adequacy',
    value: last ? [`system=${last.system}`, ...(last.item !== undefined ? [`item=${last.item}`] : []), ...(last.judge !== undefined ? [`judge=${last.judge}`] : []), ...last.scores.map((s) => `score=${s}`)].join(',') : undefined,
    validateInput: (text) => {
      try {
        parseColumnsOption(text);
        return undefined;
      } catch (error) {
        return (error as Error).message.replace(/^--columns:? ?/, '');
      }
    },
  });
  return value === undefined ? undefined : parseColumnsOption(value);
}

/**
 * Reads the chosen files in the worker as `correlate` will, asking for what they leave open: the language pair of a
 * WMT17 file holding several, and the aspect of judgments without a default one (SummEval). Undefined when the user
 * gives up; an error message when the files cannot be read as chosen.
 */
async function completeJudgments(worker: WorkerClient, judgments: CorrelationJudgments, lastAspects: readonly string[] | undefined): Promise<{ judgments: CorrelationJudgments; summaries: JudgmentFileSummary[] } | undefined> {
  let current = judgments;
  for (;;) {
    try {
      const summaries = await summarizeJudgmentFiles(worker, current);
      const aspects = commonAspects(summaries);
      const defaults = new Set(summaries.map((s) => s.defaultAspect));
      const chosen = current.combine?.aspects;
      if ((!chosen || chosen.length === 0) && (defaults.size !== 1 || defaults.has(undefined))) {
        const ordered = lastAspects?.length ? [...lastAspects.filter((a) => aspects.includes(a)), ...aspects.filter((a) => !lastAspects.includes(a))] : aspects;
        const aspect = await vscode.window.showQuickPick(ordered, { title: 'Which human score? (the judgments have no default aspect)', placeHolder: 'The aspect to correlate the metrics with; the panel lets you change it' });
        if (!aspect) return undefined;
        current = { ...current, combine: { ...current.combine, aspects: [aspect] } };
      }
      return { judgments: current, summaries };
    } catch (error) {
      const pairs = error instanceof UnderstudyError ? error.details.pairs : undefined;
      if (!Array.isArray(pairs) || current.files.some((f) => f.languagePair !== undefined)) throw error;
      const pair = await vscode.window.showQuickPick(pairs.map(String), { title: 'The judgments hold several language pairs: which one are the systems?' });
      if (!pair) return undefined;
      current = { ...current, files: current.files.map((f) => ({ ...f, languagePair: pair })) };
    }
  }
}

/** The judgment files and how to read them: last time's in one step, or files and a format picked now. */
async function pickJudgments(context: vscode.ExtensionContext, worker: WorkerClient, references: readonly vscode.Uri[]): Promise<CorrelationJudgments | undefined> {
  const last = remembered(context, references).judgments;
  let judgments: CorrelationJudgments | undefined;
  if (last && last.files.length > 0) {
    const reuse = await vscode.window.showQuickPick(
      [
        { label: `$(history) ${last.files.map((f) => displayPath(vscode.Uri.parse(f))).join(', ')}`, description: `${last.format}${last.languagePair ? ` · ${last.languagePair}` : ''}`, detail: 'The human judgments used last time', reuse: true },
        { label: '$(folder-opened) Choose judgment files…', description: 'a segment-level file, a system-level file, or both', reuse: false },
      ],
      { title: 'Human judgments' },
    );
    if (!reuse) return undefined;
    if (reuse.reuse) {
      judgments = {
        files: last.files.map((f) => ({ uri: vscode.Uri.parse(f), format: last.format, ...(last.languagePair !== undefined && { languagePair: last.languagePair }), ...(last.columns && { columns: last.columns }) })),
        ...(last.aspects?.length && { combine: { aspects: last.aspects } }),
      };
    }
  }
  if (!judgments) {
    const files = await vscode.window.showOpenDialog({
      canSelectMany: true,
      openLabel: 'Use as human judgments',
      title: 'Human judgments: a segment-level file, a system-level file, or both (e.g. WMT ad-seg-scores and ad-sys-ranking)',
      defaultUri: last?.files[0] ? vscode.Uri.joinPath(vscode.Uri.parse(last.files[0]), '..') : vscode.workspace.workspaceFolders?.[0]?.uri,
      filters: { 'Judgments (CSV, TSV, JSON Lines)': ['csv', 'tsv', 'txt', 'jsonl', 'json'], 'All files': ['*'] },
    });
    if (!files || files.length === 0) return undefined;
    const format = await pickFormat(last?.format);
    if (!format) return undefined;
    let columns: TableColumns | undefined;
    if (format === 'table') {
      columns = await askColumns(last?.columns);
      if (!columns) return undefined;
    }
    judgments = { files: files.map((uri) => ({ uri, format, ...(columns && { columns }) })) };
  }
  const completed = await completeJudgments(worker, judgments, last?.aspects);
  if (!completed) return undefined;
  const first = completed.judgments.files[0];
  await remember(context, references, {
    judgments: {
      files: completed.judgments.files.map((f) => f.uri.toString()),
      format: first.format ?? 'auto',
      ...(first.languagePair !== undefined && { languagePair: first.languagePair }),
      ...(first.columns && { columns: first.columns }),
      ...(completed.judgments.combine?.aspects && { aspects: completed.judgments.combine.aspects }),
    },
  });
  return completed.judgments;
}

/**
 * The evaluation "Understudy: Show Correlations" runs on, asked for step by step: the scored evaluation (its
 * references, metrics and settings), its systems, and the judgments. Undefined when the user stops at any step.
 */
export async function pickCorrelationEvaluation(context: vscode.ExtensionContext, store: EvaluationStore, worker: WorkerClient): Promise<CorrelationEvaluation | undefined> {
  if (store.all().length === 0) {
    const action = await vscode.window.showInformationMessage(
      'Understudy: score a system output against its references first ("Score Against Reference…"); then "Show Correlations" offers the outputs beside it and asks for the human judgments.',
      'Score Against Reference…',
    );
    if (action) await vscode.commands.executeCommand('understudy.scoreAgainstReference');
    return undefined;
  }
  const documents = await pickScoredSession(store);
  if (!documents) return undefined;
  const { references, metrics, settings } = documents[0];
  const systems = await pickSystems(context, documents);
  if (!systems) return undefined;
  await remember(context, references, { systems: systems.map((u) => u.toString()) });
  const judgments = await pickJudgments(context, worker, references);
  if (!judgments) return undefined;
  return { references, systems: systems.map((uri) => ({ uri })), judgments, metrics, settings };
}

/** The aspects the judgments offer (for the panel's choice), or [] when the files cannot be summarised. */
export async function judgmentAspects(worker: WorkerClient, judgments: CorrelationJudgments): Promise<string[]> {
  try {
    return commonAspects(await summarizeJudgmentFiles(worker, judgments));
  } catch {
    return [];
  }
}
