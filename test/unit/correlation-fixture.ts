// WMT21 cs-en from the fixtures (8 systems' outputs, reference A, the DA segment scores and the official ranking):
// the real evaluation the correlation panel's tests render and the table exports are checked on.
import * as fs from 'fs';
import * as path from 'path';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { prepareCorrelation } from '../../src/core/meta/correlation-inputs';
import { CorrelationReport, MetaEvaluationOptions } from '../../src/core/meta/correlation-report';
import { runMetaEvaluation } from '../../src/core/meta/meta-evaluation';
import { FIXTURES } from './golden';

const DATA = path.join(FIXTURES, 'data', 'wmt21-news');

export const CS_EN = {
  segmentScores: path.join(DATA, 'humaneval/newstest2021-toen/ad-seg-scores-cs-en.csv'),
  ranking: path.join(DATA, 'humaneval/newstest2021-toen/ad-sys-ranking-cs-en-z-names.csv'),
  reference: path.join(DATA, 'txt/references/newstest2021.cs-en.ref.A.en'),
  systems: fs
    .readdirSync(path.join(DATA, 'txt/system-outputs'))
    .filter((f) => f.startsWith('newstest2021.cs-en.hyp.'))
    .sort()
    .map((f) => path.join(DATA, 'txt/system-outputs', f)),
};

function lines(file: string): string[] {
  const all = fs.readFileSync(file, 'utf8').split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}

/** The cs-en files as the meta-evaluation takes them (judgments read and assigned). */
export function csEnPrepared(): ReturnType<typeof prepareCorrelation> {
  const files = [CS_EN.segmentScores, CS_EN.ranking];
  return prepareCorrelation({
    human: { files: files.map((f) => ({ file: path.basename(f) })) },
    judgmentTexts: files.map((f) => fs.readFileSync(f, 'utf8')),
    references: [{ file: path.basename(CS_EN.reference), segments: lines(CS_EN.reference) }],
    systems: CS_EN.systems.map((f) => ({ file: path.basename(f), hypotheses: lines(f) })),
  });
}

const cache = new Map<string, CorrelationReport>();

/** The cs-en meta-evaluation of BLEU, chrF and TER (cached per options); files are named by their base names. */
export function csEnReport(options: MetaEvaluationOptions = {}): CorrelationReport {
  const key = JSON.stringify(options);
  const cached = cache.get(key);
  if (cached) return cached;
  const prepared = csEnPrepared();
  const report = runMetaEvaluation({
    references: prepared.references,
    systems: prepared.systems,
    metrics: ['bleu', 'chrf', 'ter'].map((m) => metricRequest(m, DEFAULT_METRIC_SETTINGS)),
    human: prepared.human,
    options,
  });
  cache.set(key, report);
  return report;
}
