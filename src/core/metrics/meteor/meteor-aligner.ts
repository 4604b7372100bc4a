import { MeteorModule } from './meteor-config';
import { javaStringHash } from './java-string-hash';
import { MeteorParaphraseTable } from './meteor-paraphrase';
import { MeteorSynonyms, sharesSynset } from './meteor-synonyms';

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

class PartialAlignment {
  matchCount = 0;
  matches1 = 0;
  matches2 = 0;
  allMatches1 = 0;
  allMatches2 = 0;
  chunks = 0;
  idx = 0;
  lastMatchEnd = -1;
  distance = 0;

  constructor(
    readonly matches: (MeteorMatch | undefined)[],
    readonly used1: Uint8Array,
    readonly used2: Uint8Array,
  ) {}

  copy(): PartialAlignment {
    const p = new PartialAlignment(this.matches.slice(), this.used1.slice(), this.used2.slice());
    p.matchCount = this.matchCount;
    p.matches1 = this.matches1;
    p.matches2 = this.matches2;
    p.allMatches1 = this.allMatches1;
    p.allMatches2 = this.allMatches2;
    p.chunks = this.chunks;
    p.idx = this.idx;
    p.lastMatchEnd = this.lastMatchEnd;
    p.distance = this.distance;
    return p;
  }

  isUsed(m: MeteorMatch): boolean {
    for (let k = 0; k < m.length; k++) if (this.used2[m.start + k]) return true;
    for (let k = 0; k < m.matchLength; k++) if (this.used1[m.matchStart + k]) return true;
    return false;
  }

  setUsed(m: MeteorMatch): void {
    for (let k = 0; k < m.length; k++) this.used2[m.start + k] = 1;
    for (let k = 0; k < m.matchLength; k++) this.used1[m.matchStart + k] = 1;
  }

  /** Adds a match's covered words (weighted, truncated like Java's `int += double`) and updates chunks. */
  take(m: MeteorMatch, searchWeights: readonly number[]): void {
    const w = searchWeights[m.stage];
    this.matchCount++;
    this.matches1 = Math.trunc(this.matches1 + m.matchLength * w);
    this.matches2 = Math.trunc(this.matches2 + m.length * w);
    this.allMatches1 += m.matchLength;
    this.allMatches2 += m.length;
    if (this.lastMatchEnd !== -1 && m.matchStart !== this.lastMatchEnd) this.chunks++;
    this.idx = m.start + m.length;
    this.lastMatchEnd = m.matchStart + m.matchLength;
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

function listCandidates(
  test: readonly string[],
  reference: readonly string[],
  modules: readonly MeteorModule[],
  resources: MeteorAlignerResources,
): Candidates {
  const c: Candidates = {
    byStart: reference.map(() => []),
    testCoverage: new Int32Array(test.length),
    referenceCoverage: new Int32Array(reference.length),
  };
  const hash1 = test.map(javaStringHash);
  const hash2 = reference.map(javaStringHash);
  // Identical lines (by hash) only use the first module, "to prevent beam search errors" (Aligner.align).
  const identical = hash1.length === hash2.length && hash1.every((h, i) => h === hash2[i]);
  const stages = identical ? 1 : modules.length;
  for (let stage = 0; stage < stages; stage++) {
    const module = modules[stage];
    if (module === 'exact') {
      for (let j = 0; j < reference.length; j++) for (let i = 0; i < test.length; i++) if (hash1[i] === hash2[j]) addMatch(c, single(j, i, stage));
    } else if (module === 'stem') {
      const stem = resources.stem;
      if (!stem) throw new Error('METEOR stem module without a stemmer');
      const stems1 = test.map((w) => javaStringHash(stem(w)));
      const stems2 = reference.map((w) => javaStringHash(stem(w)));
      for (let j = 0; j < reference.length; j++) {
        for (let i = 0; i < test.length; i++) if (stems1[i] === stems2[j] && hash1[i] !== hash2[j]) addMatch(c, single(j, i, stage));
      }
    } else if (module === 'synonym') {
      const synonyms = resources.synonyms;
      if (!synonyms) throw new Error('METEOR synonym module without WordNet');
      const sets1 = test.map((w) => synonyms.synsets(w));
      const sets2 = reference.map((w) => synonyms.synsets(w));
      for (let j = 0; j < reference.length; j++) {
        if (sets2[j].length === 0) continue;
        for (let i = 0; i < test.length; i++) if (hash1[i] !== hash2[j] && sharesSynset(sets1[i], sets2[j])) addMatch(c, single(j, i, stage));
      }
    } else {
      const table = resources.paraphrases;
      if (!table) throw new Error('METEOR paraphrase module without a paraphrase table');
      listParaphrases(c, test, reference, stage, table);
    }
  }
  return c;
}

/** ParaphraseMatcher: phrases of the reference paraphrased in the test, then phrases of the test paraphrased in the reference. */
function listParaphrases(c: Candidates, test: readonly string[], reference: readonly string[], stage: number, table: MeteorParaphraseTable): void {
  const ids1 = Int32Array.from(test, (w) => table.wordId(w));
  const ids2 = Int32Array.from(reference, (w) => table.wordId(w));
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

function resolve(c: Candidates, start: PartialAlignment, searchWeights: readonly number[], beamSize: number): PartialAlignment {
  const positions = c.byStart.length;
  let next: PartialAlignment[] = [start];
  for (let current = 0; current <= positions; current++) {
    const paths = next;
    next = [];
    paths.sort(comparePaths);
    for (let rank = 0; rank < beamSize && rank < paths.length; rank++) {
      const path = paths[rank];
      if (current === positions) {
        if (path.lastMatchEnd !== -1) path.chunks++;
        next.push(path);
        continue;
      }
      if (path.used2[current]) {
        if (current < path.idx) {
          next.push(path);
        } else {
          const fixed = path.matches[path.idx];
          if (fixed !== undefined) {
            path.take(fixed, searchWeights);
            path.distance += Math.abs(fixed.start - fixed.matchStart);
            next.push(path);
          }
        }
        continue;
      }
      for (const m of c.byStart[current]) {
        if (path.isUsed(m)) continue;
        const extended = path.copy();
        extended.setUsed(m);
        extended.matches[current] = m;
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
  next.sort(comparePaths);
  return next[0];
}

/** Aligns a test line with a reference line (both already tokenized and normalised). */
export function meteorAlign(
  test: readonly string[],
  reference: readonly string[],
  modules: readonly MeteorModule[],
  searchWeights: readonly number[],
  beamSize: number,
  resources: MeteorAlignerResources,
): MeteorAlignment {
  const c = listCandidates(test, reference, modules, resources);

  // One-to-one matches that nothing else competes with are fixed.
  const initial = new PartialAlignment(new Array<MeteorMatch | undefined>(reference.length).fill(undefined), new Uint8Array(test.length), new Uint8Array(reference.length));
  for (let j = 0; j < reference.length; j++) {
    if (c.byStart[j].length !== 1) continue;
    const m = c.byStart[j][0];
    let overlap = false;
    for (let k = 0; k < m.length; k++) if (c.referenceCoverage[j + k] !== 1) overlap = true;
    for (let k = 0; k < m.matchLength; k++) if (c.testCoverage[m.matchStart + k] !== 1) overlap = true;
    if (!overlap) {
      initial.matches[j] = m;
      initial.setUsed(m);
    }
  }
  const best = resolve(c, initial, searchWeights, beamSize);

  const stages = modules.length;
  const testContentMatches = new Int32Array(stages);
  const referenceContentMatches = new Int32Array(stages);
  const testFunctionMatches = new Int32Array(stages);
  const referenceFunctionMatches = new Int32Array(stages);
  const testFunctionWord = Uint8Array.from(test, (w) => (resources.functionWords.has(w.toLowerCase()) ? 1 : 0));
  const referenceFunctionWord = Uint8Array.from(reference, (w) => (resources.functionWords.has(w.toLowerCase()) ? 1 : 0));
  for (const m of best.matches) {
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
  const { testMatches, referenceMatches, chunks } = countMatchesAndChunks(best.matches);
  return {
    test,
    reference,
    matches: best.matches,
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
