/**
 * The TER edit search of sacreBLEU 2.6 (`lib_ter.py`, "tercom-inspired"), on integer word ids.
 *
 * Edits = number of shifts + beam edit distance of the shifted hypothesis to the reference, where shifts are applied
 * greedily, one at a time, while the best one lowers the edit distance. sacreBLEU's rules, reproduced exactly:
 *  - Edit distance (hypothesis rows i, reference columns j): unit costs; row i only fills columns
 *    [⌊i·r⌋ − w, ⌊i·r⌋ + w) with r = |ref| / |hyp| and w = 25 (or ⌈r/2 + 25⌉ when r/2 > 25); the last row is filled
 *    to the end; cells outside the beam stay "infinite". Ties prefer the diagonal (match/substitution), then the
 *    step that consumes a hypothesis word (an insertion), then the one consuming a reference word (a deletion).
 *  - Alignment from the trace: a reference word is aligned to the hypothesis position of its match/substitution,
 *    or of the last hypothesis word before it when deleted (−1 at the start).
 *  - Shift candidates: every hypothesis/reference position pair at most 50 apart and every common run of 1…10
 *    words starting there, in order (hyp start, ref start, length); skipped when the hypothesis run has no error,
 *    the reference run has no error, or the reference start is aligned inside the hypothesis run. Targets, for
 *    offsets −1 … length−1: 0 when refStart + offset = −1, else align[refStart + offset] + 1; a target equal to the
 *    previous one is skipped.
 *  - The best candidate maximises (gain, length, −hyp start, −target), first one kept on ties; a shift is applied
 *    only when its gain is positive. At most 1000 candidates are evaluated per hypothesis/reference pair over all
 *    rounds; when a round reaches that budget its best shift is discarded and the search stops.
 *  - A shift moves the run to "before index target" of the current word list; for a target inside
 *    [start, start + length] sacreBLEU's slicing moves the run past the (target − start) words that follow it (so
 *    target = start + length moves it past `length` words), which is reproduced as is.
 *  - Empty reference: every hypothesis word is an insertion; empty hypothesis: every reference word a deletion.
 * sacreBLEU caches edit-distance rows by hypothesis prefix; a row depends only on its prefix (all shifted variants
 * have the same length), so the cache never changes a result. Here a candidate is evaluated from the first row
 * where it differs from the current hypothesis, and candidates with the same (start, length, target) are evaluated
 * once per round.
 */

export const MAX_SHIFT_SIZE = 10;
export const MAX_SHIFT_DISTANCE = 50;
export const BEAM_WIDTH = 25;
export const MAX_SHIFT_CANDIDATES = 1000;

/** Edit operations of the final script (the shifted hypothesis rewritten into the reference). */
export const TER_MATCH = 0;
export const TER_SUBSTITUTE = 1;
/** A hypothesis word with no reference counterpart. */
export const TER_INSERT = 2;
/** A reference word missing from the hypothesis. */
export const TER_DELETE = 3;
const UNDEFINED_OP = 4;

const INFINITE = 0x3fffffff;

/** One applied shift, in the coordinates of the word list it was applied to. */
export interface TerShift {
  /** First moved position. */
  readonly start: number;
  readonly length: number;
  /** sacreBLEU's target: the run is inserted before this index of the list (see the file comment). */
  readonly target: number;
  /** Edit-distance reduction the shift brought. */
  readonly gain: number;
  /** Original hypothesis positions of the moved words. */
  readonly words: readonly number[];
}

export interface TerAlignment {
  /** Shifts + edit distance. */
  readonly numEdits: number;
  /** Edit distance of the shifted hypothesis. */
  readonly editDistance: number;
  readonly shifts: readonly TerShift[];
  /** `order[k]` = original hypothesis position of the word at position k after all shifts. */
  readonly order: Int32Array;
  /** Edit script from the shifted hypothesis to the reference (TER_MATCH … TER_DELETE), left to right. */
  readonly ops: Uint8Array;
}

/** Beam edit distance against one reference, with the matrix of the current hypothesis kept for prefix reuse. */
class BeamEditDistance {
  readonly n: number;
  readonly m: number;
  private readonly ref: Int32Array;
  private readonly ratio: number;
  private readonly beam: number;
  private readonly minJ: Int32Array;
  private readonly maxJ: Int32Array;
  /** Cost and op matrices of the current hypothesis, rows of width m + 1. */
  readonly costs: Int32Array;
  readonly ops: Uint8Array;
  private rowA: Int32Array;
  private rowB: Int32Array;

  constructor(n: number, ref: Int32Array) {
    this.n = n;
    this.m = ref.length;
    this.ref = ref;
    const m = this.m;
    this.ratio = n > 0 ? m / n : 1;
    this.beam = BEAM_WIDTH < this.ratio / 2 ? Math.ceil(this.ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
    this.minJ = new Int32Array(n + 1);
    this.maxJ = new Int32Array(n + 1);
    for (let i = 1; i <= n; i++) {
      const diagonal = Math.floor(i * this.ratio);
      this.minJ[i] = Math.max(0, diagonal - this.beam);
      this.maxJ[i] = i === n ? m + 1 : Math.min(m + 1, diagonal + this.beam);
    }
    this.costs = new Int32Array((n + 1) * (m + 1));
    this.ops = new Uint8Array((n + 1) * (m + 1));
    for (let j = 0; j <= m; j++) {
      this.costs[j] = j;
      this.ops[j] = TER_DELETE;
    }
    this.rowA = new Int32Array(m + 1);
    this.rowB = new Int32Array(m + 1);
  }

  /**
   * Fills row i (costs into `cur` at `curOff`, ops into `ops` at `curOff` when given) from the previous row.
   * Returns nothing; cells outside the beam are set to infinity.
   */
  private fillRow(
    i: number,
    word: number,
    prev: Int32Array,
    prevOff: number,
    cur: Int32Array,
    curOff: number,
    ops: Uint8Array | null,
  ): void {
    const m = this.m;
    const ref = this.ref;
    const lo = this.minJ[i];
    const hi = this.maxJ[i];
    if (lo > 0) cur.fill(INFINITE, curOff, curOff + lo);
    if (hi <= m) cur.fill(INFINITE, curOff + hi, curOff + m + 1);
    if (ops !== null) {
      if (lo > 0) ops.fill(UNDEFINED_OP, curOff, curOff + lo);
      if (hi <= m) ops.fill(UNDEFINED_OP, curOff + hi, curOff + m + 1);
    }
    let j = lo;
    if (j === 0) {
      cur[curOff] = prev[prevOff] + 1;
      if (ops !== null) ops[curOff] = TER_INSERT;
      j = 1;
    }
    // cur[j - 1]: column 0 when it was just filled, otherwise a cell left of the beam (infinite).
    let left = j > lo ? cur[curOff] : INFINITE;
    for (; j < hi; j++) {
      const isMatch = ref[j - 1] === word;
      let best = prev[prevOff + j - 1] + (isMatch ? 0 : 1);
      let op = isMatch ? TER_MATCH : TER_SUBSTITUTE;
      if (best >= INFINITE) {
        best = INFINITE;
        op = UNDEFINED_OP;
      }
      const up = prev[prevOff + j] + 1;
      if (up < best) {
        best = up;
        op = TER_INSERT;
      }
      const fromLeft = left + 1;
      if (fromLeft < best) {
        best = fromLeft;
        op = TER_DELETE;
      }
      cur[curOff + j] = best;
      if (ops !== null) ops[curOff + j] = op;
      left = best;
    }
  }

  /** Recomputes the stored matrix for `hyp` from row `fromRow` + 1 (rows up to `fromRow` are kept). */
  computeMatrix(hyp: Int32Array, fromRow: number): number {
    const width = this.m + 1;
    for (let i = fromRow + 1; i <= this.n; i++) {
      this.fillRow(i, hyp[i - 1], this.costs, (i - 1) * width, this.costs, i * width, this.ops);
    }
    return this.costs[this.n * width + this.m];
  }

  /** Edit distance of `hyp`, which equals the stored hypothesis in its first `sharedRows` words. */
  distanceFrom(hyp: Int32Array, sharedRows: number): number {
    const width = this.m + 1;
    if (sharedRows >= this.n) return this.costs[this.n * width + this.m];
    let prev: Int32Array = this.costs;
    let prevOff = sharedRows * width;
    let cur = this.rowA;
    let other = this.rowB;
    for (let i = sharedRows + 1; i <= this.n; i++) {
      this.fillRow(i, hyp[i - 1], prev, prevOff, cur, 0, null);
      prev = cur;
      prevOff = 0;
      const swap = cur;
      cur = other;
      other = swap;
    }
    return prev[this.m];
  }

  /** Edit script of the stored matrix, left to right. */
  trace(): Uint8Array {
    const width = this.m + 1;
    const reversed: number[] = [];
    let i = this.n;
    let j = this.m;
    while (i > 0 || j > 0) {
      const op = this.ops[i * width + j];
      reversed.push(op);
      if (op === TER_MATCH || op === TER_SUBSTITUTE) {
        i--;
        j--;
      } else if (op === TER_INSERT) i--;
      else if (op === TER_DELETE) j--;
      else throw new Error(`TER: edit-distance trace left the beam at (${i}, ${j})`);
    }
    const ops = new Uint8Array(reversed.length);
    for (let k = 0; k < ops.length; k++) ops[k] = reversed[reversed.length - 1 - k];
    return ops;
  }
}

/** sacreBLEU's `_perform_shift` into `out` (same length as `words`). */
function performShift(words: Int32Array, start: number, length: number, target: number, out: Int32Array): void {
  const n = words.length;
  let k = 0;
  const copy = (from: number, to: number): void => {
    for (let p = from; p < to; p++) out[k++] = words[p];
  };
  if (target < start) {
    copy(0, target);
    copy(start, start + length);
    copy(target, start);
    copy(start + length, n);
  } else if (target > start + length) {
    copy(0, start);
    copy(start + length, target);
    copy(start, start + length);
    copy(target, n);
  } else {
    const cut = Math.min(n, length + target);
    copy(0, start);
    copy(start + length, cut);
    copy(start, start + length);
    copy(cut, n);
  }
}

interface ShiftChoice {
  gain: number;
  start: number;
  length: number;
  target: number;
}

/**
 * TER of one hypothesis against one reference (word ids; equal ids = equal words). With `withAlignment`, also the
 * shifts, the final word order and the edit script.
 */
export function translationEditRate(hyp: Int32Array, ref: Int32Array, withAlignment: true): TerAlignment;
export function translationEditRate(hyp: Int32Array, ref: Int32Array, withAlignment?: false): number;
export function translationEditRate(hyp: Int32Array, ref: Int32Array, withAlignment = false): number | TerAlignment {
  const n = hyp.length;
  const m = ref.length;
  if (m === 0 || n === 0) {
    // sacreBLEU: empty reference → every hypothesis word inserted; empty hypothesis → every reference word deleted.
    const edits = m === 0 ? n : m;
    if (!withAlignment) return edits;
    const order = new Int32Array(n);
    for (let k = 0; k < n; k++) order[k] = k;
    return { numEdits: edits, editDistance: edits, shifts: [], order, ops: new Uint8Array(edits).fill(m === 0 ? TER_INSERT : TER_DELETE) };
  }

  const ed = new BeamEditDistance(n, ref);
  let words: Int32Array = Int32Array.from(hyp);
  let order: Int32Array | null = null;
  if (withAlignment) {
    order = new Int32Array(n);
    for (let k = 0; k < n; k++) order[k] = k;
  }
  const shifts: TerShift[] = [];
  let score = ed.computeMatrix(words, 0);
  let checked = 0;
  const candidate = new Int32Array(n);
  const hypErr = new Uint8Array(n);
  const refErr = new Uint8Array(m);
  const align = new Int32Array(m);
  const evaluated = new Map<number, number>();

  for (;;) {
    // Alignment and error flags of the current hypothesis.
    const trace = ed.trace();
    let h = -1;
    let r = -1;
    for (let k = 0; k < trace.length; k++) {
      const op = trace[k];
      if (op === TER_MATCH || op === TER_SUBSTITUTE) {
        h++;
        r++;
        align[r] = h;
        hypErr[h] = op === TER_SUBSTITUTE ? 1 : 0;
        refErr[r] = op === TER_SUBSTITUTE ? 1 : 0;
      } else if (op === TER_INSERT) {
        h++;
        hypErr[h] = 1;
      } else {
        r++;
        align[r] = h;
        refErr[r] = 1;
      }
    }

    evaluated.clear();
    let best: ShiftChoice | null = null;
    search: for (let startH = 0; startH < n; startH++) {
      const firstR = Math.max(0, startH - MAX_SHIFT_DISTANCE);
      const lastR = Math.min(m - 1, startH + MAX_SHIFT_DISTANCE);
      for (let startR = firstR; startR <= lastR; startR++) {
        if (words[startH] !== ref[startR]) continue;
        let hypErrors = 0;
        let refErrors = 0;
        for (let length = 1; length <= MAX_SHIFT_SIZE; length++) {
          const lastH = startH + length - 1;
          const lastRef = startR + length - 1;
          if (lastH >= n || lastRef >= m || words[lastH] !== ref[lastRef]) break;
          hypErrors += hypErr[lastH];
          refErrors += refErr[lastRef];
          if (hypErrors === 0 || refErrors === 0) continue;
          const aligned = align[startR];
          if (startH <= aligned && aligned < startH + length) continue;
          let previousTarget = -1;
          for (let offset = -1; offset < length; offset++) {
            const target = startR + offset === -1 ? 0 : align[startR + offset] + 1;
            if (target === previousTarget) continue;
            previousTarget = target;
            const key = (startH * (MAX_SHIFT_SIZE + 1) + length) * (n + 1) + target;
            let gain = evaluated.get(key);
            if (gain === undefined) {
              performShift(words, startH, length, target, candidate);
              gain = score - ed.distanceFrom(candidate, Math.min(startH, target));
              evaluated.set(key, gain);
            }
            checked++;
            if (
              best === null ||
              gain > best.gain ||
              (gain === best.gain &&
                (length > best.length ||
                  (length === best.length && (startH < best.start || (startH === best.start && target < best.target)))))
            ) {
              best = { gain, start: startH, length, target };
            }
          }
          if (checked >= MAX_SHIFT_CANDIDATES) break search;
        }
      }
    }

    // sacreBLEU stops (discarding this round's best shift) once the candidate budget is spent.
    if (checked >= MAX_SHIFT_CANDIDATES || best === null || best.gain <= 0) break;
    const shifted = new Int32Array(n);
    performShift(words, best.start, best.length, best.target, shifted);
    if (order !== null) {
      const moved = Array.from(order.subarray(best.start, best.start + best.length));
      const newOrder = new Int32Array(n);
      performShift(order, best.start, best.length, best.target, newOrder);
      order = newOrder;
      shifts.push({ start: best.start, length: best.length, target: best.target, gain: best.gain, words: moved });
    } else {
      shifts.push({ start: best.start, length: best.length, target: best.target, gain: best.gain, words: [] });
    }
    const sharedRows = Math.min(best.start, best.target);
    words = shifted;
    score = ed.computeMatrix(words, sharedRows);
  }

  const numEdits = shifts.length + score;
  if (!withAlignment) return numEdits;
  return { numEdits, editDistance: score, shifts, order: order as Int32Array, ops: ed.trace() };
}

// ---------------------------------------------------------------------------------------------------------------
// tercom 0.10.0 (jhclark/tercom `TerScorer.java`)

/**
 * tercom's own search, for exact agreement with the Java tool (per-type edit counts included). It differs from
 * sacreBLEU's in the details, though the totals agree on all golden data:
 *  - Edit distance: columns are hypothesis words; within a column a cell is expanded only when its cost is at most
 *    (best diagonal cost of the previous column) + 20, and rows are scanned from the first expanded row of the previous
 *    column down to the last reached row (deletions extend it). Ties: diagonal, then insertion, then deletion.
 *  - Shift candidates: hypothesis runs (1…10 words, extended while the run occurs in the reference and either has no
 *    error or has an admissible target) that occur at reference positions listed in a phrase table of the reference
 *    (runs of reference words that occur somewhere in the original hypothesis); a run is tried only at reference
 *    positions whose aligned hypothesis position is outside the run and within 50 words, and only when the
 *    hypothesis run has an error and the reference run has an error. Targets: "after hypothesis position
 *    `ralign[p + roff]`" for roff = −1 … length−1 (skipping the run's own start and repeats of `ralign[p]`), or the
 *    very front (roff = −1 at reference position 0).
 *  - Candidates are tried longest first, in discovery order; the first with gain ≥ 0 (edit-distance reduction ≥ 1,
 *    shift cost 1) is kept, later ones must be strictly better; the search over shorter lengths stops once the
 *    improvement found reaches what a shorter shift could at best bring (2 · length).
 *  - No candidate budget.
 */

const TERCOM_BEAM_WIDTH = 20;
const TERCOM_INFINITY = 999999;
const TERCOM_UNSET = -1;

/** tercom's `MinEditDist` against one reference; matrices indexed [ref position i][hyp position j]. */
class TercomEditDistance {
  private readonly ref: Int32Array;
  private readonly n: number;
  private readonly m: number;
  private readonly costs: Int32Array;
  private readonly ops: Uint8Array;

  constructor(n: number, ref: Int32Array) {
    this.ref = ref;
    this.n = n;
    this.m = ref.length;
    this.costs = new Int32Array((this.m + 1) * (n + 1));
    this.ops = new Uint8Array((this.m + 1) * (n + 1));
  }

  /** Fills the matrices for `hyp` and returns the edit distance. */
  run(hyp: Int32Array): number {
    const n = this.n;
    const m = this.m;
    const ref = this.ref;
    const width = n + 1;
    const S = this.costs;
    const P = this.ops;
    S.fill(TERCOM_UNSET);
    P.fill(UNDEFINED_OP);
    S[0] = 0;
    let currentBest = TERCOM_INFINITY;
    let lastBest: number;
    let firstGood: number;
    let currentFirstGood = 0;
    let lastGood: number;
    let currentLastGood = 0;
    for (let j = 0; j <= n; j++) {
      lastBest = currentBest;
      currentBest = TERCOM_INFINITY;
      firstGood = currentFirstGood;
      currentFirstGood = -1;
      lastGood = currentLastGood;
      currentLastGood = -1;
      const word = j < n ? hyp[j] : 0;
      for (let i = firstGood; i <= m; i++) {
        if (i > lastGood) break;
        const here = i * width + j;
        const score = S[here];
        if (score < 0) continue;
        if (j < n && score > lastBest + TERCOM_BEAM_WIDTH) continue;
        if (currentFirstGood === -1) currentFirstGood = i;
        if (i < m && j < n) {
          const diagonal = here + width + 1;
          if (ref[i] === word) {
            const cost = score;
            if (S[diagonal] === TERCOM_UNSET || cost < S[diagonal]) {
              S[diagonal] = cost;
              P[diagonal] = TER_MATCH;
            }
            // tercom updates the column's best for a match even when the cell kept an earlier, cheaper value.
            if (cost < currentBest) currentBest = cost;
          } else {
            const cost = score + 1;
            if (S[diagonal] < 0 || cost < S[diagonal]) {
              S[diagonal] = cost;
              P[diagonal] = TER_SUBSTITUTE;
              if (cost < currentBest) currentBest = cost;
            }
          }
        }
        currentLastGood = i + 1;
        if (j < n) {
          const right = here + 1;
          const insertCost = score + 1;
          if (S[right] < 0 || S[right] > insertCost) {
            S[right] = insertCost;
            P[right] = TER_INSERT;
          }
        }
        if (i < m) {
          const down = here + width;
          const deleteCost = score + 1;
          if (S[down] < 0 || S[down] > deleteCost) {
            S[down] = deleteCost;
            P[down] = TER_DELETE;
            if (i >= lastGood) lastGood = i + 1;
          }
        }
      }
    }
    return S[m * width + n];
  }

  /** Edit script of the last `run`, left to right. */
  trace(): Uint8Array {
    const width = this.n + 1;
    const reversed: number[] = [];
    let i = this.m;
    let j = this.n;
    while (i > 0 || j > 0) {
      const op = this.ops[i * width + j];
      reversed.push(op);
      if (op === TER_MATCH || op === TER_SUBSTITUTE) {
        i--;
        j--;
      } else if (op === TER_DELETE) i--;
      else if (op === TER_INSERT) j--;
      else throw new Error(`tercom: invalid edit-distance path at (${i}, ${j})`);
    }
    const ops = new Uint8Array(reversed.length);
    for (let k = 0; k < ops.length; k++) ops[k] = reversed[reversed.length - 1 - k];
    return ops;
  }
}

/** tercom's `PerformShift`: moves words[start..end] to after position `newLocation` (−1 = to the front). */
function performTercomShift(words: Int32Array, start: number, end: number, newLocation: number, out: Int32Array): void {
  const n = words.length;
  let k = 0;
  const copy = (from: number, toInclusive: number): void => {
    for (let p = from; p <= toInclusive; p++) out[k++] = words[p];
  };
  if (newLocation === -1) {
    copy(start, end);
    copy(0, start - 1);
    copy(end + 1, n - 1);
  } else if (newLocation < start) {
    copy(0, newLocation);
    copy(start, end);
    copy(newLocation + 1, start - 1);
    copy(end + 1, n - 1);
  } else if (newLocation > end) {
    copy(0, start - 1);
    copy(end + 1, newLocation);
    copy(start, end);
    copy(newLocation + 1, n - 1);
  } else {
    // "moving inside of ourselves"
    const stop = end + (newLocation - start);
    copy(0, start - 1);
    copy(end + 1, Math.min(n - 1, stop));
    copy(start, end);
    copy(stop + 1, n - 1);
  }
}

interface TercomShiftCandidate {
  readonly start: number;
  readonly end: number;
  readonly newLocation: number;
}

function phraseKey(words: Int32Array, start: number, endExclusive: number): string {
  let key = '';
  for (let p = start; p < endExclusive; p++) key += `${words[p]},`;
  return key;
}

/** TER of one hypothesis against one reference as tercom computes it (both non-empty; word ids as above). */
export function tercomEditRate(hyp: Int32Array, ref: Int32Array, withAlignment: true): TerAlignment;
export function tercomEditRate(hyp: Int32Array, ref: Int32Array, withAlignment?: false): number;
export function tercomEditRate(hyp: Int32Array, ref: Int32Array, withAlignment = false): number | TerAlignment {
  const n = hyp.length;
  const m = ref.length;

  // Phrase table (BuildWordMatches): runs of ≤ MAX_SHIFT_SIZE + 1 reference words that all occur in the hypothesis,
  // with their reference start positions in increasing order.
  const hypWords = new Set<number>(hyp);
  const phraseStarts = new Map<string, number[]>();
  for (let start = 0; start < m; start++) {
    let key = '';
    for (let end = start; end < m && end - start <= MAX_SHIFT_SIZE && hypWords.has(ref[end]); end++) {
      key += `${ref[end]},`;
      const starts = phraseStarts.get(key);
      if (starts) starts.push(start);
      else phraseStarts.set(key, [start]);
    }
  }

  const ed = new TercomEditDistance(n, ref);
  let words: Int32Array = Int32Array.from(hyp);
  let order: Int32Array | null = null;
  if (withAlignment) {
    order = new Int32Array(n);
    for (let k = 0; k < n; k++) order[k] = k;
  }
  let distance = ed.run(words);
  let trace = ed.trace();
  const shifts: TerShift[] = [];
  const hypErr = new Uint8Array(n);
  const refErr = new Uint8Array(m);
  const refAlign = new Int32Array(m);
  const candidateWords = new Int32Array(n);

  for (;;) {
    // FindAlignErr
    let h = -1;
    let r = -1;
    for (let k = 0; k < trace.length; k++) {
      const op = trace[k];
      if (op === TER_MATCH || op === TER_SUBSTITUTE) {
        h++;
        r++;
        hypErr[h] = op === TER_SUBSTITUTE ? 1 : 0;
        refErr[r] = op === TER_SUBSTITUTE ? 1 : 0;
        refAlign[r] = h;
      } else if (op === TER_INSERT) {
        h++;
        hypErr[h] = 1;
      } else {
        r++;
        refErr[r] = 1;
        refAlign[r] = h;
      }
    }

    // GatherAllPossShifts, bucketed by length − 1.
    const buckets: TercomShiftCandidate[][] = [];
    for (let b = 0; b <= MAX_SHIFT_SIZE; b++) buckets.push([]);
    for (let start = 0; start < n; start++) {
      const singles = phraseStarts.get(phraseKey(words, start, start + 1));
      if (!singles) continue;
      let ok = false;
      for (let s = 0; s < singles.length && !ok; s++) {
        const aligned = refAlign[singles[s]];
        if (start !== aligned && aligned - start <= MAX_SHIFT_DISTANCE && start - aligned - 1 <= MAX_SHIFT_DISTANCE) ok = true;
      }
      if (!ok) continue;
      ok = true;
      let key = '';
      for (let end = start; ok && end < n && end < start + MAX_SHIFT_SIZE; end++) {
        key += `${words[end]},`;
        ok = false;
        const starts = phraseStarts.get(key);
        if (!starts) continue;
        let anyHypErr = false;
        for (let p = start; p <= end && !anyHypErr; p++) if (hypErr[p]) anyHypErr = true;
        if (!anyHypErr) {
          ok = true;
          continue;
        }
        for (const moveTo of starts) {
          const aligned = refAlign[moveTo];
          if (
            !(aligned !== start && (aligned < start || aligned > end) && aligned - start <= MAX_SHIFT_DISTANCE && start - aligned <= MAX_SHIFT_DISTANCE)
          ) {
            continue;
          }
          ok = true;
          let anyRefErr = false;
          for (let p = 0; p <= end - start && !anyRefErr; p++) if (refErr[moveTo + p]) anyRefErr = true;
          if (!anyRefErr) continue;
          for (let roff = -1; roff <= end - start; roff++) {
            if (roff === -1 && moveTo === 0) {
              buckets[end - start].push({ start, end, newLocation: -1 });
            } else {
              const newLocation = refAlign[moveTo + roff];
              if (start !== newLocation && (roff === 0 || newLocation !== aligned)) {
                buckets[end - start].push({ start, end, newLocation });
              }
            }
          }
        }
      }
    }

    // CalcBestShift (all costs are integers: shift cost 1, unit edit costs).
    const currentErrors = distance;
    let bestShiftCost = 0;
    let bestDistance = distance;
    let best: TercomShiftCandidate | null = null;
    let bestWords: Int32Array | null = null;
    outer: for (let b = buckets.length - 1; b >= 0; b--) {
      const maxFix = 2 * (1 + b);
      for (let s = -1; s < buckets[b].length; s++) {
        const currentFix = currentErrors - (bestShiftCost + bestDistance);
        if (currentFix > maxFix || (bestShiftCost !== 0 && currentFix === maxFix)) break outer;
        if (s < 0) continue; // the check made before the bucket's first candidate
        const shift = buckets[b][s];
        performTercomShift(words, shift.start, shift.end, shift.newLocation, candidateWords);
        const candidateDistance = ed.run(candidateWords);
        const gain = bestDistance + bestShiftCost - (candidateDistance + 1);
        if (gain > 0 || (bestShiftCost === 0 && gain === 0)) {
          best = shift;
          bestShiftCost = 1;
          bestDistance = candidateDistance;
          bestWords = Int32Array.from(candidateWords);
        }
      }
    }
    if (best === null || bestWords === null) break;

    const length = best.end - best.start + 1;
    if (order !== null) {
      const moved = Array.from(order.subarray(best.start, best.end + 1));
      const newOrder = new Int32Array(n);
      performTercomShift(order, best.start, best.end, best.newLocation, newOrder);
      order = newOrder;
      shifts.push({ start: best.start, length, target: best.newLocation, gain: distance - bestDistance, words: moved });
    } else {
      shifts.push({ start: best.start, length, target: best.newLocation, gain: distance - bestDistance, words: [] });
    }
    words = bestWords;
    distance = ed.run(words);
    trace = ed.trace();
  }

  const numEdits = shifts.length + distance;
  if (!withAlignment) return numEdits;
  return { numEdits, editDistance: distance, shifts, order: order as Int32Array, ops: trace };
}
