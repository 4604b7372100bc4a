import { UnderstudyError } from '../errors';
import { Span } from '../text/token';
import { ConstituencyTree, leafSpans, readBracketedTrees } from './bracketed-trees';
import { ParsesByText, TreeSide, abbreviate } from './tree-source';

/** One line's constituency parse and where its leaves are in the line (undefined where a leaf was not found). */
export interface ParsedConstituents {
  readonly trees: readonly ConstituencyTree[];
  readonly leafSpans: readonly (Span | undefined)[];
}

/** Where STM gets constituency trees: users' Penn Treebank files (below) or, later, a constituency parser. */
export interface ConstituencyTreeSource {
  readonly name: string;
  trees(line: string, segment: number, side: TreeSide, reference: number): ParsedConstituents;
}

export interface BracketedFile {
  readonly textFile: string;
  readonly treeFile: string;
  readonly lines: readonly string[];
  readonly bracketed: string;
}

/** One tree per non-empty line, in order (an empty line has no tree); a count that differs is an error naming both. */
export function alignBracketed(file: BracketedFile): ParsedConstituents[] {
  const trees = readBracketedTrees(file.bracketed);
  const nonEmpty = file.lines.filter((l) => l.trim() !== '').length;
  if (trees.length !== nonEmpty) {
    throw new UnderstudyError(
      'bad-parse',
      `${file.treeFile} has ${trees.length} trees but ${file.textFile} has ${nonEmpty} non-empty lines: give one bracketed tree per line (empty lines have none), parsed from this file.`,
      { file: file.treeFile, trees: trees.length, lines: nonEmpty },
    );
  }
  let next = 0;
  return file.lines.map((line) => {
    if (line.trim() === '') return { trees: [], leafSpans: [] };
    const tree = trees[next++];
    return { trees: [tree], leafSpans: leafSpans([tree], line) };
  });
}

/** Constituency trees from bracketed files: one per reference stream, one per system file (looked up by text). */
export class BracketedTreeSource implements ConstituencyTreeSource {
  readonly name = 'ptb';
  private readonly parses: ParsesByText<ParsedConstituents>;

  constructor(references: readonly (BracketedFile | undefined)[], hypotheses: readonly BracketedFile[]) {
    this.parses = new ParsesByText(
      references.map((f) => f && { lines: f.lines, parses: alignBracketed(f) }),
      hypotheses.map((f) => ({ lines: f.lines, parses: alignBracketed(f) })),
    );
  }

  trees(line: string, segment: number, side: TreeSide, reference: number): ParsedConstituents {
    if (line.trim() === '') return { trees: [], leafSpans: [] };
    const parsed = side === 'reference' ? this.parses.reference(line, segment, reference) : this.parses.hypothesis(line, segment);
    if (parsed) return parsed;
    const what = side === 'reference' ? `reference ${reference + 1}, line ${segment + 1}` : `hypothesis line ${segment + 1}`;
    throw new UnderstudyError(
      'no-trees',
      `No constituency tree of ${what} ("${abbreviate(line)}"): give one --${side === 'reference' ? 'ref' : 'hyp'}-ptb FILE per ${side === 'reference' ? '--ref' : 'system file'}, in the same order, with one bracketed tree per line.`,
      { segment },
    );
  }
}

/** The message for STM without constituency trees. */
export function noConstituencyTreesError(metric: string): UnderstudyError {
  return new UnderstudyError(
    'no-trees',
    `${metric} needs constituency (Penn Treebank) trees of the hypotheses and references: give --hyp-ptb FILE (one per system file) and --ref-ptb FILE (one per --ref), ` +
      `each with one bracketed tree per line, e.g. from the Stanford or Berkeley parser.`,
    { metric },
  );
}
