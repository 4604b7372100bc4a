import { UNDERSTUDY_VERSION } from '../version';
import { conlluSentencesOfLine, Parser } from './parser';
import { ParsedLine, TreeSource } from './tree-source';

/** Lines kept parsed (a reference is asked for by every system scored against it, and by explain). */
const CACHED_LINES = 50_000;

/**
 * The built-in parser as the syntactic metrics' tree source: what they use when the user gives no parses of their
 * own. Each distinct line is parsed once (references are shared by all systems), its sentences numbered from 1 each
 * as CoNLL-U has them, with every word's span in the line.
 */
export class ParserTreeSource implements TreeSource {
  /** The shipped model goes with the Understudy version, so the version names the parses in signatures. */
  readonly name = `parser:en_ewt@${UNDERSTUDY_VERSION}`;
  private readonly cache = new Map<string, ParsedLine>();

  constructor(private readonly parser: Parser) {}

  trees(line: string): ParsedLine {
    let parsed = this.cache.get(line);
    if (!parsed) {
      const result = this.parser.parseLine(line);
      const sentences = conlluSentencesOfLine(result, 0);
      const spans = result.sentenceStarts.map((start, k) => result.spans.slice(start, k + 1 < result.sentenceStarts.length ? result.sentenceStarts[k + 1] : result.spans.length));
      parsed = { sentences, spans };
      if (this.cache.size >= CACHED_LINES) this.cache.clear();
      this.cache.set(line, parsed);
    }
    return parsed;
  }
}
