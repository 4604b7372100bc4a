/** Every problem the engine reports to a user has a code (for programs) and a message saying what to do (for people). */
export type UnderstudyErrorCode =
  | 'line-count-mismatch'
  | 'reference-count-mismatch'
  | 'invalid-utf8'
  | 'unreadable-file'
  | 'empty-file'
  | 'bad-jsonl'
  | 'unknown-metric'
  | 'bad-option'
  | 'line-too-long'
  | 'missing-resource'
  // Syntactic metrics: no dependency/constituency trees for a line, a parse that does not fit its text, no WordNet.
  | 'no-trees'
  | 'bad-parse'
  | 'no-synonyms'
  | 'bad-judgments'
  | 'bad-parse-file'
  | 'bad-parser-model'
  // The built-in parser's threads stopped answering (the tree source then parses on its own thread).
  | 'parser-threads'
  // Manual evaluation (pyramids, reliability data, nuggets, relevance judgments): an annotation file that cannot be read.
  | 'bad-annotations';

export class UnderstudyError extends Error {
  constructor(
    readonly code: UnderstudyErrorCode,
    message: string,
    readonly details: Readonly<Record<string, string | number | readonly string[] | readonly number[]>> = {},
  ) {
    super(message);
    this.name = 'UnderstudyError';
  }

  toJSON(): { code: UnderstudyErrorCode; message: string; details: UnderstudyError['details'] } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

/** Warnings do not stop scoring: the lines concerned are still scored, and the user is told. */
export interface CorpusWarning {
  readonly code: 'invalid-utf8' | 'mixed-line-endings' | 'byte-order-mark' | 'empty-lines' | 'no-final-newline' | 'line-count-mismatch';
  readonly file: string;
  readonly message: string;
  /** 0-based line indexes concerned, when the warning is about lines. */
  readonly lines?: readonly number[];
}
