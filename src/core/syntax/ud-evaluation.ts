import { DependencySentence, surfaceTokens } from './conllu';

/**
 * Scores of predicted against gold UD sentences over the same text, in the manner of the CoNLL 2018 shared task's
 * evaluation script (conll18_ud_eval.py): surface tokens are matched by their character spans in the text, so a
 * parse of the project's own tokenization can be scored against the treebank; words of a multiword token matched
 * by span are paired in order when both sides split it into the same number of words, else by their forms.
 * Each score is an F1 over gold and predicted words (with gold tokenization, precision = recall = accuracy).
 * LAS compares the universal part of the relation, as the shared task did (`nsubj:pass` counts as `nsubj`);
 * `labelledExact` compares the full relation with its subtype.
 */
export interface UdScores {
  readonly tokens: F1;
  readonly words: F1;
  readonly upos: F1;
  readonly xpos: F1;
  readonly feats: F1;
  readonly lemma: F1;
  readonly uas: F1;
  readonly las: F1;
  readonly labelledExact: F1;
}

export interface F1 {
  readonly gold: number;
  readonly predicted: number;
  readonly correct: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
}

function f1(gold: number, predicted: number, correct: number): F1 {
  const precision = predicted === 0 ? 0 : correct / predicted;
  const recall = gold === 0 ? 0 : correct / gold;
  return { gold, predicted, correct, precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

interface Located {
  /** Character span of the word's surface token (with whitespace removed, as conll18_ud_eval does). */
  readonly start: number;
  readonly end: number;
  /** The word's id in its sentence and the sentence's index, to find its head's alignment. */
  readonly sentence: number;
  readonly id: number;
  readonly multiword: boolean;
}

/**
 * Surface tokens of `sentences` located in `text` with whitespace removed: offsets count non-space characters only,
 * so tokens are compared whatever spacing either side assumed. Throws when a token's characters are not next in
 * the text (the two sides are not over the same text).
 */
function locate(sentences: readonly DependencySentence[], text: string): { tokens: { start: number; end: number }[]; words: Located[][] } {
  const squeezed = text.replace(/\s+/gu, '');
  const tokens: { start: number; end: number }[] = [];
  const words: Located[][] = [];
  let at = 0;
  sentences.forEach((sentence, s) => {
    const located: Located[] = new Array(sentence.words.length);
    for (const token of surfaceTokens(sentence)) {
      const form = token.form.replace(/\s+/gu, '');
      if (squeezed.slice(at, at + form.length) !== form) {
        throw new Error(`evaluation: token "${token.form}" of sentence ${s + 1} does not follow in the text at "${squeezed.slice(at, at + 20)}"`);
      }
      const span = { start: at, end: at + form.length };
      tokens.push(span);
      for (const id of token.words) located[id - 1] = { ...span, sentence: s, id, multiword: token.words.length > 1 };
      at += form.length;
    }
    words.push(located);
  });
  return { tokens, words };
}

/** Pairs of (gold word, predicted word) aligned as the shared task aligns them. */
function alignWords(gold: readonly DependencySentence[], goldWords: Located[][], predicted: readonly DependencySentence[], predictedWords: Located[][]): Map<string, Located> {
  const byToken = (words: Located[][]): Map<string, Located[]> => {
    const map = new Map<string, Located[]>();
    for (const sentence of words) {
      for (const word of sentence) {
        const key = `${word.start}:${word.end}`;
        const list = map.get(key);
        if (list) list.push(word);
        else map.set(key, [word]);
      }
    }
    return map;
  };
  const predictedByToken = byToken(predictedWords);
  const alignment = new Map<string, Located>();
  for (const [key, goldGroup] of byToken(goldWords)) {
    const predictedGroup = predictedByToken.get(key);
    if (!predictedGroup) continue;
    if (goldGroup.length === predictedGroup.length) {
      goldGroup.forEach((g, i) => alignment.set(wordKey(g), predictedGroup[i]));
      continue;
    }
    // Different splits of one token: pair words by the longest common subsequence of lower-cased forms.
    const form = (sentences: readonly DependencySentence[], w: Located): string => sentences[w.sentence].words[w.id - 1].form.toLowerCase();
    const a = goldGroup.map((w) => form(gold, w));
    const b = predictedGroup.map((w) => form(predicted, w));
    const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
    for (let i = 0, j = 0; i < a.length && j < b.length; ) {
      if (a[i] === b[j]) {
        alignment.set(wordKey(goldGroup[i]), predictedGroup[j]);
        i++;
        j++;
      } else if (table[i + 1][j] >= table[i][j + 1]) i++;
      else j++;
    }
  }
  return alignment;
}

function wordKey(word: { sentence: number; id: number }): string {
  return `${word.sentence}:${word.id}`;
}

function universal(deprel: string): string {
  const colon = deprel.indexOf(':');
  return colon < 0 ? deprel : deprel.slice(0, colon);
}

function sameFeats(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/** Scores `predicted` against `gold`, both sentence lists over `text` (their sentences in order, any spacing). */
export function evaluateUd(gold: readonly DependencySentence[], predicted: readonly DependencySentence[], text: string): UdScores {
  const g = locate(gold, text);
  const p = locate(predicted, text);
  const predictedTokens = new Set(p.tokens.map((t) => `${t.start}:${t.end}`));
  const tokenMatches = g.tokens.filter((t) => predictedTokens.has(`${t.start}:${t.end}`)).length;
  const alignment = alignWords(gold, g.words, predicted, p.words);
  const goldCount = g.words.reduce((n, s) => n + s.length, 0);
  const predictedCount = p.words.reduce((n, s) => n + s.length, 0);
  const counts = { upos: 0, xpos: 0, feats: 0, lemma: 0, uas: 0, las: 0, labelledExact: 0 };
  g.words.forEach((sentenceWords, s) => {
    for (const goldLocated of sentenceWords) {
      const aligned = alignment.get(wordKey(goldLocated));
      if (!aligned) continue;
      const gw = gold[s].words[goldLocated.id - 1];
      const pw = predicted[aligned.sentence].words[aligned.id - 1];
      if (gw.upos === pw.upos) counts.upos++;
      if (gw.xpos === pw.xpos) counts.xpos++;
      if (sameFeats(gw.feats, pw.feats)) counts.feats++;
      if (gw.lemma === pw.lemma) counts.lemma++;
      // The head is right when both are the root, or the predicted head is the word aligned to the gold head.
      let headRight: boolean;
      if (gw.head === 0 || pw.head === 0) headRight = gw.head === 0 && pw.head === 0;
      else {
        const goldHead = alignment.get(wordKey({ sentence: s, id: gw.head }));
        headRight = goldHead !== undefined && goldHead.sentence === aligned.sentence && goldHead.id === pw.head;
      }
      if (headRight) {
        counts.uas++;
        if (universal(gw.deprel) === universal(pw.deprel)) counts.las++;
        if (gw.deprel === pw.deprel) counts.labelledExact++;
      }
    }
  });
  const score = (correct: number): F1 => f1(goldCount, predictedCount, correct);
  return {
    tokens: f1(g.tokens.length, p.tokens.length, tokenMatches),
    words: score(alignment.size),
    upos: score(counts.upos),
    xpos: score(counts.xpos),
    feats: score(counts.feats),
    lemma: score(counts.lemma),
    uas: score(counts.uas),
    las: score(counts.las),
    labelledExact: score(counts.labelledExact),
  };
}
