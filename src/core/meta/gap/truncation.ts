/**
 * Does a summary end in a truncated sentence? (Conroy & Dang 2008 §3: systems "that ended their summaries with a
 * complete sentence" against those "whose summaries ended with a sentence fragment"; the paper gives no rule.)
 *
 * The rules, applied to the text after an optional word limit (as ROUGE's `-l` or a task's length cut would leave it):
 * 1. Markup is dropped (`<t>`, `</t>` in REALSumm), white space at the end ignored.
 * 2. Closing quotes and brackets at the end are set aside — `'`, `''`, `"`, `’`, `”`, `»`, `)`, `]`, `}`, and the
 *    PTB forms `-RRB-`, `-RSB-`, `-RCB-` — and so is a closing `` `` `` (SummEval's texts sometimes close with it).
 * 3. What is left ends in `.`, `!` or `?`: **complete**. An ellipsis (`...`, `…`) is **unterminated**: it may mark a cut.
 * 4. Otherwise the sentence is **cut** when there is positive evidence of a cut — it ends in a comma, colon,
 *    semicolon, dash, slash, ampersand or an opening quote/bracket; its last word is a closed-class word that cannot
 *    end an English sentence (an article, a preposition that is not also a particle, a conjunction, a relative or
 *    subject or possessive pronoun, a form of "be" other than a finite one: "… after she", "… this was a"); or its
 *    last sentence opens a double quotation (`` `` ``, `“`) it does not close. Finite auxiliaries and modals are not
 *    evidence ("… who you are", "… as they could", "… last may" in lower-cased news).
 * 5. Otherwise it is **unterminated**: no final punctuation, but the last word could end a sentence (systems that drop
 *    final full stops, e.g. "… at auction on saturday").
 * By default both cut and unterminated endings count as fragments (the paper's plain reading: not ending with a
 * complete sentence); `fragmentWhen: 'cut'` counts only the endings with evidence of a cut.
 */
export type EndingVerdict = 'complete' | 'unterminated' | 'cut';

export interface EndingCheck {
  readonly verdict: EndingVerdict;
  /** Why, in words ("ends with 'the'", "no final punctuation", …). */
  readonly reason: string;
  /** Character span of the last sentence in the text as given (for decorations); [start, end). */
  readonly lastSentence: { readonly start: number; readonly end: number };
  /** The last word looked at (lower-cased), '' when none. */
  readonly lastWord: string;
}

export interface EndingOptions {
  /** Keep only the first N white-space separated words first (a task's length limit). */
  readonly wordLimit?: number;
}

/** Closed-class words that do not end a well-formed English sentence (particles such as on, up, out are left out). */
const NON_FINAL_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the',
  'of', 'to', 'for', 'with', 'by', 'from', 'into', 'onto', 'than', 'at', 'as', 'between', 'among', 'amongst', 'against',
  'during', 'without', 'within', 'towards', 'toward', 'upon', 'via', 'per', 'despite', 'unlike', 'amid',
  'and', 'or', 'but', 'nor', 'because', 'although', 'though', 'whereas', 'if', 'unless', 'whether', 'while', 'whilst',
  'which', 'who', 'whom', 'whose',
  'be', 'been', 'being',
  'i', 'we', 'he', 'she', 'they', 'my', 'your', 'its', 'our', 'their',
  'every', 'each', 'either', 'neither', 'such',
]);

const CLOSERS = ["''", '``', '-RRB-', '-RSB-', '-RCB-', "'", '"', '’', '”', '»', ')', ']', '}'];
const INTERNAL_PUNCTUATION = /[,;:\-–—/&(\[{‘“`]$|-LRB-$|-LSB-$|-LCB-$/;

/** Drops markup tags, keeping character offsets (tags become spaces). */
function withoutMarkup(text: string): string {
  return text.replace(/<\/?[A-Za-z][^<>]*>/g, (tag) => ' '.repeat(tag.length));
}

/** End offset after the first `limit` white-space separated words. */
function wordLimitEnd(text: string, limit: number): number {
  const word = /\S+/g;
  let count = 0;
  let end = 0;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    if (count === limit) break;
    count++;
    end = m.index + m[0].length;
  }
  return count < limit ? text.length : end;
}

/** Classifies how `text` ends (see the module comment for the rules). */
export function checkEnding(text: string, options: EndingOptions = {}): EndingCheck {
  let plain = withoutMarkup(text);
  if (options.wordLimit !== undefined) plain = plain.slice(0, wordLimitEnd(plain, options.wordLimit));
  let end = plain.trimEnd().length;
  const result = (verdict: EndingVerdict, reason: string, lastWord = ''): EndingCheck => ({
    verdict, reason, lastSentence: lastSentenceSpan(plain, end), lastWord,
  });
  if (end === 0) return result('cut', 'empty output');
  // Set closing quotes and brackets aside.
  let core = end;
  let closingBackticks = 0; // `` used as a closing quote (SummEval)
  for (let changed = true; changed && core > 0;) {
    changed = false;
    const head = plain.slice(0, core).trimEnd();
    for (const closer of CLOSERS) {
      if (head.endsWith(closer)) {
        core = head.length - closer.length;
        if (closer === '``') closingBackticks++;
        changed = true;
        break;
      }
    }
    if (!changed) core = head.length;
  }
  const body = plain.slice(0, core);
  if (body.length === 0) return result('cut', 'only quotation marks');
  if (/(\.\.\.|…)$/.test(body)) return result('unterminated', 'ends with an ellipsis');
  if (/[.!?]$/.test(body)) return result('complete', `ends with '${body[body.length - 1]}'`);
  if (INTERNAL_PUNCTUATION.test(body)) {
    const mark = /(-L[RSC]B-|.)$/.exec(body)![0];
    return result('cut', `ends with '${mark}'`);
  }
  const lastWord = (/([\p{L}\p{N}'’-]+)$/u.exec(body)?.[1] ?? '').toLowerCase();
  if (NON_FINAL_WORDS.has(lastWord)) return result('cut', `ends with '${lastWord}'`, lastWord);
  const sentence = plain.slice(lastSentenceSpan(plain, end).start, end);
  const opened = count(sentence, '``') + count(sentence, '“') - closingBackticks;
  const closed = count(sentence, "''") + count(sentence, '”') + closingBackticks;
  if (opened > closed) return result('cut', 'a quotation it opens is not closed', lastWord);
  return result('unterminated', 'no final punctuation', lastWord);
}

function count(text: string, mark: string): number {
  let n = 0;
  for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + mark.length)) n++;
  return n;
}

/** The last sentence: from after the last sentence end (., !, ? followed by white space, or a line break) to `end`. */
function lastSentenceSpan(text: string, end: number): { start: number; end: number } {
  const head = text.slice(0, end);
  let start = 0;
  const boundary = /[.!?]['"’”)\]]*\s+|\n/g;
  for (let m = boundary.exec(head); m; m = boundary.exec(head)) {
    if (m.index + m[0].length < end) start = m.index + m[0].length;
  }
  while (start < end && /\s/.test(text[start])) start++;
  return { start, end };
}

/** Whether a verdict counts as a fragment: 'unterminated' (default: cut or unterminated) or 'cut' (cut only). */
export function isFragment(verdict: EndingVerdict, fragmentWhen: 'unterminated' | 'cut' = 'unterminated'): boolean {
  return verdict === 'cut' || (fragmentWhen === 'unterminated' && verdict === 'unterminated');
}
