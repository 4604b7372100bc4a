import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { UnderstudyError } from '../../src/core/errors';
import { combineJudgments, systemHumanScore } from '../../src/core/meta/judgments/combine-judgments';
import { readJudgmentFiles } from '../../src/core/meta/judgments/read-judgments';
import { readTableJudgments } from '../../src/core/meta/judgments/table-judgments';
import { FIXTURES } from './golden';

const WMT21 = path.join(FIXTURES, 'data/wmt21-news/humaneval/newstest2021-toen');

/** Two judges, two systems, two segments; adequacy and fluency (a METEOR-paper style file). */
const TABLE = [
  'system,segment,judge,adequacy,fluency',
  'A,1,j1,1,2',
  'A,1,j2,4,4',
  'A,2,j1,2,3',
  'B,1,j1,3,5',
  'B,2,j2,4,2',
].join('\n');

const set = () => readTableJudgments(TABLE, 'h.csv', { file: 'h.csv', columns: { system: 'system', item: 'segment', judge: 'judge', scores: ['adequacy', 'fluency'] } });

function segmentScores(scores: ReturnType<typeof combineJudgments>): Record<string, Record<string, number>> {
  return Object.fromEntries([...scores.segments].map(([system, items]) => [system, Object.fromEntries(items)]));
}

describe('judgments: combining into one human score', () => {
  it('averages adequacy and fluency per judgment, then the judges of a segment (METEOR paper)', () => {
    const scores = combineJudgments([set()], { aspects: ['adequacy', 'fluency'] });
    assert.equal(scores.label, 'adequacy+fluency (mean)');
    // A/1: j1 (1+2)/2 = 1.5, j2 (4+4)/2 = 4 → 2.75
    assert.deepEqual(segmentScores(scores), { A: { '1': 2.75, '2': 2.5 }, B: { '1': 4, '2': 3 } });
    assert.deepEqual(systemHumanScore(scores, 'A'), { value: 2.625, segments: 2 });
  });

  it('sums the aspects when asked (Liu & Gildea: fluency + adequacy)', () => {
    const scores = combineJudgments([set()], { aspects: ['adequacy', 'fluency'], aspectCombination: 'sum' });
    assert.deepEqual(segmentScores(scores).A, { '1': 5.5, '2': 5 });
    assert.equal(scores.label, 'adequacy+fluency (sum)');
  });

  it('z-normalises each judge’s scores per aspect (sample standard deviation) before combining', () => {
    // j1 adequacy 1, 2, 3 → mean 2, sd 1 → −1, 0, 1; j1 fluency 2, 3, 5 → mean 10/3, sd √(7/3).
    // j2 adequacy 4, 4 → no spread → 0 (warned); j2 fluency 4, 2 → mean 3, sd √2 → ±1/√2.
    const scores = combineJudgments([set()], { aspects: ['adequacy', 'fluency'], normalization: 'z-per-judge' });
    const sd = Math.sqrt(7 / 3);
    const a1 = (-1 + (2 - 10 / 3) / sd) / 2;
    const j2 = (0 + 1 / Math.SQRT2) / 2;
    const got = segmentScores(scores);
    assert.ok(Math.abs(got.A['1'] - (a1 + j2) / 2) < 1e-15);
    assert.ok(Math.abs(got.A['2'] - (0 + (3 - 10 / 3) / sd) / 2) < 1e-15);
    assert.ok(Math.abs(got.B['2'] - (0 - 1 / Math.SQRT2) / 2) < 1e-15);
    assert.match(scores.warnings.join(' '), /do not vary .*: j2/);
    assert.equal(scores.label, 'adequacy+fluency (mean), z per judge');
  });

  it('refuses z-per-judge without a judge column, and a missing or unchosen aspect', () => {
    const noJudge = readTableJudgments('s,i,v\nA,1,2\n', 'n.csv', { file: 'n.csv', columns: { system: 's', item: 'i', scores: ['v'] } });
    assert.throws(() => combineJudgments([noJudge], { normalization: 'z-per-judge' }), (e: unknown) => e instanceof UnderstudyError && /needs a judge/.test(e.message));
    assert.throws(() => combineJudgments([set()]), (e: unknown) => e instanceof UnderstudyError && /Choose the human score .* --aspect \(available: adequacy, fluency\)/.test(e.message));
    assert.throws(() => combineJudgments([set()], { aspects: ['overall'] }), (e: unknown) => e instanceof UnderstudyError && /has no score "overall"; it has: adequacy, fluency/.test(e.message));
  });

  it('WMT21: official system scores from the ranking file, segment scores from the segment file', () => {
    const sets = readJudgmentFiles(
      ['ad-seg-scores-cs-en.csv', 'ad-sys-ranking-cs-en-z-names.csv'].map((f) => ({ spec: { file: f }, text: fs.readFileSync(path.join(WMT21, f), 'utf8') })),
    );
    const scores = combineJudgments(sets);
    assert.equal(scores.level, 'segment');
    assert.deepEqual(scores.aspects, ['z']);
    assert.equal(scores.official.get('Facebook-AI'), 0.111);
    assert.equal(scores.segments.get('Facebook-AI')?.size, 923);
    assert.deepEqual(systemHumanScore(scores, 'Facebook-AI'), { value: 0.111, segments: 923 });
    assert.deepEqual(scores.excluded.map((e) => e.name), ['HUMAN']);
    // Without the ranking file the system score is the mean of the segments (the official value at full precision).
    const segmentOnly = combineJudgments([sets[0]]);
    assert.ok(Math.abs((systemHumanScore(segmentOnly, 'Facebook-AI').value as number) - 0.111334676751657) < 1e-12);
    // Raw DA scores are the other aspect.
    assert.equal(combineJudgments([sets[0]], { aspects: ['raw'] }).label, 'DA raw');
    assert.equal(scores.label, 'DA z');
  });

  it('refuses two system-level files for one human score', () => {
    const ranking = fs.readFileSync(path.join(WMT21, 'ad-sys-ranking-cs-en-z-names.csv'), 'utf8');
    const sets = readJudgmentFiles([{ spec: { file: 'a' }, text: ranking }, { spec: { file: 'b' }, text: ranking }]);
    assert.throws(() => combineJudgments(sets), (e: unknown) => e instanceof UnderstudyError && /Two system-level judgment files/.test(e.message));
  });
});
