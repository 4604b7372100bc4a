import type { HeterogeneityAnalysis } from '../../cli/heterogeneity-command';
import type { QarlaAnalysis } from '../../cli/qarla-command';
import { shellQuote } from '../../core/compare/command-line';
import { DEFAULT_QARLA_OPTIONS, QarlaOptions } from '../../core/meta/qarla/qarla-options';
import type { HeterogeneitySettings, QarlaSettings } from '../../worker/meta-analysis-types';

/**
 * The `understudy qarla …` and `understudy heterogeneity …` command lines that print what a panel shows for one
 * analysis: the same table, names, columns and conventions; a flag only where the panel differs from the CLI's
 * default (and for the options that analysis takes, as the CLI refuses the others). Pure, for the unit tests.
 */

const list = (names: readonly string[]): string => names.join(',');

const QARLA_FLAGS: readonly (readonly [keyof QarlaOptions, string])[] = [
  ['queenComparison', 'queen-comparison'],
  ['modelInPair', 'model-in-pair'],
  ['kingModels', 'king-models'],
  ['kingComparison', 'king-comparison'],
  ['jackForm', 'jack-form'],
  ['caseAveraging', 'case-averaging'],
];

/** `understudy qarla` arguments (after `understudy qarla`) for one analysis with the panel's settings. */
export function qarlaArguments(analysis: QarlaAnalysis, table: string, settings: QarlaSettings, human?: { readonly path: string; readonly column: string }): string[] {
  const args = [analysis, table, '--models', list(settings.models)];
  if (settings.caseColumn !== undefined) args.push('--case', settings.caseColumn);
  if (settings.candidate !== 'candidate') args.push('--candidate', settings.candidate);
  if (settings.reference !== 'reference') args.push('--reference', settings.reference);
  if (settings.metrics !== undefined) args.push('--metrics', list(settings.metrics));
  if (settings.symmetric) args.push('--symmetric');
  const o = settings.options;
  for (const [key, flag] of QARLA_FLAGS) {
    if (o[key] !== undefined && o[key] !== DEFAULT_QARLA_OPTIONS[key]) args.push(`--${flag}`, String(o[key]));
  }
  if (o.distinctPair === false) args.push('--same-pair');
  if (analysis === 'search' && human) args.push('--human', human.path, '--human-score', human.column);
  if (analysis === 'search' && human && settings.correlation !== undefined && settings.correlation !== 'pearson') args.push('--correlation', settings.correlation);
  if ((analysis === 'search' || analysis === 'clusters') && settings.clusters !== undefined && settings.clusters !== 10) args.push('--clusters', String(settings.clusters));
  if (analysis === 'jack-curve') {
    if (settings.order !== undefined) args.push('--order', list(settings.order));
    else {
      if (settings.orders !== undefined && settings.orders !== 200) args.push('--orders', String(settings.orders));
      if (settings.seed !== undefined && settings.seed !== 12345) args.push('--seed', String(settings.seed));
    }
  }
  if (analysis === 'estimate' && settings.ties !== undefined && settings.ties !== 'strict') args.push('--ties', settings.ties);
  if (analysis === 'queen' || analysis === 'search') args.push('--top', '0');
  return args;
}

export function qarlaCommandLine(analysis: QarlaAnalysis, table: string, settings: QarlaSettings, human?: { readonly path: string; readonly column: string }): string {
  return ['understudy', 'qarla', ...qarlaArguments(analysis, table, settings, human)].map(shellQuote).join(' ');
}

const SAMPLED: readonly HeterogeneityAnalysis[] = ['h', 'hbr', 'sip', 'ost', 'auc'];
const NORMALISED: readonly HeterogeneityAnalysis[] = ['ulc', 'sip', 'ost', 'auc'];
const COMBINED: readonly HeterogeneityAnalysis[] = ['sip', 'ost', 'auc'];

/** `understudy heterogeneity` arguments (after `understudy heterogeneity`) for one analysis with the panel's settings. */
export function heterogeneityArguments(analysis: HeterogeneityAnalysis, table: string, settings: HeterogeneitySettings): string[] {
  const args = [analysis, table];
  if (settings.system !== 'system') args.push('--system', settings.system);
  if (settings.segment !== undefined) args.push('--segment', settings.segment);
  if (settings.human !== undefined) args.push('--human', settings.human);
  if (settings.metrics !== undefined) args.push('--metrics', list(settings.metrics));
  if (settings.lowerIsBetter.length > 0) args.push('--lower-is-better', list(settings.lowerIsBetter));
  if (COMBINED.includes(analysis) && settings.combinations.length > 0) args.push('--with', list(settings.combinations));
  const sampled = settings.samplePairs !== undefined;
  // H is sampled by h and hbr, and by sip/ost/auc only through an HBR combination.
  if (SAMPLED.includes(analysis) && (analysis === 'h' || analysis === 'hbr' || settings.combinations.includes('hbr'))) {
    if (sampled) args.push('--sample-pairs', String(settings.samplePairs));
    if (sampled && settings.seed !== undefined && settings.seed !== 12345) args.push('--seed', String(settings.seed));
  }
  if (NORMALISED.includes(analysis) && (analysis === 'ulc' || settings.combinations.includes('ulc')) && settings.normalisation !== undefined && settings.normalisation !== 'asiya') {
    args.push('--normalisation', settings.normalisation);
  }
  if (analysis === 'reliability' || analysis === 'subsets') {
    if (settings.condition !== undefined && settings.condition !== 'at-least') args.push('--condition', settings.condition);
    if (settings.outcome !== undefined && settings.outcome !== 'at-least') args.push('--outcome', settings.outcome);
  }
  if (analysis === 'sip') {
    if (settings.alpha !== undefined && settings.alpha !== 0.025) args.push('--alpha', String(settings.alpha));
    if (settings.alternative !== undefined && settings.alternative !== 'two-sided') args.push('--alternative', settings.alternative);
  }
  if (analysis === 'ost' && settings.ties !== undefined && settings.ties !== 'mean') args.push('--ties', settings.ties);
  if (analysis === 'auc' && settings.worstFraction !== undefined && settings.worstFraction !== 0.1) args.push('--worst-fraction', String(settings.worstFraction));
  return args;
}

export function heterogeneityCommandLine(analysis: HeterogeneityAnalysis, table: string, settings: HeterogeneitySettings): string {
  return ['understudy', 'heterogeneity', ...heterogeneityArguments(analysis, table, settings)].map(shellQuote).join(' ');
}
