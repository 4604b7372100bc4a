import { EditStep } from './explanation';
import { Token } from '../text/token';

/** Levenshtein distance between two id sequences (unit costs), in O(|a|·|b|) time and O(|b|) memory. */
export function levenshtein(a: Int32Array, b: Int32Array): number {
  const m = b.length;
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j <= m; j++) {
      const substitution = previous[j - 1] + (ai === b[j - 1] ? 0 : 1);
      const deletion = previous[j] + 1;
      const insertion = current[j - 1] + 1;
      current[j] = substitution < deletion ? (substitution < insertion ? substitution : insertion) : deletion < insertion ? deletion : insertion;
    }
    [previous, current] = [current, previous];
  }
  return previous[m];
}

/**
 * One minimal edit script turning the hypothesis into the reference (matches and substitutions preferred over
 * insertions and deletions when the cost ties), as spans of the two lines. `insert` = a hypothesis word with no
 * counterpart (it must be removed), `delete` = a reference word the hypothesis lacks — TER's and tercom's naming.
 * Long lines are split with Hirschberg's divide and conquer, so memory stays linear (a 100k-character line is
 * ~17,000 words: a full table would take gigabytes).
 */
export function editScript(hyp: readonly Token[], ref: readonly Token[]): EditStep[] {
  // Words as integer ids, so the quadratic part compares numbers rather than strings.
  const vocabulary = new Map<string, number>();
  const id = (t: Token) => {
    let v = vocabulary.get(t.text);
    if (v === undefined) vocabulary.set(t.text, (v = vocabulary.size));
    return v;
  };
  const words: Words = { hyp, ref, hypIds: Int32Array.from(hyp, id), refIds: Int32Array.from(ref, id) };
  const steps: EditStep[] = [];
  hirschberg(words, 0, hyp.length, 0, ref.length, steps);
  return steps;
}

interface Words {
  readonly hyp: readonly Token[];
  readonly ref: readonly Token[];
  readonly hypIds: Int32Array;
  readonly refIds: Int32Array;
}

const FULL_TABLE_CELLS = 1 << 20;

function hirschberg(w: Words, i0: number, i1: number, j0: number, j1: number, out: EditStep[]): void {
  if ((i1 - i0 + 1) * (j1 - j0 + 1) <= FULL_TABLE_CELLS || i1 - i0 < 2) {
    fullTableScript(w, i0, i1, j0, j1, out);
    return;
  }
  const mid = (i0 + i1) >> 1;
  const forward = lastRow(w, i0, mid, j0, j1, false);
  const backward = lastRow(w, mid, i1, j0, j1, true);
  let split = j0;
  let best = Infinity;
  for (let j = j0; j <= j1; j++) {
    const cost = forward[j - j0] + backward[j1 - j];
    if (cost < best) {
      best = cost;
      split = j;
    }
  }
  hirschberg(w, i0, mid, j0, split, out);
  hirschberg(w, mid, i1, split, j1, out);
}

/** Costs of aligning hyp[i0..i1) with every prefix of ref[j0..j1) (or, reversed, with every suffix). */
function lastRow(w: Words, i0: number, i1: number, j0: number, j1: number, reversed: boolean): Int32Array {
  const m = j1 - j0;
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let k = 1; k <= i1 - i0; k++) {
    const h = w.hypIds[reversed ? i1 - k : i0 + k - 1];
    current[0] = k;
    for (let j = 1; j <= m; j++) {
      const r = w.refIds[reversed ? j1 - j : j0 + j - 1];
      current[j] = Math.min(previous[j - 1] + (h === r ? 0 : 1), previous[j] + 1, current[j - 1] + 1);
    }
    [previous, current] = [current, previous];
  }
  return previous;
}

function fullTableScript(w: Words, i0: number, i1: number, j0: number, j1: number, out: EditStep[]): void {
  const { hyp, ref } = w;
  const n = i1 - i0;
  const m = j1 - j0;
  const d: Int32Array[] = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  const same = (i: number, j: number) => w.hypIds[i0 + i - 1] === w.refIds[j0 + j - 1];
  for (let i = 0; i <= n; i++) d[i][0] = i;
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) d[i][j] = Math.min(d[i - 1][j - 1] + (same(i, j) ? 0 : 1), d[i - 1][j] + 1, d[i][j - 1] + 1);
  }
  const steps: EditStep[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (same(i, j) ? 0 : 1)) {
      steps.push({ op: same(i, j) ? 'match' : 'substitute', hypothesis: span(hyp[i0 + i - 1]), reference: span(ref[j0 + j - 1]) });
      i--;
      j--;
    } else if (i > 0 && d[i][j] === d[i - 1][j] + 1) {
      steps.push({ op: 'insert', hypothesis: span(hyp[i0 + i - 1]) });
      i--;
    } else {
      steps.push({ op: 'delete', reference: span(ref[j0 + j - 1]) });
      j--;
    }
  }
  for (let k = steps.length - 1; k >= 0; k--) out.push(steps[k]);
}

function span(t: Token): { start: number; end: number } {
  return { start: t.start, end: t.end };
}
