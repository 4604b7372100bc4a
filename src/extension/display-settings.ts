import * as vscode from 'vscode';
import { HIGHLIGHT_LAYERS, HighlightLayer } from '../core/inspect/highlight-spans';
import { ScoreThresholds, thresholdsFor } from '../core/inspect/score-scale';

/** How the editor shows scores: which metrics on the lines, which one colours them, the scale, the highlights. */
export interface DisplaySettings {
  readonly enabled: boolean;
  /** Metrics shown at the end of lines, in order (empty: every computed metric). */
  readonly metrics: readonly string[];
  /** The metric whose sentence score colours the line and the gutter, and that "low segment" refers to ('' = first shown). */
  readonly heatMetric: string;
  /** Gutter and overview-ruler heat marks. */
  readonly heatMarks: boolean;
  readonly thresholds: Readonly<Record<string, readonly number[]>>;
  readonly highlightMode: 'activeLine' | 'allLines' | 'off';
  readonly highlightLayers: ReadonlySet<HighlightLayer>;
}

export function displaySettings(): DisplaySettings {
  const config = vscode.workspace.getConfiguration('understudy');
  const layers = config.get<string[]>('highlights.layers', [...HIGHLIGHT_LAYERS]).filter((l): l is HighlightLayer => (HIGHLIGHT_LAYERS as readonly string[]).includes(l));
  return {
    enabled: config.get<boolean>('decorations.enabled', true),
    metrics: config.get<string[]>('decorations.metrics', []),
    heatMetric: config.get<string>('decorations.heatMetric', ''),
    heatMarks: config.get<boolean>('decorations.heatMarks', true),
    thresholds: config.get<Record<string, number[]>>('colors.thresholds', {}),
    highlightMode: config.get<'activeLine' | 'allLines' | 'off'>('highlights.mode', 'activeLine'),
    highlightLayers: new Set(layers),
  };
}

/** The metrics shown for a scored system: the chosen ones it has, in the chosen order, else all it has. */
export function shownMetrics(computed: readonly string[], display: DisplaySettings): string[] {
  const chosen = display.metrics.filter((m) => computed.includes(m));
  return chosen.length > 0 ? chosen : [...computed];
}

/** The metric that colours lines and defines low segments, and its thresholds. */
export function heatMetric(computed: readonly string[], display: DisplaySettings): { metric: string; thresholds: ScoreThresholds } | undefined {
  const shown = shownMetrics(computed, display);
  const metric = computed.includes(display.heatMetric) ? display.heatMetric : shown[0];
  return metric === undefined ? undefined : { metric, thresholds: thresholdsFor(metric, display.thresholds) };
}
