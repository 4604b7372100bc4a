import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { readAnswerKey, readNuggetResponses } from '../../src/core/meta/manual/nugget-files';
import { AnswerKeyNugget, nonWhitespaceLength, nuggetF, nuggetReport, scoreNuggetResponse } from '../../src/core/meta/manual/nugget-f';
import { readRelevanceJudgments } from '../../src/core/meta/manual/relevance-file';
import { RelevanceJudgment, relevanceReport } from '../../src/core/meta/manual/relevance-prediction';
import { FIXTURES } from './golden';

const NUGGETS = path.join(FIXTURES, 'manual/nuggets');

function close(actual: number | null | undefined, expected: number, tolerance = 1e-6): void {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) <= tolerance, `${actual} ≠ ${expected}`);
}

describe('nugget F (TREC definition questions)', () => {
  const key = readAnswerKey(fs.readFileSync(path.join(NUGGETS, 'copland-key.tsv'), 'utf8'), 'copland-key.tsv');
  const responses = readNuggetResponses(fs.readFileSync(path.join(NUGGETS, 'copland-responses.tsv'), 'utf8'), 'copland-responses.tsv');

  it("reproduces seed001's vector on Lin & Demner-Fushman's Figure 1: r 1, a 2, R 4, l 347 → P 0.864553, F(3) 0.269131, F(5) 0.257027", () => {
    assert.strictEqual(key.filter((n) => n.importance === 'vital').length, 4);
    const figure1 = responses.filter((r) => r.run === 'figure1');
    assert.deepStrictEqual(figure1.map((r) => nonWhitespaceLength(r.strings[0])), [163, 114, 70]); // curly quotes count one each
    const merged = { question: 'copland', run: 'figure1', strings: figure1.flatMap((r) => r.strings), nuggets: figure1.flatMap((r) => r.nuggets) };
    const f3 = scoreNuggetResponse(key, merged, { beta: 3 });
    assert.deepStrictEqual([f3.vitalReturned, f3.okayReturned, f3.vitalInKey, f3.length, f3.allowance], [1, 2, 4, 347, 300]);
    close(f3.precision, 0.864553); // 1 − 47/347
    close(f3.recall, 0.25);
    close(f3.f, 0.269131);
    close(scoreNuggetResponse(key, merged, { beta: 5 }).f, 0.257027);
  });

  it('gives precision 1 within the allowance (l < α) and counts a nugget found twice once', () => {
    const short = scoreNuggetResponse(key, { question: 'copland', run: 'x', strings: ['Copland, an American composer, won an Oscar for “The Heiress”.'], nuggets: ['1', '9', '1'] });
    assert.strictEqual(short.length, 53);
    assert.strictEqual(short.allowance, 200);
    assert.strictEqual(short.precision, 1);
    close(short.f, (10 * 0.25) / (9 + 0.25)); // F(3) = 10·P·R / (9P + R)
    assert.strictEqual(nuggetF(0, 0, 3), 0);
  });

  it('scores every run on every key question (an unanswered one scores 0) and warns about unknown nuggets', () => {
    const extraKey: AnswerKeyNugget[] = [...key, { question: 'cassini', id: '1', importance: 'vital' }, { question: 'cassini', id: '2', importance: 'okay' }];
    const report = nuggetReport(extraKey, [...responses, { question: 'copland', run: 'short', strings: [], nuggets: ['99'] }]);
    assert.strictEqual(report.beta, 3);
    const shortRun = report.runs.find((r) => r.run === 'short');
    assert.strictEqual(shortRun?.questions, 2);
    close(shortRun?.f, (10 * 0.25) / 9.25 / 2); // copland as above, cassini unanswered: 0
    const cassini = report.scores.find((s) => s.run === 'short' && s.question === 'cassini');
    assert.strictEqual(cassini?.answered, false);
    assert.strictEqual(cassini?.f, 0);
    assert.ok(report.warnings.some((w) => /nugget\(s\) 99 are not in the key/.test(w)));
    assert.strictEqual(report.signature, 'nuggetF|beta:3|allowance:100|len:nonws|questions:2');
  });

  it('rejects an importance other than vital/okay and a nugget listed twice', () => {
    assert.throws(() => readAnswerKey('question\tnugget\timportance\nq\t1\tessential\n', 'k.tsv'), /line 2: importance "essential" is neither vital nor okay/);
    assert.throws(() => readAnswerKey('question\tnugget\timportance\nq\t1\tvital\nq\t1\tokay\n', 'k.tsv'), /line 3: nugget 1 of question q is already listed \(line 2\)/);
  });
});

describe('Relevance-Prediction and LDC-Agreement', () => {
  it("reproduces Dorr et al.'s Table 6 → Table 1 relation: RP = (Rel/Rel + NonRel/NonRel) / 600 = 0.760 (HEAD), 0.8133 (HUM)", () => {
    // 600 surrogate judgments per condition with the Table 6 Surr/Doc counts: HEAD 211/27/117/245, HUM 251/35/77/237.
    const judgments: RelevanceJudgment[] = [];
    const add = (condition: string, counts: [number, number, number, number]): void => {
      const cells: [boolean, boolean][] = [
        [true, true],
        [true, false],
        [false, true],
        [false, false],
      ];
      let doc = 0;
      cells.forEach(([surrogate, full], c) => {
        for (let k = 0; k < counts[c]; k++, doc++) {
          const subject = `s${doc % 10}`;
          const document = `${condition}-d${doc}`;
          const event = `E${(doc % 3) + 1}`;
          judgments.push({ subject, event, document, condition, relevant: surrogate });
          judgments.push({ subject, event, document, condition: 'DOC', relevant: full });
        }
      });
    };
    add('HEAD', [211, 27, 117, 245]);
    add('HUM', [251, 35, 77, 237]);
    const report = relevanceReport(judgments);
    const [head, hum] = report.surrogates;
    assert.strictEqual(head.condition, 'HEAD');
    assert.deepStrictEqual([head.relevancePrediction.overall.agree, head.relevancePrediction.overall.total], [456, 600]);
    assert.strictEqual(head.relevancePrediction.overall.rate?.toFixed(3), '0.760');
    assert.strictEqual(hum.relevancePrediction.overall.rate?.toFixed(4), '0.8133');
    assert.deepStrictEqual(
      [head.confusion.relRel.count, head.confusion.relNonRel.count, head.confusion.nonRelRel.count, head.confusion.nonRelNonRel.count],
      [211, 27, 117, 245],
    );
    assert.strictEqual(head.confusion.relRel.share.toFixed(2), '0.35'); // Table 6 prints 35%
    assert.strictEqual(head.ldcAgreement.overall.total, 0, 'no gold labels given');
  });

  it('computes RP and LDC-Agreement per event, per subject and overall on a hand-made file (worked out by hand)', () => {
    const file = path.join(FIXTURES, 'manual/relevance/hand-made.tsv');
    const report = relevanceReport(readRelevanceJudgments(fs.readFileSync(file, 'utf8'), file));
    const head = report.surrogates.find((s) => s.condition === 'HEAD');
    assert.ok(head);
    // s1: d1 R/R ✓, d2 N/R ✗, d3 N/N ✓, d4 N/R ✗, d5 R/R ✓, d6 R/N ✗ (3/6); s2: 5/6 → 8/12; per event 4/6 and 4/6.
    assert.deepStrictEqual([head.relevancePrediction.overall.agree, head.relevancePrediction.overall.total], [8, 12]);
    assert.deepStrictEqual(head.relevancePrediction.bySubject.s1, { agree: 3, total: 6, rate: 0.5 });
    assert.deepStrictEqual(Object.keys(head.relevancePrediction.byEvent), ['E1', 'E2']);
    // Against gold (d1 d2 d4 relevant): s1 2/6, s2 4/6 → 6/12.
    assert.deepStrictEqual([head.ldcAgreement.overall.agree, head.ldcAgreement.overall.total], [6, 12]);
    assert.deepStrictEqual(head.ldcAgreement.bySubject.s2, { agree: 4, total: 6, rate: 4 / 6 });
    // Rel/Rel cell: scores 0.2, 0.4, 0.2, 0.6 → mean 0.35, population SD √(0.11/4).
    close(head.confusion.relRel.meanScore, 0.35, 1e-12);
    close(head.confusion.relRel.sdScore, Math.sqrt(0.11 / 4), 1e-12);
    close(head.confusion.relRel.meanSeconds, 4, 1e-12);
    const hum = report.surrogates.find((s) => s.condition === 'HUM');
    assert.deepStrictEqual([hum?.relevancePrediction.overall.agree, hum?.relevancePrediction.overall.total], [2, 3]);
    assert.deepStrictEqual([report.fullTextLdcAgreement?.overall.agree, report.fullTextLdcAgreement?.overall.total], [10, 12]);
    assert.deepStrictEqual(report.warnings, []);
  });

  it('says so when the full-text condition is missing, and rejects a judgment it cannot read', () => {
    const report = relevanceReport([{ subject: 's', event: 'e', document: 'd', condition: 'HEAD', relevant: true }], { fullText: 'FULL' });
    assert.ok(report.warnings.some((w) => /no judgments in the full-text condition "FULL"/.test(w)));
    assert.strictEqual(report.surrogates[0].unpaired, 1);
    assert.throws(() => readRelevanceJudgments('subject,event,document,condition,judgment\ns,e,d,HEAD,maybe\n', 'r.csv'), /line 2: judgment "maybe"/);
  });
});
