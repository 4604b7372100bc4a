#!/usr/bin/env node
// Writes test/fixtures/data/wmt17-da/seglevel-texts.tsv from ../shared/data/wmt17-da: for every judged row of
// DA-seglevel.csv in cs-en, de-en, ru-en, tr-en and zh-en, the hypothesis (line SID of the system's output; for a
// SYSTEM "a+b" the first of a, b — the script checks that all of them are identical) and the reference line SID.
// Columns: LP, SYSTEM (as written in DA-seglevel.csv), SID, HYPOTHESIS, REFERENCE. Texts are verbatim lines
// (tabs never occur in them; the script checks).
'use strict';
const fs = require('fs');
const path = require('path');

const shared = path.resolve(__dirname, '../../shared/data/wmt17-da');
const out = path.resolve(__dirname, '../test/fixtures/data/wmt17-da/seglevel-texts.tsv');
const lines = (file) => {
  const all = fs.readFileSync(file, 'utf8').split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
};
const rows = lines(path.join(shared, 'DA-seglevel.csv')).slice(1).map((l) => l.trim().split(/\s+/));
const result = ['LP\tSYSTEM\tSID\tHYPOTHESIS\tREFERENCE'];
for (const lp of ['cs-en', 'de-en', 'ru-en', 'tr-en', 'zh-en']) {
  const reference = lines(path.join(shared, 'references', `newstest2017-${lp.slice(0, 2)}en-ref.en`));
  const dir = path.join(shared, 'system-outputs', lp);
  const outputs = new Map(fs.readdirSync(dir).map((f) => [f.slice('newstest2017.'.length, -(lp.length + 1)), lines(path.join(dir, f))]));
  for (const [pair, , system, sid] of rows) {
    if (pair !== lp) continue;
    const texts = system.split('+').filter((s) => outputs.has(s)).map((s) => outputs.get(s)[Number(sid) - 1]);
    if (texts.length === 0) throw new Error(`${lp}: no output for ${system}`);
    if (texts.some((t) => t !== texts[0])) throw new Error(`${lp} ${system} ${sid}: outputs differ`);
    const ref = reference[Number(sid) - 1];
    if (/[\t\n]/.test(texts[0] + ref)) throw new Error('tab in text');
    result.push([lp, system, sid, texts[0], ref].join('\t'));
  }
}
fs.writeFileSync(out, result.join('\n') + '\n');
console.log(`wrote ${result.length - 1} rows to ${out}`);
