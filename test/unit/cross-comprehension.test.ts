import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ComprehensionJudgment, crossComprehensionReport, distribution, readComprehensionJudgments } from '../../src/core/meta/manual/cross-comprehension';
import { FIXTURES } from './golden';

// Kolluru & Gotoh 2005 (seed001 §2.13, §4.8): Table 3 (A's summary under B's, C's and D's questions) and Table 4 (B's
// and a machine summary under D's questions), label by label.
const COMPREHENSION_FILE = path.join(FIXTURES, 'manual/comprehension/kolluru-gotoh-2005.tsv');

describe('cross comprehension test (summary and questionnaire relevance)', () => {
  const report = crossComprehensionReport(readComprehensionJudgments(fs.readFileSync(COMPREHENSION_FILE, 'utf8'), COMPREHENSION_FILE));

  it("Table 3: A's summary under the others' questions is N R I P / R R / R R N → R 5/9, R+P 6/9, found 7/9", () => {
    const a = report.bySummarizer.find((s) => s.summarizer === 'A');
    assert.ok(a);
    assert.deepStrictEqual(a.counts, { R: 5, P: 1, I: 1, N: 2 });
    assert.deepStrictEqual([a.relevant, a.relevantOrPartial, a.found], [5 / 9, 6 / 9, 7 / 9]);
    const byB = report.grid.find((c) => c.summarizer === 'A' && c.questioner === 'B');
    assert.deepStrictEqual(byB?.counts, { R: 1, P: 1, I: 1, N: 1 });
  });

  it("Table 4: under D's questions B's summary is R R N and the machine's R N N; D's questionnaire pools both tables", () => {
    const b = report.bySummarizer.find((s) => s.summarizer === 'B');
    const machine = report.bySummarizer.find((s) => s.summarizer === 'machine');
    assert.deepStrictEqual([b?.counts, b?.relevantOrPartial], [{ R: 2, P: 0, I: 0, N: 1 }, 2 / 3]);
    assert.deepStrictEqual([machine?.counts, machine?.relevantOrPartial], [{ R: 1, P: 0, I: 0, N: 2 }, 1 / 3]);
    const d = report.byQuestioner.find((q) => q.questioner === 'D');
    assert.deepStrictEqual([d?.documents, d?.judgments, d?.counts], [2, 9, { R: 5, P: 0, I: 0, N: 4 }]);
    assert.deepStrictEqual([report.overall.judgments, report.overall.counts], [15, { R: 8, P: 1, I: 1, N: 5 }]);
  });

  it("leaves out a summary judged under its own author's questions and a repeated judgment, with warnings", () => {
    const j = (summarizer: string, questioner: string, question: string, label: ComprehensionJudgment['label']): ComprehensionJudgment => ({ document: 'd', summarizer, questioner, question, label });
    const r = crossComprehensionReport([j('A', 'A', 'A1', 'R'), j('A', 'B', 'B1', 'N'), j('A', 'B', 'B1', 'R')]);
    assert.deepStrictEqual(r.overall.counts, { R: 0, P: 0, I: 0, N: 1 });
    assert.strictEqual(r.warnings.length, 2);
    assert.match(r.warnings[0], /own author's questions are left out/);
    assert.match(r.warnings[1], /question B1 of B is judged twice on A's summary; the first judgment counts/);
    assert.deepStrictEqual(distribution([]), { judgments: 0, counts: { R: 0, P: 0, I: 0, N: 0 }, relevant: null, relevantOrPartial: null, found: null });
  });

  it('names the line and the allowed labels for a label it cannot read, and the columns it needs', () => {
    assert.throws(() => readComprehensionJudgments('summarizer,questioner,question,label\nA,B,B1,R\nA,B,B2,maybe\n', 'j.csv'), /j\.csv, line 3: label "maybe" is not one of R \(relevant\), P/);
    assert.throws(() => readComprehensionJudgments('summary,questioner,question,label\nA,B,B1,R\n', 'j.csv'), /no column "summarizer" \(columns: summary, questioner, question, label\)\. Columns: summarizer/);
    assert.throws(() => readComprehensionJudgments('summarizer,questioner,question,label\n,B,B1,R\n', 'j.csv'), /line 2: the summarizer cell is empty/);
  });
});
