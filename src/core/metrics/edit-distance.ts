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
 */
export function editScript(hyp: readonly Token[], ref: readonly Token[]): EditStep[] {
  const n = hyp.length;
  const m = ref.length;
  const d: Int32Array[] = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = 0; i <= n; i++) d[i][0] = i;
  for (let j = 0; j <= m; j++) d[0][j] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const cost = hyp[i - 1].text === ref[j - 1].text ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j - 1] + cost, d[i - 1][j] + 1, d[i][j - 1] + 1);
    }
  }
  const steps: EditStep[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i][j] === d[i - 1][j - 1] + (hyp[i - 1].text === ref[j - 1].text ? 0 : 1)) {
      const same = hyp[i - 1].text === ref[j - 1].text;
      steps.push({ op: same ? 'match' : 'substitute', hypothesis: span(hyp[i - 1]), reference: span(ref[j - 1]) });
      i--;
      j--;
    } else if (i > 0 && d[i][j] === d[i - 1][j] + 1) {
      steps.push({ op: 'insert', hypothesis: span(hyp[i - 1]) });
      i--;
    } else {
      steps.push({ op: 'delete', reference: span(ref[j - 1]) });
      j--;
    }
  }
  return steps.reverse();
}

function span(t: Token): { start: number; end: number } {
  return { start: t.start, end: t.end };
}
