import { HETEROGENEITY_ANALYSES, HeterogeneityAnalysis, HeterogeneityCommand, parseHeterogeneityArgs } from '../../cli/heterogeneity-command';
import { QARLA_ANALYSES, QarlaAnalysis, QarlaCommand, parseQarlaArgs } from '../../cli/qarla-command';
import type { HeterogeneitySettings, QarlaSettings } from '../../worker/meta-analysis-types';
import { heterogeneityArguments, qarlaArguments } from './analysis-command-line';

/**
 * The panels' settings checked the way the CLI checks its flags: each analysis's command line is built and read back
 * by `understudy`'s own parser, so a value the CLI would refuse is refused with the CLI's message, and what runs is
 * exactly what the shown command line runs. Pure (no vscode), for the unit tests.
 */

/** Which analyses run: every QARLA analysis; the heterogeneity ones needing human scores only with a human column. */
export const QARLA_PANEL_ANALYSES: readonly QarlaAnalysis[] = QARLA_ANALYSES;

export function heterogeneityPanelAnalyses(settings: Pick<HeterogeneitySettings, 'human'>): HeterogeneityAnalysis[] {
  return HETEROGENEITY_ANALYSES.filter((a) => settings.human !== undefined || a === 'h' || a === 'ulc' || a === 'hbr');
}

const parsed = <T>(value: T | 'help'): T => {
  if (value === 'help') throw new Error('unexpected --help');
  return value;
};

/** The settings as the CLI reads them back (defaults left undefined, as they are on its command line). */
export function checkedQarlaSettings(settings: QarlaSettings, table: string, human?: { readonly path: string; readonly column: string }): QarlaSettings {
  const read = (analysis: QarlaAnalysis): QarlaCommand => parsed(parseQarlaArgs(qarlaArguments(analysis, table, settings, human)));
  const king = read('king');
  const search = read('search');
  const curve = read('jack-curve');
  const estimate = read('estimate');
  read('clusters');
  return {
    models: king.models,
    ...(king.caseColumn !== undefined && { caseColumn: king.caseColumn }),
    candidate: king.candidate,
    reference: king.reference,
    ...(king.metrics !== undefined && { metrics: king.metrics }),
    symmetric: king.symmetric,
    options: Object.fromEntries(Object.entries(king.options).filter(([, v]) => v !== undefined)),
    ...(estimate.ties !== undefined && { ties: estimate.ties }),
    ...(search.correlation !== undefined && { correlation: search.correlation }),
    ...(search.clusters !== undefined && { clusters: search.clusters }),
    ...(curve.orders !== undefined && { orders: curve.orders }),
    ...(curve.seed !== undefined && { seed: curve.seed }),
    ...(curve.order !== undefined && { order: curve.order }),
  };
}

export function checkedHeterogeneitySettings(settings: HeterogeneitySettings, table: string): HeterogeneitySettings {
  if (!Array.isArray(settings.lowerIsBetter) || !Array.isArray(settings.combinations)) throw new Error('lowerIsBetter and combinations must be lists.');
  const read = (analysis: HeterogeneityAnalysis): HeterogeneityCommand => parsed(parseHeterogeneityArgs(heterogeneityArguments(analysis, table, settings)));
  const h = read('h');
  const ulc = read('ulc');
  const base: HeterogeneitySettings = {
    system: h.system,
    ...(h.segment !== undefined && { segment: h.segment }),
    ...(h.metrics !== undefined && { metrics: h.metrics }),
    lowerIsBetter: h.lowerIsBetter,
    combinations: [],
    ...(h.samplePairs !== undefined && { samplePairs: h.samplePairs }),
    ...(h.seed !== undefined && { seed: h.seed }),
    ...(ulc.normalisation !== undefined && { normalisation: ulc.normalisation }),
  };
  if (h.human === undefined) return base;
  const reliability = read('reliability');
  const sip = read('sip');
  const ost = read('ost');
  const auc = read('auc');
  read('subsets');
  return {
    ...base,
    human: h.human,
    combinations: sip.combinations,
    ...(reliability.condition !== undefined && { condition: reliability.condition }),
    ...(reliability.outcome !== undefined && { outcome: reliability.outcome }),
    ...(sip.alpha !== undefined && { alpha: sip.alpha }),
    ...(sip.alternative !== undefined && { alternative: sip.alternative }),
    ...(ost.ties !== undefined && { ties: ost.ties }),
    ...(auc.worstFraction !== undefined && { worstFraction: auc.worstFraction }),
  };
}
