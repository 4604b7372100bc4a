// METEOR's alignment in a real extension host: with METEOR first among the metrics, its sentence score ends each
// line, and on the active line every aligned word takes its module's colour (exact, stem, synonym), on the
// candidate and on the aligned reference in the reference view; unaligned words are underlined, chunks barred; the
// hover lists the non-exact pairs.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { EXTENSION_ID, extensionRoot } from './host-helpers';
import { hoverAt, renderedLineDecorations, RenderedTextDecoration, renderedTextDecorations, screenshot, skipWithoutProbe, waitForRendered } from './ui-probe';

/** Segment 3 of the sample: METEOR aligns it with ref A (exact words, "placed" ~ "place" by stem, "keep" ~ "hold" as synonyms). */
const LINE = 2;

const sample = (name: string): vscode.Uri => vscode.Uri.file(path.join(extensionRoot(), 'samples', 'wmt21-cs-en', name));
const setting = (key: string, value: unknown): Thenable<void> => vscode.workspace.getConfiguration('understudy').update(key, value, vscode.ConfigurationTarget.Global);

/** The background of the decoration covering exactly `word` on the line (none: undefined). */
function backgroundOf(decorations: readonly RenderedTextDecoration[], word: string): string | undefined {
  return decorations.find((d) => d.text === word && d.backgroundColor !== 'rgba(0, 0, 0, 0)')?.backgroundColor;
}

describe('METEOR alignment in the editor', () => {
  before(async function () {
    this.timeout(120000);
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
  });

  after(async () => {
    for (const key of ['metrics', 'meteor.modules', 'referenceExpansion.mode']) await setting(key, undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('colours the active line\'s aligned words by module on the candidate and on the reference, and explains them in the hover', async function () {
    this.timeout(180000);
    skipWithoutProbe(this);
    await setting('metrics', ['meteor', 'bleu']);
    const hyp = sample('hyp.Facebook-AI.en');
    const result = await vscode.commands.executeCommand<unknown>('understudy.scoreAgainstReference', hyp, [sample('ref.A.en'), sample('ref.B.en')]);
    assert.ok(result && typeof result === 'object' && 'systems' in result, `expected a report, got ${JSON.stringify(result)?.slice(0, 300)}`);
    const editor = await vscode.window.showTextDocument(hyp, { preview: false, viewColumn: vscode.ViewColumn.One });
    await vscode.commands.executeCommand('understudy.openReferenceAtLine', hyp, LINE);
    await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
    editor.selection = new vscode.Selection(LINE, 0, LINE, 0);

    // METEOR is among the line scores, first.
    const lines = await waitForRendered(() => renderedLineDecorations('wmt21-cs-en/hyp.Facebook-AI.en'), (r) => (r.find((l) => l.line === LINE)?.after ?? []).some((a) => a.text.startsWith('METEOR ')), 'the METEOR line score');
    assert.match(lines.find((l) => l.line === LINE)!.after.map((a) => a.text).join(''), /^METEOR 0\.\d{3}/);

    const onLine = (r: readonly RenderedTextDecoration[]): RenderedTextDecoration[] => r.filter((d) => d.line === LINE);
    const candidate = onLine(await waitForRendered(() => renderedTextDecorations('wmt21-cs-en/hyp.Facebook-AI.en'), (r) => backgroundOf(onLine(r), 'placed') !== undefined, 'the module colours on the candidate'));
    const reference = onLine(await waitForRendered(() => renderedTextDecorations('wmt21-cs-en/ref.A.en'), (r) => backgroundOf(onLine(r), 'place') !== undefined, 'the module colours on ref A'));
    const exact = backgroundOf(candidate, 'His');
    const stem = backgroundOf(candidate, 'placed');
    const synonym = backgroundOf(candidate, 'keep');
    assert.ok(exact && stem && synonym, JSON.stringify(candidate));
    assert.strictEqual(new Set([exact, stem, synonym]).size, 3, `three modules, three colours: ${exact} ${stem} ${synonym}`);
    // The same colours link each word with its partner in the reference.
    assert.strictEqual(backgroundOf(reference, 'His'), exact);
    assert.strictEqual(backgroundOf(reference, 'won'), exact);
    assert.strictEqual(backgroundOf(reference, 'place'), stem);
    assert.strictEqual(backgroundOf(reference, 'hold'), synonym);
    // understudy.meteorStemBackground as package.json contributes it (#1f5f9f99 dark, #a9cff5b0 light).
    const kind = vscode.window.activeColorTheme.kind;
    if (kind === vscode.ColorThemeKind.Dark) assert.strictEqual(stem, 'rgba(31, 95, 159, 0.6)');
    if (kind === vscode.ColorThemeKind.Light) assert.strictEqual(stem, 'rgba(169, 207, 245, 0.69)');
    // Unaligned hypothesis words are underlined ("at bay" has no partner), chunk starts barred on both sides.
    assert.ok(candidate.some((d) => d.text === 'bay' && d.borderBottom.startsWith('dotted')), JSON.stringify(candidate));
    assert.ok(candidate.filter((d) => d.borderLeft.startsWith('solid 2px')).length >= 2, 'several chunks on the candidate');
    assert.ok(reference.some((d) => d.borderLeft.startsWith('solid 2px') && d.text === 'H'), 'the first chunk starts at "His" of ref A');
    // METEOR aligned this segment with ref A only: ref B's line is not painted.
    const other = onLine(await renderedTextDecorations('wmt21-cs-en/ref.B.en'));
    assert.deepStrictEqual(other.filter((d) => d.backgroundColor !== 'rgba(0, 0, 0, 0)'), []);

    await screenshot('meteor-alignment');
    const hover = await hoverAt(LINE, 1, { editor, keepOpen: true });
    await screenshot('meteor-alignment-hover');
    await vscode.commands.executeCommand('editor.action.hideHover');
    const text = hover.parts.find((p) => p.includes('Understudy')) ?? '';
    assert.match(text, /METEOR 0\.\d{3} — P 0\.\d{3} · R 0\.\d{3} · Fmean 0\.\d{3}/);
    assert.match(text, /fragmentation penalty 0\.\d{3} \(\d+ chunks/);
    assert.match(text, /aligned words: \d+ exact · 1 stem · \d+ synonym/);
    assert.match(text, /placed ← place · stem/);
    assert.match(text, /keep ← hold · synonym/);
  });

  it('leaves the n-gram colours when BLEU is shown before METEOR', async function () {
    this.timeout(120000);
    skipWithoutProbe(this);
    await setting('metrics', ['bleu', 'meteor']);
    const hyp = sample('hyp.Facebook-AI.en');
    await vscode.commands.executeCommand('understudy.scoreAgainstReference', hyp, [sample('ref.A.en'), sample('ref.B.en')]);
    const editor = await vscode.window.showTextDocument(hyp, { preview: false, viewColumn: vscode.ViewColumn.One });
    editor.selection = new vscode.Selection(LINE, 0, LINE, 0);
    const lines = await waitForRendered(() => renderedLineDecorations('wmt21-cs-en/hyp.Facebook-AI.en'), (r) => (r.find((l) => l.line === LINE)?.after ?? []).some((a) => a.text.startsWith('BLEU ')), 'the BLEU line score');
    assert.ok(lines.length > 0);
    // The METEOR layer gives way (no chunk bars left) to BLEU's n-gram shades, where "third-placed" is one unmatched token.
    const onLine = (r: readonly RenderedTextDecoration[]): RenderedTextDecoration[] => r.filter((d) => d.line === LINE);
    const candidate = onLine(
      await waitForRendered(
        () => renderedTextDecorations('wmt21-cs-en/hyp.Facebook-AI.en'),
        (r) => backgroundOf(onLine(r), 'His') !== undefined && !onLine(r).some((d) => d.borderLeft.startsWith('solid 2px')),
        'the n-gram colours in place of the alignment',
        60000,
      ),
    );
    assert.strictEqual(backgroundOf(candidate, 'placed'), undefined, JSON.stringify(candidate));
    assert.ok(candidate.some((d) => d.text === 'third-placed' && d.borderBottom.startsWith('dotted')), JSON.stringify(candidate));
  });

  it('says in the hover which synonym substitution of an expanded reference produced a match, for METEOR and BLEU', async function () {
    this.timeout(180000);
    skipWithoutProbe(this);
    await setting('metrics', ['meteor', 'bleu']);
    await setting('meteor.modules', ['exact']);
    await setting('referenceExpansion.mode', 'wordnet');
    const hyp = sample('hyp.Facebook-AI.en');
    const result = await vscode.commands.executeCommand<unknown>('understudy.scoreAgainstReference', hyp, [sample('ref.A.en')]);
    assert.ok(result && typeof result === 'object' && 'systems' in result, `expected a report, got ${JSON.stringify(result)?.slice(0, 300)}`);
    const editor = await vscode.window.showTextDocument(hyp, { preview: false, viewColumn: vscode.ViewColumn.One });
    await vscode.commands.executeCommand('understudy.openReferenceAtLine', hyp, LINE);
    await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
    editor.selection = new vscode.Selection(LINE, 0, LINE, 0);
    // "keep" matches exactly once "hold" of ref A is replaced by its WordNet synonym: "hold" is painted as an exact match.
    // Ref A stays open from the test before, where "hold" was painted as a synonym match; the wait is for the repaint
    // of the new settings, not for the first colour seen (under load the old paint can still be on screen).
    const onLine = (r: readonly RenderedTextDecoration[]): RenderedTextDecoration[] => r.filter((d) => d.line === LINE);
    const paintedLikeHis = (r: readonly RenderedTextDecoration[]): boolean => backgroundOf(onLine(r), 'hold') !== undefined && backgroundOf(onLine(r), 'hold') === backgroundOf(onLine(r), 'His');
    const reference = await waitForRendered(() => renderedTextDecorations('wmt21-cs-en/ref.A.en'), paintedLikeHis, '"hold" on ref A painted as an exact match, as "His" is', 60000);
    assert.strictEqual(backgroundOf(onLine(reference), 'hold'), backgroundOf(onLine(reference), 'His'));
    const hover = await hoverAt(LINE, 1, { editor });
    const text = hover.parts.find((p) => p.includes('Understudy')) ?? '';
    assert.match(text, /keep · exact via keep ← hold, synonym \(wordnet-3\.0\)/);
    assert.match(text, /third · exact via third ← 3rd, synonym \(wordnet-3\.0\)/);
    // BLEU's breakdown names the substitutions its matches needed.
    assert.match(text, /matched via [^·]*keep ← hold, synonym \(wordnet-3\.0\)/);
  });
});
