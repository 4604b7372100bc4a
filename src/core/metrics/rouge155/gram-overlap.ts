/**
 * Clipped overlap of two multisets of n-gram keys (ROUGE-1.5.5's `ngramScore` / `skipBigramScore` hit:
 * Σ over keys of min(model count, peer count)), computed on sorted key arrays by one merge pass.
 * Keys are numbers (see ngram-rouge.ts / skip-bigram-rouge.ts for the encodings); NaN never occurs in sorted arrays.
 */
export function sortedOverlap(a: Float64Array, b: Float64Array): number {
  let i = 0;
  let j = 0;
  let hit = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x < y) i++;
    else if (x > y) j++;
    else {
      let ca = 0;
      while (i < a.length && a[i] === x) {
        ca++;
        i++;
      }
      let cb = 0;
      while (j < b.length && b[j] === x) {
        cb++;
        j++;
      }
      hit += ca < cb ? ca : cb;
    }
  }
  return hit;
}

/** The keys of `keys` that can match (not NaN), sorted ascending; sorts `keys` itself when all can. */
export function sortedKeys(keys: Float64Array): Float64Array {
  let n = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i] === keys[i]) n++;
  if (n === keys.length) return keys.sort();
  const out = new Float64Array(n);
  n = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i] === keys[i]) out[n++] = keys[i];
  return out.sort();
}
