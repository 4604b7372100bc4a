import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { readDucViewPeer, readDucViewPyramid } from '../../src/core/meta/manual/ducview-pyramid';
import { maxWeight, Pyramid, pyramidScoreFromCounts, pyramidTiers, scoreModel, scorePeer, scuWeights } from '../../src/core/meta/manual/pyramid';
import { readPyramidJson } from '../../src/core/meta/manual/pyramid-json';
import { pyramidReport } from '../../src/core/meta/manual/pyramid-report';
import { parseXml } from '../../src/core/meta/manual/xml-elements';
import { FIXTURES } from './golden';

const DUCVIEW = path.join(FIXTURES, 'manual/ducview');
const read = (name: string): string => fs.readFileSync(path.join(DUCVIEW, name), 'utf8');

function close(actual: number | null | undefined, expected: number, tolerance = 1e-12): void {
  assert.ok(actual !== null && actual !== undefined && Math.abs(actual - expected) <= tolerance, `${actual} ≠ ${expected}`);
}

/**
 * The hand-made DUCView topic (test/fixtures/manual/ducview): models A, B, C; SCU 1 (storm hit the coast) in A B C,
 * 2 (power cut) in A B C, 3 (schools closed) in A C, 4 (on Monday) in B, 5 (officials warned) in C. Model SCU counts
 * A 3, B 3, C 4, so X = 10/3; tiers T3 = {1, 2}, T2 = {3}, T1 = {4, 5}. Peer P1 expresses SCUs 1 and 4 and one unit
 * outside the pyramid; P2 expresses SCU 3 only.
 */
describe('pyramid scores', () => {
  it("reproduces seed000's worked example: |T4| 2, |T3| 3, |T2| 4, |T1| 10, X = 7 → Max 21; weights {4,3,2,2,1} → 0.5714", () => {
    const tiers = [
      { weight: 4, size: 2, scuIds: [] },
      { weight: 3, size: 3, scuIds: [] },
      { weight: 2, size: 4, scuIds: [] },
      { weight: 1, size: 10, scuIds: [] },
    ];
    // j = 2: Max = 4·2 + 3·3 + 2·(7 − 5) = 21.
    assert.strictEqual(maxWeight(tiers, 7), 21);
    const score = pyramidScoreFromCounts(tiers, ['a', 'b', 'c', 'd'], 7, [0, 1, 2, 1, 1], undefined);
    assert.strictEqual(score.observedWeight, 12);
    close(score.modified, 12 / 21);
    assert.strictEqual((score.modified as number).toFixed(4), '0.5714');
    // (As data the example cannot occur: with 4 models the tiers give Σ i|T_i| = 35 SCU mentions, so X would be 8.75.)
    assert.strictEqual(score.original, null, 'no peer SCU count, no original score');
  });

  it('fills Max(X) tier by tier with a fractional X, and takes the whole pyramid when X exceeds it', () => {
    const tiers = pyramidTiers(new Map([['1', 3], ['2', 3], ['3', 2], ['4', 1], ['5', 1]]));
    assert.deepStrictEqual(tiers.map((t) => [t.weight, t.size]), [[3, 2], [2, 1], [1, 2]]);
    close(maxWeight(tiers, 10 / 3), 3 + 3 + 2 + 1 / 3);
    assert.strictEqual(maxWeight(tiers, 1), 3);
    assert.strictEqual(maxWeight(tiers, 9), 10); // 5 SCUs weigh 10; the rest weighs 0 (j = 0)
    assert.strictEqual(maxWeight(tiers, 0), 0);
  });

  it('reads the hand-made DUCView .pyr: model spans from startDocumentRegEx, weights from contributors, no offset warnings', () => {
    const { pyramid, spans, warnings } = readDucViewPyramid(read('D9999-A.pyr'), 'D9999-A.pyr');
    assert.deepStrictEqual(warnings, []);
    assert.strictEqual(pyramid.topic, 'D9999-A');
    assert.deepStrictEqual(pyramid.models, ['D9999-A.M.100.X.A', 'D9999-A.M.100.X.B', 'D9999-A.M.100.X.C']);
    // The header match ("-----\n D9999-A.M.100.X.A\n-----\n") ends at 60; the summary's first sentence starts at 61.
    assert.strictEqual(spans[0].start, 60);
    assert.strictEqual(spans[0].end, 121); // up to the next header (which starts after the blank separator line)
    assert.deepStrictEqual(Object.fromEntries(scuWeights(pyramid)), { 1: 3, 2: 3, 3: 2, 4: 1, 5: 1 });
  });

  it('scores peer P1 of the .pan against the full pyramid and jackknifed (hand-computed)', () => {
    const { annotation, pyramid, warnings } = readDucViewPeer(read('P1.pan'), 'P1.pan', 'P1');
    assert.deepStrictEqual(warnings, []);
    assert.deepStrictEqual(annotation, { peer: 'P1', topic: 'D9999-A', scuIds: ['1', '4'], unmatchedUnits: 1 });
    const result = scorePeer(pyramid.pyramid, annotation);
    // Full pyramid: D = 3 + 1 = 4; X = 10/3, Max = 3 + 3 + 2 + 1/3 = 25/3 → 0.48. Original: 3 SCUs, Max(3) = 8 → 0.5.
    close(result.full.modified, 0.48);
    close(result.full.original, 0.5);
    assert.deepStrictEqual(result.full.observedByWeight, [0, 1, 0, 1]);
    // Without A: weights 1:2 2:2 3:1 4:1 5:1, X = 3.5, Max = 4 + 1.5 = 5.5, D = 3 → 6/11; original Max(3) = 5 → 0.6.
    // Without B: weights 1:2 2:2 3:2 5:1 (4 drops), X = 3.5, Max = 6 + 0.5 = 6.5, D = 2 → 4/13; original Max(3) = 6 → 1/3.
    // Without C: weights 1:2 2:2 3:1 4:1 (5 drops), X = 3, Max = 5, D = 3 → 0.6; original 0.6.
    const jk = result.jackknife as NonNullable<typeof result.jackknife>;
    assert.deepStrictEqual(jk.map((s) => s.leftOut), pyramid.pyramid.models);
    close(jk[0].modified, 6 / 11);
    close(jk[1].modified, 4 / 13);
    close(jk[2].modified, 0.6);
    close(result.modified, (6 / 11 + 4 / 13 + 0.6) / 3);
    close(result.original, (0.6 + 1 / 3 + 0.6) / 3);
    assert.deepStrictEqual(result.matched, ['1', '4']);
    assert.deepStrictEqual(result.missed, ['2', '3', '5']);
  });

  it('scores each model against the other two models (its own-only SCUs weigh 0 but count for the original score)', () => {
    const { pyramid } = readDucViewPyramid(read('D9999-A.pyr'), 'D9999-A.pyr');
    const [a, b, c] = pyramid.models.map((m) => scoreModel(pyramid, m));
    // A {1,2,3} vs B,C: D = 2+2+1 = 5, X = 3.5, Max = 5.5 → 10/11; original Max(3) = 5 → 1.
    close(a.modified, 10 / 11);
    close(a.original, 1);
    // B {1,2,4} vs A,C: D = 4 (4 weighs 0), X = 3.5, Max = 6.5 → 8/13; original 3 SCUs, Max(3) = 6 → 2/3.
    close(b.modified, 8 / 13);
    close(b.original, 2 / 3);
    // C {1,2,3,5} vs A,B: D = 5, X = 3, Max = 5 → 1; original 4 SCUs, Max(4) = 6 → 5/6.
    close(c.modified, 1);
    close(c.original, 5 / 6);
  });

  it('rounds X up when asked (sacrerouge), which changes Max', () => {
    const { annotation, pyramid } = readDucViewPeer(read('P1.pan'), 'P1.pan', 'P1');
    const ceil = scorePeer(pyramid.pyramid, annotation, { jackknife: false, averageCountRounding: 'ceil' });
    // X = ⌈10/3⌉ = 4, Max(4) = 3 + 3 + 2 + 1 = 9.
    assert.strictEqual(ceil.full.averageModelScus, 4);
    close(ceil.modified, 4 / 9);
    assert.strictEqual(ceil.jackknifed, false);
    close(scorePeer(pyramid.pyramid, annotation, { jackknife: false }).modified, 0.48);
  });

  it('reports topics, models and per-summarizer means; two peers of one topic share its pyramid', () => {
    const p1 = readDucViewPeer(read('P1.pan'), 'P1.pan', 'P1');
    const p2 = readDucViewPeer(read('P2.pan'), 'P2.pan', 'P2');
    const report = pyramidReport([{ pyramid: p1.pyramid.pyramid, peers: [p1.annotation, p2.annotation] }]);
    assert.deepStrictEqual(report.topics[0].tiers, [{ weight: 3, size: 2 }, { weight: 2, size: 1 }, { weight: 1, size: 2 }]);
    close(report.topics[0].averageModelScus, 10 / 3);
    const p2Result = report.topics[0].peers[1];
    // P2 {3}: full D = 2 → 2/(25/3) = 0.24; jackknifed (1/5.5 + 2/6.5 + 1/5)/3; original: 1 SCU, Max(1) = 3 → 2/3 full.
    close(p2Result.full.modified, 0.24);
    close(p2Result.modified, (1 / 5.5 + 2 / 6.5 + 1 / 5) / 3);
    close(p2Result.full.original, 2 / 3);
    assert.deepStrictEqual(report.systems.map((s) => [s.peer, s.kind]), [
      ['D9999-A.M.100.X.C', 'model'],
      ['D9999-A.M.100.X.A', 'model'],
      ['D9999-A.M.100.X.B', 'model'],
      ['P1', 'peer'],
      ['P2', 'peer'],
    ]);
    assert.strictEqual(report.signature, 'pyramid|jackknife:yes|avg:exact|topics:1');
    assert.doesNotThrow(() => JSON.parse(JSON.stringify(report)));
  });

  it('reads the same pyramid from JSON, and warns about a single model (no jackknife) and unknown SCU ids', () => {
    const json = JSON.stringify({
      topics: [
        {
          topic: 't1',
          models: ['A', 'B', 'C'],
          scus: [
            { id: 1, models: ['A', 'B', 'C'] },
            { id: 2, models: ['A', 'B', 'C'] },
            { id: 3, models: ['A', 'C'] },
            { id: 4, models: ['B'] },
            { id: 5, models: ['C', 'C'] },
          ],
          peers: [{ peer: 'P1', scus: ['1', '4'], unmatched: 1 }],
        },
        { topic: 't2', models: ['only'], scus: [{ id: 'x', models: ['only'] }], peers: [{ peer: 'P1', scus: ['x', 'nope'] }] },
      ],
    });
    const inputs = readPyramidJson(json, 'p.json');
    const report = pyramidReport(inputs);
    close(report.topics[0].peers[0].modified, (6 / 11 + 4 / 13 + 0.6) / 3);
    const t2 = report.topics[1].peers[0];
    assert.strictEqual(t2.jackknifed, false);
    close(t2.modified, 1);
    assert.strictEqual(t2.original, null); // no unmatched count given
    assert.ok(report.warnings.some((w) => /one model only/.test(w)));
    assert.ok(report.warnings.some((w) => /nope are not in the pyramid/.test(w)));
    // P1 is a peer in both topics: its mean is over both.
    const p1 = report.systems.find((s) => s.peer === 'P1');
    close(p1?.modified, ((6 / 11 + 4 / 13 + 0.6) / 3 + 1) / 2);
    assert.throws(() => readPyramidJson('{"topic":"t","models":["A"],"scus":[{"id":1,"models":["Z"]}]}', 'bad.json'), /model\(s\) Z are not in the topic's models/);
  });

  it('leaves the original score undefined for 0/0 and the modified score undefined for an empty pyramid', () => {
    const empty: Pyramid = { topic: 'e', models: ['A', 'B'], scus: [] };
    const result = scorePeer(empty, { peer: 'p', topic: 'e', scuIds: [], unmatchedUnits: 0 }, { jackknife: false });
    assert.strictEqual(result.modified, null);
    assert.strictEqual(result.original, null);
  });

  it('reports what is wrong in a malformed DUCView file', () => {
    assert.throws(() => readDucViewPyramid('<pyramid><text><line>x</line></text></pyramid>', 'no-regex.pyr'), /no <startDocumentRegEx>/);
    assert.throws(() => readDucViewPyramid('<pyramid><text><line>x', 'cut.pyr'), /cut\.pyr, line 1: <line> is never closed/);
    assert.throws(() => readDucViewPeer(read('D9999-A.pyr'), 'D9999-A.pyr', 'p'), /expected a <peerAnnotation>/);
    assert.throws(() => parseXml('<a x="1 &nbsp; 2"/>', 'e.xml'), /unknown entity &nbsp;/);
    const tampered = read('P1.pan').replace('label="(3) A storm hit the coast"', 'label="(2) A storm hit the coast"');
    assert.ok(readDucViewPeer(tampered, 'P1.pan', 'P1').warnings.some((w) => /SCU 1 is labelled weight 2 but its contributors come from 3 model summaries/.test(w)));
  });

  it('reads XML entities, CDATA and a DOCTYPE with an internal subset', () => {
    const root = parseXml('<?xml version="1.0"?>\n<!DOCTYPE r [ <!ELEMENT r (#PCDATA)> ]>\n<r a="&quot;x&quot; &#233;&#x41;"><![CDATA[a<b]]>&amp;c</r>', 'ok.xml');
    assert.strictEqual(root.attributes.a, '"x" éA');
    assert.deepStrictEqual(root.children, ['a<b', '&c']);
  });
});
