import * as path from 'path';
import * as vscode from 'vscode';
import { UnderstudyError } from '../../core/errors';
import {
  DEFAULT_AGREEMENT_OPTIONS,
  DEFAULT_NUGGET_OPTIONS,
  DEFAULT_PYRAMID_OPTIONS,
  ManualFile,
  ManualInput,
  ManualKind,
  realSummFiles,
} from '../../core/meta/manual/manual-analysis';
import { ManualPanelOptions } from '../../../webview/shared/manual-protocol';
import { displayPath } from '../correlations/run-correlation';

/** The files of a manual-evaluation analysis, as the user picked them (the kind says how they are read). */
export type ManualSources =
  | { readonly kind: 'pyramid'; readonly json: readonly vscode.Uri[]; readonly pan: readonly vscode.Uri[]; readonly pyr: readonly vscode.Uri[] }
  | { readonly kind: 'realsumm'; readonly dir: vscode.Uri }
  | { readonly kind: 'agreement'; readonly file: vscode.Uri; readonly identical: boolean }
  | { readonly kind: 'nuggets'; readonly key: vscode.Uri; readonly responses: vscode.Uri }
  | { readonly kind: 'relevance'; readonly file: vscode.Uri }
  | { readonly kind: 'comprehension'; readonly file: vscode.Uri };

/** Every file of the sources (for REALSumm, the three files `--realsumm` reads). */
export function sourceUris(sources: ManualSources): vscode.Uri[] {
  switch (sources.kind) {
    case 'pyramid':
      return [...sources.json, ...sources.pan, ...sources.pyr];
    case 'realsumm': {
      const files = realSummFiles(sources.dir.fsPath);
      return [vscode.Uri.file(files.scuList), vscode.Uri.file(files.selectedDocuments), vscode.Uri.file(files.summaries)];
    }
    case 'nuggets':
      return [sources.key, sources.responses];
    default:
      return [sources.file];
  }
}

/** The CLI's defaults for each analysis (the panel's options start here). */
export function defaultManualOptions(kind: ManualKind): ManualPanelOptions {
  switch (kind) {
    case 'pyramid':
      return { kind, pyramid: DEFAULT_PYRAMID_OPTIONS };
    case 'agreement':
      return { kind, agreement: DEFAULT_AGREEMENT_OPTIONS };
    case 'nuggets':
      return { kind, ...DEFAULT_NUGGET_OPTIONS };
    case 'relevance':
      return { kind, fullText: 'DOC' };
    case 'realsumm':
    case 'comprehension':
      return { kind };
  }
}

/** A file's text: an open editor's (saved or not), else the disk's, decoded as strictly as the CLI does. */
async function readText(uri: vscode.Uri): Promise<{ text: string; unsaved: boolean }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return { text: open.getText(), unsaved: open.isDirty };
  const shown = displayPath(uri);
  let bytes: Uint8Array;
  try {
    bytes = await vscode.workspace.fs.readFile(uri);
  } catch (error) {
    throw new UnderstudyError('unreadable-file', `Cannot read ${shown}: ${(error as Error).message}. Check the path.`, { file: shown });
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), unsaved: false };
  } catch {
    throw new UnderstudyError('invalid-utf8', `${shown} is not valid UTF-8. Convert it (e.g. iconv -f latin1 -t utf-8) and try again.`, { file: shown });
  }
}

/** The analysis input: texts of the files named by their workspace-relative paths (what the command line uses). */
export async function readManualInput(sources: ManualSources, options: ManualPanelOptions): Promise<{ input: ManualInput; unsaved: string[] }> {
  const unsaved: string[] = [];
  const file = async (uri: vscode.Uri, name = displayPath(uri)): Promise<ManualFile> => {
    const { text, unsaved: dirty } = await readText(uri);
    if (dirty) unsaved.push(name);
    return { path: name, text };
  };
  const all = (uris: readonly vscode.Uri[]): Promise<ManualFile[]> => Promise.all(uris.map((u) => file(u)));
  let input: ManualInput;
  switch (sources.kind) {
    case 'pyramid': {
      const pyramid = options.kind === 'pyramid' ? options.pyramid : DEFAULT_PYRAMID_OPTIONS;
      input = { kind: 'pyramid', json: await all(sources.json), pan: await all(sources.pan), pyr: await all(sources.pyr), options: pyramid };
      break;
    }
    case 'realsumm': {
      const dir = displayPath(sources.dir);
      const names = realSummFiles(dir);
      const [scuList, selectedDocuments, summaries] = sourceUris(sources);
      input = { kind: 'realsumm', dir, scuList: await file(scuList, names.scuList), selectedDocuments: await file(selectedDocuments, names.selectedDocuments), summaries: await file(summaries, names.summaries) };
      break;
    }
    case 'agreement':
      input = { kind: 'agreement', file: await file(sources.file), identical: sources.identical, options: options.kind === 'agreement' ? options.agreement : DEFAULT_AGREEMENT_OPTIONS };
      break;
    case 'nuggets':
      input = {
        kind: 'nuggets',
        key: await file(sources.key),
        responses: await file(sources.responses),
        options: options.kind === 'nuggets' ? { beta: options.beta, allowance: options.allowance } : DEFAULT_NUGGET_OPTIONS,
      };
      break;
    case 'relevance':
      input = { kind: 'relevance', file: await file(sources.file), options: { fullText: options.kind === 'relevance' ? options.fullText : 'DOC' } };
      break;
    case 'comprehension':
      input = { kind: 'comprehension', file: await file(sources.file) };
      break;
  }
  return { input, unsaved };
}

/** The header row's column names (lower case), from the first line, split at tabs or else commas. */
function columns(firstLine: string): Set<string> {
  const line = firstLine.replace(/^\uFEFF/, '');
  return new Set(line.split(line.includes('\t') ? '\t' : ',').map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase()));
}

async function headerOf(uri: vscode.Uri): Promise<Set<string>> {
  const { text } = await readText(uri);
  return columns(text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length));
}

const has = (header: Set<string>, ...names: string[]): boolean => names.every((n) => header.has(n));

/**
 * What files chosen in the Explorer are for: .pan/.pyr/.json files are pyramid annotations; a folder with
 * summaries.jsonl is REALSumm; a .jsonl file holds judged summaries (alpha over identical ones); a CSV/TSV file is told
 * by its header (relevance, cross comprehension, a nugget key with its responses, else reliability data). An error
 * says what was expected when nothing fits.
 */
export async function sourcesFromUris(uris: readonly vscode.Uri[]): Promise<ManualSources> {
  if (uris.length === 0) throw new UnderstudyError('bad-option', 'No files chosen: pick .pan/.pyr files, a pyramid JSON file, a REALSumm folder or a CSV/TSV of judgments.');
  const ext = (u: vscode.Uri): string => path.extname(u.path).toLowerCase();
  if (uris.every((u) => ['.pan', '.pyr', '.json'].includes(ext(u)))) {
    return { kind: 'pyramid', json: uris.filter((u) => ext(u) === '.json'), pan: uris.filter((u) => ext(u) === '.pan'), pyr: uris.filter((u) => ext(u) === '.pyr') };
  }
  if (uris.length === 1) {
    const [uri] = uris;
    const stat = await vscode.workspace.fs.stat(uri).then(
      (s) => s,
      () => undefined,
    );
    if (stat && (stat.type & vscode.FileType.Directory) !== 0) {
      const summaries = vscode.Uri.joinPath(uri, 'summaries.jsonl');
      const found = await vscode.workspace.fs.stat(summaries).then(
        () => true,
        () => false,
      );
      if (!found) throw new UnderstudyError('bad-option', `${displayPath(uri)} is not a REALSumm folder: it has no summaries.jsonl (with human_annotations/ and selected_docs_for_human_eval/ beside it).`);
      return { kind: 'realsumm', dir: uri };
    }
    if (ext(uri) === '.jsonl') return { kind: 'agreement', file: uri, identical: true };
    const header = await headerOf(uri);
    if (has(header, 'subject', 'condition', 'judgment')) return { kind: 'relevance', file: uri };
    if (has(header, 'summarizer', 'questioner', 'label')) return { kind: 'comprehension', file: uri };
    if (has(header, 'question', 'nugget', 'importance')) throw new UnderstudyError('bad-option', `${displayPath(uri)} is a nugget answer key: choose it together with its responses file (question, run, nuggets, text).`);
    return { kind: 'agreement', file: uri, identical: false };
  }
  if (uris.length === 2) {
    const headers = await Promise.all(uris.map(headerOf));
    const key = headers.findIndex((h) => has(h, 'question', 'nugget', 'importance'));
    const responses = headers.findIndex((h) => has(h, 'question', 'run', 'nuggets'));
    if (key >= 0 && responses >= 0 && key !== responses) return { kind: 'nuggets', key: uris[key], responses: uris[responses] };
  }
  throw new UnderstudyError(
    'bad-option',
    `Cannot tell what ${uris.map(displayPath).join(', ')} hold: choose .pan/.pyr/.json pyramid files, a REALSumm folder, one CSV/TSV of judgments, or a nugget answer key with its responses.`,
  );
}
