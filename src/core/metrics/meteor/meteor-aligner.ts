import { MeteorModule } from './meteor-config';
import { javaStringHash } from './java-string-hash';
import { MeteorParaphraseTable } from './meteor-paraphrase';
import { MeteorSynonyms } from './meteor-synonyms';

/**
 * METEOR 1.5's aligner (Aligner, Stage, *Matcher and PartialAlignment in cmu-mtlab/meteor): every module lists the
 * candidate matches between the test (hypothesis) and reference words, then a beam search picks the alignment.
 *
 * The search, as METEOR 1.5 does it (reproduced, quirks included, because they decide ties):
 * - a candidate that is the only one at its reference position and whose words no other candidate touches is fixed
 *   from the start;
 * - the reference is walked left to right; at each position every kept path either takes one of the candidates
 *   starting there (when its words are free) or skips the position; paths are sorted and the best `beamSize` kept;
 * - paths are ranked by (1) more covered words, counted with the search weights (1 for exact matches, 0.5 for the
 *   other modules — not the scoring weights) and truncated to an integer at every step as Java's `int += double`
 *   does, so a one-word stem or synonym match adds nothing there; (2) fewer chunks; (3) less distance
 *   Σ|reference position − test position|, where METEOR adds a chosen match's distance to the path that skipped or
 *   will try the next candidate instead of to the path that took it. Ties keep their order (stable sort).
 * Matches carry the stage (position of their module in the module list) that found them.
 */
export interface MeteorMatch {
  /** First reference word, and number of reference words. */
  readonly start: number;
  readonly length: number;
  /** First test word, and number of test words. */
  readonly matchStart: number;
  readonly matchLength: number;
  /** Index of the module in the module list that proposed it. */
  readonly stage: number;
  readonly prob: number;
}

export interface MeteorAlignerResources {
  readonly stem?: (word: string) => string;
  readonly synonyms?: MeteorSynonyms;
  readonly paraphrases?: MeteorParaphraseTable;
  readonly functionWords: ReadonlySet<string>;
}

export interface MeteorAlignment {
  readonly test: readonly string[];
  readonly reference: readonly string[];
  /** `matches[j]` is the match starting at reference word j (undefined elsewhere). */
  readonly matches: readonly (MeteorMatch | undefined)[];
  readonly testFunctionWord: Uint8Array;
  readonly referenceFunctionWord: Uint8Array;
  /** Matched words per stage: content / function, test / reference. */
  readonly testContentMatches: Int32Array;
  readonly referenceContentMatches: Int32Array;
  readonly testFunctionMatches: Int32Array;
  readonly referenceFunctionMatches: Int32Array;
  readonly testMatches: number;
  readonly referenceMatches: number;
  readonly chunks: number;
}

/** Search weights of METEOR 1.5's scorer (MeteorScorer.loadConfiguration): exact 1, every other module 0.5. */
export function meteorSearchWeights(modules: readonly MeteorModule[]): number[] {
  return modules.map((m) => (m === 'exact' ? 1 : 0.5));
}

/**
 * A search path. Words in use are bits (test words first, then reference words) kept in blocks of 1,024 that paths
 * share until they change one; the matches the path chose are a linked list (the fixed ones are shared). Extending a
 * path copies the block list and one block, not whole arrays, so very long lines stay affordable.
 */
class PartialAlignment {
  matches1 = 0;
  matches2 = 0;
  chunks = 0;
  idx = 0;
  lastMatchEnd = -1;
  distance = 0;

  constructor(
    readonly used: Uint32Array[],
    readonly chosen: ChosenMatch | undefined,
  ) {}

  extend(m: MeteorMatch, layout: BitLayout): PartialAlignment {
    const p = new PartialAlignment(this.used.slice(), { match: m, previous: this.chosen });
    p.matches1 = this.matches1;
    p.matches2 = this.matches2;
    p.chunks = this.chunks;
    p.idx = this.idx;
    p.lastMatchEnd = this.lastMatchEnd;
    p.distance = this.distance;
    layout.setUsed(p.used, m, true);
    return p;
  }

  /** Adds a match's covered words (weighted, truncated like Java's `int += double`) and updates chunks. */
  take(m: MeteorMatch, searchWeights: readonly number[]): void {
    const w = searchWeights[m.stage];
    this.matches1 = Math.trunc(this.matches1 + m.matchLength * w);
    this.matches2 = Math.trunc(this.matches2 + m.length * w);
    if (this.lastMatchEnd !== -1 && m.matchStart !== this.lastMatchEnd) this.chunks++;
    this.idx = m.start + m.length;
    this.lastMatchEnd = m.matchStart + m.matchLength;
  }
}

interface ChosenMatch {
  readonly match: MeteorMatch;
  readonly previous: ChosenMatch | undefined;
}

const BLOCK_BITS = 1024;

/** Where a test or reference word's "in use" bit is. */
class BitLayout {
  constructor(readonly testWords: number) {}

  emptyBlocks(referenceWords: number): Uint32Array[] {
    return Array.from({ length: Math.ceil((this.testWords + referenceWords) / BLOCK_BITS) || 1 }, () => new Uint32Array(BLOCK_BITS / 32));
  }

  private static get(used: readonly Uint32Array[], bit: number): boolean {
    return (used[(bit / BLOCK_BITS) | 0][(bit % BLOCK_BITS) >>> 5] & (1 << (bit & 31))) !== 0;
  }

  isUsed(used: readonly Uint32Array[], m: MeteorMatch): boolean {
    for (let k = 0; k < m.length; k++) if (BitLayout.get(used, this.testWords + m.start + k)) return true;
    for (let k = 0; k < m.matchLength; k++) if (BitLayout.get(used, m.matchStart + k)) return true;
    return false;
  }

  isReferenceUsed(used: readonly Uint32Array[], j: number): boolean {
    return BitLayout.get(used, this.testWords + j);
  }

  /** Marks a match's words; `copyOnWrite` clones each block before its first change (the block list is the path's own). */
  setUsed(used: Uint32Array[], m: MeteorMatch, copyOnWrite: boolean): void {
    const copied: number[] = [];
    for (let k = 0; k < m.length + m.matchLength; k++) {
      const bit = k < m.length ? this.testWords + m.start + k : m.matchStart + (k - m.length);
      const block = (bit / BLOCK_BITS) | 0;
      if (copyOnWrite && !copied.includes(block)) {
        used[block] = used[block].slice();
        copied.push(block);
      }
      used[block][(bit % BLOCK_BITS) >>> 5] |= 1 << (bit & 31);
    }
  }
}

/** METEOR's PARTIAL_COMPARE_TOTAL: more weighted matches, then fewer chunks, then less distance. */
function comparePaths(x: PartialAlignment, y: PartialAlignment): number {
  const matchDiff = y.matches1 + y.matches2 - (x.matches1 + x.matches2);
  if (matchDiff > 0) return 1;
  if (matchDiff < 0) return -1;
  const chunkDiff = x.chunks - y.chunks;
  if (chunkDiff !== 0) return chunkDiff;
  return x.distance - y.distance;
}

interface Candidates {
  /** Candidate matches by reference start position, in module order, then reference-major, test-minor order. */
  readonly byStart: MeteorMatch[][];
  readonly testCoverage: Int32Array;
  readonly referenceCoverage: Int32Array;
}

function addMatch(c: Candidates, m: MeteorMatch): void {
  c.byStart[m.start].push(m);
  for (let k = 0; k < m.matchLength; k++) c.testCoverage[m.matchStart + k]++;
  for (let k = 0; k < m.length; k++) c.referenceCoverage[m.start + k]++;
}

function single(start: number, matchStart: number, stage: number): MeteorMatch {
  return { start, length: 1, matchStart, matchLength: 1, stage, prob: 1 };
}

/**
 * What the matchers need to know about the words of a line, computed once per line (a reference line is aligned with
 * every hypothesis of its segment; a hypothesis with every reference).
 */
export class MeteorLine {
  readonly hashes: Int32Array;
  private stemHashes: Int32Array | undefined;
  private synsetLists: Int32Array[] | undefined;
  /** Synset offset → positions of the words that have it (for the synonym matcher's lookups). */
  private positionsBySynset: Map<number, number[]> | undefined;
  private paraphraseIds: Int32Array | undefined;

  private functionFlags: Uint8Array | undefined;

  constructor(readonly words: readonly string[]) {
    this.hashes = Int32Array.from(words, javaStringHash);
  }

  /** 1 for words whose lower case is a function word (Aligner.align's check). */
  functionWords(list: ReadonlySet<string>): Uint8Array {
    if (!this.functionFlags) this.functionFlags = Uint8Array.from(this.words, (w) => (list.has(w.toLowerCase()) ? 1 : 0));
    return this.functionFlags;
  }

  stems(stem: (word: string) => string): Int32Array {
    if (!this.stemHashes) this.stemHashes = Int32Array.from(this.words, (w) => javaStringHash(stem(w)));
    return this.stemHashes;
  }

  synsets(synonyms: MeteorSynonyms): Int32Array[] {
    if (!this.synsetLists) this.synsetLists = this.words.map((w) => synonyms.synsets(w));
    return this.synsetLists;
  }

  wordsWithSynset(synonyms: MeteorSynonyms): Map<number, number[]> {
    if (!this.positionsBySynset) {
      const index = new Map<number, number[]>();
      this.synsets(synonyms).forEach((set, i) => {
        for (const offset of set) {
          const list = index.get(offset);
          if (list) list.push(i);
          else index.set(offset, [i]);
        }
      });
      this.positionsBySynset = index;
    }
    return this.positionsBySynset;
  }

  paraphraseWordIds(table: MeteorParaphraseTable): Int32Array {
    if (!this.paraphraseIds) this.paraphraseIds = Int32Array.from(this.words, (w) => table.wordId(w));
    return this.paraphraseIds;
  }
}

/**
 * The matches of test word i and reference word j whose keys are equal (and, for `differ`, whose words are not), in
 * METEOR's order: reference-major, test-minor; test positions are looked up by key instead of scanning every pair.
 */
function addEqualKeyMatches(c: Candidates, keys1: Int32Array, keys2: Int32Array, differ: { hash1: Int32Array; hash2: Int32Array } | undefined, stage: number): void {
  const positions = new Map<number, number[]>();
  for (let i = 0; i < keys1.length; i++) {
    const list = positions.get(keys1[i]);
    if (list) list.push(i);
    else positions.set(keys1[i], [i]);
  }
  for (let j = 0; j < keys2.length; j++) {
    const list = positions.get(keys2[j]);
    if (list === undefined) continue;
    for (const i of list) if (differ === undefined || differ.hash1[i] !== differ.hash2[j]) addMatch(c, single(j, i, stage));
  }
}

function listCandidates(test: MeteorLine, reference: MeteorLine, modules: readonly MeteorModule[], resources: MeteorAlignerResources): Candidates {
  const n1 = test.words.length;
  const n2 = reference.words.length;
  const c: Candidates = { byStart: Array.from({ length: n2 }, () => []), testCoverage: new Int32Array(n1), referenceCoverage: new Int32Array(n2) };
  const hash1 = test.hashes;
  const hash2 = reference.hashes;
  // Identical lines (by hash) only use the first module, "to prevent beam search errors" (Aligner.align).
  let identical = n1 === n2;
  for (let i = 0; identical && i < n1; i++) identical = hash1[i] === hash2[i];
  const stages = identical ? 1 : modules.length;
  for (let stage = 0; stage < stages; stage++) {
    const module = modules[stage];
    if (module === 'exact') {
      addEqualKeyMatches(c, hash1, hash2, undefined, stage);
    } else if (module === 'stem') {
      const stem = resources.stem;
      if (!stem) throw new Error('METEOR stem module without a stemmer');
      // Different words (by hash) with the same stem (by hash).
      addEqualKeyMatches(c, test.stems(stem), reference.stems(stem), { hash1, hash2 }, stage);
    } else if (module === 'synonym') {
      const synonyms = resources.synonyms;
      if (!synonyms) throw new Error('METEOR synonym module without WordNet');
      // Test words sharing a synset with reference word j, found through the test line's synset index; added in
      // test order as METEOR's double loop adds them.
      const byOffset = test.wordsWithSynset(synonyms);
      const sets2 = reference.synsets(synonyms);
      for (let j = 0; j < n2; j++) {
        const positions: number[] = [];
        for (const offset of sets2[j]) {
          const list = byOffset.get(offset);
          if (list !== undefined) positions.push(...list);
        }
        if (positions.length === 0) continue;
        positions.sort((a, b) => a - b);
        for (let p = 0; p < positions.length; p++) {
          const i = positions[p];
          if ((p === 0 || positions[p - 1] !== i) && hash1[i] !== hash2[j]) addMatch(c, single(j, i, stage));
        }
      }
    } else {
      const table = resources.paraphrases;
      if (!table) throw new Error('METEOR paraphrase module without a paraphrase table');
      listParaphrases(c, test.paraphraseWordIds(table), reference.paraphraseWordIds(table), stage, table);
    }
  }
  return c;
}

/** ParaphraseMatcher: phrases of the reference paraphrased in the test, then phrases of the test paraphrased in the reference. */
function listParaphrases(c: Candidates, ids1: Int32Array, ids2: Int32Array, stage: number, table: MeteorParaphraseTable): void {
  const occursAt = (line: Int32Array, at: number, words: Int32Array): boolean => {
    for (let k = 0; k < words.length; k++) if (at + k === line.length || line[at + k] !== words[k]) return false;
    return true;
  };
  for (let j = 0; j < ids2.length; j++) {
    const phrases = table.phrasesAt(ids2, j);
    for (let p = 0; p < phrases.length; p += 2) {
      const words = table.paraphrase(phrases[p + 1]);
      for (let i = 0; i < ids1.length; i++) {
        if (occursAt(ids1, i, words)) addMatch(c, { start: j, length: phrases[p], matchStart: i, matchLength: words.length, stage, prob: 1 });
      }
    }
  }
  for (let i = 0; i < ids1.length; i++) {
    const phrases = table.phrasesAt(ids1, i);
    for (let p = 0; p < phrases.length; p += 2) {
      const words = table.paraphrase(phrases[p + 1]);
      for (let j = 0; j < ids2.length; j++) {
        if (occursAt(ids2, j, words)) addMatch(c, { start: j, length: words.length, matchStart: i, matchLength: phrases[p], stage, prob: 1 });
      }
    }
  }
}

function resolve(
  c: Candidates,
  start: PartialAlignment,
  fixed: readonly (MeteorMatch | undefined)[],
  layout: BitLayout,
  searchWeights: readonly number[],
  beamSize: number,
): PartialAlignment {
  const positions = c.byStart.length;
  let next: PartialAlignment[] = [start];
  for (let current = 0; current <= positions; current++) {
    const paths = next;
    next = [];
    if (paths.length > 1) paths.sort(comparePaths);
    for (let rank = 0; rank < beamSize && rank < paths.length; rank++) {
      const path = paths[rank];
      if (current === positions) {
        if (path.lastMatchEnd !== -1) path.chunks++;
        next.push(path);
        continue;
      }
      if (layout.isReferenceUsed(path.used, current)) {
        if (current < path.idx) {
          next.push(path);
        } else {
          // METEOR looks at path.matches[path.idx]: here always a fixed match (chosen ones end before idx).
          const m = fixed[path.idx];
          if (m !== undefined) {
            path.take(m, searchWeights);
            path.distance += Math.abs(m.start - m.matchStart);
            next.push(path);
          }
        }
        continue;
      }
      for (const m of c.byStart[current]) {
        if (layout.isUsed(path.used, m)) continue;
        const extended = path.extend(m, layout);
        extended.take(m, searchWeights);
        // METEOR 1.5 (Aligner.resolve) adds the distance to the path being extended, not to the new one.
        path.distance += Math.abs(m.start - m.matchStart);
        next.push(extended);
      }
      if (path.lastMatchEnd !== -1) {
        path.chunks++;
        path.lastMatchEnd = -1;
      }
      path.idx++;
      next.push(path);
    }
    // METEOR prints "Warning: unexpected conditions" and carries the best path on.
    if (next.length === 0) next.push(paths[0]);
  }
  if (next.length > 1) next.sort(comparePaths);
  return next[0];
}

/** Aligns a test line with a reference line (both already tokenized and normalised). */
export function meteorAlign(
  test: MeteorLine,
  reference: MeteorLine,
  modules: readonly MeteorModule[],
  searchWeights: readonly number[],
  beamSize: number,
  resources: MeteorAlignerResources,
): MeteorAlignment {
  const c = listCandidates(test, reference, modules, resources);
  const n1 = test.words.length;
  const n2 = reference.words.length;

  // One-to-one matches that nothing else competes with are fixed.
  const layout = new BitLayout(n1);
  const fixed = new Array<MeteorMatch | undefined>(n2).fill(undefined);
  const initial = new PartialAlignment(layout.emptyBlocks(n2), undefined);
  for (let j = 0; j < n2; j++) {
    if (c.byStart[j].length !== 1) continue;
    const m = c.byStart[j][0];
    let overlap = false;
    for (let k = 0; k < m.length; k++) if (c.referenceCoverage[j + k] !== 1) overlap = true;
    for (let k = 0; k < m.matchLength; k++) if (c.testCoverage[m.matchStart + k] !== 1) overlap = true;
    if (!overlap) {
      fixed[j] = m;
      layout.setUsed(initial.used, m, false);
    }
  }
  // Nothing left to choose (every candidate fixed): the search would only walk the fixed matches.
  const open = c.byStart.some((list, j) => list.length > 0 && fixed[j] === undefined);
  const matches = fixed.slice();
  if (open) {
    const best = resolve(c, initial, fixed, layout, searchWeights, beamSize);
    for (let chosen = best.chosen; chosen !== undefined; chosen = chosen.previous) matches[chosen.match.start] = chosen.match;
  }

  const stages = modules.length;
  const testContentMatches = new Int32Array(stages);
  const referenceContentMatches = new Int32Array(stages);
  const testFunctionMatches = new Int32Array(stages);
  const referenceFunctionMatches = new Int32Array(stages);
  const testFunctionWord = test.functionWords(resources.functionWords);
  const referenceFunctionWord = reference.functionWords(resources.functionWords);
  for (const m of matches) {
    if (m === undefined) continue;
    for (let k = 0; k < m.matchLength; k++) {
      if (testFunctionWord[m.matchStart + k]) testFunctionMatches[m.stage]++;
      else testContentMatches[m.stage]++;
    }
    for (let k = 0; k < m.length; k++) {
      if (referenceFunctionWord[m.start + k]) referenceFunctionMatches[m.stage]++;
      else referenceContentMatches[m.stage]++;
    }
  }
  const { testMatches, referenceMatches, chunks } = countMatchesAndChunks(matches);
  return {
    test: test.words,
    reference: reference.words,
    matches,
    testFunctionWord,
    referenceFunctionWord,
    testContentMatches,
    referenceContentMatches,
    testFunctionMatches,
    referenceFunctionMatches,
    testMatches,
    referenceMatches,
    chunks,
  };
}

/** Aligner.getCountAndChunks: a chunk ends at an unmatched reference word or where the test side is not contiguous. */
function countMatchesAndChunks(matches: readonly (MeteorMatch | undefined)[]): { testMatches: number; referenceMatches: number; chunks: number } {
  let testMatches = 0;
  let referenceMatches = 0;
  let chunks = 0;
  let lastMatchEnd = -1;
  let idx = 0;
  while (idx < matches.length) {
    const m = matches[idx];
    if (m === undefined) {
      if (lastMatchEnd !== -1) {
        chunks++;
        lastMatchEnd = -1;
      }
      idx++;
    } else {
      testMatches += m.matchLength;
      referenceMatches += m.length;
      if (lastMatchEnd !== -1 && m.matchStart !== lastMatchEnd) chunks++;
      idx = m.start + m.length;
      lastMatchEnd = m.matchStart + m.matchLength;
    }
  }
  if (lastMatchEnd !== -1) chunks++;
  return { testMatches, referenceMatches, chunks };
}
