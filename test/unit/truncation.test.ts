import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { checkEnding, isFragment } from '../../src/core/meta/gap/truncation';
import { fragmentEffect } from '../../src/core/meta/gap/fragment-effect';
import { summEvalTable } from '../../bench/meta-data';
import { FIXTURES } from './golden';

interface EndingCase {
  data: string;
  doc_id: string | number;
  system: string;
  expected: 'complete' | 'unterminated' | 'cut';
  text: string;
}

function close(a: number | null, b: number, tol = 1e-12, what = ''): void {
  assert.ok(a !== null && Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${what} ${a} ≠ ${b}`);
}

describe('truncated last sentences', () => {
  const cases = (JSON.parse(fs.readFileSync(path.join(FIXTURES, 'meta-endings.json'), 'utf8')) as { cases: EndingCase[] }).cases;

  for (const c of cases) {
    it(`${c.data} ${c.system} ${c.doc_id}: ${c.expected} ("…${c.text.trimEnd().slice(-40)}")`, () => {
      const check = checkEnding(c.text);
      assert.equal(check.verdict, c.expected, check.reason);
      // The last sentence's span is inside the text and ends at its last non-space character before markup.
      assert.ok(check.lastSentence.start < check.lastSentence.end && check.lastSentence.end <= c.text.length);
    });
  }

  it('gives its reasons and the last sentence', () => {
    const text = 'The storm hit the coast . Residents were told to';
    const check = checkEnding(text);
    assert.deepEqual(check, { verdict: 'cut', reason: "ends with 'to'", lastSentence: { start: 26, end: text.length }, lastWord: 'to' });
    assert.equal(checkEnding('He said: "We will win."').verdict, 'complete');
    assert.equal(checkEnding('They waited (for hours)').reason, 'no final punctuation');
    assert.equal(checkEnding('Prices rose by 5 %,').reason, "ends with ','");
    assert.equal(checkEnding('And then...').verdict, 'unterminated');
    assert.equal(checkEnding('   ').reason, 'empty output');
    assert.equal(checkEnding('<t> One . </t> <t> Two . </t>').verdict, 'complete');
  });

  it('applies a word limit first, as a length cut would leave the text', () => {
    const text = 'The first sentence ends here . The second one is cut by the limit .';
    assert.equal(checkEnding(text).verdict, 'complete');
    const cut = checkEnding(text, { wordLimit: 9 });
    assert.equal(cut.verdict, 'unterminated');
    assert.equal(cut.lastWord, 'one');
    assert.equal(checkEnding(text, { wordLimit: 12 }).reason, "ends with 'by'");
    assert.equal(checkEnding(text, { wordLimit: 13 }).reason, "ends with 'the'");
  });

  it('counts unterminated endings as fragments by default, only cut ones on request', () => {
    assert.equal(isFragment('unterminated'), true);
    assert.equal(isFragment('unterminated', 'cut'), false);
    assert.equal(isFragment('cut', 'cut'), true);
    assert.equal(isFragment('complete'), false);
  });
});

describe('fragment effect on metrics vs humans (seed 004 Table 4)', () => {
  const table = summEvalTable(path.join(FIXTURES, 'data'));
  const measures = (['coherence', 'fluency', 'relevance'] as const).map((a) => ({ name: a, kind: 'human' as const, scores: table.human[a] }));

  it('classifies SummEval\'s systems by their endings and compares system means (scipy.stats.ttest_ind)', () => {
    const result = fragmentEffect({ systems: table.systems, items: 100, texts: table.hypotheses, measures }, { systemThreshold: 0.2 });
    const m20 = result.systems.find((s) => s.name === 'M20')!;
    assert.deepEqual({ ...m20 }, { name: 'M20', complete: 55, unterminated: 39, cut: 6, fragmentShare: 0.45, fragmentSystem: true });
    assert.deepEqual(result.systems.filter((s) => s.fragmentSystem).map((s) => s.name), ['M5', 'M20']);
    assert.equal(result.systems.find((s) => s.name === 'M1')!.complete, 100);
    // Expected: SciPy 1.17.1 ttest_ind of the 14 other systems' means against M5 and M20's.
    const expected: Record<string, [number, number, number, number]> = {
      coherence: [3.3754761904761907, 3.671666666666667, -0.6556457763497933, 0.5226812291243905],
      fluency: [4.713571428571429, 4.388333333333334, 1.1769516197966121, 0.2588380167736944],
      relevance: [3.791428571428572, 3.6766666666666667, 0.42383697235229045, 0.678124547203072],
    };
    for (const row of result.systemLevel) {
      const [complete, fragment, t, p] = expected[row.measure];
      close(row.completeMean, complete, 1e-14);
      close(row.fragmentMean, fragment, 1e-14);
      close(row.t, t, 1e-12);
      close(row.pvalue, p, 1e-12);
      assert.equal(row.nComplete, 14);
      assert.equal(row.nFragment, 2);
    }
    assert.equal(result.outputLevel[0].nComplete + result.outputLevel[0].nFragment, 1600);
    assert.equal(result.withinSystem[0].systems, 8); // the systems with both kinds of endings
    assert.ok(result.examples.some((e) => e.verdict === 'cut' && e.system === 'M20'));
    // The paper's default classification (most outputs): no SummEval system ends mostly in fragments.
    const majority = fragmentEffect({ systems: table.systems, items: 100, texts: table.hypotheses, measures });
    assert.equal(majority.systemLevel[0].t, null);
    assert.ok(majority.notes.some((n) => n.includes('one class')));
  });

  it('within systems: mean over systems of (complete − fragment), paired t over systems (hand-checked)', () => {
    // Two systems × 4 outputs; outputs 3 and 4 end cut. Scores: complete outputs 1 higher in system a, 3 higher in b.
    const texts = [['A b .', 'C d .', 'E f of', 'G h the'], ['A b .', 'C d .', 'E f of', 'G h the'], ['A .', 'B .', 'C .', 'D .']];
    const scores = Float64Array.from([2, 2, 1, 1, 5, 5, 2, 2, 3, 3, 3, 3]);
    const result = fragmentEffect({ systems: ['a', 'b', 'c'], items: 4, texts, measures: [{ name: 'h', kind: 'human', scores }] });
    assert.equal(result.withinSystem[0].systems, 2);
    close(result.withinSystem[0].difference, 2, 1e-15);
    // Paired t over differences [1, 3]: mean 2, sd √2, t = 2/(√2/√2) = 2, df 1 → p = 0.2951672353008665 (SciPy).
    close(result.withinSystem[0].t, 2, 1e-14);
    close(result.withinSystem[0].pvalue, 0.2951672353008665, 1e-12);
    close(result.outputLevel[0].completeMean, (2 + 2 + 5 + 5 + 12) / 8, 1e-15);
    close(result.outputLevel[0].fragmentMean, 1.5, 1e-15);
  });
});
