import { UnderstudyError } from '../errors';
import { ConlluError, DependencySentence, parseConllu } from './conllu';
import { ParsedLine, ParsesByText, TreeSide, TreeSource, abbreviate, matchSentence, skipSpace } from './tree-source';

/**
 * Users' own parses: a CoNLL-U file per text file (spaCy, Stanza, UDPipe), read beside the lines it was parsed from.
 *
 * The sentences are matched to the lines by their words, in order: a line takes as many sentences as its text holds
 * (none for an empty line, several when the parser split a summary into sentences), and every word must be found in
 * the line with only whitespace between words. So a file parsed from other text, or with a sentence missing, is
 * reported at the first line where it stops fitting, instead of being silently misaligned.
 */
export interface ParsedFile {
  /** For messages: the text file and the CoNLL-U file. */
  readonly textFile: string;
  readonly conlluFile: string;
  readonly lines: readonly string[];
  readonly conllu: string;
}

/** Each line's parse, or an UnderstudyError('bad-parse') naming the line, the word and what to do. */
export function alignConllu(file: ParsedFile): ParsedLine[] {
  let sentences: DependencySentence[];
  try {
    sentences = parseConllu(file.conllu);
  } catch (error) {
    if (error instanceof ConlluError) {
      throw new UnderstudyError('bad-parse', `${file.conlluFile}: ${error.message}. The file must be CoNLL-U (10 tab-separated columns per word).`, {
        file: file.conlluFile,
        line: error.line,
      });
    }
    throw error;
  }
  const parsed: ParsedLine[] = [];
  let next = 0;
  file.lines.forEach((line, index) => {
    const taken: DependencySentence[] = [];
    const spans: ParsedLine['spans'][number][] = [];
    let at = skipSpace(line, 0);
    while (at < line.length) {
      const sentence = sentences[next];
      if (!sentence) {
        throw misfit(file, index, line, `the CoNLL-U file has no sentence left for the text "${abbreviate(line.slice(at))}"`);
      }
      const matched = matchSentence(sentence, line, at);
      if ('missing' in matched) {
        const found = line.slice(matched.at, matched.at + Math.max(matched.missing.length, 12));
        throw misfit(file, index, line, `sentence ${next + 1}${sentence.sentId ? ` (sent_id ${sentence.sentId})` : ''} has the word "${matched.missing}" where the line has "${found}"`);
      }
      taken.push(sentence);
      spans.push(matched.spans);
      next++;
      at = skipSpace(line, matched.end);
    }
    parsed.push({ sentences: taken, spans });
  });
  if (next < sentences.length) {
    throw new UnderstudyError(
      'bad-parse',
      `${file.conlluFile} has ${sentences.length} sentences but the ${file.lines.length} lines of ${file.textFile} use only ${next}: ` +
        `sentence ${next + 1} ("${abbreviate(sentences[next].words.map((w) => w.form).join(' '))}") is left over. Check that the CoNLL-U file was parsed from this text file.`,
      { file: file.conlluFile, sentences: sentences.length, used: next },
    );
  }
  return parsed;
}

function misfit(file: ParsedFile, index: number, line: string, what: string): UnderstudyError {
  return new UnderstudyError(
    'bad-parse',
    `${file.conlluFile} does not fit ${file.textFile} at line ${index + 1} ("${abbreviate(line)}"): ${what}. ` +
      `The CoNLL-U file must be parsed from this text file, keeping its words (spaCy, Stanza and UDPipe do); re-parse the file or give the matching one.`,
    { file: file.conlluFile, line: index + 1 },
  );
}

/** Trees from CoNLL-U files: one per reference stream (`references[k]` parses reference file k) and one per system file. */
export class ConlluTreeSource implements TreeSource {
  readonly name = 'conllu';
  private readonly parses: ParsesByText<ParsedLine>;
  private readonly hypothesisFiles: readonly string[];

  constructor(references: readonly (ParsedFile | undefined)[], hypotheses: readonly ParsedFile[]) {
    this.parses = new ParsesByText(
      references.map((file) => file && { lines: file.lines, parses: alignConllu(file) }),
      hypotheses.map((file) => ({ lines: file.lines, parses: alignConllu(file) })),
    );
    this.hypothesisFiles = hypotheses.map((h) => h.textFile);
  }

  trees(line: string, segment: number, side: TreeSide, reference: number): ParsedLine {
    if (line.trim() === '') return { sentences: [], spans: [] };
    const parsed = side === 'reference' ? this.parses.reference(line, segment, reference) : this.parses.hypothesis(line, segment);
    if (parsed) return parsed;
    if (side === 'reference') {
      throw new UnderstudyError(
        'no-trees',
        this.parses.allReferencesGiven
          ? `Reference line ${segment + 1} ("${abbreviate(line)}") is not the text any --ref-conllu file was parsed from.`
          : `No dependency parse of reference line ${segment + 1} ("${abbreviate(line)}"): give one --ref-conllu FILE per --ref, in the same order.`,
        { reference, segment },
      );
    }
    const files = this.hypothesisFiles.length === 0 ? 'no --hyp-conllu was given' : `the CoNLL-U files of ${this.hypothesisFiles.join(', ')} have another text there`;
    throw new UnderstudyError(
      'no-trees',
      `No dependency parse of hypothesis line ${segment + 1} ("${abbreviate(line)}"): ${files}. Give one --hyp-conllu FILE per system file, parsed from that file.`,
      { segment },
    );
  }
}
