import { shellQuote } from '../../compare/command-line';
import { RobustMethod } from '../gap/robust-regression';

/**
 * What the ROSE view runs: the columns of a score table and `understudy rose`'s options, each field a flag. Fields
 * left undefined take the CLI's defaults (which the view shows and marks as the paper's reading where it is open).
 */
export interface RoseRunOptions {
  readonly human: string;
  /** Predictor columns; undefined: every other numeric column (as the CLI). */
  readonly metrics?: readonly string[];
  readonly unit?: string;
  readonly group?: string;
  readonly stratify: boolean;
  readonly trials: number;
  readonly testFraction: number;
  readonly seed: number;
  readonly alpha: number;
  readonly significance: 'two-sided' | 'positive';
  readonly candidates: 'any' | 'combinations';
  readonly comparison: 'significant' | 'all';
  readonly maxSize?: number;
  readonly require: readonly string[];
  /** The fitted model's name (`--name`). */
  readonly name: string;
}

/** `understudy rose`'s defaults (src/cli/rose-command.ts, roseSearch). */
export const ROSE_DEFAULTS = {
  trials: 4000,
  testFraction: 0.25,
  seed: 12345,
  alpha: 0.05,
  significance: 'two-sided',
  candidates: 'any',
  comparison: 'significant',
  name: 'rose',
} as const;

/**
 * `understudy rose`'s arguments for a run with `options` on `table` (defaults left out). The view runs exactly these
 * through the CLI's own parser, so the panel and the command line cannot disagree.
 */
export function roseArgs(table: string, options: RoseRunOptions): string[] {
  const args = [table, '--human', options.human];
  if (options.metrics !== undefined) args.push('--metrics', options.metrics.join(','));
  if (options.unit !== undefined) args.push('--unit', options.unit);
  if (options.group !== undefined) args.push('--group', options.group);
  if (options.stratify) args.push('--stratify');
  if (options.trials !== ROSE_DEFAULTS.trials) args.push('--trials', String(options.trials));
  if (options.testFraction !== ROSE_DEFAULTS.testFraction) args.push('--test-fraction', String(options.testFraction));
  if (options.seed !== ROSE_DEFAULTS.seed) args.push('--seed', String(options.seed));
  if (options.alpha !== ROSE_DEFAULTS.alpha) args.push('--alpha', String(options.alpha));
  if (options.significance !== ROSE_DEFAULTS.significance) args.push('--significance', options.significance);
  if (options.candidates !== ROSE_DEFAULTS.candidates) args.push('--candidates', options.candidates);
  if (options.comparison !== ROSE_DEFAULTS.comparison) args.push('--comparison', options.comparison);
  if (options.maxSize !== undefined) args.push('--max-size', String(options.maxSize));
  if (options.require.length > 0) args.push('--require', options.require.join(','));
  if (options.name !== ROSE_DEFAULTS.name) args.push('--name', options.name);
  return args;
}

/** The `understudy rose` command line printing the numbers of a run with `options` on `table`. */
export const roseCommandLine = (table: string, options: RoseRunOptions): string => ['understudy', 'rose', ...roseArgs(table, options)].map(shellQuote).join(' ');

/** What the gap view runs: `understudy gap`'s columns and options. */
export interface GapRunOptions {
  readonly metric: string;
  readonly human: string;
  readonly group: string;
  readonly humanLabel: string;
  readonly unit?: string;
  readonly exclude: readonly string[];
  /** Undefined: the CLI's default (bisquare, MATLAB robustfit's; the paper does not say). */
  readonly method?: RobustMethod;
}

/** `understudy gap`'s arguments for a run with `options` on `table` (defaults left out). */
export function gapArgs(table: string, options: GapRunOptions): string[] {
  const args = [table, '--metric', options.metric, '--human', options.human, '--group', options.group];
  if (options.humanLabel !== 'human') args.push('--human-label', options.humanLabel);
  if (options.unit !== undefined) args.push('--unit', options.unit);
  if (options.exclude.length > 0) args.push('--exclude', options.exclude.join(','));
  if (options.method !== undefined) args.push('--method', options.method);
  return args;
}

export const gapCommandLine = (table: string, options: GapRunOptions): string => ['understudy', 'gap', ...gapArgs(table, options)].map(shellQuote).join(' ');
