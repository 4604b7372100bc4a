/**
 * Word clusters for the parser: each known word's fine class (hundreds of classes, standing in for the word
 * itself) and coarse class (tens, standing in for a tag), learned from unlabelled English text by
 * `scripts/learn-word-clusters.ts` (exchange clustering, `training/exchange-clustering.ts`) and shipped in the
 * model. Words are looked up lower-cased with digits folded to 0, as they were counted.
 */
export interface WordClusterData {
  /** The clustered words (lookup keys, `clusterKey`). */
  readonly words: readonly string[];
  /** Fine class of each word. */
  readonly fine: readonly number[];
  /** Coarse class of each fine class. */
  readonly coarseOfFine: readonly number[];
}

/** The key a word is clustered and looked up by: lower case, every digit 0. */
export function clusterKey(form: string): string {
  return form.toLowerCase().replace(/[0-9]/g, '0');
}

/** Class ids for words the clusters do not know. */
export const UNKNOWN_FINE = -1;
export const UNKNOWN_COARSE = -1;

export class WordClusters {
  private readonly fineByWord = new Map<string, number>();

  constructor(private readonly data: WordClusterData) {
    if (data.words.length !== data.fine.length) throw new Error('word clusters: words and classes differ in number');
    data.words.forEach((word, i) => this.fineByWord.set(word, data.fine[i]));
  }

  get size(): number {
    return this.fineByWord.size;
  }

  /** The fine class of `form`, or UNKNOWN_FINE. */
  fine(form: string): number {
    return this.fineByWord.get(clusterKey(form)) ?? UNKNOWN_FINE;
  }

  /** The coarse class of a fine class (UNKNOWN_COARSE for UNKNOWN_FINE). */
  coarse(fine: number): number {
    return fine === UNKNOWN_FINE ? UNKNOWN_COARSE : this.data.coarseOfFine[fine];
  }
}
