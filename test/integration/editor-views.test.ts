// The editor's views of an evaluation in a real extension host: the understudy.json manifests of the test workspace
// are read and scored at activation; the tests check what the RENDERED workbench shows (sentence scores at the end
// of lines, hovers, CodeLenses, the Evaluations tree, via the UI probe), that an edit updates what is drawn, and the
// Diagnostics of a broken manifest. Probe-dependent tests skip under hosts without the probe (desktop VS Code).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { scoreSystems } from '../../src/core/engine/score-systems';
import type { UnderstudyApi } from '../../src/extension/api';
import { formatCorpusScore, formatSentenceScores } from '../../src/core/inspect/score-labels';
import { heatLevel, thresholdsFor } from '../../src/core/inspect/score-scale';
import { cliScores, EXTENSION_ID, waitFor } from './host-helpers';
import { hoverAt, pressKey, probeAvailable, renderedCodeLenses, renderedLineDecorations, RenderedLine, screenshot, skipWithoutProbe, treeItems, waitForRendered } from './ui-probe';

const METRICS = ['bleu', 'chrf', 'ter'] as const;

function workspaceUri(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace (test/integration/workspace) is not open');
  return vscode.Uri.joinPath(folder.uri, ...parts);
}

const afterText = (line: RenderedLine | undefined): string => line?.after.map((a) => a.text).join('') ?? '';

describe('Editor views of an evaluation', () => {
  let api: UnderstudyApi;
  const facebook = () => workspaceUri('wmt-sample', 'hyp.Facebook-AI.en');
  const onlineB = () => workspaceUri('wmt-sample', 'hyp.Online-B.en');

  /** The label the decoration of line `index` must show, from the scores the API reports. */
  const expectedLabel = (uri: vscode.Uri, index: number): string => {
    const scores = api.scores(uri);
    assert.ok(scores, `${uri.path} is scored`);
    return formatSentenceScores(METRICS.map((m) => [m, scores.sentence[m][index]] as const));
  };

  before(async function () {
    this.timeout(120000);
    const extension = vscode.extensions.getExtension<UnderstudyApi>(EXTENSION_ID);
    assert.ok(extension);
    api = await extension.activate();
    await api.manifestsLoaded();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads the understudy.json manifests of the workspace and scores their systems as the CLI does', async () => {
    const evaluations = api.evaluations();
    const wmt = evaluations.find((e) => e.name === 'WMT21 cs-en (30 segments)');
    assert.ok(wmt, `evaluations: ${JSON.stringify(evaluations.map((e) => e.name))}`);
    assert.strictEqual(wmt.task, 'mt');
    assert.deepStrictEqual(wmt.systems.map((s) => s.name), ['Facebook-AI', 'Online-B']);
    assert.deepStrictEqual(wmt.referenceNames, ['ref A', 'ref B']);
    assert.strictEqual(path.basename(wmt.source?.path ?? ''), 'src.cs');
    assert.deepStrictEqual(wmt.judgments.map((j) => [path.basename(j.uri.path), j.format]), [['da-seg.cs-en.csv', 'wmt-da-seg']]);
    const scores = await waitFor(() => api.scores(facebook()), 'the scores of Facebook-AI');
    assert.strictEqual(scores.scoredCount, 30);
    const dir = workspaceUri('wmt-sample').fsPath;
    const cli = cliScores(['--ref', path.join(dir, 'ref.A.en'), '--ref', path.join(dir, 'ref.B.en'), path.join(dir, 'hyp.Facebook-AI.en'), '--metrics', 'bleu,chrf,ter']);
    for (const metric of METRICS) assert.strictEqual(scores.corpus[metric].score, cli[metric].score, metric);

    // DUC/TAC folders: one system per peer id, one segment per topic.
    const duc = evaluations.find((e) => e.name === 'DUC-style folders');
    assert.ok(duc);
    assert.deepStrictEqual(duc.systems.map((s) => s.name), ['peer 1', 'peer 2']);
    assert.deepStrictEqual(duc.referenceNames, ['models model 1', 'models model 2']);
    const peer2 = await waitFor(() => api.scores(duc.systems[1].uri), 'the scores of peer 2');
    assert.strictEqual(peer2.scoredCount, 2);
    // Peer 2's second summary is the first model of topic D002 minus one word: nearly every unigram matches.
    assert.ok(peer2.sentence.rouge1[1] > peer2.sentence.rouge1[0], `ROUGE-1 per topic: ${[...peer2.sentence.rouge1]}`);
    if (probeAvailable()) {
      // A peer's summary file shows its scores after its first line.
      await vscode.window.showTextDocument(workspaceUri('duc', 'peers', 'D002.M.100.T.2'), { preview: false });
      const rendered = await waitForRendered(() => renderedLineDecorations('D002.M.100.T.2'), (r) => afterText(r[0]).startsWith('R-1 '), 'the DUC summary\'s scores');
      assert.strictEqual(afterText(rendered[0]), formatSentenceScores([['rouge1', peer2.sentence.rouge1[1]], ['rougeL', peer2.sentence.rougeL[1]]]));
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    }
  });

  it('scores JSON Lines summaries against a list of references, and draws their scores on the records\' lines', async function () {
    const evaluation = api.evaluations().find((e) => e.name === 'SummEval (3 documents)');
    assert.ok(evaluation);
    assert.deepStrictEqual(evaluation.systems.map((s) => s.name), ['M0', 'M23']);
    assert.strictEqual(evaluation.referenceNames.length, 11, 'one reference per item of the "refs" list');
    const m0 = evaluation.systems[0].uri;
    const scores = await waitFor(() => api.scores(m0), 'the scores of M0');
    // The same texts through the engine directly: the editor's JSONL reading adds nothing and loses nothing.
    const records = (file: string): Record<string, unknown>[] =>
      fs.readFileSync(workspaceUri('summeval-jsonl', file).fsPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const refs = records('references.jsonl').map((r) => r.refs as string[]);
    const report = scoreSystems({
      references: refs[0].map((_, k) => ({ file: `ref ${k}`, segments: refs.map((r) => r[k]) })),
      systems: [{ file: 'M0', hypotheses: records('summaries/M0.jsonl').map((r) => r.summary as string) }],
      metrics: ['rouge1', 'rougeL'].map((m) => metricRequest(m, { ...DEFAULT_METRIC_SETTINGS, rougeStem: true })),
      sentence: true,
    });
    assert.strictEqual(scores.corpus.rouge1.score, report.systems[0].scores.rouge1.score);
    assert.deepStrictEqual([...scores.sentence.rougeL], report.segments!.map((s) => s.scores.rougeL));
    if (!probeAvailable()) return;
    await vscode.window.showTextDocument(m0, { preview: false });
    const rendered = await waitForRendered(() => renderedLineDecorations('M0.jsonl'), (r) => r.length >= 3 && afterText(r[2]).startsWith('R-1 '), 'the scores of the JSONL records');
    assert.strictEqual(afterText(rendered[1]), formatSentenceScores([['rouge1', scores.sentence.rouge1[1]], ['rougeL', scores.sentence.rougeL[1]]]));
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('shows the problems of a broken manifest as Diagnostics on the files concerned, and still scores what it can', async () => {
    const manifest = workspaceUri('broken', 'understudy.json');
    const messages = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(manifest).filter((d) => d.source === 'Understudy');
      return found.length >= 2 ? found : undefined;
    }, 'the manifest diagnostics');
    const text = messages.map((d) => d.message).join('\n');
    assert.match(text, /Unknown judgment format "likert-7": use one of wmt-da-seg/);
    assert.match(text, /Cannot read system "hyp\.missing\.en": broken\/hyp\.missing\.en does not exist/);
    const missing = messages.find((d) => d.message.includes('hyp.missing.en'));
    const document = await vscode.workspace.openTextDocument(manifest);
    assert.strictEqual(document.getText(missing!.range), '{ "name": "missing", "path": "hyp.missing.en" }', 'the diagnostic marks the entry');

    // The shorter reference is left out (and says so on its own last line); the system is scored against the other.
    const short = vscode.languages.getDiagnostics(workspaceUri('broken', 'ref.short.en')).filter((d) => d.source === 'Understudy');
    assert.strictEqual(short.length, 1, JSON.stringify(short));
    assert.match(short[0].message, /ref\.short\.en has 28 segments but ref\.A\.en has 30: it is left out of this evaluation/);
    // The system with 25 lines is scored on them, and its Diagnostic says what is missing.
    const system = workspaceUri('broken', 'hyp.short.en');
    const scores = await waitFor(() => api.scores(system), 'the scores of the short system');
    assert.strictEqual(scores.scoredCount, 25);
    const mismatch = await waitFor(() => vscode.languages.getDiagnostics(system).find((d) => d.code === 'line-count-mismatch'), 'the line-count diagnostic');
    assert.match(mismatch.message, /has 25 lines but .*ref\.A\.en has 30/);
  });

  it('draws each line\'s sentence scores at its end, coloured by the heat scale', async function () {
    skipWithoutProbe(this);
    await vscode.window.showTextDocument(facebook(), { preview: false });
    const lines = await waitForRendered(
      () => renderedLineDecorations('hyp.Facebook-AI.en'),
      (rendered) => rendered.length > 5 && rendered.slice(0, 5).every((l) => afterText(l).startsWith('BLEU ')),
      'the sentence scores',
    );
    const scores = api.scores(facebook())!;
    for (const line of lines.filter((l) => l.line < 30)) assert.strictEqual(afterText(line), expectedLabel(facebook(), line.line), `line ${line.line}`);
    // Colour: a level-0 line (BLEU ≤ 10) and a level-4 line (BLEU ≥ 40) differ; in a dark theme the low one is #f14c4c.
    const level = (i: number): number | undefined => heatLevel(scores.sentence.bleu[i], thresholdsFor('bleu'));
    const lowLine = [...scores.sentence.bleu.keys()].find((i) => level(i) === 0);
    const highLine = [...scores.sentence.bleu.keys()].find((i) => level(i) === 4);
    assert.ok(lowLine !== undefined && highLine !== undefined, `the sample has low and high lines: ${[...scores.sentence.bleu].map((v) => v.toFixed(0))}`);
    const colourOf = async (line: number): Promise<string> => {
      vscode.window.activeTextEditor!.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.InCenter);
      const shown = await waitForRendered(() => renderedLineDecorations('hyp.Facebook-AI.en'), (r) => afterText(r.find((l) => l.line === line)).startsWith('BLEU '), `line ${line}`);
      return shown.find((l) => l.line === line)!.after[0].color;
    };
    const low = await colourOf(lowLine);
    const high = await colourOf(highLine);
    assert.notStrictEqual(low, high);
    if (vscode.window.activeColorTheme.kind === vscode.ColorThemeKind.Dark) assert.strictEqual(low, 'rgb(241, 76, 76)');
  });

  it('shows the corpus scores with 95% bootstrap intervals, segments, references and signature in a CodeLens', async function () {
    skipWithoutProbe(this);
    await vscode.window.showTextDocument(facebook(), { preview: false });
    // The lens stands above line 0: scroll to the very top so that it is drawn, again before each look, since the lens
    // arrives after the scroll (a CI run read it while the editor stood one line down, and placed it above line 1).
    const toTop = () => vscode.commands.executeCommand('editorScroll', { to: 'up', by: 'line', value: 10000 });
    await toTop();
    const intervals = await waitFor(() => api.intervals(facebook()), 'bootstrap intervals');
    const scores = api.scores(facebook())!;
    const bleu = formatCorpusScore('bleu', scores.corpus.bleu.score, intervals.bleu);
    const lenses = await waitForRendered(
      async () => {
        await toTop();
        return renderedCodeLenses('hyp.Facebook-AI.en');
      },
      (rendered) => rendered.some((l) => l.titles.includes(bleu) && l.line === 0),
      'the corpus CodeLens above line 0',
    );
    const first = lenses.find((l) => l.titles.includes(bleu));
    assert.ok(first, JSON.stringify(lenses));
    assert.strictEqual(first.line, 0, `the lens stands above line 0: ${JSON.stringify(lenses)}`);
    assert.deepStrictEqual(first.titles, [
      bleu,
      formatCorpusScore('chrf', scores.corpus.chrf.score, intervals.chrf),
      formatCorpusScore('ter', scores.corpus.ter.score, intervals.ter),
      '30 segments',
      'refs: ref A, ref B',
      'signature',
    ]);
    assert.match(bleu, /^BLEU \d+\.\d\d \[\d+\.\d\d, \d+\.\d\d\]$/);
  });

  it('explains a line in its hover: per-metric breakdown, the references with their matches, links', async function () {
    skipWithoutProbe(this);
    const editor = await vscode.window.showTextDocument(facebook(), { preview: false });
    const hover = await hoverAt(1, 2, { editor });
    const text = hover.parts.find((p) => p.includes('Understudy')) ?? '';
    assert.match(text, /Understudy · Facebook-AI · segment 2 of 30/);
    const scores = api.scores(facebook())!;
    assert.ok(text.includes(`BLEU ${scores.sentence.bleu[1].toFixed(1)}`), text);
    assert.match(text, /matches 1: \d+\/\d+ · 2: \d+\/\d+ · 3: \d+\/\d+ · 4: \d+\/\d+/);
    assert.match(text, /brevity penalty \d\.\d{3}/);
    assert.match(text, /TER [\d.]+ — \d+ edits? \/ [\d.]+ reference words: \d+ sub, \d+ ins, \d+ del/);
    assert.match(text, /source .*Filip Novák/, 'the source line (src.cs) is shown');
    assert.match(text, /ref A .*Trabzonspor/);
    assert.match(text, /ref B .*Trabzonspor/);
    assert.match(text, /decided by ref [AB]/);
    assert.match(text, /Open reference at this line/);
  });

  it('re-scores an edited line and draws its new scores', async function () {
    skipWithoutProbe(this);
    const editor = await vscode.window.showTextDocument(onlineB(), { preview: false });
    await waitForRendered(() => renderedLineDecorations('hyp.Online-B.en'), (r) => afterText(r.find((l) => l.line === 2)).startsWith('BLEU '), 'the scores of Online-B');
    const reference = (await vscode.workspace.openTextDocument(workspaceUri('wmt-sample', 'ref.A.en'))).lineAt(2).text;
    await vscode.window.showTextDocument(editor.document, { preview: false });
    await editor.edit((edit) => edit.replace(editor.document.lineAt(2).range, reference));
    const rendered = await waitForRendered(
      () => renderedLineDecorations('hyp.Online-B.en'),
      (r) => afterText(r.find((l) => l.line === 2)).startsWith('BLEU 100.0 '),
      'the re-scored line',
    );
    assert.strictEqual(afterText(rendered.find((l) => l.line === 2)), expectedLabel(onlineB(), 2));
    assert.match(afterText(rendered.find((l) => l.line === 2)), /TER 0\.0$/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('applies setting changes at once: metrics shown redraw, metric settings re-score', async function () {
    const config = vscode.workspace.getConfiguration('understudy');
    // A metric setting the manifest leaves to the user: the evaluation is re-scored with it.
    await config.update('lowercase', true, vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => (api.scores(facebook())?.corpus.bleu.signature.includes('case:lc') ? true : undefined), 'the re-score with lowercase');
      const dir = workspaceUri('wmt-sample').fsPath;
      const cli = cliScores(['--ref', path.join(dir, 'ref.A.en'), '--ref', path.join(dir, 'ref.B.en'), path.join(dir, 'hyp.Facebook-AI.en'), '--metrics', 'bleu', '--lowercase']);
      assert.strictEqual(api.scores(facebook())!.corpus.bleu.score, cli.bleu.score);
    } finally {
      await config.update('lowercase', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => (api.scores(facebook())?.corpus.bleu.signature.includes('case:mixed') ? true : undefined), 'the re-score without lowercase');
    if (!probeAvailable()) return;
    // A display setting: the lines show only chrF.
    await vscode.window.showTextDocument(facebook(), { preview: false });
    await config.update('decorations.metrics', ['chrf'], vscode.ConfigurationTarget.Global);
    try {
      const rendered = await waitForRendered(() => renderedLineDecorations('hyp.Facebook-AI.en'), (r) => r.length > 0 && r.every((l) => l.line >= 30 || /^chrF [\d.]+$/.test(afterText(l))), 'chrF alone');
      assert.strictEqual(afterText(rendered[0]), `chrF ${api.scores(facebook())!.sentence.chrf[0].toFixed(1)}`);
    } finally {
      await config.update('decorations.metrics', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('writes understudy.json for a file scored by hand, and the workspace then holds that evaluation', async () => {
    const folder = workspaceUri('written-manifest');
    const sample = workspaceUri('wmt-sample');
    // A run stopped half-way may have left it.
    await vscode.workspace.fs.delete(folder, { recursive: true }).then(undefined, () => undefined);
    await vscode.workspace.fs.createDirectory(folder);
    try {
      for (const file of ['hyp.Online-B.en', 'ref.A.en']) await vscode.workspace.fs.copy(vscode.Uri.joinPath(sample, file), vscode.Uri.joinPath(folder, file));
      const system = vscode.Uri.joinPath(folder, 'hyp.Online-B.en');
      await vscode.commands.executeCommand('understudy.scoreAgainstReference', system, [vscode.Uri.joinPath(folder, 'ref.A.en')]);
      const written = await vscode.commands.executeCommand<vscode.Uri>('understudy.writeManifest', system);
      assert.strictEqual(written?.toString(), vscode.Uri.joinPath(folder, 'understudy.json').toString());
      const manifest = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(written))) as Record<string, unknown>;
      assert.deepStrictEqual(manifest, { name: 'written-manifest', task: 'mt', references: ['ref.A.en'], systems: [{ name: 'hyp.Online-B.en', path: 'hyp.Online-B.en' }], metrics: ['bleu', 'chrf', 'ter'] });
      const evaluation = await waitFor(() => api.evaluations().find((e) => e.manifest.toString() === written.toString()), 'the written evaluation');
      assert.deepStrictEqual(evaluation.systems.map((s) => s.name), ['hyp.Online-B.en']);
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await vscode.workspace.fs.delete(folder, { recursive: true });
    }
  });

  it('lists evaluations, systems with corpus scores and segments worst first in the Evaluations tree', async function () {
    skipWithoutProbe(this);
    api.filterTree({}, 'bleu');
    await vscode.commands.executeCommand('understudy.revealInTree', facebook());
    const tree = await waitForRendered(
      () => treeItems('Evaluations'),
      (t) => t.items.some((i) => i.label === 'Facebook-AI' && i.expanded === true) && t.items.some((i) => i.label.startsWith('line ')),
      'the Evaluations tree',
    );
    const labels = tree.items.map((i) => i.label);
    assert.ok(labels.includes('WMT21 cs-en (30 segments)'), JSON.stringify(labels));
    const system = tree.items.find((i) => i.label === 'Facebook-AI')!;
    const scores = api.scores(facebook())!;
    assert.ok(system.description.startsWith(formatCorpusScore('bleu', scores.corpus.bleu.score)), system.description);
    // Segments: worst BLEU first.
    const segments = tree.items.filter((i) => i.level === system.level + 1 && i.label.startsWith('line '));
    const order = [...scores.sentence.bleu.keys()].sort((a, b) => scores.sentence.bleu[a] - scores.sentence.bleu[b] || a - b);
    assert.deepStrictEqual(segments.slice(0, 3).map((s) => s.label), order.slice(0, 3).map((i) => `line ${i + 1}`));
    assert.ok(segments[0].description.startsWith(`BLEU ${scores.sentence.bleu[order[0]].toFixed(1)}`), segments[0].description);

    // A score filter narrows the list: only segments with BLEU ≥ 40 remain.
    api.filterTree({ score: { metric: 'bleu', min: 40, max: Number.POSITIVE_INFINITY } }, 'bleu');
    const expected = order.filter((i) => scores.sentence.bleu[i] >= 40).map((i) => `line ${i + 1}`);
    const filtered = await waitForRendered(
      () => treeItems('Evaluations'),
      (t) => t.items.filter((i) => i.label.startsWith('line ')).length > 0 && t.items.filter((i) => i.label.startsWith('line ')).every((i) => expected.includes(i.label)),
      'the filtered tree',
    );
    assert.deepStrictEqual(filtered.items.filter((i) => i.label.startsWith('line ')).map((i) => i.label).slice(0, expected.length), expected.slice(0, filtered.items.filter((i) => i.label.startsWith('line ')).length));
    api.filterTree({});
  });

  it('moves to the next and previous low segment', async () => {
    const editor = await vscode.window.showTextDocument(facebook(), { preview: false });
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    // Thresholds are a setting, applied at once: BLEU ≤ 25 is low here.
    await vscode.workspace.getConfiguration('understudy').update('colors.thresholds', { bleu: [25, 50] }, vscode.ConfigurationTarget.Global);
    const bleu = api.scores(facebook())!.sentence.bleu;
    const low = [...bleu.keys()].filter((i) => bleu[i] <= 25);
    assert.ok(low.length >= 2, `low lines: ${low}`);
    await vscode.commands.executeCommand('understudy.nextLowSegment');
    const first = low.find((i) => i > 0)!;
    assert.strictEqual(vscode.window.activeTextEditor?.selection.active.line, first);
    await vscode.commands.executeCommand('understudy.nextLowSegment');
    const second = low.find((i) => i > first) ?? low[0];
    assert.strictEqual(vscode.window.activeTextEditor?.selection.active.line, second);
    await vscode.commands.executeCommand('understudy.previousLowSegment');
    assert.strictEqual(vscode.window.activeTextEditor?.selection.active.line, first);
    if (probeAvailable()) {
      // The keybinding: Alt+F9 in a scored editor.
      await vscode.window.showTextDocument(editor.document, { preview: false });
      await pressKey('Alt+F9');
      await waitFor(() => (vscode.window.activeTextEditor?.selection.active.line === second ? true : undefined), 'Alt+F9 to move to the next low segment', 5000);
    }
    // From the first low line, "previous" wraps around to the last one.
    editor.selection = new vscode.Selection(low[0], 0, low[0], 0);
    await vscode.commands.executeCommand('understudy.previousLowSegment');
    assert.strictEqual(vscode.window.activeTextEditor?.selection.active.line, low[low.length - 1]);
    await vscode.workspace.getConfiguration('understudy').update('colors.thresholds', undefined, vscode.ConfigurationTarget.Global);
  });

  it('opens the references beside the system, scrolled in step', async () => {
    await vscode.window.showTextDocument(facebook(), { preview: false, viewColumn: vscode.ViewColumn.One });
    await vscode.commands.executeCommand('understudy.openReferenceAtLine', facebook(), 20);
    const visible = vscode.window.visibleTextEditors.map((e) => path.basename(e.document.uri.path));
    assert.ok(visible.includes('ref.A.en') && visible.includes('ref.B.en'), JSON.stringify(visible));
    const linked = api.scrollLinked(facebook()).map((u) => path.basename(vscode.Uri.parse(u).path));
    assert.deepStrictEqual(linked, ['hyp.Facebook-AI.en', 'ref.A.en', 'ref.B.en']);
    const referenceEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('ref.A.en'))!;
    assert.ok(referenceEditor.visibleRanges[0].start.line <= 20 && referenceEditor.visibleRanges[0].end.line >= 20, 'the reference shows segment 21');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    if (probeAvailable()) {
      // The README's screenshot: a system with its line scores (wrapped, so that they show), the tree, a hover.
      const editorConfig = vscode.workspace.getConfiguration('editor');
      await editorConfig.update('wordWrap', 'on', vscode.ConfigurationTarget.Global);
      const source = await vscode.window.showTextDocument(facebook(), { preview: false, viewColumn: vscode.ViewColumn.One });
      await vscode.commands.executeCommand('understudy.revealInTree', facebook());
      // The hover shows the line's scores, so it appears only once they are painted (a busy machine takes its time
      // re-scoring after the settings test before: a CI run saw no hover within 10 s).
      source.revealRange(new vscode.Range(16, 0, 16, 0), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      await waitForRendered(() => renderedLineDecorations('hyp.Facebook-AI.en'), (r) => afterText(r.find((l) => l.line === 16)).startsWith('BLEU '), 'line 17 scored');
      // Revealing the system in the tree gives the tree focus (as a click on the lens should), and in a busy renderer
      // that can land after hoverAt has focused the editor: the hover command then finds no focused editor (two CI
      // runs saw no hover although the line's scores were painted). So the editor is focused again, and asked twice.
      await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
      try {
        await hoverAt(16, 12, { editor: source, keepOpen: true, timeoutMs: 30_000 });
      } catch {
        await vscode.commands.executeCommand('workbench.action.focusActiveEditorGroup');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await hoverAt(16, 12, { editor: source, keepOpen: true, timeoutMs: 30_000 });
      }
      await screenshot('understudy-editor');
      await vscode.commands.executeCommand('editor.action.hideHover');
      await editorConfig.update('wordWrap', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
