import * as path from 'path';
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
  ['meteor.task', 'meteorTask'],
  ['meteor.parameters', 'meteorParameters'],
  ['meteor.modules', 'meteorModules'],
  ['meteor.weights', 'meteorWeights'],
  ['meteor.normalize', 'meteorNormalize'],
  ['meteor.noPunct', 'meteorNoPunct'],
  ['meteor.beamSize', 'meteorBeamSize'],
  ['meteor.characterBased', 'meteorCharacterBased'],
  ['meteor.paraphraseTable', 'meteorParaphraseTable'],
  ['dep.beta', 'depBeta'],
  ['dep.partial', 'depPartialMode'],
  ['depeval.jackknife', 'depevalJackknife'],
  ['be.stem', 'beStem'],
  ['hwcm.depth', 'hwcmDepth'],
  ['stm.depth', 'stmDepth'],
  ['dpHwc.items', 'dpHwcItems'],
  ['referenceExpansion.mode', 'expandReferences'],
  ['referenceExpansion.tokenize', 'paraphraseTokenize'],
  ['referenceExpansion.phrases', 'paraphrasePhrases'],
  ['referenceExpansion.maxPhraseLength', 'paraphraseMaxLength'],
  ['referenceExpansion.minProbability', 'paraphraseMinProbability'],
  ['referenceExpansion.exclude', 'paraphraseExclude'],
  ['referenceExpansion.occurrences', 'paraphraseOccurrences'],
];

/** A file setting as an absolute path: relative paths are taken from the first workspace folder; empty is unset. */
function filePath(config: vscode.WorkspaceConfiguration, key: string): string | undefined {
  const value = config.get<string>(key, '').trim();
  if (value === '') return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  return folder && !path.isAbsolute(value) ? path.join(folder, value) : value;
}

export function settingsFromConfiguration(): { metrics: string[]; settings: MetricSettings } {
  const config = vscode.workspace.getConfiguration('understudy');
  const settings: Record<string, unknown> = { ...DEFAULT_METRIC_SETTINGS };
  // A `null` setting (the METEOR lists' default in package.json) means unset: the engine's default, and no CLI flag.
  for (const [key, field] of SETTING_KEYS) settings[field] = config.get(key) ?? DEFAULT_METRIC_SETTINGS[field];
  settings.expansionSourceFile = filePath(config, 'referenceExpansion.sourceFile');
  settings.synonymsFile = filePath(config, 'referenceExpansion.synonymsFile');
  return { metrics: config.get<string[]>('metrics', ['bleu', 'chrf', 'ter']), settings: settings as unknown as MetricSettings };
}

/** Where users keep their own parses of a text file (path templates for `findConlluParses` / `findTreeParses`). */
export function parseFileTemplates(): { conllu: string; trees: string } {
  const config = vscode.workspace.getConfiguration('understudy');
  return { conllu: config.get('syntax.conlluPath', '${file}.conllu'), trees: config.get('syntax.treePath', '${file}.ptb') };
}
