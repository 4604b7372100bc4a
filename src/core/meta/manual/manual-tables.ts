import { ComprehensionReport, LabelDistribution } from './cross-comprehension';
import { AlphaResult } from './krippendorff-alpha';
import { NuggetReport } from './nugget-f';
import { PyramidReport } from './pyramid-report';
import { RealSummPyramidReport } from './realsumm-pyramid';
import { Rate, RelevanceReport } from './relevance-prediction';

/**
 * The manual-evaluation results as flat tables, one row per observation and full-precision numbers: what
 * `--tsv` exports (for a spreadsheet, R or pandas) and what a panel view would list and plot. The first table of each
 * list is the one exported by default.
 */

export type TableCell = string | number | null;

export interface ManualTable {
  readonly name: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly TableCell[])[];
}

/** Tab-separated text with a header line; numbers unrounded, null as an empty cell, tabs and newlines in text as spaces. */
export function tableToTsv(table: ManualTable): string {
  const cell = (v: TableCell): string => (v === null ? '' : typeof v === 'number' ? String(v) : v.replace(/[\t\r\n]+/g, ' '));
  return [table.header, ...table.rows].map((row) => row.map(cell).join('\t')).join('\n') + '\n';
}

export function pyramidTables(report: PyramidReport): ManualTable[] {
  return [
    {
      name: 'systems',
      header: ['summarizer', 'kind', 'topics', 'modified', 'modified_topics', 'original', 'original_topics'],
      rows: report.systems.map((s) => [s.peer, s.kind, s.topics, s.modified, s.modifiedTopics, s.original, s.originalTopics]),
    },
    {
      name: 'summaries',
      header: ['topic', 'summary', 'kind', 'models', 'D', 'modified_all_models', 'modified', 'original', 'jackknifed', 'matched_scus', 'missed_scus'],
      rows: report.topics.flatMap((t) =>
        [...t.peers.map((p) => ({ p, kind: 'peer' })), ...t.modelsAgainstOthers.map((p) => ({ p, kind: 'model' }))].map(({ p, kind }) => [
          t.topic,
          p.peer,
          kind,
          p.full.models.length,
          p.full.observedWeight,
          p.full.modified,
          p.modified,
          p.original,
          p.jackknifed ? 'yes' : 'no',
          p.matched.join(' '),
          p.missed.join(' '),
        ]),
      ),
    },
    {
      name: 'tiers',
      header: ['topic', 'weight', 'scus'],
      rows: report.topics.flatMap((t) => t.tiers.map((tier) => [t.topic, tier.weight, tier.size])),
    },
  ];
}

export function realSummTables(report: RealSummPyramidReport): ManualTable[] {
  return [
    {
      name: 'systems',
      header: ['system', 'documents', 'modified', 'pooled_recall'],
      rows: report.systems.map((s) => [s.system, s.documents, s.modified, s.pooledRecall]),
    },
    {
      name: 'summaries',
      header: ['doc_id', 'system', 'scus', 'D', 'modified', 'litepyramid_recall'],
      rows: report.summaries.map((s) => [s.docId, s.system, s.score.maxWeightAverage, s.score.observedWeight, s.score.modified, s.recall]),
    },
    {
      name: 'documents',
      header: ['doc_id', 'event_id', 'scus'],
      rows: report.documents.map((d) => [d.docId, d.eventId, d.scus]),
    },
  ];
}

export function alphaTables(rows: readonly { readonly label: string; readonly alpha: AlphaResult }[]): ManualTable[] {
  return [
    {
      name: 'alpha',
      header: ['data', 'level', 'alpha', 'D_o', 'D_e', 'pairable_units', 'pairable_values', 'undefined_reason'],
      rows: rows.map((r) => [
        r.label,
        r.alpha.level,
        r.alpha.alpha,
        r.alpha.observedDisagreement,
        r.alpha.expectedDisagreement,
        r.alpha.pairableUnits,
        r.alpha.pairableValues,
        r.alpha.undefinedReason ?? null,
      ]),
    },
  ];
}

export function nuggetTables(report: NuggetReport): ManualTable[] {
  return [
    {
      name: 'runs',
      header: ['run', 'questions', 'mean_precision', 'mean_recall', `mean_F${report.beta}`],
      rows: report.runs.map((r) => [r.run, r.questions, r.meanPrecision, r.meanRecall, r.f]),
    },
    {
      name: 'questions',
      header: ['run', 'question', 'answered', 'vital_returned', 'okay_returned', 'vital_in_key', 'length', 'allowance', 'precision', 'recall', `F${report.beta}`],
      rows: report.scores.map((s) => [s.run, s.question, s.answered ? 'yes' : 'no', s.vitalReturned, s.okayReturned, s.vitalInKey, s.length, s.allowance, s.precision, s.recall, s.f]),
    },
  ];
}

export function relevanceTables(report: RelevanceReport): ManualTable[] {
  const rateRows = (condition: string, measure: string, by: { overall: Rate; byEvent: Readonly<Record<string, Rate>>; bySubject?: Readonly<Record<string, Rate>> }): TableCell[][] => [
    [condition, measure, 'overall', '', by.overall.agree, by.overall.total, by.overall.rate],
    ...Object.entries(by.byEvent).map(([event, r]): TableCell[] => [condition, measure, 'event', event, r.agree, r.total, r.rate]),
    ...Object.entries(by.bySubject ?? {}).map(([subject, r]): TableCell[] => [condition, measure, 'subject', subject, r.agree, r.total, r.rate]),
  ];
  return [
    {
      name: 'rates',
      header: ['condition', 'measure', 'scope', 'key', 'agree', 'total', 'rate'],
      rows: [
        ...report.surrogates.flatMap((s) => [...rateRows(s.condition, 'RP', s.relevancePrediction), ...rateRows(s.condition, 'LDC', s.ldcAgreement)]),
        ...(report.fullTextLdcAgreement ? rateRows(report.fullText, 'LDC', report.fullTextLdcAgreement) : []),
      ],
    },
    {
      name: 'confusion',
      header: ['surrogate', 'judgment', 'count', 'share', 'mean_score', 'sd_score', 'mean_seconds'],
      rows: report.surrogates.flatMap((s) =>
        (
          [
            ['Rel/Rel', s.confusion.relRel],
            ['Rel/NonRel', s.confusion.relNonRel],
            ['NonRel/Rel', s.confusion.nonRelRel],
            ['NonRel/NonRel', s.confusion.nonRelNonRel],
            ['total', s.confusion.total],
          ] as const
        ).map(([judgment, c]) => [s.condition, judgment, c.count, c.share, c.meanScore, c.sdScore, c.meanSeconds]),
      ),
    },
  ];
}

const DISTRIBUTION_HEADER = ['judgments', 'R', 'P', 'I', 'N', 'relevant', 'relevant_or_partial', 'found'];

function distributionCells(d: LabelDistribution): TableCell[] {
  return [d.judgments, d.counts.R, d.counts.P, d.counts.I, d.counts.N, d.relevant, d.relevantOrPartial, d.found];
}

export function comprehensionTables(report: ComprehensionReport): ManualTable[] {
  return [
    {
      name: 'summarizers',
      header: ['summarizer', 'documents', ...DISTRIBUTION_HEADER],
      rows: [...report.bySummarizer.map((s) => [s.summarizer, s.documents, ...distributionCells(s)]), ['all', null, ...distributionCells(report.overall)]],
    },
    {
      name: 'questioners',
      header: ['questioner', 'documents', ...DISTRIBUTION_HEADER],
      rows: report.byQuestioner.map((q) => [q.questioner, q.documents, ...distributionCells(q)]),
    },
    {
      name: 'grid',
      header: ['summarizer', 'questioner', ...DISTRIBUTION_HEADER],
      rows: report.grid.map((c) => [c.summarizer, c.questioner, ...distributionCells(c)]),
    },
  ];
}
