import type { AlphaResult } from '../../src/core/meta/manual/krippendorff-alpha';
import type { ManualPanelView } from '../../src/core/meta/manual/manual-panel-view';
import type { ManualTable } from '../../src/core/meta/manual/manual-tables';
import type { TableSort } from '../compare/table-sort';
import { el } from '../report/dom';
import type { TableFormat } from '../shared/manual-protocol';
import { tierSection } from './pyramid-plot';
import { SCORE_PLOTS, scoreDotPlot } from './score-plot';
import { tableSection } from './tables';

/** What the views need from the page: sorting state, exports, the topic/peer chosen in the tier plot. */
export interface ViewContext {
  readonly analysis: ManualPanelView;
  readonly width: number;
  readonly sorts: Readonly<Record<string, TableSort>>;
  onSort(table: string, sort: TableSort): void;
  /** Tables whose rows are all listed (kept across redraws). */
  readonly shownInFull: Readonly<Record<string, boolean>>;
  onShowAll(table: string): void;
  exportTable(table: string, format: TableFormat, order: number[]): void;
  readonly tiers: { readonly topic?: string; readonly peer?: string };
  chooseTier(choice: { topic: string; peer?: string }): void;
  plotButtons(figure: HTMLElement, name: string): HTMLElement;
}

/** Headings and notes of the tables, by analysis and table name (the names `--table` takes). */
function describe(analysis: ManualPanelView, table: ManualTable): { heading: string; note?: string } {
  const pyramid = analysis.pyramidOptions;
  const jackknife = pyramid?.jackknife ? 'peers jackknifed (mean over leave-one-model-out pyramids)' : 'peers against all models';
  const x = pyramid ? `X = mean model SCU count (${pyramid.averageCountRounding})` : '';
  const headings: Record<string, Record<string, { heading: string; note?: string }>> = {
    pyramid: {
      systems: { heading: 'Per system', note: `Mean over the topics of each summarizer's scores; ${jackknife}; models scored against the other models; ${x}.` },
      summaries: { heading: 'Per summary', note: 'modified all models: against the full pyramid; modified: jackknifed when so; original needs the unmatched content units (DUCView uid 0).' },
      tiers: { heading: 'Tiers', note: 'SCUs per weight (how many model summaries express them), per topic.' },
    },
    realsumm: {
      systems: { heading: 'Per system', note: 'Modified pyramid = LitePyramid recall (one reference per document, every SCU weighs 1); pooled = ΣD / Σn.' },
      summaries: { heading: 'Per summary' },
      documents: { heading: 'Documents' },
    },
    agreement: { alpha: { heading: "Krippendorff's alpha", note: 'α = 1 − D_o / D_e over the pairable values (units with two or more values).' } },
    nuggets: {
      runs: { heading: 'Per run', note: 'Means over the key’s questions: mean F(β) is the mean of the per-question F (an unanswered question counts 0), not F of the means.' },
      questions: { heading: 'Per question' },
    },
    relevance: {
      rates: { heading: 'Relevance-Prediction and LDC-Agreement', note: 'RP: agreement of a surrogate judgment with the same subject’s full-text judgment; LDC: agreement with the gold label.' },
      confusion: { heading: 'Surrogate × full-text judgments' },
    },
    comprehension: {
      summarizers: { heading: 'Summary relevance', note: 'Each summary under the other authors’ questions (shares of R, R+P, R+P+I).' },
      questioners: { heading: 'Questionnaire relevance', note: 'Each author’s questions asked of the other authors’ summaries.' },
      grid: { heading: 'Summarizer × questioner' },
    },
  };
  return headings[analysis.kind]?.[table.name] ?? { heading: table.name };
}

function tablesOf(context: ViewContext): HTMLElement[] {
  const { analysis } = context;
  return analysis.tables.map((table) => {
    const { heading, note } = describe(analysis, table);
    return tableSection(table, {
      heading,
      note,
      sort: context.sorts[table.name],
      onSort: (sort) => context.onSort(table.name, sort),
      onExport: (format, order) => context.exportTable(table.name, format, order),
      showAll: context.shownInFull[table.name] === true,
      onShowAll: () => context.onShowAll(table.name),
    });
  });
}

const shortNumber = (v: number): string => (Number.isInteger(v) ? String(v) : v.toFixed(3));

/** The coincidence matrix o_ck of one alpha (values × values), as Krippendorff (2011) tabulates it. */
function coincidenceTable(alpha: AlphaResult, label: string): HTMLElement | undefined {
  if (!alpha.coincidences || alpha.values.length === 0) return undefined;
  const values = alpha.values.map(String);
  const marginals = alpha.coincidences.map((row) => row.reduce((a, b) => a + b, 0));
  return el(
    'figure',
    { class: 'coincidences', 'data-level': alpha.level },
    el('figcaption', {}, `Coincidences — ${label} (${alpha.level}): D_o ${alpha.observedDisagreement.toFixed(4)}, D_e ${alpha.expectedDisagreement.toFixed(4)}, n = ${alpha.pairableValues}`),
    el(
      'table',
      { class: 'matrix', 'aria-label': `Coincidence matrix, ${label}, ${alpha.level}` },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'c \\ k'), ...values.map((v) => el('th', { scope: 'col', class: 'numeric' }, v)), el('th', { scope: 'col', class: 'numeric' }, 'n_c'))),
      el(
        'tbody',
        {},
        ...alpha.coincidences.map((row, c) =>
          el('tr', {}, el('th', { scope: 'row' }, values[c]), ...row.map((v) => el('td', { class: 'numeric' }, shortNumber(v))), el('td', { class: 'numeric' }, shortNumber(marginals[c]))),
        ),
      ),
    ),
  );
}

/** How many units of the reliability data are listed (all are used). */
const UNIT_LIMIT = 200;

/** Alpha's inputs: the reliability data (units × coders) and each alpha's coincidence matrix. */
function alphaInputs(analysis: ManualPanelView): HTMLElement[] {
  const matrices = (analysis.alphas ?? []).map((a) => coincidenceTable(a.alpha, a.label)).filter((m): m is HTMLElement => m !== undefined);
  const data = (analysis.reliability?.groups ?? []).map((g) =>
    el(
      'figure',
      { class: 'reliability-data', 'data-group': g.group ?? '' },
      el('figcaption', {}, `Reliability data${g.group !== null ? ` — ${g.group}` : ''}: ${g.units.length} units × ${g.coders.length} coders${g.units.length > UNIT_LIMIT ? ` (the first ${UNIT_LIMIT} listed)` : ''}; empty = missing`),
      el(
        'div',
        { class: 'table-scroll' },
        el(
          'table',
          { class: 'reliability', 'aria-label': 'Reliability data' },
          el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'unit'), ...g.coders.map((c) => el('th', { scope: 'col' }, c)))),
          el(
            'tbody',
            {},
            ...g.units.slice(0, UNIT_LIMIT).map((unit, u) => el('tr', {}, el('th', { scope: 'row' }, unit), ...g.data[u].map((v) => el('td', { class: 'numeric' }, v === null ? '' : String(v))))),
          ),
        ),
      ),
    ),
  );
  if (matrices.length + data.length === 0) return [];
  return [el('section', { class: 'alpha-inputs' }, el('h2', {}, 'What alpha was computed from'), ...matrices, ...data)];
}

/** REALSumm: what its data cannot give, said once. */
function notComputable(analysis: ManualPanelView): HTMLElement[] {
  const items = analysis.notComputable ?? [];
  if (items.length === 0) return [];
  return [el('section', { class: 'not-computable' }, el('h3', {}, 'Not computable from this data'), el('ul', {}, ...items.map((i) => el('li', {}, i))))];
}

/** The analysis's plots and tables, as its kind has them. */
export function analysisViews(context: ViewContext): HTMLElement[] {
  const { analysis } = context;
  const tiers = analysis.tierTopics ? tierSection(analysis.tierTopics, context.tiers, context.width, (c) => context.chooseTier(c), (f, n) => context.plotButtons(f, n)) : undefined;
  const plotted = SCORE_PLOTS[analysis.kind];
  const table = plotted && analysis.tables.find((t) => t.name === plotted.table);
  const scores = table && scoreDotPlot(table, plotted.name, plotted.measures(table.header), context.width, plotted.title);
  const scoreSection = scores && el('section', { class: 'score-section' }, el('h2', {}, 'Scores'), scores, context.plotButtons(scores, `${analysis.kind}-${plotted.table}`));
  return [...(scoreSection ? [scoreSection] : []), ...(tiers ? [tiers] : []), el('section', { class: 'tables' }, el('h2', {}, 'Tables'), ...tablesOf(context)), ...(analysis.kind === 'agreement' ? alphaInputs(analysis) : []), ...notComputable(analysis)];
}
