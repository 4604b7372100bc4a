// In-host side of the UI probe: lets integration tests (which run in the extension host, where there is no DOM) ask
// what the RENDERED workbench shows. scripts/run-integration-tests.js drives the workbench page with Playwright and
// passes a directory in UNDERSTUDY_ITEST_PROBE_DIR; a request is a `<id>.request.json` file written there, the runner
// answers with `<id>.response.json`. Under a host without that runner (e.g. @vscode/test-electron with desktop VS
// Code) the variable is absent: `probeAvailable()` is false and tests call `skipWithoutProbe(this)`.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

/** Same names as in scripts/run-integration-tests.js. */
export const PROBE_DIR_ENV = 'UNDERSTUDY_ITEST_PROBE_DIR';
const REQUEST_SUFFIX = '.request.json';
const RESPONSE_SUFFIX = '.response.json';
/** How long one request may wait for the runner's answer. */
const DEFAULT_REQUEST_TIMEOUT_MS = 15000;
const POLL_MS = 50;

/** One rendered line of the editor: the text the user sees and the decoration content drawn before/after it. */
export interface RenderedLine {
  /** 0-based, like vscode.Position.line (read from the editor's line-number gutter). */
  line: number;
  /** The line as rendered (textContent of the view line, including injected text such as inlay hints). */
  text: string;
  /** contentText of `before` decorations on this line, left to right, as the CSS ::before content shows it. */
  before: RenderedDecoration[];
  /** contentText of `after` decorations on this line, left to right, as the CSS ::after content shows it. */
  after: RenderedDecoration[];
}

export interface RenderedDecoration {
  text: string;
  /** The decorated span's classes (VS Code's generated `ced-…` class names). */
  className: string;
  /** Computed colour of the pseudo element, e.g. `rgb(255, 0, 0)`. */
  color: string;
  backgroundColor: string;
  fontStyle: string;
  fontWeight: string;
}

/** A decoration drawn behind or around text (background, border, outline), with the characters it covers. */
export interface RenderedTextDecoration {
  /** 0-based line. */
  line: number;
  /** The characters under the decoration's box. */
  text: string;
  /** VS Code's generated `ced-…` class names of the decoration type. */
  className: string;
  /** Computed colours, e.g. `rgba(47, 111, 79, 0.5)`. */
  backgroundColor: string;
  /** `style width color` of the left and bottom borders, e.g. `solid 2px rgb(215, 186, 125)`. */
  borderLeft: string;
  borderBottom: string;
}

export interface RenderedCodeLens {
  /** 0-based line the lens stands above. */
  line: number;
  /** The lens titles on that line, in order (VS Code joins them with " | " on screen). */
  titles: string[];
  /** As shown, e.g. "3 references | run". */
  text: string;
}

export interface RenderedHover {
  /** The hover's visible text (innerText), all parts joined by newlines. */
  text: string;
  /** Each hover part separately: one per provider's Hover (its markdown strings joined by blank lines). */
  parts: string[];
}

export interface RenderedTreeItem {
  label: string;
  description: string;
  /** 1-based nesting level (aria-level). */
  level: number;
  /** true/false for collapsible rows, undefined for leaves. */
  expanded: boolean | undefined;
  /** The row's aria-label (label, description and tooltip text as screen readers get them). */
  ariaLabel: string;
}

export interface RenderedTree {
  /** Title of the view the rows were read from, as its header shows it. */
  viewTitle: string;
  items: RenderedTreeItem[];
}

type ProbeRequest =
  | { kind: 'renderedLineDecorations'; fileName?: string }
  | { kind: 'renderedCodeLenses'; fileName?: string }
  | { kind: 'renderedTextDecorations'; fileName?: string }
  | { kind: 'hover'; hide: boolean }
  | { kind: 'treeItems'; viewTitle?: string }
  | { kind: 'screenshot'; name: string }
  | { kind: 'visibleTexts'; selector: string }
  | { kind: 'pressKey'; key: string }
  | { kind: 'webviewTexts'; selector: string }
  | { kind: 'webviewClick'; selector: string };

type ProbeResponse = { ok: true; result: unknown } | { ok: false; error: string };

export function probeAvailable(): boolean {
  const dir = process.env[PROBE_DIR_ENV];
  return typeof dir === 'string' && dir.length > 0 && fs.existsSync(dir);
}

/** In a mocha test or hook (`function () {…}`, not an arrow): skip it when the host has no UI probe. */
export function skipWithoutProbe(context: Mocha.Context): void {
  if (!probeAvailable()) {
    console.log(`  (skipped: ${PROBE_DIR_ENV} is not set; only scripts/run-integration-tests.js can read the rendered workbench)`);
    context.skip();
  }
}

let requestCounter = 0;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes the request atomically (rename), then polls for the answer. */
async function ask<T>(request: ProbeRequest, timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS): Promise<T> {
  const dir = process.env[PROBE_DIR_ENV];
  if (!dir || !fs.existsSync(dir)) {
    throw new Error(`UI probe unavailable: ${PROBE_DIR_ENV} is not set or missing (run under scripts/run-integration-tests.js).`);
  }
  const id = `${process.pid}-${Date.now()}-${++requestCounter}`;
  const requestFile = path.join(dir, id + REQUEST_SUFFIX);
  const responseFile = path.join(dir, id + RESPONSE_SUFFIX);
  fs.writeFileSync(requestFile + '.tmp', JSON.stringify(request));
  fs.renameSync(requestFile + '.tmp', requestFile);
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(responseFile)) {
    if (Date.now() > deadline) {
      fs.rmSync(requestFile, { force: true });
      throw new Error(`UI probe: no answer to ${JSON.stringify(request)} within ${timeoutMs / 1000} s (is the runner's probe loop alive?).`);
    }
    await sleep(POLL_MS);
  }
  const response = JSON.parse(fs.readFileSync(responseFile, 'utf8')) as ProbeResponse;
  fs.rmSync(responseFile, { force: true });
  if (!response.ok) throw new Error(`UI probe ${request.kind} failed: ${response.error}`);
  return response.result as T;
}

/**
 * Asks again until `accept` holds (rendering follows the extension host's calls asynchronously), then returns the
 * last answer. On timeout, throws with the last answer in the message so a failing test shows what WAS rendered.
 */
export async function waitForRendered<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeoutMs = 10000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`UI probe: ${what} not rendered within ${timeoutMs / 1000} s; last read: ${JSON.stringify(value, undefined, 1)}`);
    }
    await sleep(200);
  }
}

/**
 * The visible lines of an editor with the `before`/`after` decoration text drawn on them. `fileName` picks the
 * editor showing a document whose path ends with it (default: the active editor of the active group).
 */
export function renderedLineDecorations(fileName?: string): Promise<RenderedLine[]> {
  return ask<RenderedLine[]>({ kind: 'renderedLineDecorations', fileName });
}

/** The decorations drawn behind or around the text of an editor's visible lines (same `fileName` rule as above). */
export function renderedTextDecorations(fileName?: string): Promise<RenderedTextDecoration[]> {
  return ask<RenderedTextDecoration[]>({ kind: 'renderedTextDecorations', fileName });
}

/** The CodeLenses drawn in an editor (same `fileName` rule as renderedLineDecorations). */
export function renderedCodeLenses(fileName?: string): Promise<RenderedCodeLens[]> {
  return ask<RenderedCodeLens[]>({ kind: 'renderedCodeLenses', fileName });
}

/**
 * Shows the hover at a 0-based position of the active editor (or `options.editor`) the way the keyboard does (cursor there, then
 * `editor.action.showHover`) and returns its text once the providers have answered. The hover is closed again
 * (Escape) unless `keepOpen` (e.g. for a screenshot).
 */
export async function hoverAt(
  line: number,
  character: number,
  options: { editor?: vscode.TextEditor; keepOpen?: boolean; timeoutMs?: number } = {},
): Promise<RenderedHover> {
  const editor = options.editor ?? vscode.window.activeTextEditor;
  if (!editor) throw new Error('UI probe hoverAt: there is no active text editor (pass options.editor).');
  // Focus the editor (the hover command acts on the focused editor), then place the cursor.
  await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
  const position = new vscode.Position(line, character);
  editor.selection = new vscode.Selection(position, position);
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  await sleep(100); // let the selection reach the renderer before the command does
  await vscode.commands.executeCommand('editor.action.showHover');
  return ask<RenderedHover>({ kind: 'hover', hide: !options.keepOpen }, options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS);
}

/**
 * The visible rows of a tree view in the side bar / panel: the expanded view whose header title matches
 * `viewTitle` (case-insensitive, exact, else substring; default: the first expanded view with rows). A container
 * with a single view has no view header: its title is then the container's, as shown ("CONTAINER: VIEW" or just
 * "CONTAINER"). Reveal the view first, e.g. with `vscode.commands.executeCommand('<viewId>.focus')`; collapsed
 * rows' children are not listed.
 */
export function treeItems(viewTitle?: string): Promise<RenderedTree> {
  return ask<RenderedTree>({ kind: 'treeItems', viewTitle });
}

/**
 * Saves a PNG of the whole workbench as `<name>.png` in $UNDERSTUDY_ITEST_SCREENSHOT_DIR (default: a temp
 * directory the runner prints) and returns its path.
 */
export function screenshot(name: string): Promise<string> {
  return ask<string>({ kind: 'screenshot', name }, 30000);
}

/** innerText of every visible element matching a CSS selector (escape hatch for parts without a helper). */
export function visibleTexts(selector: string): Promise<string[]> {
  return ask<string[]>({ kind: 'visibleTexts', selector });
}

/** Presses a key in the workbench page (Playwright key names: 'Escape', 'Enter', 'Control+Shift+P'…). */
export function pressKey(key: string): Promise<void> {
  return ask<void>({ kind: 'pressKey', key });
}

/** innerText of every visible element matching a CSS selector inside any webview (panels and views are iframes). */
export function webviewTexts(selector: string): Promise<string[]> {
  return ask<string[]>({ kind: 'webviewTexts', selector });
}

/** Clicks the first visible element matching a CSS selector inside any webview. */
export function webviewClick(selector: string): Promise<void> {
  return ask<void>({ kind: 'webviewClick', selector });
}
