// Self-test of the UI probe (ui-probe.ts): decorations, CodeLenses and a hover created here, in the extension host,
// must be read back from the rendered workbench page. Skipped under hosts without the probe (desktop VS Code).
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import {
  hoverAt,
  renderedCodeLenses,
  renderedLineDecorations,
  RenderedLine,
  screenshot,
  skipWithoutProbe,
  treeItems,
  waitForRendered,
} from './ui-probe';

const SAMPLE = 'ui-probe.sample.txt';
const SELECTOR: vscode.DocumentSelector = { pattern: `**/${SAMPLE}` };

function workspaceUri(name: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace (test/integration/workspace) is not open');
  return vscode.Uri.joinPath(folder.uri, name);
}

describe('UI probe (reads the rendered workbench)', () => {
  const disposables: vscode.Disposable[] = [];
  let editor: vscode.TextEditor;

  before(async function () {
    skipWithoutProbe(this);
    const document = await vscode.workspace.openTextDocument(workspaceUri(SAMPLE));
    editor = await vscode.window.showTextDocument(document, { preview: false });
  });

  after(async () => {
    for (const d of disposables.splice(0)) d.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reads after/before decoration text, with its colour, from the rendered lines', async () => {
    const after = vscode.window.createTextEditorDecorationType({ after: { contentText: 'probe 42.0', color: '#ff0000', margin: '0 0 0 1em' } });
    // Quotes and backslashes go through VS Code's CSS escaping and must come back as written.
    const before = vscode.window.createTextEditorDecorationType({ before: { contentText: `it's a \\ "probe"`, fontStyle: 'italic' } });
    disposables.push(after, before);
    editor.setDecorations(after, [new vscode.Range(0, 10, 0, 10), new vscode.Range(2, 10, 2, 10)]);
    editor.setDecorations(before, [new vscode.Range(3, 0, 3, 0)]);

    const ours = (line: RenderedLine | undefined) => line?.after.filter((d) => d.text === 'probe 42.0') ?? [];
    const lines = await waitForRendered(
      () => renderedLineDecorations(SAMPLE),
      (rendered) => ours(rendered.find((l) => l.line === 0)).length === 1 && rendered.some((l) => l.before.length > 0),
      'the probe decorations',
    );
    const byLine = new Map(lines.map((l) => [l.line, l]));
    assert.deepStrictEqual([0, 1, 2, 3].map((n) => byLine.get(n)?.text), ['alpha line', 'beta line', 'gamma line', 'delta line']);
    assert.strictEqual(ours(byLine.get(0))[0].color, 'rgb(255, 0, 0)');
    assert.strictEqual(ours(byLine.get(1)).length, 0, 'line 1 has no decoration');
    assert.strictEqual(ours(byLine.get(2)).length, 1);
    assert.deepStrictEqual(byLine.get(3)?.before.map((d) => [d.text, d.fontStyle]), [[`it's a \\ "probe"`, 'italic']]);

    // One decoration type, a different text per line through DecorationOptions.renderOptions (per-range CSS classes).
    const perLine = vscode.window.createTextEditorDecorationType({ after: { color: '#00aa00' } });
    disposables.push(perLine);
    editor.setDecorations(
      perLine,
      [1, 3].map((line) => ({ range: new vscode.Range(line, 100, line, 100), renderOptions: { after: { contentText: `score ${line}.5` } } })),
    );
    const perLineRendered = await waitForRendered(
      () => renderedLineDecorations(SAMPLE),
      (rendered) => rendered.some((l) => l.after.some((d) => d.text === 'score 3.5')),
      'the per-range decorations',
    );
    assert.deepStrictEqual(
      perLineRendered.map((l) => [l.line, l.after.filter((d) => d.text.startsWith('score ')).map((d) => [d.text, d.color])]),
      [
        [0, []],
        [1, [['score 1.5', 'rgb(0, 170, 0)']]],
        [2, []],
        [3, [['score 3.5', 'rgb(0, 170, 0)']]],
        [4, []],
      ],
    );

    // Removing the decorations removes them from the page.
    editor.setDecorations(perLine, []);
    editor.setDecorations(after, []);
    await waitForRendered(
      () => renderedLineDecorations(SAMPLE),
      (rendered) => rendered.every((l) => ours(l).length === 0),
      'removal of the probe decorations',
    );
  });

  it('reads CodeLens titles and the line they stand above', async () => {
    disposables.push(
      vscode.languages.registerCodeLensProvider(SELECTOR, {
        provideCodeLenses: () => [
          new vscode.CodeLens(new vscode.Range(1, 0, 1, 0), { title: 'probe lens A', command: '' }),
          new vscode.CodeLens(new vscode.Range(1, 0, 1, 0), { title: 'probe lens B', command: 'workbench.action.files.save' }),
          new vscode.CodeLens(new vscode.Range(3, 0, 3, 0), { title: 'probe lens C', command: '' }),
        ],
      }),
    );
    // Lens zones are inserted before the lines below them move down: accept a read only once the next agrees with it.
    let previous = '';
    const lenses = await waitForRendered(
      () => renderedCodeLenses(SAMPLE),
      (rendered) => {
        const settled = JSON.stringify(rendered) === previous;
        previous = JSON.stringify(rendered);
        return settled && rendered.some((l) => l.titles.includes('probe lens C'));
      },
      'the probe CodeLenses',
    );
    const ours = lenses.filter((l) => l.titles.some((t) => t.startsWith('probe lens')));
    assert.deepStrictEqual(
      ours.map((l) => [l.line, l.titles]),
      [
        [1, ['probe lens A', 'probe lens B']],
        [3, ['probe lens C']],
      ],
    );
    assert.strictEqual(ours[0].text, 'probe lens A | probe lens B');
  });

  it('shows the hover at a position and reads its rendered text', async () => {
    disposables.push(
      vscode.languages.registerHoverProvider(SELECTOR, {
        provideHover: (_document, position) =>
          new vscode.Hover(new vscode.MarkdownString(`**probe hover** at ${position.line}:${position.character}`)),
      }),
    );
    disposables.push(
      vscode.languages.registerHoverProvider(SELECTOR, {
        provideHover: () => new vscode.Hover([new vscode.MarkdownString('second part'), new vscode.MarkdownString('`third` part')]),
      }),
    );
    // One part per provider; a provider's markdown strings are rendered (no `**`, no backticks) in one part.
    const hover = await hoverAt(2, 3);
    assert.deepStrictEqual([...hover.parts].sort(), ['probe hover at 2:3', 'second part\n\nthird part'], `hover: ${JSON.stringify(hover)}`);
    const other = await hoverAt(0, 1);
    assert.ok(other.parts.includes('probe hover at 0:1'), `hover parts: ${JSON.stringify(other.parts)}`);
  });

  it('reads the rows of a side-bar tree (the Explorer)', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    const tree = await waitForRendered(
      () => treeItems('workspace'),
      (rendered) => rendered.items.some((i) => i.label === SAMPLE),
      'the Explorer rows',
    );
    const labels = tree.items.map((i) => i.label);
    assert.ok(labels.includes('three-lines.hyp.en'), `Explorer rows: ${JSON.stringify(labels)}`);
  });

  it('finds a view of a single-view container by the container\'s title (Search)', async () => {
    await vscode.commands.executeCommand('workbench.view.search');
    const tree = await treeItems('search');
    assert.match(tree.viewTitle, /^search$/i);
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('fails with a clear message when asked about an editor that is not shown', async () => {
    await assert.rejects(renderedLineDecorations('no-such-file.txt'), /no visible editor shows a file ending in "no-such-file\.txt"/);
  });

  it('saves a screenshot of the workbench', async () => {
    const file = await screenshot('ui-probe-self-test');
    const header = fs.readFileSync(file).subarray(0, 8);
    assert.deepStrictEqual([...header], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${file} is a PNG`);
  });
});
