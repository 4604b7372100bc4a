import * as vscode from 'vscode';
import { jsonlTextColumns } from '../core/corpus/jsonl-offsets';
import { Span } from '../core/text/token';
import { EvaluationStore, ScoredDocument, SegmentLayout } from './evaluation-store';
import type { ManifestEvaluations } from './manifest-evaluations';

/**
 * Where segments are in an open document, whatever the corpus format: a line per segment (plain text; JSON Lines,
 * whose text sits inside a JSON string), or one file per segment (DUC/TAC summaries, sentences on lines). Maps a
 * segment's character spans (what explanations give) to editor ranges.
 */
export interface SegmentPlacement {
  /** Segment indexes shown in the document, with the line where each one's score is drawn. */
  readonly segments: readonly { readonly index: number; readonly line: number }[];
  /** The segment a document line belongs to. */
  segmentAt(line: number): number | undefined;
  /** The line a segment's score is drawn on. */
  lineOf(index: number): number | undefined;
  /** Editor range of a span of segment `index`'s text. */
  range(index: number, span: Span): vscode.Range | undefined;
}

function lineColumn(document: vscode.TextDocument, offset: number): vscode.Position {
  // The segment is the file's lines joined with '\n' (CRs dropped): walk the lines.
  let remaining = offset;
  for (let line = 0; line < document.lineCount; line++) {
    const length = document.lineAt(line).text.length;
    if (remaining <= length) return new vscode.Position(line, remaining);
    remaining -= length + 1;
  }
  const last = Math.max(0, document.lineCount - 1);
  return new vscode.Position(last, document.lineAt(last).text.length);
}

/** Placement of the segments of `layout` in `document` (undefined when the document shows none of them). */
export function placeSegments(document: vscode.TextDocument, owner: vscode.Uri, layout: SegmentLayout | undefined, count: number, item?: number): SegmentPlacement | undefined {
  const kind = layout?.kind ?? 'lines';
  if (layout?.kind === 'files') {
    const index = layout.files.findIndex((f) => f?.toString() === document.uri.toString());
    if (index < 0) return undefined;
    return {
      segments: [{ index, line: 0 }],
      segmentAt: () => index,
      lineOf: (i) => (i === index ? 0 : undefined),
      range: (i, span) => (i === index ? new vscode.Range(lineColumn(document, span.start), lineColumn(document, span.end)) : undefined),
    };
  }
  if (owner.toString() !== document.uri.toString()) return undefined;
  const lines = Math.min(count, document.lineCount);
  const columnsCache = new Map<number, { text: string; columns: number[] | undefined }>();
  const columnsOf = (line: number): number[] | undefined => {
    if (layout?.kind !== 'jsonl') return undefined;
    const text = document.lineAt(line).text;
    const cached = columnsCache.get(line);
    if (cached && cached.text === text) return cached.columns;
    const columns = jsonlTextColumns(text, layout.field, item);
    columnsCache.set(line, { text, columns });
    return columns;
  };
  return {
    segments: Array.from({ length: lines }, (_, index) => ({ index, line: index })),
    segmentAt: (line) => (line < lines ? line : undefined),
    lineOf: (index) => (index < lines ? index : undefined),
    range: (index, span) => {
      if (index >= lines) return undefined;
      if (kind === 'jsonl') {
        const columns = columnsOf(index);
        if (!columns) return undefined;
        const at = (offset: number): number => columns[Math.min(offset, columns.length - 1)];
        return new vscode.Range(index, at(span.start), index, at(span.end));
      }
      return new vscode.Range(index, span.start, index, span.end);
    },
  };
}

/** The scored system shown in a document, and where its segments are. */
export function locateSystem(store: EvaluationStore, document: vscode.TextDocument): { scored: ScoredDocument; placement: SegmentPlacement } | undefined {
  const direct = store.get(document.uri);
  if (direct) {
    const placement = placeSegments(document, direct.uri, direct.layout, direct.scores.lineCount);
    return placement && { scored: direct, placement };
  }
  for (const scored of store.all()) {
    if (scored.layout?.kind !== 'files') continue;
    const placement = placeSegments(document, scored.uri, scored.layout, scored.scores.lineCount);
    if (placement) return { scored, placement };
  }
  return undefined;
}

/** Where each reference stream of a scored system is: its file, and how its segments are laid out there. */
export interface ReferencePlace {
  readonly name: string;
  readonly uri: vscode.Uri;
  readonly layout: SegmentLayout;
  /** For a JSONL list field: which item this stream is. */
  readonly item?: number;
}

export function referencePlaces(scored: ScoredDocument, manifests: ManifestEvaluations | undefined): ReferencePlace[] {
  const evaluation = manifests?.get(scored.evaluation);
  if (evaluation) {
    return evaluation.referenceStreams.map((s) => ({
      name: s.file,
      uri: s.uri,
      layout: s.files ? { kind: 'files', files: s.files } : s.jsonl ? { kind: 'jsonl', field: s.jsonl.field } : { kind: 'lines' },
      item: s.jsonl?.item,
    }));
  }
  return scored.references.map((uri, k) => ({
    name: scored.referenceNames?.[k] ?? vscode.workspace.asRelativePath(uri),
    uri,
    layout: /\.(jsonl|ndjson)$/i.test(uri.path) ? { kind: 'jsonl', field: 'reference' } : { kind: 'lines' },
  }));
}

/** The reference stream a document shows, with the placement of its segments. */
export function locateReference(store: EvaluationStore, manifests: ManifestEvaluations | undefined, document: vscode.TextDocument): { scored: ScoredDocument; k: number; placement: SegmentPlacement }[] {
  const found: { scored: ScoredDocument; k: number; placement: SegmentPlacement }[] = [];
  for (const scored of store.all()) {
    referencePlaces(scored, manifests).forEach((place, k) => {
      const placement = placeSegments(document, place.uri, place.layout, scored.scores.referenceCount, place.item);
      if (placement) found.push({ scored, k, placement });
    });
  }
  return found;
}
