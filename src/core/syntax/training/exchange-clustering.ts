/**
 * Word clustering by the exchange algorithm (Kneser & Ney 1993; Martin, Liermann & Ney 1998), in the predictive
 * form of Uszkoreit & Brants (2008) extended to both sides: each word is represented by the counts of the words
 * just before and just after it, and words are moved one at a time to the class that most increases
 *
 *   Σ_{c,x} N(c,x) log N(c,x) − 2 Σ_c N(c) log N(c)
 *
 * — the log-likelihood of every word's neighbours given its class (N(c,x): how often context x, a left or a right
 * neighbour, follows or precedes a word of class c). The classes then stand in for words the treebank saw too
 * rarely (Koo, Carreras & Collins 2008 used Brown clusters the same way). A second, coarser level clusters the
 * classes themselves with the same objective, so a word has a fine class (like a word) and a coarse one (like a
 * tag).
 */

export interface ExchangeOptions {
  readonly classes: number;
  readonly passes: number;
  readonly log?: (message: string) => void;
}

/** Sparse context counts of the items to cluster: item i's contexts are `context[start[i]..start[i+1])`. */
export interface ContextCounts {
  readonly items: number;
  readonly contexts: number;
  readonly start: Int32Array;
  readonly context: Int32Array;
  readonly count: Int32Array;
  /** Each item's total count on one side (its frequency). */
  readonly total: Float64Array;
}

/**
 * Builds the context counts from (item, context, times) observations; items are 0..items−1, contexts
 * 0..contexts−1, and every occurrence of an item is counted once with its left and once with its right neighbour.
 */
export function contextCounts(items: number, contexts: number, observations: Iterable<readonly [number, number, number]>): ContextCounts {
  const maps: Map<number, number>[] = Array.from({ length: items }, () => new Map());
  const total = new Float64Array(items);
  for (const [item, context, times] of observations) {
    const map = maps[item];
    map.set(context, (map.get(context) ?? 0) + times);
  }
  const start = new Int32Array(items + 1);
  for (let i = 0; i < items; i++) start[i + 1] = start[i] + maps[i].size;
  const context = new Int32Array(start[items]);
  const count = new Int32Array(start[items]);
  for (let i = 0; i < items; i++) {
    let at = start[i];
    let sum = 0;
    for (const [x, n] of [...maps[i]].sort((a, b) => a[0] - b[0])) {
      context[at] = x;
      count[at++] = n;
      sum += n;
    }
    total[i] = sum / 2;
  }
  return { items, contexts, start, context, count, total };
}

/** n log n, with 0 log 0 = 0. */
function xlogx(n: number): number {
  return n > 0 ? n * Math.log(n) : 0;
}

/**
 * Clusters the items of `counts` into `options.classes` classes, visiting items in order (put the most frequent
 * first: they start in classes of their own, the rest round-robin). Returns each item's class.
 */
export function exchangeCluster(counts: ContextCounts, options: ExchangeOptions): Int32Array {
  const { items, contexts, start, context, count, total } = counts;
  const classes = Math.min(options.classes, items);
  const classOf = new Int32Array(items);
  const classContext = new Float64Array(classes * contexts);
  const classTotal = new Float64Array(classes);
  const table = new Float64Array(1 << 20);
  for (let n = 0; n < table.length; n++) table[n] = xlogx(n);
  const f = (n: number): number => (n < table.length ? table[n] : xlogx(n));

  const move = (item: number, to: number, sign: number): void => {
    const base = to * contexts;
    for (let k = start[item]; k < start[item + 1]; k++) classContext[base + context[k]] += sign * count[k];
    classTotal[to] += sign * total[item];
  };
  for (let i = 0; i < items; i++) {
    classOf[i] = i % classes;
    move(i, classOf[i], 1);
  }
  const objective = (): number => {
    let sum = 0;
    for (let i = 0; i < classContext.length; i++) sum += f(classContext[i]);
    for (let c = 0; c < classes; c++) sum -= 2 * f(classTotal[c]);
    return sum;
  };
  options.log?.(`exchange: ${items} items, ${classes} classes, ${start[items]} item-context pairs, objective ${objective().toExponential(6)}`);

  for (let pass = 1; pass <= options.passes; pass++) {
    let moved = 0;
    for (let item = 0; item < items; item++) {
      const from = classOf[item];
      move(item, from, -1);
      const n = total[item];
      let best = from;
      let bestGain = -Infinity;
      for (let c = 0; c < classes; c++) {
        const base = c * contexts;
        let gain = 0;
        for (let k = start[item]; k < start[item + 1]; k++) {
          const m = classContext[base + context[k]];
          gain += f(m + count[k]) - f(m);
        }
        gain -= 2 * (f(classTotal[c] + n) - f(classTotal[c]));
        if (gain > bestGain + 1e-9) {
          bestGain = gain;
          best = c;
        }
      }
      move(item, best, 1);
      if (best !== from) {
        classOf[item] = best;
        moved++;
      }
    }
    options.log?.(`exchange pass ${pass}: ${moved} items moved, objective ${objective().toExponential(6)}`);
    if (moved === 0) break;
  }
  return classOf;
}

/** The context counts of classes: the sums of their members' counts. */
export function classContextCounts(counts: ContextCounts, classOf: Int32Array, classes: number): ContextCounts {
  function* observations(): Generator<readonly [number, number, number]> {
    for (let i = 0; i < counts.items; i++) {
      for (let k = counts.start[i]; k < counts.start[i + 1]; k++) yield [classOf[i], counts.context[k], counts.count[k]];
    }
  }
  return contextCounts(classes, counts.contexts, observations());
}
