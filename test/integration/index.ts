// Entry point of the integration tests, in the standard VS Code `run(): Promise<void>` contract: any host that
// loads an extensionTestsPath (scripts/run-integration-tests.js with code-server, or @vscode/test-electron with
// desktop VS Code) runs every `*.test.js` beside this file with mocha, inside the extension host.
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

/** scripts/run-integration-tests.js relays the host's output from the first line on, and reads the counts back. */
const START_MARKER = 'understudy-integration-start';
const RESULT_MARKER = 'understudy-integration-result';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60000 });
  // UNDERSTUDY_ITEST_ONLY=meteor,compare runs only the files whose names contain one of those words.
  const only = (process.env.UNDERSTUDY_ITEST_ONLY ?? '').split(',').filter((word) => word !== '');
  const testFiles = fs
    .readdirSync(__dirname)
    .filter((name) => name.endsWith('.test.js') && (only.length === 0 || only.some((word) => name.includes(word))))
    .sort();
  for (const name of testFiles) mocha.addFile(path.join(__dirname, name));

  return new Promise<void>((resolve, reject) => {
    try {
      console.log(`${START_MARKER} ${testFiles.length} file(s)`);
      const runner = mocha.run((failures) => {
        const passed = runner.stats?.passes ?? 0;
        const failed = runner.stats?.failures ?? failures;
        console.log(`${RESULT_MARKER} ${JSON.stringify({ passed, failed })}`);
        if (testFiles.length === 0) reject(new Error(`No integration tests (*.test.js) found in ${__dirname}.`));
        else if (failures > 0) reject(new Error(`${failures} integration test(s) failed.`));
        else resolve();
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
