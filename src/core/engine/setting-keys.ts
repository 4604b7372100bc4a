import { DEFAULT_METRIC_SETTINGS, MetricSettings } from './metric-settings';

/**
 * The names users give metric settings: the `understudy.*` extension settings and the `settings` of an
 * `understudy.json` manifest use the same keys (e.g. `bleu.smooth`), each naming one MetricSettings field, so a
 * number shown in the editor can be reproduced by the CLI flag of the same name.
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

/** Allowed values of the settings that are enumerations (the rest take the type of their default). */
export const SETTING_ENUMS: Readonly<Partial<Record<keyof MetricSettings, readonly string[]>>> = {
  tokenize: ['13a', 'intl', 'zh', 'char', 'none'],
  smooth: ['exp', 'floor', 'add-k', 'add-one', 'none'],
  referenceLength: ['closest', 'shortest', 'average'],
  terCompat: ['sacrebleu', 'tercom'],
  rougeCompat: ['rouge155', 'rouge-score'],
  rougeModelAverage: ['A', 'B'],
  rougeSentenceSplit: ['none', 'rule', 'summeval'],
};

/** Why `value` is not a valid value of setting `key`, or undefined when it is. */
export function settingValueProblem(key: string, value: unknown): string | undefined {
  const entry = SETTING_KEYS.find(([name]) => name === key);
  if (!entry) return `unknown setting "${key}"; known: metrics, ${SETTING_KEYS.map(([name]) => name).join(', ')}`;
  const field = entry[1];
  const allowed = SETTING_ENUMS[field];
  if (allowed) return typeof value === 'string' && allowed.includes(value) ? undefined : `"${key}" must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`;
  const expected = typeof DEFAULT_METRIC_SETTINGS[field];
  if (typeof value !== expected) return `"${key}" must be a ${expected}`;
  if (expected === 'number') {
    const number = value as number;
    if (field === 'rougeAlpha') return number >= 0 && number <= 1 ? undefined : `"${key}" must be between 0 and 1`;
    if (!(Number.isFinite(number) && number > 0)) return `"${key}" must be a positive number`;
    if (field === 'chrfCharOrder' && !Number.isInteger(number)) return `"${key}" must be a whole number`;
    if (field === 'gtmExponent' && number < 1) return `"${key}" must be at least 1`;
  }
  return undefined;
}

/** Applies settings given by key (as in a manifest) over `base`; keys must have been checked with settingValueProblem. */
export function applySettingValues(base: MetricSettings, values: Readonly<Record<string, unknown>>): MetricSettings {
  const result: Record<string, unknown> = { ...base };
  for (const [key, field] of SETTING_KEYS) if (values[key] !== undefined) result[field] = values[key];
  return result as unknown as MetricSettings;
}
