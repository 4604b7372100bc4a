import * as fs from 'fs';
import * as zlib from 'zlib';
import { UnderstudyError } from '../errors';
import { MeteorParaphraseTable } from '../metrics/meteor/meteor-paraphrase';

const cache = new Map<string, { readonly stamp: string; readonly table: MeteorParaphraseTable }>();

/**
 * Reads a paraphrase table in METEOR's format (`paraphrase-en.gz` style: gzip-compressed, or plain text), keeping it
 * for the life of the process until the file changes (size or modification time).
 */
export function readMeteorParaphraseTable(file: string): MeteorParaphraseTable {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : (error as Error).message;
    throw new UnderstudyError('unreadable-file', `Cannot read the METEOR paraphrase table ${file}: ${reason}. Check the path.`, { file });
  }
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const hit = cache.get(file);
  if (hit && hit.stamp === stamp) return hit.table;
  let bytes: Buffer = fs.readFileSync(file);
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = zlib.gunzipSync(bytes);
    } catch (error) {
      throw new UnderstudyError('unreadable-file', `The METEOR paraphrase table ${file} looks gzip-compressed but cannot be decompressed: ${(error as Error).message}.`, { file });
    }
  }
  const table = MeteorParaphraseTable.parse(bytes.toString('utf8'), file);
  cache.set(file, { stamp, table });
  return table;
}
