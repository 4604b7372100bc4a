import * as fs from 'fs';
import { UnderstudyError } from '../errors';

/** Reads a whole UTF-8 text file (judgments, manifests, annotation files); a missing, unreadable or non-UTF-8 file is an UnderstudyError saying so. */
export function readTextFile(path: string): string {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'it does not exist' : code === 'EISDIR' ? 'it is a folder' : (error as Error).message;
    throw new UnderstudyError('unreadable-file', `Cannot read ${path}: ${reason}. Check the path.`, { file: path });
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnderstudyError('invalid-utf8', `${path} is not valid UTF-8. Convert it (e.g. iconv -f latin1 -t utf-8) and try again.`, { file: path });
  }
}
