import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(full));
    else if (entry.name.endsWith('.ts')) out.push(full);
  }
  return out;
}

describe('architecture', () => {
  it('src/core never imports vscode (the engine must run in the CLI, the worker and tests)', () => {
    const files = tsFiles(path.join(ROOT, 'src/core'));
    assert.ok(files.length > 0, 'src/core has no TypeScript files');
    const offenders = files.filter((f) =>
      /(from\s+['"]vscode['"])|(require\(\s*['"]vscode['"]\s*\))|(import\(\s*['"]vscode['"]\s*\))/.test(fs.readFileSync(f, 'utf8')),
    );
    assert.deepStrictEqual(offenders.map((f) => path.relative(ROOT, f)), []);
  });

  it('src/core uses no DOM globals (it runs in a Node worker)', () => {
    const files = tsFiles(path.join(ROOT, 'src/core'));
    const offenders = files.filter((f) => /\b(document|window)\./.test(fs.readFileSync(f, 'utf8')));
    assert.deepStrictEqual(offenders.map((f) => path.relative(ROOT, f)), []);
  });
});
