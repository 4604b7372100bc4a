import * as fs from 'fs';
import * as path from 'path';
import { WordNet } from '../lexicon/wordnet';
import { UnderstudyError } from '../errors';

/** The WordNet extract shipped in `resources/wordnet/` (WordNet 3.0, the version METEOR 1.5's synonym files come from). */
export const WORDNET_FILE = 'resources/wordnet/wordnet-3.0.txt';
export const WORDNET_VERSION = '3.0';

let cached: WordNet | undefined;

/**
 * The shipped WordNet, read and parsed on first use and then kept for the life of the process (the worker's, in the
 * editor: the extension host never loads it). About 3 MB of text; parsing takes a few hundred milliseconds.
 */
export function loadWordNet(): WordNet {
  if (!cached) {
    const file = findResource(WORDNET_FILE);
    cached = WordNet.parse(fs.readFileSync(file, 'utf8'), WORDNET_VERSION);
  }
  return cached;
}

/**
 * A file under the project's `resources/` folder, looked up from this module's location upwards (the bundles live in
 * `dist/`, compiled tests in `out/src/...`), then from the working directory.
 */
export function findResource(relativePath: string): string {
  for (const start of [__dirname, process.cwd()]) {
    let dir = start;
    for (;;) {
      const candidate = path.join(dir, relativePath);
      if (fs.existsSync(candidate)) return candidate;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new UnderstudyError(
    'missing-resource',
    `Cannot find ${relativePath} (looked beside the program and in the working directory). Reinstall Understudy, or run from its folder.`,
    { file: relativePath },
  );
}
