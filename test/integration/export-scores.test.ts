// "Understudy: Export Scores" in a real extension host: the scored sample systems written as CSV, JSON and Markdown
// to a path given by the caller; an existing file is never replaced unless the caller says so.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { ScoreExport } from '../../src/core/report/score-export';
import type { UnderstudyApi } from '../../src/extension/api';
import type { ExportScoresResult } from '../../src/extension/export-scores';

const EXTENSION_ID = 'understudy.understudy';

function extension(): vscode.Extension<UnderstudyApi> {
  const found = vscode.extensions.getExtension<UnderstudyApi>(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this host`);
  return found;
}

const sample = (name: string): vscode.Uri => vscode.Uri.file(path.join(extension().extensionPath, 'samples', 'wmt21-cs-en', name));

function exportScores(options: Record<string, unknown>): Thenable<ExportScoresResult> {
  return vscode.commands.executeCommand<ExportScoresResult>('understudy.exportScores', options);
}

describe('Export Scores', function () {
  this.timeout(120000);
  const systems = [sample('hyp.Online-B.en'), sample('hyp.Facebook-AI.en')];
  let dir: string;

  before(async () => {
    await extension().activate();
    await vscode.workspace.getConfiguration('understudy').update('metrics', ['bleu', 'chrf'], vscode.ConfigurationTarget.Global);
    for (const system of systems) {
      const scored = await vscode.commands.executeCommand<unknown>('understudy.scoreAgainstReference', system, [sample('ref.A.en')]);
      assert.ok(scored && typeof scored === 'object' && 'systems' in scored);
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-export-'));
  });

  after(async () => {
    await vscode.workspace.getConfiguration('understudy').update('metrics', undefined, vscode.ConfigurationTarget.Global);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes CSV with corpus and segment scores and signatures, equal to the editor’s', async () => {
    const file = path.join(dir, 'scores.csv');
    const result = await exportScores({ uri: vscode.Uri.file(file), systems });
    assert.deepStrictEqual(result, { uri: vscode.Uri.file(file).toString(), format: 'csv', systems: 2, segments: 2000 });
    const rows = fs.readFileSync(file, 'utf8').split('\r\n');
    assert.strictEqual(rows[0], 'level,system,file,segment,bleu,chrf,bleu_signature,chrf_signature,hypothesis');
    const api = extension().exports;
    const a = api.scores(systems[0]);
    assert.ok(a);
    const corpus = rows[1].split(',');
    assert.strictEqual(Number(corpus[4]), a.corpus.bleu.score);
    assert.strictEqual(corpus[6], a.corpus.bleu.signature);
    const firstSegment = rows.find((r) => r.startsWith('segment,'))?.split(',') ?? [];
    assert.strictEqual(firstSegment[3], '1');
    assert.strictEqual(Number(firstSegment[4]), a.sentence.bleu[0]);
    assert.strictEqual(rows.filter((r) => r.startsWith('segment,')).length, 2000);
  });

  it('refuses to replace an existing file unless told to, and leaves it untouched', async () => {
    const file = path.join(dir, 'keep.json');
    fs.writeFileSync(file, 'my notes\n');
    const refused = await exportScores({ uri: file, systems });
    assert.ok(refused && 'error' in refused, JSON.stringify(refused));
    assert.strictEqual(refused.error.code, 'exists');
    assert.match(refused.error.message, /keep\.json already exists and was left as it is: pass overwrite: true/);
    assert.strictEqual(fs.readFileSync(file, 'utf8'), 'my notes\n');
    const replaced = await exportScores({ uri: file, systems, overwrite: true });
    assert.ok(replaced && 'format' in replaced && replaced.format === 'json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as ScoreExport;
    assert.deepStrictEqual(data.metrics, ['bleu', 'chrf']);
    assert.strictEqual(data.systems.length, 2);
    assert.strictEqual(data.systems[1].segments.length, 1000);
    assert.strictEqual(data.systems[1].corpus.bleu.score, extension().exports.scores(systems[1])?.corpus.bleu.score);
  });

  it('writes Markdown, and says what is wrong for an unknown format or a file that is not scored', async () => {
    const markdown = path.join(dir, 'scores.md');
    const written = await exportScores({ uri: markdown, systems: [systems[0]] });
    assert.ok(written && 'format' in written && written.format === 'markdown');
    const text = fs.readFileSync(markdown, 'utf8');
    assert.match(text, /^# Understudy scores/);
    assert.match(text, /\| system \| bleu \| chrf \|/);
    const unknown = await exportScores({ uri: path.join(dir, 'scores.txt'), systems });
    assert.ok(unknown && 'error' in unknown && unknown.error.code === 'unknown-format');
    assert.ok(!fs.existsSync(path.join(dir, 'scores.txt')));
    const notScored = await exportScores({ uri: path.join(dir, 'x.csv'), systems: [sample('ref.B.en')] });
    assert.ok(notScored && 'error' in notScored && notScored.error.code === 'not-scored');
  });
});
