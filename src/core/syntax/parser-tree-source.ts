import { UnderstudyError } from '../errors';
import { UNDERSTUDY_VERSION } from '../version';
import { conlluSentencesOfLine, Parser } from './parser';
import { ParsePool } from './parse-pool';
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
      parsed = parsedLine(this.parser, line);
      this.keep(line, parsed);
    }
    return parsed;
  }

  /**
   * Parses ahead, on `pool`'s threads, the lines of `lines` not parsed yet, so that `trees` then finds them: what a
   * scoring run calls with every line it is about to score. Does nothing when there are too few new lines to be worth
   * the threads (`pool.worthwhile`): `trees` parses them here when asked.
   */
  parseAhead(lines: Iterable<string>, pool: ParsePool | undefined, isCancelled?: () => boolean): void {
    if (!pool) return;
    const missing = new Set<string>();
    for (const line of lines) if (!this.cache.has(line)) missing.add(line);
    if (!pool.worthwhile(missing.size)) return;
    const batch = [...missing].slice(0, CACHED_LINES);
    let parsed: (ParsedLine | undefined)[];
    try {
      parsed = pool.parse(batch, isCancelled);
    } catch (error) {
      // Threads that stopped answering cost time, not parses: `trees` parses each line here when asked.
      if (error instanceof UnderstudyError && error.code === 'parser-threads') return;
      throw error;
    }
    // After a cancel, the lines not parsed are holes: `trees` parses them here if they are asked for after all.
    batch.forEach((line, k) => {
      const tree = parsed[k];
      if (tree !== undefined) this.keep(line, tree);
    });
  }

  private keep(line: string, parsed: ParsedLine): void {
    if (this.cache.size >= CACHED_LINES) this.cache.clear();
    this.cache.set(line, parsed);
  }
}

/** `line` parsed, as a tree source answers: its sentences numbered from 1, each word's span in the line. */
export function parsedLine(parser: Parser, line: string): ParsedLine {
  const result = parser.parseLine(line);
  const sentences = conlluSentencesOfLine(result, 0);
  const spans = result.sentenceStarts.map((start, k) => result.spans.slice(start, k + 1 < result.sentenceStarts.length ? result.sentenceStarts[k + 1] : result.spans.length));
  return { sentences, spans };
}
