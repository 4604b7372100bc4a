import * as fs from 'fs';
import { UnderstudyError } from '../errors';

/** Reads a whole UTF-8 text file (judgments, manifests); a missing or unreadable file is an UnderstudyError. */
export function readTextFile(path: string): string {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
    throw new UnderstudyError('unreadable-file', `Cannot read ${path}: ${reason}. Check the path.`, { file: path });
  }
}
