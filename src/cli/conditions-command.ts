import * as path from 'path';
import { parseArgs } from 'util';
import { metricRequest } from '../core/engine/metric-registry';
import { UnderstudyError } from '../core/errors';
import { readSegmentFile } from '../core/io/read-segments';
import { ConditionData, ConditionMetric } from '../core/meta/conditions/condition-data';
import { BandJson, ConditionAxis, DataConditionOptions, DataConditionResult, dataConditions } from '../core/meta/conditions/data-conditions';
import { conditionMetricFromEngine } from '../core/meta/conditions/engine-statistics';
import { PairwiseCorrection } from '../core/meta/conditions/staircase-marks';
import { CORRELATION_NAMES, CorrelationName } from '../core/meta/stats/correlation-functions';
import { ScoreCommand, parseScoreArgs } from './parse-score-args';
import { bad, fmt, fraction, oneOf, pValue, progressReporter, seedOption, splitOwnOptions } from './meta-cli-helpers';
import type { CliOutput } from './run-cli';
import { ScoreTable, columnIndex, numericColumn, readScoreTable } from './score-table';

export const CONDITIONS_USAGE = `understudy conditions --human TABLE --ref REF [--ref REF2 ...] HYP [HYP2 ...] [options]   (Owczarzak & Dang 2009)

Correlation of each metric with the human scores as the data shrinks: repeated random subsets of each item's
references (--axis references) or of the items (--axis items: documents, topics or segments), per size the mean,
sd and percentile band, the full data ("actual") and a bootstrap row, one-way ANOVA across sizes and across metrics,
Welch tests between sizes (the paper's * † ‡ § marks), and the share of system pairs a paired t-test still separates.
Every system is scored once against all references and against each one alone; the subsets only sum statistics.

  --human TABLE           human scores: a header, then one row per (system, item) — columns system, item (1-based
                          line number) and the score — or one row per system (no item column). A system's name
                          matches a HYP file by its name, its name without extension, or a dot-separated part of it
                          (newstest2021.cs-en.hyp.Facebook-AI.en is Facebook-AI). Tab- or comma-separated.
  --human-column NAME     the score column (default: score, else the only numeric column besides system and item)
  --axis references|items (default references)
  --repetitions N         random subsets per size (default 1000, as the paper)      --seed N (default 12345)
  --sizes 1,3,6           sizes to sample (default references 1…K; items 1, 3, 6, 12, 24, … ¾N … 15/16·N)
  --correlation NAME      ${CORRELATION_NAMES.join(', ')} (default pearson; the paper does not name it)
  --human-target full|same-items   items axis: correlate with the human score over all items (default) or the same items
  --no-bootstrap          leave out the bootstrap row        --no-pairs   leave out the system-pair tests
  --correction bonferroni|holm|none   of the Welch tests behind the marks (default bonferroni)
  --alpha A  --pair-alpha A   (default 0.05 each)
  --json | --tsv          the full result (JSON) or one row per metric and size (TSV)
  --progress              report progress on stderr
Metric options are those of \`understudy score\` (--metrics, default rouge1,rouge2; --rouge-stem, --tokenize, …).
`;

export interface ConditionsCommand {
  readonly human: string;
  readonly humanColumn?: string;
  readonly score: ScoreCommand;
  readonly options: DataConditionOptions;
  readonly output: 'text' | 'json' | 'tsv';
  readonly progress: boolean;
}

const OWN_OPTIONS = {
  human: { type: 'string' },
  'human-column': { type: 'string' },
  axis: { type: 'string' },
  repetitions: { type: 'string' },
  seed: { type: 'string' },
  sizes: { type: 'string' },
  correlation: { type: 'string' },
  'human-target': { type: 'string' },
  'no-bootstrap': { type: 'boolean' },
  'no-pairs': { type: 'boolean' },
  correction: { type: 'string' },
  alpha: { type: 'string' },
  'pair-alpha': { type: 'string' },
  progress: { type: 'boolean' },
} as const;

/** Parses `understudy conditions` arguments; a bad value is an UnderstudyError saying what is allowed. */
export function parseConditionsArgs(argv: string[]): ConditionsCommand | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const { own, rest: score } = splitOwnOptions(argv, OWN_OPTIONS);
  let parsed;
  try {
    parsed = parseArgs({ args: own, options: OWN_OPTIONS, strict: true });
  } catch (error) {
    return bad(`${(error as Error).message}. Run \`understudy conditions --help\` for the options.`);
  }
  const v = parsed.values;
  if (v.human === undefined) bad('Name the human scores with --human TABLE (columns system, item, score).');
  const withMetrics = score.some((a) => a === '--metrics' || a === '-m' || a.startsWith('--metrics=')) ? score : [...score, '--metrics', 'rouge1,rouge2'];
  const scoreCommand = parseScoreArgs(withMetrics);
  if (scoreCommand === 'help') return 'help';
  if (scoreCommand.sentence) bad('--sentence is an option of `understudy score`, not of conditions.');
  if (scoreCommand.hypotheses.length < 3) bad(`Data conditions correlate over systems: give at least 3 system files (got ${scoreCommand.hypotheses.length}).`);
  let repetitions: number | undefined;
  if (v.repetitions !== undefined) {
    repetitions = Number(v.repetitions);
    if (!(Number.isInteger(repetitions) && repetitions >= 2)) bad(`--repetitions ${v.repetitions}: expected an integer ≥ 2.`);
  }
  const sizes = v.sizes?.split(',').map((s) => {
    const n = Number(s.trim());
    if (!(Number.isInteger(n) && n >= 1)) bad(`--sizes ${v.sizes}: expected positive integers separated by commas.`);
    return n;
  });
  return {
    human: v.human,
    humanColumn: v['human-column'],
    score: scoreCommand,
    options: {
      axis: oneOf<ConditionAxis>('axis', v.axis, ['references', 'items']) ?? 'references',
      repetitions,
      seed: seedOption(v.seed),
      sizes,
      correlation: oneOf<CorrelationName>('correlation', v.correlation, CORRELATION_NAMES),
      humanTarget: oneOf('human-target', v['human-target'], ['full', 'same-items'] as const),
      bootstrap: !v['no-bootstrap'],
      pairs: !v['no-pairs'],
      pairwiseCorrection: oneOf<PairwiseCorrection>('correction', v.correction, ['bonferroni', 'holm', 'none']),
      alpha: fraction('alpha', v.alpha),
      pairAlpha: fraction('pair-alpha', v['pair-alpha']),
    },
    output: scoreCommand.output,
    progress: v.progress ?? false,
  };
}

/** The HYP file a system name in the human table stands for (see the usage), or undefined. */
export function matchSystem(name: string, files: readonly string[]): number | undefined {
  const tests: ((file: string) => boolean)[] = [
    (file) => file === name,
    (file) => path.basename(file) === name,
    (file) => path.basename(file, path.extname(file)) === name,
    (file) => path.basename(file).split('.').includes(name),
  ];
  for (const test of tests) {
    const hits = files.flatMap((file, s) => (test(file) ? [s] : []));
    if (hits.length === 1) return hits[0];
    if (hits.length > 1) bad(`The human scores' system "${name}" matches several files: ${hits.map((s) => files[s]).join(', ')}.`);
  }
  return undefined;
}

function scoreColumn(table: ScoreTable, chosen: string | undefined): string {
  if (chosen !== undefined) return chosen;
  if (table.columns.includes('score')) return 'score';
  const numeric = table.columns.filter((c) => c !== 'system' && c !== 'item' && table.cells.every((row) => Number.isFinite(Number(row[table.columns.indexOf(c)])) || row[table.columns.indexOf(c)] === ''));
  if (numeric.length !== 1) bad(`${table.path}: name the human score column with --human-column (columns: ${table.columns.join(', ')}).`);
  return numeric[0];
}

/** Human scores per (system, item), or per system; system means over the judged items. */
export function humanScoresFromTable(table: ScoreTable, column: string, files: readonly string[], items: number, warn: (m: string) => void): ConditionData['human'] {
  const systemIndex = columnIndex(table, 'system');
  const itemIndex = table.columns.indexOf('item');
  const values = numericColumn(table, column);
  const S = files.length;
  const unmatched = new Set<string>();
  const perSystem = new Float64Array(S).fill(NaN);
  const perItem = itemIndex >= 0 ? new Float64Array(S * items).fill(NaN) : undefined;
  const judgments = new Uint32Array(perItem ? S * items : 0);
  table.cells.forEach((row, r) => {
    const s = matchSystem(row[systemIndex], files);
    if (s === undefined) {
      unmatched.add(row[systemIndex]);
      return;
    }
    if (!perItem) {
      perSystem[s] = values[r];
      return;
    }
    const item = Number(row[itemIndex]);
    if (!(Number.isInteger(item) && item >= 1 && item <= items)) {
      throw new UnderstudyError('unreadable-file', `${table.path}: item "${row[itemIndex]}" in data row ${r + 1} is not a line number from 1 to ${items}.`);
    }
    // Several judgments of one output (WMT collects more than one for some segments): their mean.
    const at = s * items + item - 1;
    if (Number.isFinite(values[r])) {
      perItem[at] = (Number.isFinite(perItem[at]) ? perItem[at] * judgments[at] : 0) + values[r];
      judgments[at]++;
      perItem[at] /= judgments[at];
    }
  });
  if (unmatched.size > 0) warn(`${unmatched.size} systems of ${table.path} match no HYP file and are left out: ${[...unmatched].slice(0, 5).join(', ')}${unmatched.size > 5 ? ', …' : ''}.`);
  if (perItem) {
    for (let s = 0; s < S; s++) {
      let sum = 0;
      let n = 0;
      for (let i = 0; i < items; i++) {
        const x = perItem[s * items + i];
        if (Number.isFinite(x)) {
          sum += x;
          n++;
        }
      }
      perSystem[s] = n > 0 ? sum / n : NaN;
    }
  }
  const missing = files.filter((_, s) => !Number.isFinite(perSystem[s]));
  if (missing.length > 0) {
    throw new UnderstudyError('unreadable-file', `${table.path} has no human score for ${missing.join(', ')}; leave those files out or add their scores.`);
  }
  return { name: column, system: perSystem, items: perItem };
}

const band = (b: BandJson | null): string => (b === null ? '-' : fmt(b.mean, 3));

const TSV_HEADER = ['metric', 'label', 'size', 'kind', 'repetitions', 'mean', 'sd', 'median', 'lower', 'upper', 'min', 'max', 'pvalue', 'marks', 'significant_pairs', 'agreeing_pairs'];

export function conditionsTsv(result: DataConditionResult): string {
  const rows = result.metrics.flatMap((m) =>
    m.points.map((p) => {
      const c = p.correlation;
      return [m.metric, p.label, String(p.size), p.kind, String(p.repetitions), fmt(c.mean, 6), fmt(c.sd, 6), fmt(c.median, 6), fmt(c.lower, 6), fmt(c.upper, 6), fmt(c.min, 6), fmt(c.max, 6), pValue(p.pvalue), p.marks, fmt(p.significantPairs?.mean ?? null, 6), fmt(p.agreeingPairs?.mean ?? null, 6)];
    }),
  );
  return [TSV_HEADER, ...rows].map((r) => r.join('\t')).join('\n') + '\n';
}

export function conditionsText(result: DataConditionResult): string {
  const o = result.options;
  const what = result.axis === 'references' ? `references per item (of ${result.references})` : `items (of ${result.items})`;
  const lines = [
    `Data conditions: ${o.correlation} correlation with ${result.human.name} as the ${what} shrink; ${result.systems.length} systems, ${o.repetitions} subsets per size, seed ${o.seed}`,
  ];
  for (const m of result.metrics) {
    lines.push('', `${m.metric}${m.referenceMode ? ` (reference subsets ${m.referenceMode})` : ''}: ANOVA across sizes F ${fmt(m.anova.f, 2)} (${m.anova.dfBetween}, ${m.anova.dfWithin}), p ${pValue(m.anova.pvalue)}`);
    const rows = [['size', 'mean', 'sd', `${(o.level * 100).toFixed(0)}% band`, 'marks', 'sig pairs', 'same pairs']];
    for (const p of m.points) {
      const c = p.correlation;
      rows.push([p.label, fmt(c.mean), fmt(c.sd), p.kind === 'actual' ? `p ${pValue(p.pvalue)}` : `${fmt(c.lower, 3)}…${fmt(c.upper, 3)}`, p.marks, band(p.significantPairs), band(p.agreeingPairs)]);
    }
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
    for (const row of rows) lines.push('  ' + row.map((cell, c) => (c === 0 || c === 4 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  }
  if (result.metrics.length > 1) {
    lines.push('', 'ANOVA across metrics within each size:');
    for (const row of result.rows) lines.push(`  ${row.label.padEnd(16)} F ${fmt(row.anova.f, 2)}, p ${pValue(row.anova.pvalue)}`);
  }
  if (result.humanPairs) {
    lines.push('', `system pairs separated by ${result.human.name} on the same item subsets:`);
    for (const h of result.humanPairs) lines.push(`  ${h.label.padEnd(16)} significant ${band(h.significantPairs)}, same decision as all items ${band(h.agreeingPairs)}`);
  }
  for (const note of result.notes) lines.push(`note: ${note}`);
  lines.push(`signature: ${result.signature}`, '');
  return lines.join('\n');
}

export function runConditions(command: ConditionsCommand, io: CliOutput): number {
  const warn = (message: string): void => io.stderr(`understudy: warning: ${message}\n`);
  const score = command.score;
  const readOptions = { format: score.format, jsonlField: score.jsonlField };
  const references = score.references.map((file) => readSegmentFile(file, readOptions));
  const systems = score.hypotheses.map((file) => readSegmentFile(file, readOptions));
  for (const file of [...references, ...systems]) for (const w of file.warnings) warn(w.message);
  const items = references[0].segments.length;
  for (const file of [...references, ...systems]) {
    if (file.segments.length !== items) {
      throw new UnderstudyError('line-count-mismatch', `${file.path} has ${file.segments.length} lines, ${references[0].path} has ${items}: every file needs one line per item.`);
    }
  }
  const table = readScoreTable(command.human);
  const human = humanScoresFromTable(table, scoreColumn(table, command.humanColumn), score.hypotheses, items, warn);
  try {
    const metrics = score.metrics.map((name): ConditionMetric =>
      conditionMetricFromEngine({
        name,
        prepare: metricRequest(name, score.settings).prepare,
        references: references.map((r) => r.segments),
        hypotheses: systems.map((s) => s.segments),
        referenceSubsets: command.options.axis === 'items' ? 'none' : 'auto',
        onProgress: command.progress ? progressReporter(io, `scoring ${name}`) : undefined,
      }),
    );
    const data: ConditionData = { systems: score.hypotheses.map((file) => path.basename(file)), items, human, metrics };
    const result = dataConditions(data, { ...command.options, onProgress: command.progress ? progressReporter(io, `${command.options.axis} subsets`) : undefined });
    io.stdout(command.output === 'json' ? `${JSON.stringify(result, null, 2)}\n` : command.output === 'tsv' ? conditionsTsv(result) : conditionsText(result));
    return 0;
  } catch (error) {
    if (error instanceof RangeError) throw new UnderstudyError('unreadable-file', error.message);
    throw error;
  }
}
