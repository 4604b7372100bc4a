// The Manual Evaluation panel's numbers are the CLI's: for each analysis on the fixtures, what the worker computes for
// the panel (withoutUnreadableFiles + manualAnalysis, as src/worker/manual-job.ts) equals what `understudy …` prints
// when run with the command line the panel shows — --json, every --tsv table and the text report. Also: files the
// panel leaves out, table export, the protocol guards and cancellation in the worker job.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { ScoringCancelled } from '../../src/core/engine/score-systems';
import { ManualInput, manualAnalysis, PyramidInput, realSummFiles, withoutUnreadableFiles } from '../../src/core/meta/manual/manual-analysis';
import { manualCommandLine } from '../../src/core/meta/manual/manual-command-line';
import { formatManualTable } from '../../src/core/meta/manual/manual-table-export';
import { tableToTsv } from '../../src/core/meta/manual/manual-tables';
import { textTableCells } from '../../src/core/meta/manual/text-table';
import { runManualJob } from '../../src/worker/manual-job';
import { isManualPanelOptions, isMessageFromManualWebview } from '../../webview/shared/manual-protocol';
import { shellWords } from '../shell-words';
import { FIXTURES } from './golden';

const MANUAL = path.join(FIXTURES, 'manual');
const file = (...parts: string[]): { path: string; text: string } => {
  const p = path.join(...parts);
  return { path: p, text: fs.readFileSync(p, 'utf8') };
};

function cli(argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** The panel's result and the CLI's output for its command line agree in every format. */
function assertSameAsCli(input: ManualInput): ReturnType<typeof runManualJob> {
  const cancelFlag = new SharedArrayBuffer(4);
  const result = runManualJob({ type: 'manual', id: 1, input, cancelFlag });
  const words = shellWords(result.commandLine);
  assert.strictEqual(words[0], 'understudy');
  const argv = words.slice(1);
  const json = cli([...argv, '--json']);
  assert.strictEqual(json.code, 0, json.stderr);
  assert.deepStrictEqual(JSON.parse(json.stdout), JSON.parse(JSON.stringify(result.analysis.json)), result.commandLine);
  assert.strictEqual(json.stderr, result.analysis.warnings.map((w) => `understudy: warning: ${w}\n`).join(''));
  for (const table of result.analysis.tables) {
    const tsv = cli([...argv, '--tsv', '--table', table.name]);
    assert.strictEqual(tsv.stdout, tableToTsv(table), `${result.commandLine} --tsv --table ${table.name}`);
  }
  assert.strictEqual(cli(argv).stdout, result.analysis.text);
  return result;
}

const ducview = (options: Partial<PyramidInput['options']> = {}): PyramidInput => ({
  kind: 'pyramid',
  json: [],
  pan: ['P1.pan', 'P2.pan'].map((f) => file(MANUAL, 'ducview', f)),
  pyr: [file(MANUAL, 'ducview', 'D9999-A.pyr')],
  options: { jackknife: true, averageCount: 'exact', scoreModels: true, ...options },
});

describe('Manual Evaluation panel: the CLI’s numbers', () => {
  it('pyramid (DUCView): defaults, then --no-jackknife --average-count ceil --no-models; the hand-computed P1 score', () => {
    const defaults = assertSameAsCli(ducview());
    assert.strictEqual(defaults.commandLine.includes('--no-jackknife'), false);
    const options = assertSameAsCli(ducview({ jackknife: false, averageCount: 'ceil', scoreModels: false }));
    assert.match(options.commandLine, / --no-jackknife --average-count ceil --no-models$/);
    const plain = runManualJob({ type: 'manual', id: 2, input: ducview({ jackknife: false, scoreModels: false }), cancelFlag: new SharedArrayBuffer(4) });
    const systems = plain.analysis.tables.find((t) => t.name === 'systems');
    assert.ok(systems);
    // What the panel's cells print (the text report's rule): P1 0.4800 with jackknife off (cli-manual.test.ts).
    const { cells } = textTableCells(systems.header, systems.rows);
    assert.deepStrictEqual(cells.map((row) => [row[0], row[3]]), [
      ['P1', '0.4800'],
      ['P2', '0.2400'],
    ]);
  });

  it('pyramid (REALSumm folder): the fixture subset laid out as --realsumm reads it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-realsumm-'));
    try {
      const targets = realSummFiles(dir);
      const sources = [
        [path.join(FIXTURES, 'data/realsumm/SCUs_list.first10docs.csv'), targets.scuList],
        [path.join(FIXTURES, 'data/realsumm/selected_documents.md'), targets.selectedDocuments],
        [path.join(FIXTURES, 'data/realsumm/summaries.first10docs.jsonl'), targets.summaries],
      ];
      for (const [from, to] of sources) {
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(from, to);
      }
      const result = assertSameAsCli({ kind: 'realsumm', dir, scuList: file(targets.scuList), selectedDocuments: file(targets.selectedDocuments), summaries: file(targets.summaries) });
      assert.strictEqual(result.analysis.realsumm?.documents.length, 10);
      assert.ok((result.analysis.realsumm?.maxDifferenceFromStoredRecall ?? 1) < 1e-9);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("Krippendorff's alpha: reliability data at all four levels, with the coincidences and the data shown", () => {
    const result = assertSameAsCli({ kind: 'agreement', file: file(MANUAL, 'reliability/krippendorff-2011-four-coders.csv'), identical: false, options: { level: 'all' } });
    const alpha = result.analysis.tables[0];
    // Krippendorff (2011): nominal 0.743, interval 0.849 on his four-observer example.
    assert.strictEqual((alpha.rows[0][2] as number).toFixed(3), '0.743');
    assert.strictEqual((alpha.rows[2][2] as number).toFixed(3), '0.849');
    assert.strictEqual(result.analysis.reliability?.groups[0].units.length, 12);
    assert.strictEqual(result.analysis.reliability?.groups[0].coders.length, 4);
  });

  it("Krippendorff's alpha of identical summaries (SummEval subset), ordinal", () => {
    assertSameAsCli({ kind: 'agreement', file: file(FIXTURES, 'data/summeval/summaries.jsonl'), identical: true, options: { level: 'ordinal', identity: 'whitespace-case' } });
  });

  it('nuggets (β = 5, allowance 80), relevance and cross comprehension', () => {
    const nuggets = assertSameAsCli({ kind: 'nuggets', key: file(MANUAL, 'nuggets/copland-key.tsv'), responses: file(MANUAL, 'nuggets/copland-responses.tsv'), options: { beta: 5, allowance: 80 } });
    assert.match(nuggets.commandLine, / --beta 5 --allowance 80$/);
    assertSameAsCli({ kind: 'relevance', file: file(MANUAL, 'relevance/hand-made.tsv'), options: { fullText: 'DOC' } });
    assertSameAsCli({ kind: 'comprehension', file: file(MANUAL, 'comprehension/kolluru-gotoh-2005.tsv') });
  });
});

describe('Manual Evaluation panel: bad input, export, messages, cancellation', () => {
  it('leaves out a malformed .pan, says why, and scores the rest as the CLI does on the rest', () => {
    const input = ducview();
    const broken = { path: path.join(MANUAL, 'ducview', 'P3.pan'), text: '<peerAnnotation><pyramid><text><line>x</line></text>' };
    const withBroken: ManualInput = { ...input, pan: [...input.pan, broken] };
    const { input: usable, skipped } = withoutUnreadableFiles(withBroken);
    assert.strictEqual(skipped.length, 1);
    assert.strictEqual(skipped[0].path, broken.path);
    assert.match(skipped[0].message, /P3\.pan/);
    assert.deepStrictEqual(usable, input);
    const result = runManualJob({ type: 'manual', id: 3, input: withBroken, cancelFlag: new SharedArrayBuffer(4) });
    assert.deepStrictEqual(result.skipped, skipped);
    assert.strictEqual(result.commandLine.includes('P3.pan'), false);
    assert.strictEqual(result.commandLine, manualCommandLine(input));
  });

  it('a single unreadable file fails as a whole with the reader’s message (missing column named)', () => {
    const bad = { path: 'judgments.tsv', text: 'subject\tevent\tdocument\tcondition\nA\t1\td1\tDOC\n' };
    assert.throws(() => manualAnalysis({ kind: 'relevance', file: bad, options: {} }), /judgment/);
  });

  it('is cancelled between files when the flag is set', () => {
    const cancelFlag = new SharedArrayBuffer(4);
    Atomics.store(new Int32Array(cancelFlag), 0, 1);
    assert.throws(() => runManualJob({ type: 'manual', id: 4, input: ducview(), cancelFlag }), ScoringCancelled);
  });

  it('exports a table as CSV at full precision and as booktabs LaTeX, in the order shown', () => {
    const { analysis } = runManualJob({ type: 'manual', id: 5, input: ducview({ jackknife: false, scoreModels: false }), cancelFlag: new SharedArrayBuffer(4) });
    const systems = analysis.tables[0];
    const csv = formatManualTable(systems, 'csv', 'Pyramid: systems', ['Signature: x|y'], [1, 0]);
    const lines = csv.trimEnd().split('\r\n');
    assert.strictEqual(lines[0], 'summarizer,kind,topics,modified,modified_topics,original,original_topics');
    assert.ok(lines[1].startsWith('P2,peer,1,0.24,'), lines[1]);
    assert.ok(lines[2].startsWith('P1,peer,1,0.48,'), lines[2]);
    const latex = formatManualTable(systems, 'latex', 'Pyramid: systems', ['Signature: x|y']);
    assert.match(latex, /\\toprule/);
    assert.match(latex, /P1 & peer & 1 & 0\.4800/);
    assert.match(latex, /% Signature: x\|y/);
  });

  it('accepts only messages and options the CLI would', () => {
    assert.ok(isMessageFromManualWebview({ type: 'exportTable', table: 'systems', format: 'latex', order: [1, 0] }));
    assert.ok(!isMessageFromManualWebview({ type: 'exportTable', table: 'systems', format: 'html' }));
    assert.ok(!isMessageFromManualWebview({ type: 'openFile' }));
    assert.ok(!isMessageFromManualWebview({ type: 'recompute', options: { kind: 'nuggets', beta: -1, allowance: 100 } }));
    assert.ok(isManualPanelOptions({ kind: 'pyramid', pyramid: { jackknife: false, averageCount: 'ceil', scoreModels: true } }));
    assert.ok(!isManualPanelOptions({ kind: 'pyramid', pyramid: { jackknife: false, averageCount: 'floor', scoreModels: true } }));
    assert.ok(!isManualPanelOptions({ kind: 'agreement', agreement: { level: 'interval', unit: 3 } }));
  });
});
