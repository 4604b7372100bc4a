import { Span } from '../text/token';
import { DependencySentence, DependencyWord, MultiwordToken, surfaceTokens } from './conllu';

/**
 * Matching a user's parses (CoNLL-U from spaCy, Stanza, UDPipe …) to the lines of the text they belong to. A
 * parser may split a line into several sentences, so sentences are taken in order while their tokens spell the line
 * (whitespace aside); a line's sentences are joined into one `DependencySentence` (one root per sentence). Forms are
 * compared after undoing what parsers commonly rewrite: PTB bracket escapes (-LRB-) and quote styles (`` '' “ ”).
 */
export interface AlignedParse {
  readonly sentence: DependencySentence;
  /** Each word's span in the line (words of a multiword token share one). */
  readonly spans: readonly Span[];
}

/** A line whose parse does not fit it: which line, which sentence of the file, and what differs. */
export interface ParseMismatch {
  /** 0-based line index in the text. */
  readonly line: number;
  /** 0-based index of the CoNLL-U sentence that does not fit (undefined when the parses ran out). */
  readonly sentence?: number;
  readonly message: string;
}

export interface ParseAlignment {
  /** Per line: its parse, or undefined (empty line, or a mismatch). */
  readonly parses: readonly (AlignedParse | undefined)[];
  readonly mismatches: readonly ParseMismatch[];
  /** CoNLL-U sentences left over after the last line. */
  readonly extraSentences: number;
}

const ESCAPES: Readonly<Record<string, string>> = { '-LRB-': '(', '-RRB-': ')', '-LSB-': '[', '-RSB-': ']', '-LCB-': '{', '-RCB-': '}' };

/** A form or text with the rewrites parsers make undone, quotes unified, whitespace removed. */
function canonical(text: string): string {
  return text
    .replace(/\s+/gu, '')
    .replace(/``|''|[“”„]/g, '"')
    .replace(/[‘’`]/g, "'");
}

function canonicalForm(form: string): string {
  return canonical(ESCAPES[form] ?? form);
}

/**
 * The line's characters without whitespace, canonicalised, with the line offset of each kept character, so
 * positions in the squeezed text map back to spans of the line.
 */
function squeeze(line: string): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  for (let i = 0; i < line.length; ) {
    const two = line.slice(i, i + 2);
    if (two === '``' || two === "''") {
      text += '"';
      offsets.push(i);
      i += 2;
      continue;
    }
    const ch = line[i];
    if (/\s/u.test(ch)) {
      i++;
      continue;
    }
    const c = canonical(ch);
    for (let k = 0; k < c.length; k++) offsets.push(i);
    text += c;
    i++;
  }
  offsets.push(line.length);
  return { text, offsets };
}

/** The line's text from `start` to the next whitespace. */
function wordAt(line: string, start: number): string {
  let end = start;
  while (end < line.length && !/\s/u.test(line[end])) end++;
  return line.slice(start, end);
}

function describe(sentence: DependencySentence, index: number): string {
  return `CoNLL-U sentence ${index + 1}${sentence.sentId ? ` (sent_id ${sentence.sentId})` : ''}`;
}

/** Joins several sentences of one line into one, renumbering words; each keeps its own root. */
export function joinSentences(sentences: readonly DependencySentence[], text: string): DependencySentence {
  if (sentences.length === 1) return { ...sentences[0], text };
  const words: DependencyWord[] = [];
  const multiwordTokens: MultiwordToken[] = [];
  for (const sentence of sentences) {
    const offset = words.length;
    for (const word of sentence.words) words.push({ ...word, id: word.id + offset, head: word.head > 0 ? word.head + offset : word.head });
    for (const m of sentence.multiwordTokens) multiwordTokens.push({ ...m, first: m.first + offset, last: m.last + offset });
  }
  return { text, comments: sentences.flatMap((s) => s.comments), words, multiwordTokens, emptyNodes: sentences.flatMap((s) => s.emptyNodes) };
}

/** A unit of a parse file (a CoNLL-U sentence, a tree) as the surface forms it spells. */
interface ParseUnit {
  readonly forms: readonly string[];
  /** How a message names it ("CoNLL-U sentence 3 (sent_id …)", "tree 3 (line 12)"). */
  readonly name: string;
}

interface UnitAlignment {
  /** Per line: the units it is made of and each form's span, or undefined. */
  readonly lines: readonly ({ units: number[]; spans: Span[] } | undefined)[];
  readonly mismatches: readonly ParseMismatch[];
  readonly extra: number;
}

/** Takes units in order while their forms spell each line (see the module comment). */
function alignUnits(units: readonly ParseUnit[], lines: readonly string[], kind: string): UnitAlignment {
  const aligned: ({ units: number[]; spans: Span[] } | undefined)[] = [];
  const mismatches: ParseMismatch[] = [];
  let next = 0;
  lines.forEach((line, lineIndex) => {
    const { text, offsets } = squeeze(line);
    if (text.length === 0) {
      aligned.push(undefined);
      return;
    }
    const taken: number[] = [];
    const spans: Span[] = [];
    let at = 0;
    let problem: ParseMismatch | undefined;
    while (at < text.length && problem === undefined) {
      if (next >= units.length) {
        problem = { line: lineIndex, message: `line ${lineIndex + 1} has no parse: the ${kind} ends after ${units.length} ${units.length === 1 ? 'entry' : 'entries'}` };
        break;
      }
      const unit = units[next];
      const unitSpans: Span[] = [];
      for (const raw of unit.forms) {
        const form = canonicalForm(raw);
        if (form.length === 0 || text.slice(at, at + form.length) !== form) {
          problem = {
            line: lineIndex,
            sentence: next,
            message:
              at >= text.length
                ? `line ${lineIndex + 1} ends before ${unit.name} does: its word "${raw}" is not in the line`
                : `line ${lineIndex + 1} does not match ${unit.name}: the parse has "${raw}" where the line has ` +
                  `"${wordAt(line, offsets[at])}" (character ${offsets[at] + 1})`,
          };
          break;
        }
        unitSpans.push({ start: offsets[at], end: offsets[at + form.length - 1] + 1 });
        at += form.length;
      }
      next++;
      if (problem) break;
      taken.push(next - 1);
      spans.push(...unitSpans);
    }
    if (problem) {
      mismatches.push(problem);
      aligned.push(undefined);
      return;
    }
    aligned.push({ units: taken, spans });
  });
  return { lines: aligned, mismatches, extra: units.length - next };
}

/** Aligns `sentences` (a whole CoNLL-U file, in order) to `lines`. */
export function alignParsesToLines(sentences: readonly DependencySentence[], lines: readonly string[]): ParseAlignment {
  const tokens = sentences.map(surfaceTokens);
  const units = sentences.map((sentence, i) => ({ forms: tokens[i].map((t) => t.form), name: describe(sentence, i) }));
  const alignment = alignUnits(units, lines, 'CoNLL-U file');
  const parses = alignment.lines.map((line, lineIndex) => {
    if (!line) return undefined;
    const spans: Span[] = [];
    let token = 0;
    for (const u of line.units) {
      const wordSpans: Span[] = new Array(sentences[u].words.length);
      for (const t of tokens[u]) {
        for (const id of t.words) wordSpans[id - 1] = line.spans[token];
        token++;
      }
      spans.push(...wordSpans);
    }
    return { sentence: joinSentences(line.units.map((u) => sentences[u]), lines[lineIndex]), spans };
  });
  return { parses, mismatches: alignment.mismatches, extraSentences: alignment.extra };
}

/** Trees of a PTB file matched to lines: per line, the trees (one per sentence) and their words' spans. */
export interface TreeAlignment {
  readonly trees: readonly ({ trees: number[]; spans: Span[] } | undefined)[];
  readonly mismatches: readonly ParseMismatch[];
  readonly extraTrees: number;
}

/** Aligns trees, given as their words in order (`ptbWords`), to `lines`, as CoNLL-U sentences are. */
export function alignTreesToLines(treeWords: readonly (readonly string[])[], lines: readonly string[], treeLines?: readonly number[]): TreeAlignment {
  const units = treeWords.map((forms, i) => ({ forms, name: `tree ${i + 1}${treeLines ? ` (line ${treeLines[i]} of the tree file)` : ''}` }));
  const alignment = alignUnits(units, lines, 'tree file');
  return {
    trees: alignment.lines.map((line) => (line ? { trees: line.units, spans: line.spans } : undefined)),
    mismatches: alignment.mismatches,
    extraTrees: alignment.extra,
  };
}
