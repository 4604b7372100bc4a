// Small helpers the integration tests share: polling for a value the extension produces asynchronously, and the
// CLI's scores for the same files (the bundled CLI of this build, run with the host's Node).
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'understudy.understudy';

export function extensionRoot(): string {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this host`);
  return found.extensionPath;
}

/** `understudy score <args> --json`: the first system's scores. */
export function cliScores(args: readonly string[]): Record<string, { score: number }> {
  const stdout = execFileSync(process.execPath, [path.join(extensionRoot(), 'bin', 'understudy.js'), 'score', ...args, '--json'], {
    encoding: 'utf8',
    // Under desktop VS Code, process.execPath is Electron: make it behave as Node.
    env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
  });
  return (JSON.parse(stdout) as { systems: { scores: Record<string, { score: number }> }[] }).systems[0].scores;
}

/** Polls `read` until it gives a value. */
export async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 20000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not arrive within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
