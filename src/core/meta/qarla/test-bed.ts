import { UnderstudyError } from '../../errors';

/**
 * QARLA's input (Amigó et al. 2005; ../shared/papers/digests/seed003.md §3.2): for every test case (a topic, a source
 * text, a segment), the human models M and the automatic peers A, and the similarity of each text to each other
 * under every metric x of a set X. `x(c, r)` is the similarity of r to c — for a registry metric, c scored as the
 * candidate against r as the only reference — oriented so that larger means more similar.
 *
 * Layouts (row-major, metric last):
 * - peerModel[(a·|M| + m)·|X| + x] = x(a, m)
 * - modelModel[(m′·|M| + m″)·|X| + x] = x(m′, m″); the diagonal x(m, m) is read only by options that let a model be
 *   compared with itself (`distinctPair: false`, or `kingModels: 'all'`)
 * - peerPeer[(a·|A| + a′)·|X| + x] = x(a, a′), for JACK only (its diagonal is never read)
 */
export interface QarlaTestCase {
  /** Shown in tables (a source text's id, a topic). */
  readonly id: string;
  /** Model names; the same name in several cases is the same human (it matters for `modelsRankedFirst`). */
  readonly models: readonly string[];
  /** Peer (system) names; a system's QUEEN is averaged over the cases it appears in. */
  readonly peers: readonly string[];
  readonly peerModel: Float64Array;
  readonly modelModel: Float64Array;
  readonly peerPeer?: Float64Array;
}

export interface QarlaTestBed {
  /** Metric (similarity) names, in the order of the last axis of every matrix. */
  readonly metrics: readonly string[];
  readonly cases: readonly QarlaTestCase[];
}

/** The metric indexes of a set given by names; the whole set when `names` is undefined. */
export function metricIndexes(bed: QarlaTestBed, names?: readonly string[]): number[] {
  if (names === undefined) return bed.metrics.map((_, i) => i);
  if (names.length === 0) throw new UnderstudyError('bad-option', 'The metric set is empty: name at least one similarity metric.');
  const seen = new Set<number>();
  return names.map((name) => {
    const index = bed.metrics.indexOf(name);
    if (index < 0) throw new UnderstudyError('bad-option', `"${name}" is not a metric of this test bed (it has ${bed.metrics.join(', ')}).`, { metric: name });
    if (seen.has(index)) throw new UnderstudyError('bad-option', `The metric set names "${name}" twice.`, { metric: name });
    seen.add(index);
    return index;
  });
}

/**
 * Checks every case's shape and values: matrix sizes, at least `minModels` models, distinct names, no NaN. A problem
 * is reported with the case, the texts and the metric concerned, so that the similarity that failed can be found.
 */
export function checkTestBed(bed: QarlaTestBed, minModels: number, needPeerPeer = false): void {
  const k = bed.metrics.length;
  if (k === 0) throw new UnderstudyError('bad-option', 'The QARLA test bed has no metrics: give at least one similarity metric.');
  if (new Set(bed.metrics).size !== k) throw new UnderstudyError('bad-option', `Metric names must be distinct (${bed.metrics.join(', ')}).`);
  if (bed.cases.length === 0) throw new UnderstudyError('bad-option', 'The QARLA test bed has no test cases.');
  for (const c of bed.cases) {
    const m = c.models.length;
    const a = c.peers.length;
    if (m < minModels) {
      throw new UnderstudyError(
        'bad-option',
        `Test case "${c.id}" has ${m} model${m === 1 ? '' : 's'}; QARLA needs at least ${minModels} here (QUEEN compares a peer with pairs of ` +
          `other models${minModels > 2 ? ', and KING leaves each model out in turn' : ''}). Add references or leave the case out.`,
        { case: c.id },
      );
    }
    if (a === 0) throw new UnderstudyError('bad-option', `Test case "${c.id}" has no peers (system outputs).`, { case: c.id });
    if (new Set(c.models).size !== m || new Set(c.peers).size !== a) {
      throw new UnderstudyError('bad-option', `Test case "${c.id}" names a model or a peer twice; every text of a case needs its own name.`, { case: c.id });
    }
    checkMatrix(c, 'peerModel', c.peerModel, a, m, k, (i, j) => `x(${c.peers[i]}, ${c.models[j]})`, bed.metrics);
    checkMatrix(c, 'modelModel', c.modelModel, m, m, k, (i, j) => `x(${c.models[i]}, ${c.models[j]})`, bed.metrics);
    if (needPeerPeer) {
      if (!c.peerPeer) {
        throw new UnderstudyError('bad-option', `Test case "${c.id}" has no peer–peer similarities; JACK needs x(a, a′) for every pair of peers.`, { case: c.id });
      }
      checkMatrix(c, 'peerPeer', c.peerPeer, a, a, k, (i, j) => `x(${c.peers[i]}, ${c.peers[j]})`, bed.metrics, true);
    }
  }
}

function checkMatrix(
  c: QarlaTestCase,
  field: string,
  values: Float64Array,
  rows: number,
  columns: number,
  k: number,
  describe: (row: number, column: number) => string,
  metrics: readonly string[],
  skipDiagonal = false,
): void {
  if (values.length !== rows * columns * k) {
    throw new UnderstudyError('bad-option', `Test case "${c.id}": ${field} has ${values.length} values, expected ${rows} × ${columns} × ${k} metrics = ${rows * columns * k}.`, {
      case: c.id,
    });
  }
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i])) {
      const x = i % k;
      const cell = (i - x) / k;
      const row = Math.floor(cell / columns);
      const column = cell % columns;
      if (skipDiagonal && row === column) continue;
      throw new UnderstudyError(
        'bad-option',
        `Test case "${c.id}": ${describe(row, column)} under ${metrics[x]} is not a number. Every similarity must be defined ` +
          `(an empty text scores 0 under most metrics; check the metric's settings for this pair).`,
        { case: c.id, metric: metrics[x] },
      );
    }
  }
}
