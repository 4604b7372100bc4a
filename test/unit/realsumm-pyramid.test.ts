import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { identicalSummaryAgreement, identicalSummaryGroups } from '../../src/core/meta/manual/identical-summaries';
import { readRealSummPyramids, readScuList, readSelectedDocuments, realSummPyramidReport } from '../../src/core/meta/manual/realsumm-pyramid';
import { readScoredSummaries } from '../../src/core/meta/manual/scored-summaries-file';
import { FIXTURES } from './golden';

const REALSUMM = path.join(FIXTURES, 'data/realsumm');
const SHARED_REALSUMM = path.resolve(FIXTURES, '../../../shared/data/realsumm');
const text = (file: string): string => fs.readFileSync(file, 'utf8');

function fixtureData(selectedDocuments = text(path.join(REALSUMM, 'selected_documents.md'))) {
  return readRealSummPyramids(
    { scuList: text(path.join(REALSUMM, 'SCUs_list.first10docs.csv')), selectedDocuments, summaries: text(path.join(REALSUMM, 'summaries.first10docs.jsonl')) },
    { scuList: 'SCUs_list.csv', selectedDocuments: 'selected_documents.md', summaries: 'summaries.jsonl' },
  );
}

function close(actual: number | null | undefined, expected: number, tolerance = 1e-12): void {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) <= tolerance, `${actual} ≠ ${expected}`);
}

describe('REALSumm as one-model pyramids', () => {
  it('maps doc_id i to the i-th CNN/DM line of selected_documents.md and reads its SCUs (BLANK slots apart)', () => {
    const lines = readSelectedDocuments(text(path.join(REALSUMM, 'selected_documents.md')), 'selected_documents.md');
    assert.strictEqual(lines.length, 100);
    assert.deepStrictEqual(lines.slice(0, 3), [1017, 10586, 11343]);
    const data = fixtureData();
    assert.deepStrictEqual(data.warnings, []);
    assert.strictEqual(data.documents.length, 10);
    const doc0 = data.documents[0];
    assert.strictEqual(doc0.eventId, 'cnndm1017');
    assert.strictEqual(doc0.scus.length + doc0.blankSlots, 16);
    // 24 systems (BART, stored in both upstream groups with identical data, is one) × 10 documents.
    assert.strictEqual(data.summaries.length, 240);
    const bart = data.summaries.find((s) => s.system === 'bart_out.txt');
    assert.deepStrictEqual(bart?.groups, ['abs', 'ext']);
  });

  it('every LitePyramid recall is a whole number of SCUs, and the modified pyramid score (X = n, weights 1) equals it', () => {
    const report = realSummPyramidReport(fixtureData());
    assert.ok(report.maxDifferenceFromStoredRecall < 1e-12);
    for (const s of report.summaries) {
      assert.strictEqual(s.score.maxWeightAverage, s.score.averageModelScus, 'one tier of weight 1: Max(n) = n');
      assert.strictEqual(s.score.original, null);
    }
    assert.strictEqual(report.systems.length, 24);
    assert.ok(report.notComputable.some((n) => /original pyramid score/.test(n)));
    assert.ok(report.notComputable.some((n) => /jackknifing/.test(n)));
    // The macro mean of a system is the mean of its stored recalls.
    const semsim = report.summaries.filter((s) => s.system === 'semsim_out.txt');
    close(report.systems.find((s) => s.system === 'semsim_out.txt')?.modified, semsim.reduce((a, s) => a + s.recall, 0) / semsim.length);
  });

  it('notices a wrong doc_id mapping: recalls stop being whole numbers of SCUs', () => {
    const shifted = text(path.join(REALSUMM, 'selected_documents.md')).replace('[1017, ', '[');
    const data = fixtureData(shifted);
    assert.ok(data.warnings.some((w) => /not a whole number of their document's SCUs/.test(w)), data.warnings.join('\n'));
  });

  it('reads quoted SCU texts with commas (rows as in the full SCUs_list.csv)', () => {
    const csv = 'eventId,questionId,questionText,answer,author,sourceSummaryId,forUse\ncnndm9825,197,"Twitter decided to suspend 10,000 accounts.",Y,,cnndm9825,1\ncnndm9825,198,BLANK,N,,cnndm9825,1\n';
    const scus = readScuList(csv, 'SCUs_list.csv').get('cnndm9825');
    assert.deepStrictEqual(scus, { scus: [{ id: '197', text: 'Twitter decided to suspend 10,000 accounts.' }], blankSlots: 1, answerN: 0 });
  });

  it('all 100 documents and 2,400 summaries of ../shared/data/realsumm fit the mapping (when ../shared is present)', function () {
    if (!fs.existsSync(SHARED_REALSUMM)) this.skip();
    const data = readRealSummPyramids(
      {
        scuList: text(path.join(SHARED_REALSUMM, 'human_annotations/SCUs_and_annotations/SCUs_list.csv')),
        selectedDocuments: text(path.join(SHARED_REALSUMM, 'selected_docs_for_human_eval/selected_documents.md')),
        summaries: text(path.join(SHARED_REALSUMM, 'summaries.jsonl')),
      },
      { scuList: 'SCUs_list.csv', selectedDocuments: 'selected_documents.md', summaries: 'summaries.jsonl' },
    );
    assert.deepStrictEqual(data.warnings, []);
    assert.strictEqual(data.documents.length, 100);
    assert.strictEqual(data.summaries.length, 2400);
    const sizes = data.documents.map((d) => d.scus.length);
    assert.deepStrictEqual([Math.min(...sizes), Math.max(...sizes)], [5, 16]);
  });
});

describe('assessor consistency on identical summaries (Krippendorff alpha, interval)', () => {
  it('SummEval: 45 groups of identical summaries (99 summaries); alpha of the expert means per aspect', () => {
    const { summaries, aspects } = readScoredSummaries(text(path.join(FIXTURES, 'data/summeval/summaries.jsonl')), 'summeval');
    assert.deepStrictEqual(aspects, ['coherence', 'consistency', 'fluency', 'relevance']);
    const groups = identicalSummaryGroups(summaries, aspects);
    assert.strictEqual(groups.length, 45);
    assert.strictEqual(groups.reduce((n, g) => n + g.systems.length, 0), 99);
    const alpha = Object.fromEntries(identicalSummaryAgreement(groups, aspects).map((r) => [r.aspect, r.alpha.alpha]));
    // Expected values from an exact rational-arithmetic implementation of the coincidence-matrix formula.
    close(alpha.coherence, 0.6920264213257843, 1e-12);
    close(alpha.relevance, 0.7724159647327402, 1e-12);
    close(alpha.fluency, 11 / 46, 1e-12);
    assert.strictEqual(alpha.consistency, null, 'every copy scored 5: no variation');
  });

  it('REALSumm, first 10 documents: 8 groups (19 summaries), LitePyramid alpha 0.9346; BART listed twice counts once', () => {
    const { summaries, aspects } = readScoredSummaries(text(path.join(REALSUMM, 'summaries.first10docs.jsonl')), 'realsumm');
    assert.deepStrictEqual(aspects, ['litepyramid_recall']);
    const groups = identicalSummaryGroups(summaries, aspects);
    assert.strictEqual(groups.length, 8);
    assert.strictEqual(groups.reduce((n, g) => n + g.systems.length, 0), 19);
    assert.ok(groups.every((g) => new Set(g.systems).size === g.systems.length));
    close(identicalSummaryAgreement(groups, aspects)[0].alpha.alpha, 0.9345528962201638, 1e-12);
  });

  it('REALSumm, all documents: 100 groups (226 summaries), alpha 0.2774 (when ../shared is present)', function () {
    if (!fs.existsSync(SHARED_REALSUMM)) this.skip();
    const { summaries, aspects } = readScoredSummaries(text(path.join(SHARED_REALSUMM, 'summaries.jsonl')), 'realsumm');
    const groups = identicalSummaryGroups(summaries, aspects);
    assert.strictEqual(groups.length, 100);
    assert.strictEqual(groups.reduce((n, g) => n + g.systems.length, 0), 226);
    close(identicalSummaryAgreement(groups, aspects)[0].alpha.alpha, 0.27743818137678594, 1e-12);
  });
});
