import { UnderstudyError } from '../errors';
import { PreparedMetric, ReferenceSet } from '../metrics/metric';
import { prepareNist } from '../metrics/nist';
import { prepareMtevalBleu } from '../metrics/mteval-bleu';
import { prepareTer } from '../metrics/ter';
import { MetricSettings } from './metric-settings';
import { MetricRequest } from './score-systems';

type Factory = (references: ReferenceSet, settings: MetricSettings) => PreparedMetric;

const FACTORIES: Record<string, Factory> = {
  nist: (r, s) => prepareNist(r, { caseSensitive: s.nistCaseSensitive }),
  ter: (r, s) => prepareTer(r, { caseSensitive: s.terCaseSensitive, normalized: s.terNormalized, noPunct: s.terNoPunct, asianSupport: s.terAsianSupport }),
  'bleu-mteval': (r, s) => prepareMtevalBleu(r, { caseSensitive: s.nistCaseSensitive }),
};

/** Every metric name the CLI, the settings and the manifest accept. */
export const METRIC_NAMES: readonly string[] = Object.keys(FACTORIES);

/** A metric by its command-line name, with the user's settings, ready to prepare against a reference set. */
export function metricRequest(name: string, settings: MetricSettings): MetricRequest {
  const factory = FACTORIES[name];
  if (!factory) {
    throw new UnderstudyError('unknown-metric', `Unknown metric "${name}". Known metrics: ${METRIC_NAMES.join(', ')}.`, { metric: name });
  }
  return { name, prepare: (references) => factory(references, settings) };
}
