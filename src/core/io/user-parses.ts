import * as fs from 'fs';
import * as path from 'path';
import { UnderstudyError } from '../errors';
import { ConlluError, parseConllu } from '../syntax/conllu';
import { alignParsesToLines, alignTreesToLines, ParseAlignment, TreeAlignment } from '../syntax/parse-alignment';
import { LocatedPtbTree, parsePtbTrees, PtbError, ptbWords } from '../syntax/ptb';

/**
 * Parses a user brings next to a text file instead of the built-in parser's: `x.en.conllu` beside `x.en` (from
 * spaCy, Stanza, UDPipe …), or the file a setting names; Penn Treebank trees in `x.en.ptb` (or `.mrg`) for the
 * tree metrics. The file's sentences are checked against the text's lines; mismatches say which line and what
 * differs, and lines that do not match are left to the built-in parser.
 */

/**
 * A path template: `${file}` the text file's path, `${dir}` its folder, `${base}` its name, `${stem}` its name
 * without the last extension. A relative result is taken relative to the text file's folder.
 */
export function expandParsePath(template: string, textFile: string): string {
  const base = path.basename(textFile);
  const extension = path.extname(base);
  const expanded = template
    .replace(/\$\{file\}/g, textFile)
    .replace(/\$\{dir\}/g, path.dirname(textFile))
    .replace(/\$\{base\}/g, base)
    .replace(/\$\{stem\}/g, extension ? base.slice(0, -extension.length) : base);
  return path.isAbsolute(expanded) ? expanded : path.join(path.dirname(textFile), expanded);
}

export const DEFAULT_CONLLU_PATH = '${file}.conllu';
export const DEFAULT_TREE_PATHS = ['${file}.ptb', '${file}.mrg'];

export interface UserDependencyParses {
  readonly file: string;
  readonly alignment: ParseAlignment;
}

export interface UserTrees {
  readonly file: string;
  readonly trees: readonly LocatedPtbTree[];
  readonly alignment: TreeAlignment;
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UnderstudyError('unreadable-file', `Cannot read ${file}: ${(error as Error).message}. Check the path.`, { file });
  }
}

/**
 * The CoNLL-U parses of `textFile` (whose lines are `lines`), when the file `template` names exists; undefined
 * when it does not. A file that is not CoNLL-U is an error naming its line.
 */
export function findConlluParses(textFile: string, lines: readonly string[], template = DEFAULT_CONLLU_PATH): UserDependencyParses | undefined {
  const file = expandParsePath(template, textFile);
  if (!fs.existsSync(file)) return undefined;
  try {
    return { file, alignment: alignParsesToLines(parseConllu(readText(file)), lines) };
  } catch (error) {
    if (error instanceof ConlluError) {
      throw new UnderstudyError('bad-parse-file', `${file} (the parses of ${path.basename(textFile)}) is not valid CoNLL-U: ${error.message}. Fix the file or remove it to use the built-in parser.`, { file, line: error.line });
    }
    throw error;
  }
}

/** The Penn Treebank trees of `textFile`, from the first of `templates` that exists; undefined when none does. */
export function findTreeParses(textFile: string, lines: readonly string[], templates: readonly string[] = DEFAULT_TREE_PATHS): UserTrees | undefined {
  for (const template of templates) {
    const file = expandParsePath(template, textFile);
    if (!fs.existsSync(file)) continue;
    try {
      const trees = parsePtbTrees(readText(file));
      return { file, trees, alignment: alignTreesToLines(trees.map((t) => ptbWords(t.tree)), lines, trees.map((t) => t.line)) };
    } catch (error) {
      if (error instanceof PtbError) {
        throw new UnderstudyError('bad-parse-file', `${file} (the trees of ${path.basename(textFile)}) cannot be read: ${error.message}.`, { file, line: error.line });
      }
      throw error;
    }
  }
  return undefined;
}
