import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { UnderstudyError } from '../errors';
import { ModelFormatError, ParserModelData, readModel } from '../syntax/model-format';
import { Parser, ParserOptions } from '../syntax/parser';

/** The model shipped with Understudy (trained by scripts/train-parser on UD English EWT, CC BY-SA 4.0). */
export const SHIPPED_MODEL_FILE = path.join('resources', 'parser', 'en_ewt.model.gz');

/**
 * Where the shipped model is: under the package root, found from this code's own location (dist/ when bundled,
 * out/src/core/io/ when compiled for tests), so the extension, the worker and the CLI all find it.
 */
export function shippedParserModelPath(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, SHIPPED_MODEL_FILE);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new UnderstudyError('bad-parser-model', `The built-in parser's model ${SHIPPED_MODEL_FILE} is missing from the installation. Reinstall Understudy, or supply your own parses as CoNLL-U files.`);
}

/** Reads a gzip-compressed model file (or an uncompressed one). */
export function readParserModelFile(file: string): ParserModelData {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new UnderstudyError('bad-parser-model', `Cannot read the parser model ${file}: ${(error as Error).message}.`, { file });
  }
  try {
    const raw = bytes[0] === 0x1f && bytes[1] === 0x8b ? zlib.gunzipSync(bytes) : bytes;
    return readModel(new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength));
  } catch (error) {
    if (error instanceof ModelFormatError || error instanceof SyntaxError || (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw new UnderstudyError('bad-parser-model', `${file} is not a usable parser model: ${(error as Error).message}`, { file });
    }
    throw error;
  }
}

/** A Parser over the shipped model (or `file`), loaded on its first parse. */
export function createParser(file?: string, options: ParserOptions = {}): Parser {
  return new Parser(() => readParserModelFile(file ?? shippedParserModelPath()), options);
}
