import * as vscode from 'vscode';
import { decodeLines } from '../core/corpus/decode-lines';
import { collectDucFiles, ducReferenceLayout, ducSummaryText, ducSystemFiles } from '../core/corpus/duc-directory';
import { referenceStreamsFromJsonl } from '../core/corpus/jsonl-references';
import { chooseJsonlField, parseJsonlRecords, textsFromJsonl } from '../core/corpus/jsonl';
import { CorpusWarning } from '../core/errors';
import type { SegmentReader } from './evaluation-store';

/**
 * Reading the files an evaluation names, in each of the corpus formats (plain lines, JSON Lines, DUC/TAC folders),
 * from open editors where they are open (unsaved edits count) and from disk otherwise.
 */
export async function readLines(uri: vscode.Uri): Promise<{ lines: string[]; warnings: CorpusWarning[] }> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const bytes = open ? new TextEncoder().encode(open.getText()) : await vscode.workspace.fs.readFile(uri);
  return decodeLines(bytes, vscode.workspace.asRelativePath(uri));
}

export const baseName = (uri: vscode.Uri): string => uri.path.slice(uri.path.lastIndexOf('/') + 1);

/** One stream of reference segments, with the name the views give it. */
export interface ReferenceStream {
  readonly file: string;
  readonly segments: string[];
  /** Where segment i of this stream is shown: a line of `uri`, or (DUC) a file of its own. */
  readonly uri: vscode.Uri;
  readonly files?: readonly (vscode.Uri | undefined)[];
  readonly jsonl?: { readonly field: string; readonly item: number };
}

export async function readLineReference(uri: vscode.Uri, name: string): Promise<{ streams: ReferenceStream[]; warnings: CorpusWarning[] }> {
  const { lines, warnings } = await readLines(uri);
  return { streams: [{ file: name, segments: lines, uri }], warnings };
}

export async function readJsonlReference(uri: vscode.Uri, name: string, field?: string): Promise<{ streams: ReferenceStream[]; warnings: CorpusWarning[] }> {
  const { lines, warnings } = await readLines(uri);
  const read = referenceStreamsFromJsonl(lines, vscode.workspace.asRelativePath(uri), field);
  const streams = read.streams.map((segments, k) => ({
    file: read.streams.length > 1 ? `${name} #${k + 1}` : name,
    segments,
    uri,
    jsonl: { field: read.field, item: k },
  }));
  return { streams, warnings: [...warnings.filter((w) => w.code !== 'empty-lines'), ...read.warnings] };
}

/** A DUC/TAC folder's files (names only), sorted. */
async function folderFiles(folder: vscode.Uri): Promise<string[]> {
  const entries = await vscode.workspace.fs.readDirectory(folder);
  return entries.filter(([, type]) => (type & vscode.FileType.File) !== 0).map(([name]) => name).sort();
}

async function summaryText(uri: vscode.Uri | undefined): Promise<{ text: string; warnings: CorpusWarning[] }> {
  if (!uri) return { text: '', warnings: [] };
  const { lines, warnings } = await readLines(uri);
  // A summary file without a final newline is normal in DUC data: not worth a warning per file.
  return { text: ducSummaryText(lines), warnings: warnings.filter((w) => w.code !== 'no-final-newline' && w.code !== 'empty-lines') };
}

/** The models of a DUC/TAC folder as reference streams (stream k = each topic's k-th model), and the topics. */
export async function readDucReferences(folder: vscode.Uri, name: string): Promise<{ streams: ReferenceStream[]; topics: string[]; warnings: CorpusWarning[] }> {
  const models = collectDucFiles(await folderFiles(folder));
  const layout = ducReferenceLayout(models, vscode.workspace.asRelativePath(folder));
  const warnings = [...layout.warnings];
  const streams: ReferenceStream[] = [];
  for (let k = 0; k < layout.streams.length; k++) {
    const files = layout.streams[k].map((file) => (file === undefined ? undefined : vscode.Uri.joinPath(folder, file)));
    const texts = await Promise.all(files.map(summaryText));
    warnings.push(...texts.flatMap((t) => t.warnings));
    streams.push({ file: `${name} model ${k + 1}`, segments: texts.map((t) => t.text), uri: folder, files });
  }
  return { streams, topics: layout.topics, warnings };
}

/** The peer systems of a DUC/TAC folder: one per id, its summaries in the order of `topics`. */
export async function ducSystems(folder: vscode.Uri, topics: readonly string[]): Promise<{ id: string; files: (vscode.Uri | undefined)[]; read: SegmentReader }[]> {
  const peers = collectDucFiles(await folderFiles(folder));
  return peers.ids.map((id) => {
    const { files: names, warnings } = ducSystemFiles(peers, id, topics, vscode.workspace.asRelativePath(folder));
    const files = names.map((file) => (file === undefined ? undefined : vscode.Uri.joinPath(folder, file)));
    const read: SegmentReader = async () => {
      const texts = await Promise.all(files.map(summaryText));
      return { segments: texts.map((t) => t.text), warnings: [...warnings, ...texts.flatMap((t) => t.warnings)] };
    };
    return { id, files, read };
  });
}

/** A JSON Lines system file: its reader and the text field it uses (chosen from the first record when not given). */
export async function jsonlSystem(uri: vscode.Uri, field?: string): Promise<{ field: string; read: SegmentReader }> {
  const file = vscode.workspace.asRelativePath(uri);
  const { lines } = await readLines(uri);
  const chosen = chooseJsonlField(parseJsonlRecords(lines.slice(0, 1), file), file, field, (value) => typeof value === 'string');
  const read: SegmentReader = async () => {
    const decoded = await readLines(uri);
    return { segments: textsFromJsonl(decoded.lines, file, chosen).texts, warnings: decoded.warnings.filter((w) => w.code !== 'empty-lines') };
  };
  return { field: chosen, read };
}
