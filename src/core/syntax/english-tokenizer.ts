import { Span } from '../text/token';

/**
 * English tokenization into Universal Dependencies words, following UD English EWT's conventions (the treebank
 * the parser is trained on): punctuation is split off words, hyphenated compounds are split at the hyphen
 * ("Al-Zaman" → Al - Zaman) except after common prefixes (e-mail, co-workers, non-human), "/" between words is split
 * (and/or), and clitics form multiword tokens of several syntactic words ("don't" = do + n't, "I'm" = I + 'm,
 * "cannot" = can + not, "gonna" = gon + na, "Bush's" = Bush + 's). URLs, e-mail addresses, numbers with their
 * separators (1,000 3.5 5:30 9/11 713-853-3989), known abbreviations (Mr. U.S. e.g.), initials and emoticons
 * stay whole; a run of the same punctuation (... !!! -- ?!) is one token.
 *
 * Every token keeps its span in the line (UTF-16 offsets); the words of a multiword token share it.
 */
export interface EnglishToken {
  /** The surface token as written. */
  readonly form: string;
  readonly span: Span;
  /** Its syntactic words (one, or several for a multiword token such as "don't"). */
  readonly words: readonly string[];
  /** No whitespace between this token and the next (CoNLL-U SpaceAfter=No). */
  readonly spaceAfter: boolean;
}

/** Abbreviations that keep their final full stop (lower-cased, with the stop). */
const ABBREVIATIONS = new Set(
  (
    'mr. mrs. ms. dr. prof. st. jr. sr. mt. ft. vs. v. etc. inc. ltd. co. corp. bros. no. nos. vol. pp. p. gen. col. lt. ' +
    'sgt. capt. gov. sen. rep. rev. hon. pres. dept. est. approx. fig. ave. blvd. rd. apt. ext. tel. min. max. ' +
    'jan. feb. mar. apr. jun. jul. aug. sep. sept. oct. nov. dec. mon. tue. tues. wed. thu. thur. thurs. fri. sat. sun. ' +
    'e.g. i.e. a.m. p.m. u.s. u.k. u.n. u.s.a. d.c. l.a. n.y. b.c. a.d. ph.d. m.d. b.a. m.a. t.v. p.s. r.i.p. ' +
    'cf. al. ca. esp. misc. govt. intl. assoc. univ. jr. mgr. asst. atty. attn. w/ w/o b/c yahoo!'
  ).split(' '),
);

/** Prefixes after which EWT keeps a hyphenated word whole (lower-cased, without the hyphen). */
const HYPHEN_PREFIXES = new Set(
  'e co pre post non re anti multi mid ex semi pro sub un vice inter intra over under counter micro mini macro neo pseudo quasi ultra x t'.split(' '),
);

/** Tokens written without an apostrophe that EWT splits into two words, lower-cased → the split point. */
const FUSED_WORDS: Readonly<Record<string, number>> = {
  cannot: 3,
  gonna: 3,
  wanna: 3,
  gotta: 3,
  dont: 2,
  didnt: 3,
  doesnt: 4,
  cant: 2,
  wont: 2,
  isnt: 2,
  wasnt: 3,
  arent: 3,
  werent: 4,
  couldnt: 5,
  wouldnt: 5,
  shouldnt: 6,
  havent: 4,
  hasnt: 3,
  hadnt: 3,
  aint: 2,
  im: 1,
  ive: 1,
  youre: 3,
  thats: 4,
  theres: 5,
  whats: 4,
};

/** Negated forms whose first word EWT spells shortened: can't → ca n't, won't → wo n't. */
const NEGATION_STEMS: Readonly<Record<string, number>> = { can: 2, won: 2, ain: 2, shan: 3 };

const EMOTICON = /^(?:[:;=8][-o^']?[)(\]\[dDpP/\\|*3oO]+|[)(][-^']?[:;=]|<3+|\^_*\^|[xX]D+|:'\()$/;
const URL = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S*[^\s.,;:!?)\]'"]$/i;
const EMAIL = /^[\w.+%-]+@[\w-]+(?:\.[\w-]+)*$/;
/** Numbers with internal separators, dates, times, phone numbers, versions: 1,000 3.5 5:30 9/11 713-853-3989 */
const NUMBER = /^[+-]?\d+(?:[.,:/-]\d+)*$/;
/** Dotted names with no space: file names, host names, initialisms written with stops (U.S, enron.com). */
const DOTTED = /^[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)+$/u;
const INITIALS = /^(?:\p{L}\.)+$/u;
const APOSTROPHES = "'’`";
/** A clitic written apart, as in already tokenized text ("Bush 's", "do n't"). */
const CLITIC = /^(?:['’`](?:s|m|re|ve|ll|d)|n['’`]t)$/i;

interface Piece {
  start: number;
  end: number;
  words?: string[];
}

function isLetter(ch: string): boolean {
  return /\p{L}/u.test(ch);
}

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

function isAlphanumeric(ch: string): boolean {
  return /[\p{L}\p{N}]/u.test(ch);
}

/** Punctuation split off a word's start, one token per run of the same character. */
const OPENING = new Set([...'([{"\'`“‘«<*~¿¡']);
/** Punctuation split off a word's end. */
const CLOSING = new Set([...'.,;:!?)]}"\'“”’»>*…']);
/** Characters that group with each other at a word's end (?!, .?, !!!, ...). */
const STOPS = new Set([...'.!?']);

export class EnglishTokenizer {
  /** The tokens of `line`, in order, with their spans and syntactic words. */
  tokenize(line: string): EnglishToken[] {
    const pieces: Piece[] = [];
    const chunk = /\S+/gu;
    for (let m = chunk.exec(line); m; m = chunk.exec(line)) this.splitChunk(line, m.index, m.index + m[0].length, pieces);
    return pieces.map((piece, i) => {
      const form = line.slice(piece.start, piece.end);
      const next = pieces[i + 1];
      return {
        form,
        span: { start: piece.start, end: piece.end },
        words: piece.words ?? [form],
        spaceAfter: next === undefined ? true : next.start > piece.end,
      };
    });
  }

  private splitChunk(line: string, start: number, end: number, out: Piece[]): void {
    const text = line.slice(start, end);
    // An abbreviation ending the line gives its full stop to the sentence ("... in the U.S." → U.S + .).
    if (end === line.trimEnd().length && /\p{L}\.$/u.test(text) && ABBREVIATIONS.has(text.toLowerCase()) && text.length > 2) {
      this.splitChunk(line, start, end - 1, out);
      out.push({ start: end - 1, end });
      return;
    }
    // Words run together with an ellipsis or a comma ("past...and", ",thank", "3,to"): split there first.
    const joined = /(\p{L}|\p{N})(\.{2,}|…|,)(?=\p{L})|(^|\p{L})(\.{2,}|…)(?=\p{L}|\p{N})/u.exec(text);
    if (joined && !URL.test(text) && !EMAIL.test(text)) {
      const at = start + joined.index + (joined[1] ?? joined[3]).length;
      const stop = at + (joined[2] ?? joined[4]).length;
      if (at > start) this.splitChunk(line, start, at, out);
      out.push({ start: at, end: stop });
      this.splitChunk(line, stop, end, out);
      return;
    }
    if (this.isWhole(text)) {
      out.push({ start, end });
      return;
    }
    // Opening punctuation.
    let from = start;
    while (from < end && OPENING.has(line[from]) && !this.isWhole(line.slice(from, end))) {
      let to = from + 1;
      while (to < end && line[to] === line[from]) to++;
      if (to === end) break;
      out.push({ start: from, end: to });
      from = to;
    }
    // Closing punctuation, collected right to left.
    const closing: Piece[] = [];
    let to = end;
    while (to > from) {
      const word = line.slice(from, to);
      if (this.isWhole(word)) break;
      const ch = line[to - 1];
      if (!CLOSING.has(ch)) break;
      let at = to - 1;
      if (STOPS.has(ch)) {
        while (at > from && STOPS.has(line[at - 1])) at--;
      } else {
        while (at > from && line[at - 1] === ch) at--;
      }
      // An apostrophe after s is a possessive ("parents'"), a clitic of the word before.
      if (APOSTROPHES.includes(ch) && to - at === 1 && at - from >= 2 && /s/i.test(line[at - 1]) && at === to - 1) {
        break;
      }
      if (at === from) break;
      closing.unshift({ start: at, end: to });
      to = at;
    }
    if (to > from) this.splitWord(line, from, to, out);
    out.push(...closing);
  }

  /** A token that stays whole whatever punctuation it contains. */
  private isWhole(text: string): boolean {
    if (text.length <= 1) return true;
    const lower = text.toLowerCase();
    return (
      URL.test(text) ||
      EMAIL.test(text) ||
      EMOTICON.test(text) ||
      NUMBER.test(text) ||
      ABBREVIATIONS.has(lower) ||
      INITIALS.test(text) ||
      CLITIC.test(text) ||
      isRun(text)
    );
  }

  /** A word without outer punctuation: split at hyphens, slashes, $ and clitics. */
  private splitWord(line: string, start: number, end: number, out: Piece[]): void {
    const text = line.slice(start, end);
    if (this.isWhole(text) || DOTTED.test(text)) {
      out.push({ start, end });
      return;
    }
    // Currency and other symbols before a number: $5 → $ 5, #1 → # 1 (a hashtag stays whole).
    if (/^[$£€¥#][\d.,]+/.test(text) || /^[$£€¥]/.test(text)) {
      out.push({ start, end: start + 1 });
      this.splitWord(line, start + 1, end, out);
      return;
    }
    // A number with a unit or percent stuck to it: 100% → 100 %, 5:30PM → 5:30 PM.
    const numberThenWord = /^([+-]?\d+(?:[.,:/-]\d+)*)(%|[a-zA-Z]+)$/.exec(text);
    if (numberThenWord && !/^(?:st|nd|rd|th|s)$/i.test(numberThenWord[2])) {
      const cut = start + numberThenWord[1].length;
      out.push({ start, end: cut }, { start: cut, end });
      return;
    }
    // Hyphens and slashes between words.
    for (let i = start + 1; i < end - 1; i++) {
      const ch = line[i];
      if ((ch === '-' || ch === '/' || ch === '–' || ch === '—') && isAlphanumeric(line[i - 1])) {
        const left = line.slice(start, i);
        if (ch === '-' && HYPHEN_PREFIXES.has(left.toLowerCase())) continue;
        if (ch === '-' && line[i + 1] === '-') continue;
        if (!isAlphanumeric(line[i + 1])) continue;
        if (ch === '-' && isDigit(line[i - 1]) && isDigit(line[i + 1])) continue;
        this.splitWord(line, start, i, out);
        out.push({ start: i, end: i + 1 });
        this.splitWord(line, i + 1, end, out);
        return;
      }
    }
    out.push(this.clitics(line, start, end));
  }

  /** The word as one piece, with its syntactic words when it is a contraction or a possessive. */
  private clitics(line: string, start: number, end: number): Piece {
    const text = line.slice(start, end);
    const lower = text.toLowerCase();
    const fused = FUSED_WORDS[lower];
    if (fused !== undefined) return { start, end, words: [text.slice(0, fused), text.slice(fused)] };
    const normalised = lower.replace(/[’`]/g, "'");
    const negation = /n't$/.exec(normalised);
    if (negation && normalised.length > 3) {
      const stem = normalised.slice(0, -3);
      const cut = NEGATION_STEMS[stem] ?? stem.length;
      return { start, end, words: [text.slice(0, cut), text.slice(stem.length)] };
    }
    const clitic = /^(.*\p{L})('s|'m|'re|'ve|'ll|'d|')$/u.exec(normalised);
    if (clitic && (clitic[2] !== "'" || /s$/.test(clitic[1]))) {
      const cut = clitic[1].length;
      return { start, end, words: [text.slice(0, cut), text.slice(cut)] };
    }
    return { start, end };
  }
}

/** A run of one punctuation character (--- *** ====) or of stops (... ?! .?). */
function isRun(text: string): boolean {
  if (isLetter(text[0]) || isDigit(text[0])) return false;
  if ([...text].every((ch) => STOPS.has(ch))) return true;
  return [...text].every((ch) => ch === text[0]);
}
