/**
 * Hashing for the tagger's and parser's features. A feature is a template number and a few atomic values (word
 * hashes, tag and label ids, distances); it is identified by a 32-bit hash of them and never spelled out as a
 * string, so neither training nor parsing builds a string per feature and the model needs no vocabulary.
 * MurmurHash3's mixing steps (Appleby, public domain) over 32-bit integers.
 */

const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

function mix(hash: number, value: number): number {
  let k = Math.imul(value | 0, C1);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, C2);
  let h = hash ^ k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

function finish(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  // 0 marks an empty slot in the weight tables.
  return h === 0 ? 1 : h >>> 0;
}

export function hash1(template: number, a: number): number {
  return finish(mix(mix(template, a), 1));
}

export function hash2(template: number, a: number, b: number): number {
  return finish(mix(mix(mix(template, a), b), 2));
}

export function hash3(template: number, a: number, b: number, c: number): number {
  return finish(mix(mix(mix(mix(template, a), b), c), 3));
}

export function hash4(template: number, a: number, b: number, c: number, d: number): number {
  return finish(mix(mix(mix(mix(mix(template, a), b), c), d), 4));
}

/** FNV-1a over the UTF-16 code units of `text[start..end)`: the atomic value standing for a word or affix. */
export function stringHash(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash;
}
