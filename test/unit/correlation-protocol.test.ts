import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import { summarizeJudgments, commonAspects } from '../../src/core/meta/judgments/judgment-summary';
import { CORRELATION_NAMES } from '../../src/core/meta/stats/correlation-functions';
import { CORRELATION_TABLE_IDS } from '../../src/core/report/correlation-tables';
import {
  CorrelationPanelOptions,
  isMessageFromCorrelationWebview,
  isMessageToCorrelationWebview,
  PANEL_CORRELATIONS,
} from '../../webview/shared/correlation-protocol';
import { CS_EN } from './correlation-fixture';

const OPTIONS: CorrelationPanelOptions = {
  correlations: ['pearson'],
  groupings: ['pooled'],
  level: 0.95,
  bootstrapSamples: 1000,
  resample: 'items',
  permutationSamples: 1000,
  seed: 12345,
  correction: 'holm',
  aspects: [],
};

describe('correlation panel protocol and judgment summaries', () => {
  it('offers every coefficient the engine has, and exports every table the builder knows', () => {
    assert.deepEqual([...PANEL_CORRELATIONS].sort(), [...CORRELATION_NAMES].sort());
    for (const table of CORRELATION_TABLE_IDS) assert.ok(isMessageFromCorrelationWebview({ type: 'exportTable', table, format: 'latex' }), table);
  });

  it('accepts the webview’s messages and nothing malformed (the webview is untrusted)', () => {
    const good: unknown[] = [
      { type: 'ready' },
      { type: 'openSegment', system: 'A', index: 3 },
      { type: 'recompute', options: OPTIONS },
      { type: 'exportTable', table: 'metric-matrix', format: 'csv', level: 'segment', correlation: 'kendall-b', order: [1, 0] },
      { type: 'exportPlot', name: 'scatter-bleu', format: 'svg', data: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' },
      { type: 'exportPlot', name: 'scatter-bleu', format: 'png', data: 'data:image/png;base64,iVBORw0KGgo=' },
    ];
    for (const message of good) assert.ok(isMessageFromCorrelationWebview(message), JSON.stringify(message));
    const bad: unknown[] = [
      null,
      'ready',
      { type: 'openFile', file: '/etc/passwd' },
      { type: 'openSegment', system: 'A', index: -1 },
      { type: 'openSegment', system: 'A', index: 1.5 },
      { type: 'recompute', options: { ...OPTIONS, correlations: [] } },
      { type: 'recompute', options: { ...OPTIONS, correlations: ['pearson', 'cosine'] } },
      { type: 'recompute', options: { ...OPTIONS, level: 1 } },
      { type: 'recompute', options: { ...OPTIONS, seed: -1 } },
      { type: 'recompute', options: { ...OPTIONS, bootstrapSamples: 2.5 } },
      { type: 'recompute', options: { ...OPTIONS, correction: 'sidak' } },
      { type: 'exportTable', table: 'everything', format: 'csv' },
      { type: 'exportTable', table: 'systems', format: 'xlsx' },
      { type: 'exportTable', table: 'systems', format: 'csv', order: [-1] },
      { type: 'exportPlot', name: 'x', format: 'svg', data: '<script>alert(1)</script>' },
      { type: 'exportPlot', name: 'x', format: 'png', data: 'data:text/html;base64,AAAA' },
    ];
    for (const message of bad) assert.ok(!isMessageFromCorrelationWebview(message), JSON.stringify(message));
    assert.ok(isMessageToCorrelationWebview({ type: 'correlations', revision: 1, title: 't', options: OPTIONS, status: { state: 'ready' } }));
    assert.ok(!isMessageToCorrelationWebview({ type: 'correlations', title: 't', options: OPTIONS, status: { state: 'ready' } }));
  });

  it('summarises WMT21 judgment files (format, level, aspects) as correlate reads them', () => {
    const summaries = summarizeJudgments([CS_EN.segmentScores, CS_EN.ranking].map((f) => ({ spec: { file: f }, text: fs.readFileSync(f, 'utf8') })));
    assert.deepEqual(
      summaries.map((s) => [s.format, s.level, s.aspects, s.defaultAspect, s.systems, s.excluded]),
      [
        ['wmt21-seg', 'segment', ['z', 'raw'], 'z', 8, ['HUMAN']],
        ['wmt21-sys', 'system', ['z', 'raw'], 'z', 8, ['HUMAN']],
      ],
    );
    assert.deepEqual(commonAspects(summaries), ['z', 'raw']);
  });
});
