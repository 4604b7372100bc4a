import * as path from 'path';
import { MetricSettings } from './metric-settings';
import { MeteorMetricOptions } from '../metrics/meteor/meteor';
import { loadWordNet } from '../io/wordnet-file';
import { readMeteorParaphraseTable } from '../io/meteor-paraphrase-file';

/**
 * METEOR's options from the user's settings, with its resources: WordNet is loaded only when a synonym module is
 * prepared (in the worker, never on the extension host), the paraphrase table only when one is named.
 */
export function meteorMetricOptions(s: MetricSettings): MeteorMetricOptions {
  const table = s.meteorParaphraseTable ? readMeteorParaphraseTable(s.meteorParaphraseTable) : undefined;
  return {
    task: s.meteorTask,
    // Editor settings say "use the default" with null.
    parameters: s.meteorParameters ?? undefined,
    modules: s.meteorModules ?? undefined,
    weights: s.meteorWeights ?? undefined,
    normalization: s.meteorNormalize === 'norm' ? (s.meteorNoPunct ? 'norm-nopunct' : 'norm') : s.meteorNormalize,
    beamSize: s.meteorBeamSize,
    characterBased: s.meteorCharacterBased,
    paraphraseTable: table,
    paraphraseTableName: s.meteorParaphraseTable ? path.basename(s.meteorParaphraseTable) : undefined,
    wordnet: loadWordNet,
  };
}
