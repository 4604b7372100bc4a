import { parseArgs } from 'util';
import { UnderstudyError } from '../core/errors';
import { textTable } from '../core/meta/manual/text-table';
import {
  JackCurveResult,
  JackResult,
  KingResult,
  MetricClusteringResult,
  MetricSelectionResult,
  QarlaEstimateResult,
  QarlaOptions,
  QarlaTestBed,
  QarlaTestCase,
  QueenResult,
  SystemHumanScores,
  clusterMetrics,
  jack,
  jackCurve,
  king,
  qarlaEstimate,
  queen,
  resolveQarlaOptions,
  selectMetricSet,
} from '../core/meta/qarla';
import { CorrelationName } from '../core/meta/stats/correlation-functions';
import { Tables, analyse, nameList, numberSeed, printMachineReadable, textOf } from './analysis-output';
import { bad, integer, oneOf } from './meta-cli-helpers';
import type { QarlaSettings } from '../worker/meta-analysis-types';
import type { CliOutput } from './run-cli';
import { ScoreTable, columnIndex, isNumericColumn, numericColumn, readScoreTable } from './score-table';

export const QARLA_ANALYSES = ['queen', 'king', 'jack', 'jack-curve', 'search', 'clusters', 'estimate'] as const;
export type QarlaAnalysis = (typeof QARLA_ANALYSES)[number];

export const QARLA_USAGE = `understudy qarla ANALYSIS TABLE --models A,B,… [options]   (Amigó et al. 2004, 2005; seed003 §3.1–3.2)

QARLA judges similarity metrics without human scores, from how close system outputs (peers) are to human texts
(models) compared with how close the models are to each other. ANALYSIS is one of:
  queen        QUEEN of every peer (and model), mean over cases: P(∀x. x(c, m) ≥ x(m′, m″)) over model triples
  king         KING of the metric set: how often a model's QUEEN beats every peer's; with each model's detail
  jack         JACK of the test bed: how diverse and close to the models the peers are (needs peer–peer rows)
  jack-curve   JACK as peers are added, mean over random orders (--orders, --seed) or one --order
  search       KING of every subset of the metrics (up to 14; beyond that, clusters first as the DUC 2004 paper)
  clusters     metric proximity P(x and x′ accept or reject together) and average-linkage clusters
  estimate     the QARLA estimate P(x(M, Mref) > x(A, Mref)) of each metric alone

TABLE: a header line, then one row per ordered pair of texts of a case: the similarity x(candidate, reference)
under every metric (larger = more similar; negate error rates). Tab-separated when the header has a tab, else
comma-separated. Rows: peer–model pairs, model–model pairs (every ordered pair of distinct models), and for jack,
peer–peer pairs.
  --models A,B,…          which names are models (human texts); every other name is a peer (system)   (required)
  --case COLUMN           test-case column (default: "case" when there is one, else a single case)
  --candidate COLUMN      (default candidate)      --reference COLUMN   (default reference)
  --metrics A,B,…         the similarity columns (default: every other numeric column)
  --symmetric             a missing x(a, b) is read as x(b, a) (for symmetric similarities)
Conventions the papers leave open (defaults: their most likely reading; see the README):
  --queen-comparison at-least|greater     x(c, m) ≥ x(m′, m″) (default) or >
  --same-pair                             let m′ = m″ (compares with self-similarities; the table needs x(m, m))
  --model-in-pair allowed|excluded        may m be m′ or m″ (default allowed)
  --king-models leave-one-out|all         (default leave-one-out; all needs x(m, m))
  --king-comparison greater|at-least      (default greater)
  --jack-form symmetric|one-sided         (default symmetric, the DUC 2004 paper's)
  --case-averaging per-case|pooled        (default per-case)
  --ties strict|half                      the estimate's ties (default strict)
search:  --human FILE --human-score COLUMN   system scores (names in FILE's first column) to correlate each set's QUEEN with
         --correlation pearson|spearman|kendall-b  (default pearson)   --clusters N  (default 10, when clustering)
clusters: --clusters N (default 10)
jack-curve: --orders N (default 200)  --seed N (default 12345)  --order A,B,…  (a fixed order of the peers)
Output:
  --top N                 rows listed by queen and search (default 20; 0 = all)
  --json | --tsv          the full result (JSON) or its main table, unrounded (TSV)
`;

/** The options (QarlaSettings: what the editor's QARLA panel also runs with), the analysis, the table and the output. */
export interface QarlaCommand extends QarlaSettings {
  readonly analysis: QarlaAnalysis;
  readonly table: string;
  readonly human?: string;
  readonly top: number;
  readonly output: 'text' | 'json' | 'tsv';
}

const OPTIONS = {
  models: { type: 'string' },
  case: { type: 'string' },
  candidate: { type: 'string' },
  reference: { type: 'string' },
  metrics: { type: 'string' },
  symmetric: { type: 'boolean' },
  'queen-comparison': { type: 'string' },
  'same-pair': { type: 'boolean' },
  'model-in-pair': { type: 'string' },
  'king-models': { type: 'string' },
  'king-comparison': { type: 'string' },
  'jack-form': { type: 'string' },
  'case-averaging': { type: 'string' },
  ties: { type: 'string' },
  human: { type: 'string' },
  'human-score': { type: 'string' },
  correlation: { type: 'string' },
  clusters: { type: 'string' },
  orders: { type: 'string' },
  seed: { type: 'string' },
  order: { type: 'string' },
  top: { type: 'string' },
  json: { type: 'boolean' },
  tsv: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;



/** Parses `understudy qarla` arguments; a bad value is an UnderstudyError saying what is allowed. */
export function parseQarlaArgs(argv: string[]): QarlaCommand | 'help' {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    return bad(`${(error as Error).message}. Run \`understudy qarla --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.help) return 'help';
  if (parsed.positionals.length !== 2) bad(`Name an analysis and one similarity table: \`understudy qarla ANALYSIS TABLE --models A,B,…\` (ANALYSIS: ${QARLA_ANALYSES.join(', ')}).`);
  const analysis = oneOf('analysis', parsed.positionals[0], QARLA_ANALYSES) as QarlaAnalysis;
  if (v.json && v.tsv) bad('Choose one of --json and --tsv.');
  const models = nameList(v.models);
  if (!models || models.length === 0) bad('Say which texts are models (human references) with --models A,B,…; every other name is a peer.');
  if (new Set(models).size !== models.length) bad('--models names a model twice.');
  const onlyFor = (flag: string, analyses: QarlaAnalysis[]): void => {
    if ((v as Record<string, unknown>)[flag] !== undefined && !analyses.includes(analysis)) bad(`--${flag} applies to ${analyses.join(' and ')}, not ${analysis}.`);
  };
  onlyFor('human', ['search']);
  onlyFor('human-score', ['search']);
  onlyFor('correlation', ['search']);
  onlyFor('clusters', ['search', 'clusters']);
  onlyFor('orders', ['jack-curve']);
  onlyFor('seed', ['jack-curve']);
  onlyFor('order', ['jack-curve']);
  onlyFor('ties', ['estimate']);
  if (v.order !== undefined && v.orders !== undefined) bad('--order fixes one order of the peers; --orders draws random ones. Choose one.');
  if ((v.human === undefined) !== (v['human-score'] === undefined)) bad('--human FILE and --human-score COLUMN go together.');
  const options: Partial<QarlaOptions> = {
    queenComparison: oneOf('queen-comparison', v['queen-comparison'], ['at-least', 'greater'] as const),
    distinctPair: v['same-pair'] ? false : undefined,
    modelInPair: oneOf('model-in-pair', v['model-in-pair'], ['allowed', 'excluded'] as const),
    kingModels: oneOf('king-models', v['king-models'], ['leave-one-out', 'all'] as const),
    kingComparison: oneOf('king-comparison', v['king-comparison'], ['greater', 'at-least'] as const),
    jackForm: oneOf('jack-form', v['jack-form'], ['symmetric', 'one-sided'] as const),
    caseAveraging: oneOf('case-averaging', v['case-averaging'], ['per-case', 'pooled'] as const),
  };
  return {
    analysis,
    table: parsed.positionals[1],
    models,
    caseColumn: v.case,
    candidate: v.candidate ?? 'candidate',
    reference: v.reference ?? 'reference',
    metrics: nameList(v.metrics),
    symmetric: v.symmetric ?? false,
    options,
    ties: oneOf('ties', v.ties, ['strict', 'half'] as const),
    human: v.human,
    humanScore: v['human-score'],
    correlation: oneOf('correlation', v.correlation, ['pearson', 'spearman', 'kendall-b'] as const),
    clusters: integer('clusters', v.clusters, 1),
    orders: integer('orders', v.orders, 1),
    seed: numberSeed(v.seed),
    order: nameList(v.order),
    top: integer('top', v.top, 0) ?? 20,
    output: v.json ? 'json' : v.tsv ? 'tsv' : 'text',
  };
}


/**
 * The test bed of a long similarity table: per case, the --models names found in it (in --models order) and every
 * other name as a peer (in order of appearance); each matrix cell is the row of its ordered pair (or, --symmetric,
 * of the reversed pair). A missing pair the analysis reads is an error naming it.
 */
export function qarlaTestBedFromTable(table: ScoreTable, command: QarlaCommand): QarlaTestBed {
  const candidateIndex = columnIndex(table, command.candidate);
  const referenceIndex = columnIndex(table, command.reference);
  const caseName = command.caseColumn ?? (table.columns.includes('case') ? 'case' : undefined);
  const caseIndex = caseName === undefined ? undefined : columnIndex(table, caseName);
  const skip = new Set([command.candidate, command.reference, caseName]);
  const metrics = command.metrics ?? table.columns.filter((c, i) => !skip.has(c) && isNumericColumn(table, i));
  if (metrics.length === 0) bad(`${table.path}: no similarity columns besides ${[...skip].filter(Boolean).join(', ')}; name them with --metrics A,B,….`);
  for (const m of metrics) if (skip.has(m)) bad(`--metrics includes the ${m} column, which names texts.`);
  const values = metrics.map((name) => numericColumn(table, name));
  const k = metrics.length;

  const caseIds: string[] = [];
  const rowOf = new Map<string, number>();
  const names = new Map<string, string[]>();
  const key = (c: string, a: string, b: string): string => `${c}\u0000${a}\u0000${b}`;
  table.cells.forEach((row, r) => {
    const id = caseIndex === undefined ? 'all' : row[caseIndex];
    const a = row[candidateIndex];
    const b = row[referenceIndex];
    if (!names.has(id)) {
      caseIds.push(id);
      names.set(id, []);
    }
    const seen = names.get(id)!;
    for (const n of [a, b]) if (!seen.includes(n)) seen.push(n);
    if (rowOf.has(key(id, a, b))) {
      throw new UnderstudyError('unreadable-file', `${table.path}: the pair (${a}, ${b})${caseIndex === undefined ? '' : ` of case ${id}`} appears twice (data rows ${rowOf.get(key(id, a, b))! + 1} and ${r + 1}).`);
    }
    rowOf.set(key(id, a, b), r);
    const missing = metrics.filter((_, x) => Number.isNaN(values[x][r]));
    if (missing.length > 0) throw new UnderstudyError('unreadable-file', `${table.path}: data row ${r + 1}, x(${a}, ${b}), has no value under ${missing.join(', ')}; every similarity must be a number.`);
  });

  const options = resolveQarlaOptions(command.options);
  const needsSelf = !options.distinctPair || options.kingModels === 'all';
  const needsPeerPeer = command.analysis === 'jack' || command.analysis === 'jack-curve';
  const modelSet = new Set(command.models);
  const unknown = command.models.filter((m) => ![...names.values()].some((list) => list.includes(m)));
  if (unknown.length === command.models.length) {
    throw new UnderstudyError('unreadable-file', `${table.path}: none of the --models (${command.models.join(', ')}) appears in the ${command.candidate} or ${command.reference} column; check the names.`);
  }

  const cases = caseIds.map((id): QarlaTestCase => {
    const models = command.models.filter((m) => names.get(id)!.includes(m));
    const peers = names.get(id)!.filter((n) => !modelSet.has(n));
    const missing: string[] = [];
    const fill = (rows: readonly string[], columns: readonly string[], diagonal: 'need' | 'free' | 'skip'): Float64Array => {
      const out = new Float64Array(rows.length * columns.length * k);
      rows.forEach((a, i) =>
        columns.forEach((b, j) => {
          let r = rowOf.get(key(id, a, b));
          if (r === undefined && command.symmetric && a !== b) r = rowOf.get(key(id, b, a));
          for (let x = 0; x < k; x++) out[(i * columns.length + j) * k + x] = r === undefined ? NaN : values[x][r];
          if (r !== undefined) return;
          if (a === b && diagonal === 'skip') return;
          // A model's self-similarity is read only with --same-pair or --king-models all; otherwise any value will do.
          if (a === b && diagonal === 'free') out.fill(Infinity, (i * columns.length + j) * k, (i * columns.length + j + 1) * k);
          else missing.push(`(${a}, ${b})`);
        }),
      );
      return out;
    };
    const peerModel = fill(peers, models, 'need');
    const modelModel = fill(models, models, needsSelf ? 'need' : 'free');
    const peerPeer = needsPeerPeer ? fill(peers, peers, 'skip') : undefined;
    if (missing.length > 0) {
      const what = needsPeerPeer ? 'peer–model, model–model and peer–peer' : 'peer–model and model–model';
      throw new UnderstudyError(
        'unreadable-file',
        `${table.path}: ${caseIndex === undefined ? '' : `case ${id}: `}no row for x${missing.slice(0, 5).join(', x')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}. ` +
          `${command.analysis} needs every ordered ${what} pair${needsSelf ? ' and each model against itself' : ''}` +
          `${command.symmetric ? '' : ' (add --symmetric if x(a, b) = x(b, a))'}.`,
      );
    }
    return { id, models, peers, peerModel, modelModel, peerPeer };
  });
  return { metrics, cases };
}

/** System scores for the search's correlation: FILE's first column names the systems. */
function humanScores(path: string, column: string): SystemHumanScores {
  return humanScoresOf(readScoreTable(path), column);
}

/** System scores from a table already read (the editor's panel reads it from the editor). */
export function humanScoresOf(table: ScoreTable, column: string): SystemHumanScores {
  const scores = numericColumn(table, column);
  const systems: string[] = [];
  const values: number[] = [];
  table.cells.forEach((row, r) => {
    if (Number.isFinite(scores[r])) {
      systems.push(row[0]);
      values.push(scores[r]);
    }
  });
  return { systems, scores: values };
}

type QarlaResult = QueenResult | KingResult | JackResult | JackCurveResult | MetricSelectionResult | MetricClusteringResult | QarlaEstimateResult;

/** The library call behind each analysis (what `--json` prints). */
export function runQarlaAnalysis(bed: QarlaTestBed, command: QarlaCommand): QarlaResult {
  const o = command.options;
  switch (command.analysis) {
    case 'queen':
      return queen(bed, undefined, o);
    case 'king':
      return king(bed, undefined, o);
    case 'jack':
      return jack(bed, undefined, o);
    case 'jack-curve':
      return jackCurve(bed, undefined, { ...o, order: command.order, orders: command.orders, seed: command.seed });
    case 'search':
      return selectMetricSet(bed, {
        ...o,
        clusters: command.clusters,
        human: command.human === undefined ? undefined : humanScores(command.human, command.humanScore!),
        correlation: command.correlation,
      });
    case 'clusters':
      return clusterMetrics(bed, { ...o, clusters: command.clusters ?? Math.min(10, bed.metrics.length) });
    case 'estimate':
      return qarlaEstimate(bed, { ties: command.ties, caseAveraging: o.caseAveraging });
  }
}


const limit = <T>(rows: readonly T[], top: number): readonly T[] => (top === 0 ? rows : rows.slice(0, top));

/** The main table of a result (TSV exports it whole), with a title and notes for the text view. */
export function qarlaTable(result: QarlaResult, top = 0): Tables {
  switch (result.kind) {
    case 'qarla-queen':
      return {
        title: `QUEEN under {${result.metrics.join(', ')}}, mean over cases`,
        header: ['rank', 'name', 'kind', 'queen', 'cases', ...result.metrics.map((m) => `queen_${m}`)],
        rows: limit(result.ranking, top).map((r) => [r.rank, r.name, r.kind, r.queen, r.cases, ...r.perMetric]),
        notes: result.ranking.length > top && top > 0 ? [`… ${result.ranking.length - top} more (--top 0 lists all)`] : [],
      };
    case 'qarla-king':
      return {
        title: `KING {${result.metrics.join(', ')}} = ${result.king.toFixed(4)}`,
        header: ['case', 'model', 'queen', 'best_peer', 'best_peer_queen', 'wins'],
        rows: result.cases.flatMap((c) => c.models.map((m) => [c.case, m.model, m.queen, m.bestPeer, m.bestPeerQueen, m.wins ? 'yes' : 'no'])),
        notes: [`models ranked first (QUEEN above every peer's over their cases): ${result.modelsRankedFirst.count} of ${result.modelsRankedFirst.models.length}`],
      };
    case 'qarla-jack':
      return {
        title: `JACK {${result.metrics.join(', ')}} = ${result.jack.toFixed(4)}`,
        header: ['case', 'model', 'satisfied', 'pair', 'peers_with_queen'],
        rows: result.cases.flatMap((c) => c.models.map((m) => [c.case, m.model, m.satisfied ? 'yes' : 'no', m.pair ? m.pair.join('+') : null, c.peersWithQueen])),
        notes: [],
      };
    case 'qarla-jack-curve':
      return {
        title: `JACK {${result.metrics.join(', ')}} as peers are added (${result.order ? `order ${result.order.join(', ')}` : `mean of ${result.orders} random orders, seed ${result.seed}`})`,
        header: ['systems', 'jack', 'min', 'max'],
        rows: result.points.map((p) => [p.systems, p.jack, p.min, p.max]),
        notes: [],
      };
    case 'qarla-metric-selection': {
      const s = result.search;
      const notes = [];
      if (result.clustering) notes.push(`${result.clustering.metrics.length} metrics: searched the best-KING metric of each of ${result.clustering.clusters.length} clusters.`);
      if (s.human) notes.push(`human: ${s.human.correlation} with ${s.human.systems.length} systems${s.human.unscored.length > 0 ? `; no human score for ${s.human.unscored.join(', ')}` : ''}`);
      if (top > 0 && s.sets.length > top) notes.push(`… ${s.sets.length - top} more sets (--top 0 lists all, --tsv exports them)`);
      return {
        title: `KING of every subset of {${s.metrics.join(', ')}} (${s.sets.length} sets, ${s.cases} case${s.cases === 1 ? '' : 's'})`,
        header: ['rank', 'set', 'size', 'king', ...(s.human ? ['human_r'] : [])],
        rows: limit(s.sets, top).map((x) => [x.rank, x.metrics.join('+'), x.size, x.king, ...(s.human ? [x.humanCorrelation] : [])]),
        notes,
      };
    }
    case 'qarla-metric-clusters':
      return {
        title: `${result.clusters.length} clusters of {${result.metrics.join(', ')}} by proximity (average linkage on 1 − proximity)`,
        header: ['cluster', 'representative', 'representative_king', 'members'],
        rows: result.clusters.map((c, i) => [i + 1, c.representative, c.representativeKing, c.members.join(' ')]),
        notes: [
          'proximity:',
          ...textTable(['', ...result.metrics], result.metrics.map((m, i) => [m, ...result.proximity[i]]))
            .trimEnd()
            .split('\n'),
          `KING alone: ${result.metrics.map((m, i) => `${m} ${result.king[i].toFixed(4)}`).join(', ')}`,
        ],
      };
    case 'qarla-estimate':
      return {
        title: `QARLA estimate P(x(M, Mref) > x(A, Mref)), ties ${result.ties}, ${result.caseAveraging} (0.5 is chance)`,
        header: ['metric', 'estimate', ...(result.cases.length > 1 ? result.cases : [])],
        rows: result.metrics.map((m) => [m.metric, m.estimate, ...(result.cases.length > 1 ? m.perCase : [])]),
        notes: [],
      };
  }
}



export function runQarla(command: QarlaCommand, io: CliOutput): number {
  const table = readScoreTable(command.table);
  const bed = qarlaTestBedFromTable(table, command);
  const peers = new Set(bed.cases.flatMap((c) => c.peers));
  if (command.order !== undefined) {
    const order = command.order;
    const strangers = order.filter((name) => !peers.has(name));
    if (strangers.length > 0) bad(`--order ${strangers.join(', ')}: not a peer of ${table.path} (its peers: ${[...peers].join(', ')}).`);
    const left = [...peers].filter((name) => !order.includes(name));
    if (left.length > 0 || new Set(order).size !== order.length) bad(`--order must list every peer once (missing: ${left.join(', ') || 'none'}).`);
  }
  if (command.clusters !== undefined && command.clusters > bed.metrics.length) bad(`--clusters ${command.clusters}: there are only ${bed.metrics.length} metrics.`);
  const result = analyse(table.path, () => runQarlaAnalysis(bed, command));
  if (command.output !== 'text') return printMachineReadable(io, command.output, result, () => qarlaTable(result));
  const tables = qarlaTable(result, command.top);
  const o = resolveQarlaOptions(command.options);
  const counts = `${bed.cases.length} case${bed.cases.length === 1 ? '' : 's'}, ${new Set(bed.cases.flatMap((c) => c.models)).size} models, ${new Set(bed.cases.flatMap((c) => c.peers)).size} peers`;
  const conventions = `queen ${o.queenComparison}, ${o.distinctPair ? "m′ ≠ m″" : "m′ = m″ allowed"}, m in pair ${o.modelInPair}, king ${o.kingModels} ${o.kingComparison}, jack ${o.jackForm}, ${o.caseAveraging}`;
  io.stdout(textOf(tables, `${counts}; ${conventions}`));
  return 0;
}
