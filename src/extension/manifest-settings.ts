import * as vscode from 'vscode';
import { ManifestSettingSchemas } from '../core/corpus/manifest';
import { MetricSettings } from '../core/engine/metric-settings';
import { SettingSchema } from '../core/engine/setting-values';
import { SETTING_KEYS } from './configuration';

/**
 * The metric settings an understudy.json may set: the keys of the `understudy.*` metric settings, each checked
 * against the JSON schema package.json gives that setting (one description for the Settings editor and manifests).
 */
export function manifestSettingSchemas(extension: vscode.Extension<unknown> | undefined): ManifestSettingSchemas {
  const properties = ((extension?.packageJSON as { contributes?: { configuration?: { properties?: Record<string, SettingSchema> } } } | undefined)?.contributes?.configuration?.properties) ?? {};
  const keys = SETTING_KEYS.map(([key]) => key);
  return { keys, schemaOf: (key) => (keys.includes(key) ? (properties[`understudy.${key}`] ?? {}) : undefined) };
}

/** `base` with a manifest's settings (by key) on top. */
export function withManifestSettings(base: MetricSettings, values: Readonly<Record<string, unknown>>): MetricSettings {
  const result: Record<string, unknown> = { ...base };
  for (const [key, field] of SETTING_KEYS) if (values[key] !== undefined) result[field] = values[key];
  return result as unknown as MetricSettings;
}
