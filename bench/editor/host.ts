// The editor benchmark's in-host part (loaded by scripts/run-integration-tests.js as the tests entry, see
// bench/editor/launch.ts): opens a 3,000-line candidate with two references, scores it, waits for the decorations,
// edits lines, then loads a whole WMT21 test set, and prints one JSON line with the measurements.
import * as path from 'path';
import { performance } from 'perf_hooks';
import * as vscode from 'vscode';
import type { UnderstudyApi } from '../../src/extension/api';
import { probeAvailable, renderedLineDecorations } from '../../test/integration/ui-probe';

const START_MARKER = 'understudy-integration-start';
const RESULT_MARKER = 'understudy-integration-result';
export const BENCH_MARKER = 'understudy-editor-bench';

interface Measurement {
  readonly what: string;
  readonly ms: number;
  readonly note: string;
}

const median = (values: number[]): number => {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function workspaceFile(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the benchmark workspace is not open');
  return vscode.Uri.joinPath(folder.uri, name);
}

/** Resolves with the time (performance.now()) at which the scores of `uri` next change. */
function nextScores(api: UnderstudyApi, uri: vscode.Uri): Promise<number> {
  return new Promise((resolve) => {
    const listener = api.onDidChangeScores((changed) => {
      if (changed.toString() !== uri.toString()) return;
      listener.dispose();
      resolve(performance.now());
    });
  });
}

/** Polls the rendered editor until every visible line shows its score decoration; resolves with the time it did. */
async function decorationsShown(fileName: string, accept: (lines: Awaited<ReturnType<typeof renderedLineDecorations>>) => boolean): Promise<number> {
  const deadline = Date.now() + 60000;
  for (;;) {
    const lines = await renderedLineDecorations(fileName);
    if (accept(lines)) return performance.now();
    if (Date.now() > deadline) throw new Error(`decorations not rendered: ${JSON.stringify(lines.slice(0, 3))}`);
  }
}

const hasScore = (line: { after: { text: string }[] }): boolean => line.after.some((a) => /\d/.test(a.text));

async function measure(): Promise<Measurement[]> {
  const extension = vscode.extensions.getExtension<UnderstudyApi>('understudy.understudy');
  if (!extension) throw new Error('Understudy is not loaded');
  const api = await extension.activate();
  await vscode.workspace.getConfiguration('understudy').update('metrics', ['bleu', 'chrf', 'ter'], vscode.ConfigurationTarget.Global);
  const results: Measurement[] = [];

  // 1. Open a 3,000-line candidate and score it against two references: time until the visible lines are decorated.
  const hyp = workspaceFile('open-3000/hyp.en');
  const refs = [workspaceFile('open-3000/ref.A.en'), workspaceFile('open-3000/ref.B.en')];
  const start = performance.now();
  const editor = await vscode.window.showTextDocument(hyp);
  const scored = nextScores(api, hyp);
  const command = vscode.commands.executeCommand('understudy.scoreAgainstReference', hyp, refs);
  const scoresAt = await scored;
  await command;
  results.push({ what: 'open 3,000 lines (2 refs): scores ready', ms: scoresAt - start, note: 'bleu, chrf, ter; file open + command + worker, in the extension host' });
  if (probeAvailable()) {
    const shownAt = await decorationsShown('hyp.en', (lines) => lines.length > 0 && lines.every(hasScore));
    results.push({ what: 'open 3,000 lines (2 refs): decorations shown', ms: shownAt - start, note: 'every visible line decorated, read from the rendered page (probe round trip included)' });
  }

  // 2. Edits: drop the last word of a visible line; time until its new scores are in (decorations are set then).
  const latencies: number[] = [];
  const rendered: number[] = [];
  for (let e = 0; e < 12; e++) {
    const line = 2 + e;
    const text = editor.document.lineAt(line).text;
    const cut = text.lastIndexOf(' ');
    const before = probeAvailable() ? (await renderedLineDecorations('hyp.en')).find((l) => l.line === line)?.after.map((a) => a.text).join('') : undefined;
    const next = nextScores(api, hyp);
    const editStart = performance.now();
    await editor.edit((b) => b.delete(new vscode.Range(line, Math.max(0, cut), line, text.length)));
    latencies.push((await next) - editStart);
    if (probeAvailable() && before !== undefined) {
      const shown = await decorationsShown('hyp.en', (lines) => {
        const now = lines.find((l) => l.line === line)?.after.map((a) => a.text).join('');
        return now !== undefined && now !== before;
      });
      rendered.push(shown - editStart);
    }
  }
  results.push({ what: 're-score after an edit (median of 12)', ms: median(latencies), note: `last keystroke → new scores in the host (40 ms debounce included); max ${Math.max(...latencies).toFixed(1)} ms` });
  if (rendered.length > 0) {
    results.push({ what: 'edit → changed decoration rendered (median of 12)', ms: median(rendered), note: 'read from the rendered page: includes the probe round trip (~50-100 ms)' });
  }
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');

  // 3. Memory of the extension host with a whole test set loaded: every system against the reference.
  const set = workspaceFile('memory');
  const entries = (await vscode.workspace.fs.readDirectory(set)).map(([name]) => name).sort();
  const reference = entries.find((n) => n.startsWith('ref.'));
  const systems = entries.filter((n) => n.startsWith('hyp.'));
  if (reference && systems.length > 0) {
    global.gc?.();
    const before = process.memoryUsage();
    const loadStart = performance.now();
    for (const name of systems) {
      await vscode.commands.executeCommand('understudy.scoreAgainstReference', vscode.Uri.joinPath(set, name), [vscode.Uri.joinPath(set, reference)]);
    }
    const loadMs = performance.now() - loadStart;
    global.gc?.();
    const after = process.memoryUsage();
    const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
    results.push({
      what: `memory with ${systems.length} systems × ${(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(set, reference))).toString().split('\n').length - 1} segments`,
      ms: loadMs,
      note:
        `time to score all; extension host process RSS ${mib(before.rss)} → ${mib(after.rss)} MiB (worker thread included), ` +
        `host JS heap ${mib(before.heapUsed)} → ${mib(after.heapUsed)} MiB`,
    });
  }
  return results;
}

/** The tests-entry contract (`run(): Promise<void>`), with the runner's start and result markers. */
export async function run(): Promise<void> {
  console.log(`${START_MARKER} ${path.basename(__filename)}`);
  try {
    const results = await measure();
    console.log(`${BENCH_MARKER} ${JSON.stringify(results)}`);
    console.log(`${RESULT_MARKER} ${JSON.stringify({ passed: 1, failed: 0 })}`);
  } catch (error) {
    console.log(`${RESULT_MARKER} ${JSON.stringify({ passed: 0, failed: 1 })}`);
    throw error;
  }
}
