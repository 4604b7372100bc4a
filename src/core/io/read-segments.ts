import * as fs from 'fs';
import { decodeSegments, ReadOptions, SegmentFile } from '../corpus/decode-segments';
import { UnderstudyError } from '../errors';

/** Reads a file of segments from disk; problems become UnderstudyErrors that say what to do. */
export function readSegmentFile(path: string, options: ReadOptions = {}): SegmentFile {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(path);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
    throw new UnderstudyError('unreadable-file', `Cannot read ${path}: ${reason}. Check the path.`, { file: path });
  }
  return decodeSegments(bytes, path, options);
}
