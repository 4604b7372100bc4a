import * as vscode from 'vscode';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../core/engine/metric-settings';

/**
 * Extension settings → metric settings. Each `understudy.*` key names one MetricSettings field, so the editor's numbers
 * can be reproduced by the CLI flag of the same name (see package.json `contributes.configuration`).
 */
export const SETTING_KEYS: readonly (readonly [string, keyof MetricSettings])[] = [
  ['tokenize', 'tokenize'],
  ['lowercase', 'lowercase'],
  ['bleu.smooth', 'smooth'],
  ['bleu.effectiveOrder', 'effectiveOrder'],
  ['bleu.referenceLength', 'referenceLength'],
  ['chrf.charOrder', 'chrfCharOrder'],
  ['chrf.beta', 'chrfBeta'],
  ['ter.caseSensitive', 'terCaseSensitive'],
  ['ter.normalized', 'terNormalized'],
  ['ter.noPunct', 'terNoPunct'],
  ['ter.compat', 'terCompat'],
  ['nist.caseSensitive', 'nistCaseSensitive'],
  ['rouge.compat', 'rougeCompat'],
  ['rouge.stem', 'rougeStem'],
  ['rouge.stopwords', 'rougeStopwords'],
  ['rouge.modelAverage', 'rougeModelAverage'],
  ['rouge.jackknife', 'rougeJackknife'],
  ['rouge.alpha', 'rougeAlpha'],
  ['rouge.sentenceSplit', 'rougeSentenceSplit'],
  ['gtm.exponent', 'gtmExponent'],
];

export function settingsFromConfiguration(): { metrics: string[]; settings: MetricSettings } {
  const config = vscode.workspace.getConfiguration('understudy');
  const settings: Record<string, unknown> = { ...DEFAULT_METRIC_SETTINGS };
  for (const [key, field] of SETTING_KEYS) settings[field] = config.get(key, DEFAULT_METRIC_SETTINGS[field]);
  return { metrics: config.get<string[]>('metrics', ['bleu', 'chrf', 'ter']), settings: settings as unknown as MetricSettings };
}
