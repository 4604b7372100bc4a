import { AlphaResult } from './krippendorff-alpha';
import { NuggetReport } from './nugget-f';
import { PyramidReport } from './pyramid-report';
import { RealSummPyramidReport } from './realsumm-pyramid';
import { Rate, RelevanceReport } from './relevance-prediction';
import { ComprehensionReport } from './cross-comprehension';
import { comprehensionTables, ManualTable, relevanceTables } from './manual-tables';
import { textTable } from './text-table';

/** Text renderings of the manual-evaluation results, as the CLI prints them (`--json` prints the objects). */

export function pyramidReportToText(report: PyramidReport, perTopic: boolean): string {
  const out: string[] = [];
  if (perTopic) {
    for (const topic of report.topics) {
      const tiers = topic.tiers.map((t) => `T${t.weight}:${t.size}`).join(' ');
      out.push(`topic ${topic.topic}: ${topic.models.length} models, ${topic.tiers.reduce((s, t) => s + t.size, 0)} SCUs (${tiers}), mean model SCU count ${topic.averageModelScus.toFixed(2)}`);
      const rows = [
        ...topic.peers.map((p) => [p.peer, 'peer', p.full.observedWeight, p.full.modified, p.modified, p.original]),
        ...topic.modelsAgainstOthers.map((m) => [m.peer, 'model', m.full.observedWeight, m.full.modified, m.modified, m.original]),
      ];
      out.push(textTable(['summary', 'kind', 'D', 'modified (all models)', report.options.jackknife ? 'modified (jackknifed)' : 'modified', 'original'], rows));
    }
  }
  out.push(
    textTable(
      ['summarizer', 'kind', 'topics', 'modified pyramid', 'original pyramid'],
      report.systems.map((s) => [s.peer, s.kind, s.topics, s.modified, s.original]),
    ),
  );
  out.push(`models are scored against the other models; peers ${report.options.jackknife ? 'are jackknifed (mean over leave-one-model-out pyramids)' : 'against all models'}; X = mean model SCU count (${report.options.averageCountRounding})`);
  out.push(report.signature);
  return out.join('\n') + '\n';
}

export function realSummReportToText(report: RealSummPyramidReport): string {
  const scus = report.documents.map((d) => d.scus);
  const out = [
    `REALSumm: ${report.documents.length} documents, one reference each (every SCU weighs 1), ${Math.min(...scus)}–${Math.max(...scus)} SCUs per document, ${report.summaries.length} judged summaries`,
    textTable(['system', 'documents', 'modified pyramid (mean)', 'pooled ΣD/Σn'], report.systems.map((s) => [s.system, s.documents, s.modified, s.pooledRecall])),
    `modified pyramid = stored LitePyramid recall for every summary (largest difference ${report.maxDifferenceFromStoredRecall.toExponential(1)})`,
    'not computable from this data:',
    ...report.notComputable.map((n) => `  - ${n}`),
    report.signature,
  ];
  return out.join('\n') + '\n';
}

export function alphaRowsToText(rows: readonly { readonly label: string; readonly alpha: AlphaResult }[]): string {
  const table = textTable(
    ['data', 'metric', 'alpha', 'D_o', 'D_e', 'pairable units', 'pairable values'],
    rows.map((r) => [r.label, r.alpha.level, r.alpha.alpha, r.alpha.observedDisagreement, r.alpha.expectedDisagreement, r.alpha.pairableUnits, r.alpha.pairableValues]),
  );
  const notes = rows.filter((r) => r.alpha.alpha === null).map((r) => `${r.label} (${r.alpha.level}): alpha undefined: ${r.alpha.undefinedReason}`);
  return table + notes.map((n) => `${n}\n`).join('');
}

export function nuggetReportToText(report: NuggetReport, perQuestion: boolean): string {
  const out: string[] = [];
  if (perQuestion) {
    out.push(
      textTable(
        ['run', 'question', 'vital', 'okay', 'R', 'length', 'allowance', 'precision', 'recall', `F(${report.beta})`],
        report.scores.map((s) => [s.run, s.question, s.vitalReturned, s.okayReturned, s.vitalInKey, s.length, s.allowance, s.precision, s.recall, s.f]),
      ),
    );
  }
  out.push(textTable(['run', 'questions', 'mean precision', 'mean recall', `mean F(${report.beta})`], report.runs.map((r) => [r.run, r.questions, r.meanPrecision, r.meanRecall, r.f])));
  out.push(report.signature);
  return out.join('\n') + '\n';
}

function pct(r: Rate): string {
  return r.rate === null ? '—' : `${(100 * r.rate).toFixed(1)}% (${r.agree}/${r.total})`;
}

export function relevanceReportToText(report: RelevanceReport): string {
  const events = [...new Set(report.surrogates.flatMap((s) => [...Object.keys(s.relevancePrediction.byEvent), ...Object.keys(s.ldcAgreement.byEvent)]))];
  const out: string[] = [];
  out.push(
    textTable(
      ['surrogate', ...events.flatMap((e) => [`${e} LDC`, `${e} RP`]), 'overall LDC', 'overall RP', 'mean seconds'],
      report.surrogates.map((s) => [
        s.condition,
        ...events.flatMap((e) => [s.ldcAgreement.byEvent[e] ? pct(s.ldcAgreement.byEvent[e]) : '—', s.relevancePrediction.byEvent[e] ? pct(s.relevancePrediction.byEvent[e]) : '—']),
        pct(s.ldcAgreement.overall),
        pct(s.relevancePrediction.overall),
        s.meanSeconds,
      ]),
      2,
    ),
  );
  if (report.fullTextLdcAgreement) out.push(`full text (${report.fullText}) LDC-Agreement: ${pct(report.fullTextLdcAgreement.overall)}`);
  const confusion = relevanceTables(report).find((t) => t.name === 'confusion') as ManualTable;
  for (const s of report.surrogates) {
    out.push(`${s.condition} / ${report.fullText} judgments:`);
    out.push(textTable(confusion.header.slice(1).map((h) => h.replace(/_/g, ' ')), confusion.rows.filter((row) => row[0] === s.condition).map((row) => row.slice(1))));
    if (s.unpaired > 0) out.push(`${s.unpaired} ${s.condition} judgment(s) have no full-text judgment by the same subject and are not in RP.`);
  }
  return out.join('\n') + '\n';
}

/** Summary relevance and questionnaire relevance as percentage tables (counts in the TSV and JSON). */
export function comprehensionReportToText(report: ComprehensionReport): string {
  const [summarizers, questioners] = comprehensionTables(report);
  // Columns 7–9 are the shares R, R+P, R+P+I: printed as percentages.
  const render = (title: string, table: ManualTable): string =>
    `${title}\n` +
    textTable(
      table.header.map((h) => h.replace(/_/g, ' ')),
      table.rows.map((row) => row.map((cell, c) => (c >= 7 && typeof cell === 'number' ? `${(100 * cell).toFixed(1)}%` : cell))),
    );
  return [
    render('summary relevance (summaries under the other authors\' questions):', summarizers),
    render('questionnaire relevance (questions asked of the other authors\' summaries):', questioners),
  ].join('\n');
}
