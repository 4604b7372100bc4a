// The editor benchmark (`npm run bench:editor`): writes a workspace with a 3,000-line candidate and two references
// (WMT21 cs/de/ru-en, see bench/data.ts) and a whole WMT21 zh-en test set (1,948 segments, every system; only when
// ../shared/data is present), then runs bench/editor/host.ts inside a real VS Code extension host through
// scripts/run-integration-tests.js (code-server + headless Chromium) and prints its measurements as a table.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { dataRoot, readLines, threeThousandLinesTwoRefs } from '../data';

const ROOT = path.resolve(__dirname, '../../..');
const MARKER = 'understudy-editor-bench';

function writeLines(file: string, lines: readonly string[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
}

function main(): void {
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-editor-bench-'));
  try {
    const { hypotheses, references, cycled } = threeThousandLinesTwoRefs();
    writeLines(path.join(workspace, 'open-3000/hyp.en'), hypotheses);
    writeLines(path.join(workspace, 'open-3000/ref.A.en'), references[0]);
    writeLines(path.join(workspace, 'open-3000/ref.B.en'), references[1]);
    const { root, shared } = dataRoot();
    const txt = path.join(root, 'wmt21-news/txt');
    // `--no-memory` skips the (minutes-long) WMT21 zh-en memory case.
    if (shared && !process.argv.includes('--no-memory')) {
      writeLines(path.join(workspace, 'memory/ref.zh-en.A.en'), readLines(path.join(txt, 'references/newstest2021.zh-en.ref.A.en')));
      for (const file of fs.readdirSync(path.join(txt, 'system-outputs')).filter((f) => f.startsWith('newstest2021.zh-en.hyp.'))) {
        fs.copyFileSync(path.join(txt, 'system-outputs', file), path.join(workspace, 'memory', file.replace('newstest2021.zh-en.', '')));
      }
    }
    const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/run-integration-tests.js')], {
      env: { ...process.env, UNDERSTUDY_ITEST_ENTRY: path.join(__dirname, 'host.js'), UNDERSTUDY_ITEST_WORKSPACE: workspace },
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    // The result line starts with the marker (other lines may contain it: the workspace's temp dir is named after it).
    const line = run.stdout.split('\n').find((l) => l.trimStart().startsWith(`${MARKER} [`));
    if (run.status !== 0 || !line) {
      process.stderr.write(run.stdout + run.stderr);
      throw new Error(`the editor benchmark failed (exit ${run.status})`);
    }
    const results = JSON.parse(line.slice(line.indexOf(MARKER) + MARKER.length)) as { what: string; ms: number; note: string }[];
    console.log(`data: ${root}${cycled ? ' (cycled)' : ''}; extension host: code-server 4.100.3, node ${process.version}\n`);
    const width = Math.max(...results.map((r) => r.what.length));
    for (const r of results) console.log(`${r.what.padEnd(width)}  ${r.ms.toFixed(1).padStart(8)} ms  ${r.note}`);
    if (!shared) console.log('\n(../shared/data is absent: the WMT21 zh-en memory case was skipped)');
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

main();
