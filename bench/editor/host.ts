// The editor benchmark's in-host part (loaded by scripts/run-integration-tests.js as the tests entry, see
// bench/editor/launch.ts): opens a 3,000-line candidate with two references, scores it, waits for the decorations,
// edits lines, then loads a whole WMT21 test set, and prints one JSON line with the measurements.
import * as path from 'path';
import { monitorEventLoopDelay, performance } from 'perf_hooks';
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
  const results: Measurement[] = [
    {
      what: 'activation',
      ms: (api.load?.evaluateMs ?? 0) + api.activationMs,
      note:
        `evaluating dist/extension.js ${api.load?.evaluateMs.toFixed(1) ?? '?'} ms + activate() ${api.activationMs.toFixed(1)} ms ` +
        `(VS Code's own work in between: ${api.load?.untilActivateMs.toFixed(1) ?? '?'} ms; the engine loads in the worker, on first use)`,
    },
  ];
  // How long the extension host's event loop is blocked: first idle (what the machine's load alone causes, on this
  // shared machine), then over the open and edit cases.
  const idle = monitorEventLoopDelay({ resolution: 5 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, 5000));
  idle.disable();
  results.push({ what: 'extension host event-loop delay, idle (baseline)', ms: idle.max / 1e6, note: `max over 5 s with nothing to do; p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms` });
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();

  // 1. Open a 3,000-line candidate and score it against two references: time until the visible lines are decorated
  // (the visible lines are scored first) and until the whole file is scored.
  const hyp = workspaceFile('open-3000/hyp.en');
  const refs = [workspaceFile('open-3000/ref.A.en'), workspaceFile('open-3000/ref.B.en')];
  const start = performance.now();
  await vscode.window.showTextDocument(hyp);
  const scored = nextScores(api, hyp);
  const firstDecorations = new Promise<number>((resolve) => {
    const listener = api.onDidDecorate((uri) => {
      if (uri.toString() !== hyp.toString()) return;
      listener.dispose();
      resolve(performance.now());
    });
  });
  const command = vscode.commands.executeCommand('understudy.scoreAgainstReference', hyp, refs);
  const shown = probeAvailable() ? decorationsShown('hyp.en', (lines) => lines.length > 0 && lines.every(hasScore)) : undefined;
  const scoresAt = await scored;
  await command;
  const editor = vscode.window.activeTextEditor!;
  results.push({ what: 'open 3,000 lines (2 refs): first decorations set', ms: (await firstDecorations) - start, note: 'the visible lines\' scores set in the editor (in the host: setDecorations), before the rest is scored' });
  if (shown) results.push({ what: 'open 3,000 lines (2 refs): decorations shown', ms: (await shown) - start, note: 'every visible line decorated, read from the rendered page (probe round trip included)' });
  results.push({ what: 'open 3,000 lines (2 refs): all scores ready', ms: scoresAt - start, note: 'bleu, chrf, ter on every line; file open + command + worker, in the extension host' });

  // 2. Edits: drop the last word of a visible line; time until its new scores are in (decorations are set then).
  const latencies: number[] = [];
  const decorated: number[] = [];
  const fromChange: number[] = [];
  const rendered: number[] = [];
  for (let e = 0; e < 12; e++) {
    const line = 2 + e;
    const text = editor.document.lineAt(line).text;
    const cut = text.lastIndexOf(' ');
    const before = probeAvailable() ? (await renderedLineDecorations('hyp.en')).find((l) => l.line === line)?.after.map((a) => a.text).join('') : undefined;
    const next = nextScores(api, hyp);
    const set = new Promise<number>((resolve) => {
      let scored = false;
      const scores = api.onDidChangeScores(() => (scored = true));
      const listener = api.onDidDecorate((uri) => {
        if (!scored || uri.toString() !== hyp.toString()) return;
        listener.dispose();
        scores.dispose();
        resolve(performance.now());
      });
    });
    // When the change reaches the extension host (VS Code applies the edit in the renderer first).
    const changed = new Promise<number>((resolve) => {
      const listener = vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() !== hyp.toString()) return;
        listener.dispose();
        resolve(performance.now());
      });
    });
    const editStart = performance.now();
    await editor.edit((b) => b.delete(new vscode.Range(line, Math.max(0, cut), line, text.length)));
    const scoresAt = await next;
    latencies.push(scoresAt - editStart);
    fromChange.push(scoresAt - (await changed));
    decorated.push((await set) - editStart);
    if (probeAvailable() && before !== undefined) {
      const shown = await decorationsShown('hyp.en', (lines) => {
        const now = lines.find((l) => l.line === line)?.after.map((a) => a.text).join('');
        return now !== undefined && now !== before;
      });
      rendered.push(shown - editStart);
    }
  }
  results.push({ what: 're-score after an edit (median of 12)', ms: median(latencies), note: `last keystroke → new scores in the host (40 ms debounce included); all: ${latencies.map((l) => l.toFixed(0)).join(' ')} ms` });
  results.push({ what: 'change event → new scores (median of 12)', ms: median(fromChange), note: `from the edit's onDidChangeTextDocument in the host to its new scores; all: ${fromChange.map((l) => l.toFixed(0)).join(' ')} ms` });
  results.push({ what: 'edit → decorations set (median of 12)', ms: median(decorated), note: `last keystroke → setDecorations with the new scores, in the host; max ${Math.max(...decorated).toFixed(1)} ms` });
  if (rendered.length > 0) {
    results.push({ what: 'edit → changed decoration rendered (median of 12)', ms: median(rendered), note: 'read from the rendered page: includes the probe round trip (~50-100 ms)' });
  }
  await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  loop.disable();
  results.push({
    what: 'extension host event-loop delay (open + edits)',
    ms: loop.max / 1e6,
    note: `max; p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, mean ${(loop.mean / 1e6).toFixed(1)} ms (perf_hooks.monitorEventLoopDelay, 5 ms resolution)`,
  });

  // 3. Memory of the extension host with a whole test set loaded as an evaluation: an understudy.json naming every
  // system, written now and picked up by the manifest watcher, as a user's workspace would be.
  const set = workspaceFile('memory');
  const entries = (await vscode.workspace.fs.readDirectory(set).then(undefined, () => [] as [string, vscode.FileType][])).map(([name]) => name).sort();
  const reference = entries.find((n) => n.startsWith('ref.'));
  const systems = entries.filter((n) => n.startsWith('hyp.'));
  if (reference && systems.length > 0) {
    global.gc?.();
    const before = process.memoryUsage();
    const loadStart = performance.now();
    const manifest = { name: 'WMT21 zh-en', task: 'mt', references: [reference], systems: ['hyp.*.en'], metrics: ['bleu', 'chrf', 'ter'] };
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(set, 'understudy.json'), new TextEncoder().encode(JSON.stringify(manifest)));
    const scoredAll = (): boolean => {
      const evaluation = api.evaluations().find((e) => e.name === 'WMT21 zh-en');
      return evaluation !== undefined && evaluation.systems.length === systems.length && evaluation.systems.every((s) => api.scores(s.uri) !== undefined);
    };
    const deadline = Date.now() + 600000;
    while (!scoredAll()) {
      if (Date.now() > deadline) throw new Error('the zh-en evaluation was not scored within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const loadMs = performance.now() - loadStart;
    await api.settled();
    await new Promise((resolve) => setTimeout(resolve, 2000)); // bootstrap intervals follow
    global.gc?.();
    const after = process.memoryUsage();
    const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
    const segments = (await vscode.workspace.fs.readFile(vscode.Uri.joinPath(set, reference))).toString().split('\n').length - 1;
    results.push({
      what: `memory with ${systems.length} systems × ${segments} segments`,
      ms: loadMs,
      note:
        `time to score all (understudy.json, bleu+chrf+ter); extension host process RSS ${mib(before.rss)} → ${mib(after.rss)} MiB (worker thread included), ` +
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
