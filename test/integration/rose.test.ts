// "Understudy: Fit ROSE Combination…" in a real extension host: a ROSE search on the SummEval system table (few
// splits), the panel showing the CLI's winner, the winner saved as a workspace metric into an understudy.json with
// comments (kept; a second save of the same name refused), and the saved model correlated as a metric on another data
// set (WMT21 cs-en), computed from its ROUGE components.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { runCli } from '../../src/cli/run-cli';
import { parseCorrelationManifest } from '../../src/core/meta/correlation-manifest';
import type { CorrelationReport } from '../../src/core/meta/correlation-report';
import { roseWinnerLines } from '../../src/core/meta/rose/rose-tables';
import type { RoseSearchResult } from '../../src/core/meta/rose/rose-search';
import { extensionRoot } from './host-helpers';
import { probeAvailable, waitForRendered, webviewTexts } from './ui-probe';

const MANIFEST = `// a workspace with a fitted metric (this comment stays)
{
  "name": "cs-en", // kept too
  "references": ["ref.A.en"],
  "systems": ["hyp.*.en"],
  "humanJudgments": { "files": [{ "file": "ad-seg-scores-cs-en.csv" }] }
}
`;

describe('Fit ROSE Combination… and Save as workspace metric', function () {
  this.timeout(300000);
  let tmp = '';
  let result: RoseSearchResult;
  const table = (): string => path.join(extensionRoot(), 'test/fixtures/meta/summeval-system.tsv');
  const options = { human: 'relevance', metrics: ['rouge1', 'rouge2', 'rougeL'], trials: 200, seed: 11, name: 'rose-summeval' };

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-rose-'));
    const fitted = await vscode.commands.executeCommand<unknown>('understudy.fitRose', { table: table(), options });
    assert.ok(fitted && typeof fitted === 'object' && 'subsets' in fitted, `expected a ROSE search, got ${JSON.stringify(fitted)?.slice(0, 400)}`);
    result = fitted as RoseSearchResult;
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('fits in the worker what `understudy rose --json` prints, shows its winner, saves it keeping the comments, and never overwrites it silently', async () => {
    let stdout = '';
    const code = runCli(['rose', table(), '--human', 'relevance', '--metrics', 'rouge1,rouge2,rougeL', '--trials', '200', '--seed', '11', '--name', 'rose-summeval', '--json'], { stdout: (t) => (stdout += t), stderr: () => undefined });
    assert.strictEqual(code, 0);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(result)), JSON.parse(stdout));

    const manifest = path.join(tmp, 'understudy.json');
    fs.writeFileSync(manifest, MANIFEST);
    const saved = await vscode.commands.executeCommand<{ uri?: string; replaced?: boolean; error?: string }>('understudy.rose.saveModel', { manifest: vscode.Uri.file(manifest) });
    assert.ok(saved?.uri, JSON.stringify(saved));
    assert.strictEqual(saved.replaced, false);
    const text = fs.readFileSync(manifest, 'utf8');
    assert.ok(text.startsWith(MANIFEST.slice(0, MANIFEST.lastIndexOf('}') - 1).trimEnd()), text);
    assert.ok(text.includes('// kept too'));
    const models = parseCorrelationManifest(text).roseModels ?? [];
    assert.deepStrictEqual(models.map((m) => [m.name, m.metrics, m.weights, m.intercept]), [[result.model.name, result.model.metrics, result.model.weights, result.model.intercept]]);

    const again = await vscode.commands.executeCommand<{ error?: string }>('understudy.rose.saveModel', { manifest: vscode.Uri.file(manifest) });
    assert.match(again?.error ?? '', /already has a ROSE model named "rose-summeval"; it was left as it is/);
    assert.strictEqual(fs.readFileSync(manifest, 'utf8'), text);

    // The rendered panel, where the host can read the workbench (scripts/run-integration-tests.js sets up the probe).
    if (!probeAvailable()) return;
    const shown = await waitForRendered(() => webviewTexts('#rose pre.winner'), (t) => t.length === 1, 'the winner the ROSE panel shows', 30000);
    assert.deepStrictEqual(shown.map((t) => t.trim()), [roseWinnerLines(result).join('\n')]);
  });

  it('the saved model is correlated as a metric on WMT21 cs-en, computed from its ROUGE components', async () => {
    const models = parseCorrelationManifest(fs.readFileSync(path.join(tmp, 'understudy.json'), 'utf8')).roseModels ?? [];
    const data = (relative: string): vscode.Uri => vscode.Uri.file(path.join(extensionRoot(), 'test/fixtures/data/wmt21-news', relative));
    const systems = fs
      .readdirSync(data('txt/system-outputs').fsPath)
      .filter((f) => f.startsWith('newstest2021.cs-en.hyp.'))
      .sort()
      .map((f) => data(`txt/system-outputs/${f}`));
    const report = await vscode.commands.executeCommand<CorrelationReport>('understudy.showCorrelations', {
      references: [data('txt/references/newstest2021.cs-en.ref.A.en')],
      systems,
      judgments: { files: [{ uri: data('humaneval/newstest2021-toen/ad-seg-scores-cs-en.csv') }, { uri: data('humaneval/newstest2021-toen/ad-sys-ranking-cs-en-z-names.csv') }] },
      metrics: [...models[0].metrics],
      options: { bootstrapSamples: 0, permutationSamples: 0 },
      roseModels: models,
    });
    assert.ok(report && 'metrics' in report, JSON.stringify(report)?.slice(0, 400));
    assert.deepStrictEqual(report.metrics.map((m) => m.name), [...models[0].metrics, 'rose-summeval']);
    const model = models[0];
    for (const system of report.systems.filter((s) => s.included)) {
      const expected = model.intercept + model.metrics.reduce((sum, name, j) => sum + model.weights[j] * (system.scores[name] as number), 0);
      assert.ok(Math.abs((system.scores['rose-summeval'] as number) - expected) < 1e-9, `${system.name}: ${system.scores['rose-summeval']} vs ${expected}`);
    }
    assert.ok(report.systemLevel.some((m) => m.metric === 'rose-summeval'));
  });
});
