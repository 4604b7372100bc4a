import * as fs from 'fs';
import * as path from 'path';

/**
 * Root of the bundled copies of ../shared (golden values and the data files they name): found from the compiled
 * file's location (out/test/unit → project root), or from the working directory when compiled elsewhere.
 */
export const FIXTURES = [path.resolve(__dirname, '../../..'), process.cwd()]
  .map((root) => path.join(root, 'test/fixtures'))
  .find((dir) => fs.existsSync(path.join(dir, 'golden'))) ?? path.join(process.cwd(), 'test/fixtures');

export interface GoldenCase {
  id: string;
  metric?: string;
  config?: string;
  level?: string;
  options: Record<string, any>;
  signature?: string;
  inputs: Record<string, any>;
  expected: Record<string, any>;
  [key: string]: any;
}

export interface GoldenFile {
  tool?: Record<string, any>;
  tools?: Record<string, any>;
  cases: GoldenCase[];
  [key: string]: any;
}

const cache = new Map<string, GoldenFile>();

/** Loads `test/fixtures/golden/<name>.json` (a verbatim copy of ../shared/golden/<name>.json). */
export function loadGolden(name: string): GoldenFile {
  let file = cache.get(name);
  if (!file) {
    file = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'golden', `${name}.json`), 'utf8')) as GoldenFile;
    cache.set(name, file);
  }
  return file;
}

/**
 * Reads a data file named by a golden case (path relative to shared/) the way the golden README says the
 * tools read it: UTF-8, split on LF only, the final LF ends the last line, nothing stripped.
 */
export function readDataLines(relativePath: string, firstN?: number): string[] {
  const text = fs.readFileSync(path.join(FIXTURES, relativePath), 'utf8');
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return firstN === undefined ? lines : lines.slice(0, firstN);
}

/** Parses `line_range` strings of golden cases: `all lines` or `first N lines`. */
export function lineLimit(lineRange: string | undefined): number | undefined {
  const m = /^first (\d+) lines$/.exec(lineRange ?? '');
  return m ? Number(m[1]) : undefined;
}

/** Python-style relative comparison used for full-precision golden values. */
export function closeTo(actual: number, expected: number, relative = 1e-9): boolean {
  if (Number.isNaN(expected)) return Number.isNaN(actual);
  return Math.abs(actual - expected) <= relative * Math.max(1, Math.abs(expected));
}
