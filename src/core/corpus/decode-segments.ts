import { CorpusWarning } from '../errors';
import { decodeLines } from './decode-lines';
import { textsFromJsonl } from './jsonl';

/** The segments of one file: a line-aligned text file, or a JSON Lines file (one record per segment). */
export interface SegmentFile {
  readonly path: string;
  readonly segments: string[];
  readonly warnings: CorpusWarning[];
  readonly format: 'lines' | 'jsonl';
}

export interface ReadOptions {
  /** `auto` treats *.jsonl / *.ndjson as JSON Lines. */
  readonly format?: 'auto' | 'lines' | 'jsonl';
  readonly jsonlField?: string;
}

/** Decodes a file's bytes (from disk, an editor buffer or a test) into segments. */
export function decodeSegments(bytes: Uint8Array, path: string, options: ReadOptions = {}): SegmentFile {
  const { lines, warnings } = decodeLines(bytes, path);
  const format = options.format === undefined || options.format === 'auto' ? (/\.(jsonl|ndjson)$/i.test(path) ? 'jsonl' : 'lines') : options.format;
  if (format === 'jsonl') {
    const { texts } = textsFromJsonl(lines, path, options.jsonlField);
    return { path, segments: texts, warnings: warnings.filter((w) => w.code !== 'empty-lines'), format };
  }
  return { path, segments: lines, warnings, format };
}
