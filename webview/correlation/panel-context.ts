import type { CorrelationReport } from '../../src/core/meta/correlation-report';
import type { CorrelationName } from '../../src/core/meta/stats/correlation-functions';
import type { CorrelationTableId, TableExportFormat } from '../../src/core/report/correlation-tables';
import type { TableSort } from '../compare/table-sort';
import type { MessageFromCorrelationWebview, ShowCorrelationsMessage } from '../shared/correlation-protocol';
import type { ChartColours } from './charts';

/** What the panel remembers across re-renders and reloads (VS Code keeps it while the panel is hidden). */
export interface CorrelationViewState {
  readonly tab?: number;
  /** Sort of each table, by table key. */
  readonly sorts?: Readonly<Record<string, TableSort>>;
  /** The system whose segments are listed, and the metric whose point was clicked. */
  readonly selected?: { readonly system: string; readonly metric: string };
  readonly segmentMetric?: string;
  readonly matrix?: { readonly level: 'system' | 'segment'; readonly correlation: CorrelationName };
  readonly optionsOpen?: boolean;
}

/** Everything a view of the panel needs: the data, the theme, the state and the way back to the extension. */
export interface PanelContext {
  readonly message: ShowCorrelationsMessage;
  readonly report: CorrelationReport;
  readonly width: number;
  readonly colours: ChartColours;
  readonly state: CorrelationViewState;
  /** Updates the state; `redraw` re-renders the part of the page that shows it. */
  update(patch: Partial<CorrelationViewState>, redraw?: 'segments' | 'tab' | 'none'): void;
  post(message: MessageFromCorrelationWebview): void;
  /** Lines of system outputs received so far (for the segment list). */
  readonly texts: ReadonlyMap<string, readonly string[]>;
  /** Asks the extension for a system's lines (once until they arrive). */
  requestTexts(system: string): void;
  exportTable(table: CorrelationTableId, format: TableExportFormat, element: HTMLTableElement | undefined, extra?: { level?: 'system' | 'segment'; correlation?: CorrelationName }): void;
  exportPlot(name: string, format: 'svg' | 'png', data: string): void;
}

/** The sort of one table and the callback that remembers a new one. */
export function sortOf(context: PanelContext, key: string): { sort: TableSort | undefined; onSort: (sort: TableSort) => void } {
  return {
    sort: context.state.sorts?.[key],
    onSort: (sort) => context.update({ sorts: { ...context.state.sorts, [key]: sort } }, 'none'),
  };
}
