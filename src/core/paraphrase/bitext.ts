/**
 * One side of a sentence-aligned parallel corpus as integer word ids: sentence k's words are
 * `ids[starts[k] .. starts[k+1])`, each an index into `vocabulary`. Typed arrays keep the aligner's loops free of
 * strings and objects.
 */
export interface BitextSide {
  readonly ids: Int32Array;
  /** `sentenceCount + 1` offsets into `ids`. */
  readonly starts: Int32Array;
  readonly vocabulary: readonly string[];
}

/** A sentence-aligned parallel corpus: sentence k of `source` translates (or is translated by) sentence k of `target`. */
export interface Bitext {
  readonly source: BitextSide;
  readonly target: BitextSide;
  readonly sentenceCount: number;
}

/** Numbers the words of tokenized sentences (one vocabulary per side). */
export function bitextSide(sentences: readonly (readonly string[])[]): BitextSide {
  const index = new Map<string, number>();
  const vocabulary: string[] = [];
  const starts = new Int32Array(sentences.length + 1);
  let total = 0;
  for (let k = 0; k < sentences.length; k++) {
    starts[k] = total;
    total += sentences[k].length;
  }
  starts[sentences.length] = total;
  const ids = new Int32Array(total);
  let at = 0;
  for (const sentence of sentences) {
    for (const word of sentence) {
      let id = index.get(word);
      if (id === undefined) {
        id = vocabulary.length;
        index.set(word, id);
        vocabulary.push(word);
      }
      ids[at++] = id;
    }
  }
  return { ids, starts, vocabulary };
}

/** A bitext from tokenized sentences of the two languages, which must be as many. */
export function bitextFromTokens(source: readonly (readonly string[])[], target: readonly (readonly string[])[]): Bitext {
  if (source.length !== target.length) {
    throw new Error(`A bitext needs as many source as target sentences (${source.length} source, ${target.length} target).`);
  }
  return { source: bitextSide(source), target: bitextSide(target), sentenceCount: source.length };
}

/** The words of sentence `k` of a side. */
export function sentenceWords(side: BitextSide, k: number): string[] {
  const words: string[] = [];
  for (let p = side.starts[k]; p < side.starts[k + 1]; p++) words.push(side.vocabulary[side.ids[p]]);
  return words;
}

/** The same bitext seen from the other language (fast_align's `-r`). */
export function reversedBitext(bitext: Bitext): Bitext {
  return { source: bitext.target, target: bitext.source, sentenceCount: bitext.sentenceCount };
}
