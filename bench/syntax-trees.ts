import * as fs from 'fs';
import * as path from 'path';
import { DependencySentence, DependencyWord, parseConllu } from '../src/core/syntax/conllu';
import { ParsedLine, TreeSource, parsedLineOf } from '../src/core/syntax/tree-source';
import { FIXTURE_DATA, SHARED_DATA } from './data';

/**
 * Trees for timing the syntactic metrics without a parser (the parser's own speed is benchmarked on its branch).
 * Each text line is split into words, and the tree of a UD English EWT sentence with the same number of words lends
 * its shape: heads, relations, parts of speech and features; the line's own words are the forms, lower-cased as the
 * lemmas. The trees are not parses of the lines; they have the size, depth and label mix of real English trees, which
 * is what the metrics' cost depends on. Lines longer than any EWT sentence get several shapes, joined by parataxis.
 */
function shapes(): Map<number, DependencySentence[]> {
  const shared = path.join(SHARED_DATA, 'ud-english-ewt/en_ewt-ud-train.conllu');
  const file = fs.existsSync(shared) ? shared : path.join(FIXTURE_DATA, 'ud-english-ewt/en_ewt-ud-dev.sample.conllu');
  const byLength = new Map<number, DependencySentence[]>();
  for (const s of parseConllu(fs.readFileSync(file, 'utf8'))) {
    if (s.multiwordTokens.length > 0 || s.words.some((w) => w.head < 0)) continue;
    const list = byLength.get(s.words.length) ?? [];
    list.push(s);
    byLength.set(s.words.length, list);
  }
  return byLength;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*|\S/gu;

export class BorrowedShapeTrees implements TreeSource {
  readonly name = 'bench-borrowed-shapes';
  private byLength = shapes();
  private readonly longest = Math.max(...this.byLength.keys());
  private readonly parsed = new Map<string, ParsedLine>();
  private used = 0;

  /**
   * Builds the trees of `lines` now, so that timing the metrics afterwards leaves this out; then lets the EWT
   * treebank go (a parser would not keep it in memory either, and a large live heap slows every garbage collection).
   */
  prepare(lines: Iterable<string>): void {
    for (const line of lines) if (!this.parsed.has(line)) this.parsed.set(line, this.build(line));
    this.byLength = new Map();
  }

  trees(line: string): ParsedLine {
    const parsed = this.parsed.get(line);
    if (!parsed) throw new Error(`bench: no tree prepared for "${line.slice(0, 40)}"`);
    return parsed;
  }

  private shape(length: number): DependencySentence {
    const list = this.byLength.get(length);
    if (list) return list[this.used++ % list.length];
    let n = length;
    while (n > 0 && !this.byLength.has(n)) n--;
    return this.byLength.get(n)![0];
  }

  private build(line: string): ParsedLine {
    const tokens = line.match(WORD) ?? [];
    const words: DependencyWord[] = [];
    let root = 0;
    for (let at = 0; at < tokens.length; ) {
      const length = Math.min(tokens.length - at, this.longest);
      const shape = this.shape(length);
      const offset = words.length;
      for (const w of shape.words) {
        const form = tokens[at + w.id - 1];
        const head = w.head === 0 ? (root === 0 ? 0 : root) : w.head + offset;
        words.push({ ...w, id: w.id + offset, form, lemma: form.toLowerCase(), head, deprel: w.head === 0 && root !== 0 ? 'parataxis' : w.deprel, misc: {} });
        if (w.head === 0 && root === 0) root = w.id + offset;
      }
      at += shape.words.length;
    }
    const sentence: DependencySentence = { comments: [], words, multiwordTokens: [], emptyNodes: [] };
    const parsed = parsedLineOf(line, words.length > 0 ? [sentence] : []);
    if (!parsed) throw new Error(`bench: stand-in tree does not fit "${line.slice(0, 40)}"`);
    return parsed;
  }
}
