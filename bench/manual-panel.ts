import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { ManualInput, realSummFiles } from '../src/core/meta/manual/manual-analysis';
import { runManualJob } from '../src/worker/manual-job';
import { manualPanelView } from '../src/core/meta/manual/manual-panel-view';
import { manualHtml } from '../webview/manual/manual-html';
import { makeNonce } from '../webview/report/report-html';
import type { ShowManualMessage } from '../webview/shared/manual-protocol';
import { launchChromium, openReadyWebview, serveWebview } from '../test/webview/serve';
import type { BenchResult } from './cases';
import { dataRoot } from './data';
import { pyramidTopics } from './manual-cases';

const RUNS = 5;

/** Milliseconds from a `manual` message arriving in the page to the first frame painted after its handler rendered. */
const MEASURE = `(message) => new Promise((resolve) => {
  let start = 0;
  window.addEventListener('message', () => {
    requestAnimationFrame(() => setTimeout(() => {
      resolve({ ms: performance.now() - start, rows: document.querySelectorAll('table.manual-table tbody tr').length, tiers: document.querySelectorAll('rect.tier').length });
    }, 0));
  }, { once: true });
  start = performance.now();
  window.postMessage(message, '*');
})`;

function best(times: number[]): { best: number; median: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { best: sorted[0], median: sorted[Math.floor(sorted.length / 2)] };
}

/**
 * The Manual Evaluation panel's work: the worker's job (read the files' texts, score, tables, text report) and the
 * webview's first paint in headless Chromium (same HTML, CSP and bundle as in VS Code), on TAC-scale pyramids as JSON
 * (48 topics × 55 peers × 4 models: 2,832 summary rows) and on REALSumm from ../shared/data when present (100
 * documents, 2,400 summaries). Best and median of RUNS; each page is fresh (cold).
 */
export async function manualPanel(): Promise<BenchResult[]> {
  const inputs: { name: string; note: string; segments: number; input: ManualInput }[] = [];
  const topics = pyramidTopics(48, 55).map(({ pyramid, peers }) => ({ ...pyramid, peers: peers.map((p) => ({ peer: p.peer, scus: p.scuIds, unmatched: p.unmatchedUnits })) }));
  inputs.push({
    name: 'TAC-scale JSON',
    note: '48 topics × 55 peers × 4 models (jackknifed, models scored)',
    segments: 48 * 55,
    input: { kind: 'pyramid', json: [{ path: 'tac.json', text: JSON.stringify({ topics }) }], pan: [], pyr: [], options: { jackknife: true, averageCount: 'exact', scoreModels: true } },
  });
  const { root, shared } = dataRoot();
  if (shared) {
    const files = realSummFiles(path.join(root, 'realsumm'));
    const read = (p: string): { path: string; text: string } => ({ path: p, text: fs.readFileSync(p, 'utf8') });
    inputs.push({ name: 'REALSumm', note: 'shared/data/realsumm: 100 documents, 2,400 summaries', segments: 2400, input: { kind: 'realsumm', dir: 'realsumm', scuList: read(files.scuList), selectedDocuments: read(files.selectedDocuments), summaries: read(files.summaries) } });
  }
  const server = await serveWebview((page) =>
    manualHtml({ cspSource: page.origin, scriptUri: page.bundleUri('manual.js'), styleUri: page.bundleUri('manual.css'), nonce: makeNonce((bound) => crypto.randomInt(bound)), title: 'bench' }),
  );
  const browser = await launchChromium();
  const results: BenchResult[] = [];
  try {
    for (const { name, note, segments, input } of inputs) {
      const jobTimes: number[] = [];
      let message: ShowManualMessage | undefined;
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        const result = runManualJob({ type: 'manual', id: run, input, cancelFlag: new SharedArrayBuffer(4) });
        // What the worker's reply costs: the structured clone is about a JSON round trip.
        JSON.parse(JSON.stringify(result));
        jobTimes.push((performance.now() - start) / 1000);
        message = { type: 'manual', revision: 1, title: name, kind: input.kind, identical: false, files: [], options: { kind: 'comprehension' }, analysis: manualPanelView(result.analysis), skipped: [], status: { state: 'ready' }, commandLine: result.commandLine, unsaved: [] };
      }
      const paintTimes: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const webview = await openReadyWebview(browser, server.url);
        await webview.page.setViewportSize({ width: 1200, height: 900 });
        const measured = (await webview.page.evaluate(`(${MEASURE})(${JSON.stringify(message)})`)) as { ms: number; rows: number; tiers: number };
        if (webview.errors.length > 0) throw new Error(`the panel reported errors: ${webview.errors.join('; ')}`);
        if (measured.rows === 0 || measured.tiers === 0) throw new Error(`nothing drawn (${measured.rows} rows, ${measured.tiers} tiers)`);
        paintTimes.push(measured.ms / 1000);
        await webview.close();
      }
      const bytes = Buffer.byteLength(JSON.stringify(message));
      const job = best(jobTimes);
      const paint = best(paintTimes);
      results.push({ name: 'manual-panel', metric: `${name}: worker job`, segments, seconds: job.best, note: `${note}; median ${job.median.toFixed(3)} s` });
      results.push({ name: 'manual-panel', metric: `${name}: first paint`, segments, seconds: paint.best, note: `message ${(bytes / 1e6).toFixed(1)} MB; median ${paint.median.toFixed(3)} s` });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return results;
}
