import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { metricRequest } from '../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../src/core/engine/metric-settings';
import { prepareCorrelation } from '../src/core/meta/correlation-inputs';
import { runMetaEvaluation } from '../src/core/meta/meta-evaluation';
import type { CorrelationPanelOptions, ShowCorrelationsMessage } from '../webview/shared/correlation-protocol';
import { launchChromium, openReadyWebview, startCorrelationPageServer } from '../test/webview/serve';
import type { BenchResult } from './cases';
import { dataRoot, readLines } from './data';

const METRICS = ['bleu', 'chrf', 'chrf++', 'ter', 'nist'];
const RUNS = 7;

/**
 * Milliseconds from a `correlations` message arriving in the page to the first frame painted after it: the message
 * is handed to the page beforehand (no serialisation in the timing), posted as VS Code delivers it (a window message
 * event), and a listener registered after the panel's own notes when its handler has rendered; the frame after the
 * next requestAnimationFrame is the first paint of the result (lit's custom elements have updated by then).
 */
const MEASURE = `(message) => new Promise((resolve) => {
  let start = 0;
  window.addEventListener('message', () => {
    requestAnimationFrame(() => setTimeout(() => {
      const rows = document.querySelectorAll('table.system-level tbody tr').length;
      const points = document.querySelectorAll('circle.point').length;
      resolve({ ms: performance.now() - start, rows, points });
    }, 0));
  }, { once: true });
  start = performance.now();
  window.postMessage(message, '*');
})`;

/**
 * The correlation panel's first view in headless Chromium (same HTML, CSP and bundle as in VS Code) for WMT21 zh-en
 * with every DA-ranked system (../shared/data; without it, cs-en from the fixtures): the report of 5 metrics with
 * 1,000-sample bootstrap intervals, comparisons, the segment level and the per-segment table the plots use. Each run
 * opens a fresh page (cold: no JIT warm-up, as when the panel opens) and times data → first paint; best and median.
 */
export async function correlationPanel(): Promise<BenchResult[]> {
  const { root, shared } = dataRoot();
  const pair = shared ? 'zh-en' : 'cs-en';
  const humaneval = path.join(root, 'wmt21-news/humaneval/newstest2021-toen');
  const outputs = path.join(root, 'wmt21-news/txt/system-outputs');
  const referenceFile = path.join(root, `wmt21-news/txt/references/newstest2021.${pair}.ref.A.en`);
  const systems = fs.readdirSync(outputs).filter((f) => f.startsWith(`newstest2021.${pair}.hyp.`)).sort();
  const judgmentFiles = [`ad-seg-scores-${pair}.csv`, `ad-sys-ranking-${pair}-z-names.csv`];
  const computeStart = performance.now();
  const prepared = prepareCorrelation({
    human: { files: judgmentFiles.map((file) => ({ file })) },
    judgmentTexts: judgmentFiles.map((f) => fs.readFileSync(path.join(humaneval, f), 'utf8')),
    references: [{ file: path.basename(referenceFile), segments: readLines(referenceFile) }],
    systems: systems.map((file) => ({ file, hypotheses: readLines(path.join(outputs, file)) })),
  });
  const report = runMetaEvaluation({
    references: prepared.references,
    systems: prepared.systems,
    metrics: METRICS.map((m) => metricRequest(m, DEFAULT_METRIC_SETTINGS)),
    human: prepared.human,
    options: { bootstrapSamples: 1000, permutationSamples: 1000, includeSegments: true },
  });
  const compute = (performance.now() - computeStart) / 1000;
  const included = report.systems.filter((s) => s.included).length;
  const items = prepared.references[0].segments.length;
  // The options the report was computed with, as the panel shows them.
  const { settings } = report;
  const options: CorrelationPanelOptions = {
    ...{ correlations: settings.correlations, groupings: settings.groupings, level: settings.level, correction: settings.correction },
    ...{ bootstrapSamples: settings.bootstrap?.samples ?? 0, resample: settings.bootstrap?.resample ?? 'items', permutationSamples: settings.permutation?.samples ?? 0 },
    seed: settings.bootstrap?.seed ?? settings.permutation?.seed ?? 12345,
    aspects: [...report.human.aspects],
  };
  const message: ShowCorrelationsMessage = {
    type: 'correlations',
    revision: 1,
    title: `Correlations with DA z — WMT21 ${pair}`,
    report,
    options,
    aspects: ['z', 'raw'],
    status: { state: 'ready' },
    commandLine: `understudy correlate --ref ${path.basename(referenceFile)} … --metrics ${METRICS.join(',')}`,
    unsaved: [],
    openable: report.systems.filter((s) => s.file !== null).map((s) => s.name),
  };
  const bytes = Buffer.byteLength(JSON.stringify(message));

  const server = await startCorrelationPageServer();
  const browser = await launchChromium();
  const times: number[] = [];
  let drawn = { rows: 0, points: 0 };
  try {
    for (let run = 0; run < RUNS; run++) {
      const webview = await openReadyWebview(browser, server.url);
      await webview.page.setViewportSize({ width: 1400, height: 900 });
      const measured = (await webview.page.evaluate(`(${MEASURE})(${JSON.stringify(message)})`)) as { ms: number; rows: number; points: number };
      if (webview.errors.length > 0) throw new Error(`the panel reported errors: ${webview.errors.join('; ')}`);
      if (measured.rows === 0 || measured.points === 0) throw new Error(`nothing drawn (${measured.rows} table rows, ${measured.points} points)`);
      times.push(measured.ms / 1000);
      drawn = measured;
      await webview.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const note = `WMT21 ${pair}: ${included} systems × ${items} segments, ${METRICS.length} metrics; message ${(bytes / 1e6).toFixed(1)} MB`;
  return [
    { name: 'correlation-panel', metric: 'report (meta-evaluation, not the panel)', segments: items * included, seconds: compute, note: `${note}; bootstrap and permutations 1,000` },
    {
      name: 'correlation-panel',
      metric: 'data → first paint',
      segments: items * included,
      seconds: sorted[0],
      note: `best of ${RUNS} fresh pages; median ${(sorted[Math.floor(RUNS / 2)] * 1000).toFixed(0)} ms, worst ${(sorted[RUNS - 1] * 1000).toFixed(0)} ms; ${drawn.rows} table rows, ${drawn.points} plot points; ${note}`,
    },
  ];
}
