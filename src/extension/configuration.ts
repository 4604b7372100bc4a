import * as vscode from 'vscode';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../core/engine/metric-settings';
import { SETTING_KEYS } from '../core/engine/setting-keys';

/**
 * Extension settings → metric settings. Each `understudy.*` key names one MetricSettings field (the table is shared
 * with the `understudy.json` manifest: src/core/engine/setting-keys.ts), so the editor's numbers can be reproduced by
 * the CLI flag of the same name (see package.json `contributes.configuration`).
 */
export function settingsFromConfiguration(): { metrics: string[]; settings: MetricSettings } {
  const config = vscode.workspace.getConfiguration('understudy');
  const settings: Record<string, unknown> = { ...DEFAULT_METRIC_SETTINGS };
  for (const [key, field] of SETTING_KEYS) settings[field] = config.get(key, DEFAULT_METRIC_SETTINGS[field]);
  return { metrics: config.get<string[]>('metrics', ['bleu', 'chrf', 'ter']), settings: settings as unknown as MetricSettings };
}
