import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runCli } from '../../src/cli/run-cli';
import { FIXTURES } from './golden';

function run(...argv: string[]): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const code = runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

describe('understudy CLI: expanded references and `paraphrases`', () => {
  let tmp: string;
  let source: string;
  let reference: string;
  let hypothesis: string;
  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-paraphrase-'));
    // The hand-aligned German–English set: German source, English reference.
    const pairs = fs.readFileSync(path.join(FIXTURES, 'paraphrase/hand-aligned/de-en.txt'), 'utf8').trim().split('\n');
    source = path.join(tmp, 'src.de');
    reference = path.join(tmp, 'ref.en');
    hypothesis = path.join(tmp, 'hyp.en');
    fs.writeFileSync(source, pairs.map((p) => p.split(' ||| ')[0]).join('\n') + '\n');
    const english = pairs.map((p) => p.split(' ||| ')[1]);
    fs.writeFileSync(reference, english.join('\n') + '\n');
    // Line 1 says "this" where the reference says "the": das is aligned to both in the bitext.
    fs.writeFileSync(hypothesis, ['this house is small', ...english.slice(1)].join('\n') + '\n');
  });
  after(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('prints the equivalence sets and the alignment statistics', () => {
    const { code, stdout, stderr } = run('paraphrases', '--source', source, '--ref', reference, '--json');
    assert.strictEqual(code, 0, stderr);
    const report = JSON.parse(stdout);
    assert.strictEqual(report.statistics.alignment.sentences, 36);
    assert.strictEqual(report.statistics.alignment.links, 174);
    assert.deepStrictEqual(report.sets.map((s: { source: string; members: { expression: string; count: number }[] }) => [s.source, s.members.map((m) => [m.expression, m.count])]), [['das', [['the', 16], ['this', 2]]]]);
    const text = run('paraphrases', '--source', source, '--ref', reference);
    assert.match(text.stdout, /^sentence pairs {3}36 \(169 source, 168 reference words\)$/m);
    assert.match(text.stdout, /^#1\tdas\t→ the \(16, 0\.89\) \| this \(2, 0\.11\)$/m);
    // 38 occurrences of "the" or "this" in 36 lines, each with one paraphrase; "the ... the" lines get two.
    assert.match(text.stdout, /^expansion {8}1\.1 new references per segment on average, up to 2 /m);
    assert.strictEqual(report.expansion.max, 2);
  });

  it('writes the symmetrised links on request, never over an existing file', () => {
    const out = path.join(tmp, 'links.align');
    assert.strictEqual(run('paraphrases', '--source', source, '--ref', reference, '--alignments', out).code, 0);
    assert.strictEqual(fs.readFileSync(out, 'utf8').split('\n')[0], '0-0 1-1 2-2 3-3');
    const again = run('paraphrases', '--source', source, '--ref', reference, '--alignments', out);
    assert.strictEqual(again.code, 1);
    assert.match(again.stderr, /already exists/);
  });

  it('scores BLEU+paraphrases with a signature that says so', () => {
    const plain = run('score', '--ref', reference, hypothesis, '--metrics', 'bleu', '--sentence', '--json');
    const expanded = run('score', '--ref', reference, hypothesis, '--metrics', 'bleu', '--sentence', '--json', '--expand-references', 'paraphrase', '--source', source);
    assert.strictEqual(expanded.code, 0, expanded.stderr);
    const before = JSON.parse(plain.stdout);
    const after = JSON.parse(expanded.stdout);
    assert.ok(before.segments[0].scores.bleu < 100);
    assert.strictEqual(after.segments[0].scores.bleu.toFixed(2), '100.00');
    assert.match(expanded.stderr, /^understudy: note: paraphrase expansion: 1 equivalence sets learned from 36 source\/reference pairs \(sets:1,.*\); a segment gets about 1\.1 new references on average, up to 2\.$/m);
    assert.match(after.systems[0].scores.bleu.signature, /\|expand:paraphrase\(sets:1,tok:intl-lc,phrases:minimal3,minp:0,exclude:prepositions,align:fast_align-d-o-I5-q0\.08-T4\+grow-diag-final-and,occurrences:each\)$/);
  });

  it('scores with a synonym list, or with the shipped WordNet when none is given', () => {
    const synonyms = path.join(tmp, 'synonyms.txt');
    fs.writeFileSync(synonyms, 'the, this\n');
    const scored = run('score', '--ref', reference, hypothesis, '--metrics', 'bleu', '--sentence', '--json', '--expand-references', 'wordnet', '--synonyms', synonyms);
    assert.strictEqual(scored.code, 0, scored.stderr);
    assert.strictEqual(JSON.parse(scored.stdout).segments[0].scores.bleu.toFixed(2), '100.00');
    assert.match(JSON.parse(scored.stdout).systems[0].scores.bleu.signature, /\|expand:wordnet\(synonyms:file:synonyms\.txt,/);
    const wordnet = run('score', '--ref', reference, hypothesis, '--metrics', 'bleu', '--json', '--expand-references', 'wordnet');
    assert.strictEqual(wordnet.code, 0, wordnet.stderr);
    assert.match(JSON.parse(wordnet.stdout).systems[0].scores.bleu.signature, /\|expand:wordnet\(synonyms:wordnet-3\.0,/);
    const noSource = run('score', '--ref', reference, hypothesis, '--expand-references', 'paraphrase');
    assert.strictEqual(noSource.code, 2);
    assert.match(noSource.stderr, /--source FILE/);
    const badMode = run('score', '--ref', reference, hypothesis, '--expand-references', 'thesaurus');
    assert.strictEqual(badMode.code, 2);
    assert.match(badMode.stderr, /expected one of none, paraphrase, paraphrase-best, wordnet/);
  });

  it('refuses a source with a different number of lines, naming both counts', () => {
    const short = path.join(tmp, 'short.de');
    fs.writeFileSync(short, 'das haus\n');
    const { code, stderr } = run('score', '--ref', reference, hypothesis, '--expand-references', 'paraphrase', '--source', short);
    assert.strictEqual(code, 1);
    assert.match(stderr, /source has 1 lines but a reference has 36/);
  });
});
