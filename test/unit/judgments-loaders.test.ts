import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { UnderstudyError } from '../../src/core/errors';
import { guessDelimiter, splitTable } from '../../src/core/meta/judgments/delimited-text';
import { detectJudgmentFormat, readJudgmentFiles, readJudgments } from '../../src/core/meta/judgments/read-judgments';
import { readRealSummCorpus, readRealSummJudgments, sentencesFromTags } from '../../src/core/meta/judgments/realsumm';
import { readSummEvalCorpus, readSummEvalJudgments } from '../../src/core/meta/judgments/summeval';
import { readTableJudgments } from '../../src/core/meta/judgments/table-judgments';
import { readWmt17SegmentScores, readWmt17SystemScores } from '../../src/core/meta/judgments/wmt17-da';
import { readWmt21SegmentScores, readWmt21SystemScores } from '../../src/core/meta/judgments/wmt21-da';
import { FIXTURES } from './golden';

const DATA = path.join(FIXTURES, 'data');
const WMT21 = path.join(DATA, 'wmt21-news/humaneval/newstest2021-toen');
const read = (file: string): string => fs.readFileSync(file, 'utf8');

function throwsUnderstudy(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (error: unknown) => error instanceof UnderstudyError && pattern.test(error.message));
}

describe('judgments: WMT21 DA files (real files, newstest2021 to-English)', () => {
  it('reads ad-seg-scores-cs-en.csv: one row per judged (system, segment), HUMAN rows excluded and reported', () => {
    const text = read(path.join(WMT21, 'ad-seg-scores-cs-en.csv'));
    const set = readWmt21SegmentScores(text, 'ad-seg-scores-cs-en.csv');
    const dataRows = text.split('\n').filter((l) => l.trim() !== '').length - 1;
    const humanRows = text.split('\n').filter((l) => l.startsWith('HUMAN.')).length;
    assert.equal(set.judgments.length, dataRows - humanRows);
    assert.equal(humanRows, 913);
    assert.deepEqual(set.excluded.map((e) => e.name), ['HUMAN']);
    assert.match(set.excluded[0].reason, /human translation/);
    const first = set.judgments[0];
    // "Facebook-AI.7 177 100 0.620848309044951 1"
    assert.deepEqual({ system: first.system, item: first.item, scores: first.scores, count: first.count, line: first.line }, {
      system: 'Facebook-AI', item: '177', scores: { raw: 100, z: 0.620848309044951 }, count: 1, line: 2,
    });
    assert.equal(set.level, 'segment');
    assert.equal(set.defaultAspect, 'z');
  });

  it('the official system z (ad-sys-scores) is the plain mean of the system’s segment z-scores', () => {
    const seg = readWmt21SegmentScores(read(path.join(WMT21, 'ad-seg-scores-cs-en.csv')), 'seg');
    const sys = readWmt21SystemScores(read(path.join(WMT21, 'ad-sys-scores-cs-en.csv')), 'sys');
    assert.equal(sys.judgments.length, 8);
    for (const j of sys.judgments) {
      const z = seg.judgments.filter((s) => s.system === j.system).map((s) => s.scores.z);
      const mean = z.reduce((a, b) => a + b, 0) / z.length;
      assert.ok(Math.abs(mean - j.scores.z) < 1e-12, `${j.system}: ${mean} vs ${j.scores.z}`);
    }
  });

  it('reads every ad-sys-ranking file: 7 pairs, HUMAN excluded, SYS.ID → NAME map', () => {
    const expected: Record<string, number> = { 'cs-en': 8, 'de-en': 19, 'ha-en': 14, 'is-en': 10, 'ja-en': 16, 'ru-en': 10, 'zh-en': 23 };
    for (const [lp, systems] of Object.entries(expected)) {
      const set = readWmt21SystemScores(read(path.join(WMT21, `ad-sys-ranking-${lp}-z-names.csv`)), lp);
      assert.equal(set.judgments.length, systems, lp);
      assert.equal(set.level, 'system');
      assert.ok(set.judgments.every((j) => !j.system.startsWith('HUMAN')));
    }
    const de = readWmt21SystemScores(read(path.join(WMT21, 'ad-sys-ranking-de-en-z-names.csv')), 'de');
    assert.equal(de.systemIds['Nemo.7'], 'NVIDIA-NeMo');
    assert.deepEqual(de.judgments[0].scores, { raw: 71.9, z: 0.126 });
    assert.equal(de.judgments[0].count, 1266); // N.ALL
    assert.deepEqual(de.excluded.map((e) => e.name), ['HUMAN']);
  });

  it('names segment-file systems through the ranking file when both are read together', () => {
    const segment = 'SYS SID RAW.SCR Z.SCR N \nNemo.7 1 50 0.1 1 \nFacebook-AI.16 2 60 0.2 2 \n';
    const sets = readJudgmentFiles([
      { spec: { file: 'seg.csv' }, text: segment },
      { spec: { file: 'ranking.csv' }, text: read(path.join(WMT21, 'ad-sys-ranking-de-en-z-names.csv')) },
    ]);
    assert.deepEqual(sets.map((s) => s.format), ['wmt21-seg', 'wmt21-sys']);
    assert.deepEqual(sets[0].judgments.map((j) => j.system), ['NVIDIA-NeMo', 'Facebook-AI']);
    // Alone, the numeric id suffix is dropped.
    assert.deepEqual(readWmt21SegmentScores(segment, 'seg').judgments.map((j) => j.system), ['Nemo', 'Facebook-AI']);
  });

  it('keeps HUMAN rows when asked (empty exclude list), excludes by prefix pattern otherwise', () => {
    const ranking = read(path.join(WMT21, 'ad-sys-ranking-cs-en-z-names.csv'));
    assert.equal(readWmt21SystemScores(ranking, 'r', { exclude: [] }).judgments.length, 9);
    const set = readWmt21SystemScores(ranking, 'r', { exclude: ['Online-*'] });
    assert.deepEqual(set.excluded.map((e) => e.name), ['Online-A', 'Online-B', 'Online-W', 'Online-G', 'Online-Y']);
    assert.match(set.excluded[0].reason, /Online-\*/);
    assert.ok(set.judgments.some((j) => j.system === 'HUMAN'));
  });

  it('says what is wrong with a file that is not in the WMT21 layout', () => {
    throwsUnderstudy(() => readWmt21SegmentScores('a b c\n', 'x.csv'), /expected the WMT21 segment-score header/);
    throwsUnderstudy(() => readWmt21SegmentScores('SYS SID RAW.SCR Z.SCR N\nA.1 1 2 3\n', 'x.csv'), /line 2: 4 fields/);
    throwsUnderstudy(() => readWmt21SegmentScores('SYS SID RAW.SCR Z.SCR N\nA.1 0 2 3 1\n', 'x.csv'), /line 2: the SID value "0" is not a segment number/);
    throwsUnderstudy(() => readWmt21SystemScores('1 x 3 4 A.1 A\n', 'r.csv'), /line 1: the Z value "x" is not a number/);
  });
});

describe('judgments: WMT17 DA files (real files)', () => {
  const seglevel = read(path.join(DATA, 'wmt17-da/DA-seglevel.csv'));
  const syslevel = read(path.join(DATA, 'wmt17-da/DA-syslevel.csv'));

  it('reads 560 judged segments per language pair; "a+b" rows are kept once, their systems listed as aliases', () => {
    for (const lp of ['cs-en', 'de-en', 'fi-en', 'lv-en', 'ru-en', 'tr-en', 'zh-en', 'en-ru', 'en-zh']) {
      assert.equal(readWmt17SegmentScores(seglevel, 'DA-seglevel.csv', { languagePair: lp }).judgments.length, 560, lp);
    }
    const cs = readWmt17SegmentScores(seglevel, 'DA-seglevel.csv', { languagePair: 'cs-en' });
    assert.deepEqual(cs.aliases['uedin-nmt.4955+PJATK.4760+online-A.0+online-B.0'], ['uedin-nmt.4955', 'PJATK.4760', 'online-A.0', 'online-B.0']);
    assert.equal(Object.keys(cs.aliases).length, 8);
    assert.equal(cs.judgments.filter((j) => j.system.includes('+')).length, 19);
    // "cs-en newstest2017 online-A.0 33 0.492422827189935"
    assert.deepEqual([cs.judgments[0].system, cs.judgments[0].item, cs.judgments[0].scores.z], ['online-A.0', '33', 0.492422827189935]);
  });

  it('asks for the language pair when the file holds several, and names the ones it has', () => {
    throwsUnderstudy(() => readWmt17SegmentScores(seglevel, 'DA-seglevel.csv'), /holds 9 language pairs \(en-zh, .*\): choose one with --lp/);
    throwsUnderstudy(() => readWmt17SegmentScores(seglevel, 'DA-seglevel.csv', { languagePair: 'xx-en' }), /no rows for xx-en/);
  });

  it('reads the official system scores of one pair', () => {
    const set = readWmt17SystemScores(syslevel, 'DA-syslevel.csv', { languagePair: 'en-lv' });
    assert.equal(set.judgments.length, 17);
    assert.deepEqual([set.judgments[0].system, set.judgments[0].scores.z], ['tilde-nc-nmt-smt-hybrid.5047', 0.196]);
    const de = readWmt17SystemScores(syslevel, 'DA-syslevel.csv', { languagePair: 'de-en' });
    assert.ok(de.judgments.some((j) => j.system === 'uedin-nmt.4723'));
  });
});

describe('judgments: SummEval and REALSumm JSONL (real files)', () => {
  const summeval = read(path.join(DATA, 'summeval/summaries.jsonl'));
  const docs = read(path.join(DATA, 'summeval/docs.jsonl'));

  it('SummEval: 1,600 judgments with the four expert aspects; no default aspect', () => {
    const set = readSummEvalJudgments(summeval, 'summaries.jsonl');
    assert.equal(set.judgments.length, 1600);
    assert.deepEqual(set.aspects, ['coherence', 'consistency', 'fluency', 'relevance']);
    assert.equal(set.defaultAspect, undefined);
    assert.deepEqual(set.judgments[0].scores, { coherence: 2.6666666666666665, consistency: 5, fluency: 4.333333333333333, relevance: 2 });
    assert.equal(new Set(set.judgments.map((j) => j.system)).size, 16);
  });

  it('SummEval corpus: 16 systems × 100 documents in docs.jsonl order, 11 reference streams (or the original one)', () => {
    const corpus = readSummEvalCorpus(summeval, 'summaries.jsonl', docs, 'docs.jsonl');
    assert.equal(corpus.items.length, 100);
    assert.equal(corpus.systems.length, 16);
    assert.ok(corpus.systems.every((s) => s.hypotheses.length === 100));
    assert.equal(corpus.references.length, 11);
    const firstDoc = JSON.parse(docs.split('\n')[0]);
    assert.equal(corpus.references[0].segments[0], firstDoc.ref);
    assert.equal(corpus.references[10].segments[0], firstDoc.refs11[10]);
    assert.equal(readSummEvalCorpus(summeval, 's', docs, 'd', 'ref').references.length, 1);
    const m0 = corpus.systems.find((s) => s.name === 'M0');
    assert.ok(m0?.hypotheses[0].startsWith('Paul merson has restarted his row'));
  });

  it('SummEval corpus: a missing summary is an error naming the system and document', () => {
    const lines = summeval.split('\n').filter((l) => l !== '');
    throwsUnderstudy(() => readSummEvalCorpus(lines.slice(1).join('\n'), 's.jsonl', docs, 'd.jsonl'), /system M0 has no summary of document dm-test-8764fb95/);
    throwsUnderstudy(() => readSummEvalCorpus([lines[0], ...lines].join('\n'), 's.jsonl', docs, 'd.jsonl'), /line 2: a second summary of document/);
  });

  it('REALSumm (first 10 documents): BART, stored in both groups with identical data, is one system', () => {
    const summaries = read(path.join(DATA, 'realsumm/summaries.first10docs.jsonl'));
    const realDocs = read(path.join(DATA, 'realsumm/docs.first10docs.jsonl'));
    const set = readRealSummJudgments(summaries, 'summaries.jsonl');
    assert.deepEqual(set.aliases, { 'bart_out.txt': ['abs/bart_out.txt', 'ext/bart_out.txt'] });
    assert.equal(new Set(set.judgments.map((j) => j.system)).size, 24);
    assert.equal(set.judgments.length, 240);
    assert.equal(set.defaultAspect, 'litepyramid_recall');
    const corpus = readRealSummCorpus(summaries, 'summaries.jsonl', realDocs, 'docs.jsonl');
    assert.deepEqual(corpus.items, ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    assert.equal(corpus.systems.length, 24);
    assert.equal(corpus.references[0].segments[0].split('\n').length, 3);
    assert.ok(!corpus.systems[0].hypotheses[0].includes('<t>'));
  });

  it('REALSumm sentences: <t> … </t> spans become lines; untagged text is kept', () => {
    assert.equal(sentencesFromTags('<t> a b . </t>  <t> c . </t>'), 'a b .\nc .');
    assert.equal(sentencesFromTags('  plain text '), 'plain text');
  });
});

describe('judgments: the generic CSV/TSV mapper', () => {
  it('maps named columns of a CSV with quotes, several score columns and a judge', () => {
    const csv = 'sys,seg,annotator,adequacy,fluency,comment\n"A",1,j1,4,5,"fine, ok"\nA,2,j1,3,,"said ""meh"""\nB,1,j2,2,3,\n';
    const set = readTableJudgments(csv, 'h.csv', { file: 'h.csv', columns: { system: 'sys', item: 'seg', judge: 'annotator', scores: ['adequacy', 'fluency'] } });
    assert.equal(set.level, 'segment');
    assert.deepEqual(set.aspects, ['adequacy', 'fluency']);
    assert.equal(set.defaultAspect, undefined);
    assert.deepEqual(set.judgments.map((j) => [j.system, j.item, j.judge, j.scores]), [
      ['A', '1', 'j1', { adequacy: 4, fluency: 5 }],
      ['A', '2', 'j1', { adequacy: 3 }],
      ['B', '1', 'j2', { adequacy: 2, fluency: 3 }],
    ]);
  });

  it('TSV by extension, column numbers without a header, 0-based items, a row filter, document ids', () => {
    const tsv = 'x\t0\tcs-en\t0.5\ny\t4\tde-en\t0.25\nx\t2\tcs-en\tNA\n';
    const set = readTableJudgments(tsv, 'h.tsv', { file: 'h.tsv', header: false, itemBase: 0, where: { '2': 'cs-en' }, columns: { system: 0, item: 1, scores: [3] } });
    assert.deepEqual(set.judgments.map((j) => [j.system, j.item, j.scores]), [['x', '1', { score3: 0.5 }]]);
    assert.match(set.warnings[0], /1 rows without any score were skipped/);
    const docs = readTableJudgments('system\tdoc\tscore\nM0\tdm-test-1\t3\n', 'd.tsv', { file: 'd.tsv', columns: { system: 'system', item: 'doc', scores: ['score'] } });
    assert.equal(docs.judgments[0].item, 'dm-test-1');
    const systemLevel = readTableJudgments('name;score\nA;1.5\n', 's.txt', { file: 's.txt', columns: { system: 'name', scores: ['score'] } });
    assert.equal(systemLevel.level, 'system');
  });

  it('says which columns exist when a named one does not, and asks for columns when none are given', () => {
    throwsUnderstudy(() => readTableJudgments('a,b\n1,2\n', 'h.csv', { file: 'h.csv', columns: { system: 'sys', scores: ['b'] } }), /no system column "sys"; the header has: a, b/);
    throwsUnderstudy(() => readTableJudgments('a,b\n1,2\n', 'h.csv', { file: 'h.csv' }), /Name its columns, e\.g\. --columns .*\(the header has: a, b\)/);
    throwsUnderstudy(() => readTableJudgments('s,v\nA,high\n', 'h.csv', { file: 'h.csv', columns: { system: 's', scores: ['v'] } }), /line 2: the "v" value "high" is not a number/);
    throwsUnderstudy(() => readTableJudgments('s,v\nA,1\n', 'h.csv', { file: 'h.csv', columns: { system: 's', scores: ['v'] }, where: { s: 'B' } }), /no row has a score \(1 rows did not match the filter/);
  });

  it('splits tables: CRLF, BOM, blank lines, quoted separators and line breaks; whitespace runs', () => {
    assert.deepEqual(splitTable('\ufeffa,b\r\n\r\n"x,\ny",2\r\n', ',', 't'), [{ fields: ['a', 'b'], line: 1 }, { fields: ['x,\ny', '2'], line: 3 }]);
    assert.deepEqual(splitTable('A.1  2 3 \n\n B 4\t5\n', 'whitespace', 't'), [{ fields: ['A.1', '2', '3'], line: 1 }, { fields: ['B', '4', '5'], line: 3 }]);
    throwsUnderstudy(() => splitTable('a,"b\n', ',', 't.csv'), /line 1: a quoted field is never closed/);
    assert.equal(guessDelimiter('a\tb\n', 'x.txt'), '\t');
    assert.equal(guessDelimiter('SYS SID RAW.SCR\n', 'ad-seg-scores.csv'), 'whitespace');
    assert.equal(guessDelimiter('a;b;c\n', 'x'), ';');
  });
});

describe('judgments: format detection', () => {
  it('recognises every shipped format by its first line or record', () => {
    assert.equal(detectJudgmentFormat(read(path.join(WMT21, 'ad-seg-scores-cs-en.csv')), 'a'), 'wmt21-seg');
    assert.equal(detectJudgmentFormat(read(path.join(WMT21, 'ad-sys-ranking-cs-en-z-names.csv')), 'a'), 'wmt21-sys');
    assert.equal(detectJudgmentFormat(read(path.join(WMT21, 'ad-sys-scores-cs-en.csv')), 'a'), 'wmt21-sys');
    assert.equal(detectJudgmentFormat(read(path.join(DATA, 'wmt17-da/DA-seglevel.csv')), 'a'), 'wmt17-seg');
    assert.equal(detectJudgmentFormat(read(path.join(DATA, 'wmt17-da/DA-syslevel.csv')), 'a'), 'wmt17-sys');
    assert.equal(detectJudgmentFormat(read(path.join(DATA, 'summeval/summaries.jsonl')), 'a'), 'summeval');
    assert.equal(detectJudgmentFormat(read(path.join(DATA, 'realsumm/summaries.first10docs.jsonl')), 'a'), 'realsumm');
    assert.equal(detectJudgmentFormat('system,score\nA,1\n', 'a'), 'table');
    throwsUnderstudy(() => detectJudgmentFormat('{"x": 1}\n', 'a.jsonl'), /must be SummEval .* or REALSumm/);
  });

  it('rejects --columns for a file that is read in a fixed format', () => {
    throwsUnderstudy(
      () => readJudgments({ spec: { file: 'r.csv', columns: { system: 'a', scores: ['b'] } }, text: read(path.join(WMT21, 'ad-sys-ranking-cs-en-z-names.csv')) }),
      /read as wmt21-sys: --columns applies to --human-format table only/,
    );
  });
});
