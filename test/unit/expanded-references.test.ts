import * as assert from 'assert';
import { DEFAULT_METRIC_SETTINGS, MetricSettings } from '../../src/core/engine/metric-settings';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { EvaluationSession } from '../../src/core/engine/evaluation-session';
import { ExpansionResources } from '../../src/core/engine/expanded-references-adapter';
import { UnderstudyError } from '../../src/core/errors';
import { scoreBreakdown } from '../../src/core/inspect/score-breakdown';
import { prepareBleu } from '../../src/core/metrics/bleu';
import { prepareNist } from '../../src/core/metrics/nist';
import { bestMatchingReference, synonymFinder } from '../../src/core/paraphrase/best-matching-reference';
import { EquivalenceSet, indexParaphraseTable, paraphraseTokenizer } from '../../src/core/paraphrase/equivalence-sets';
import { SubstitutedLine } from '../../src/core/paraphrase/substituted-line';
import { InMemorySynonymSource, parseSynonymGroups } from '../../src/core/paraphrase/synonym-source';

const member = (expression: string, count: number, probability: number) => ({ expression, tokens: expression.split(' '), count, probability, surface: expression });

/** The three sets behind Owczarzak et al.'s example (2), as learned from a Fr–En bitext. */
const SEED_SETS: EquivalenceSet[] = [
  { id: 1, source: 'réponse', members: [member('answer', 2, 0.5), member('reply', 2, 0.5)] },
  { id: 2, source: 'mais', members: [member('but', 3, 0.6), member('however', 2, 0.4)] },
  { id: 3, source: 'cela', members: [member('that', 1, 0.5), member('it', 1, 0.5)] },
];
const SEED_TABLE = indexParaphraseTable(SEED_SETS, { tokenize: 'intl', lowercase: true }, 'sets:3,given');
const SEED_REFERENCE = 'I admire the answer Mrs Parly gave this morning, but we have turned a blind eye to that.';

const settings = (overrides: Partial<MetricSettings>): MetricSettings => ({ ...DEFAULT_METRIC_SETTINGS, ...overrides });

describe('best-matching reference (Kauchak & Barzilay 2006, as Owczarzak et al. 2007; digest seed000 §2.8)', () => {
  const tokenize = paraphraseTokenizer({ tokenize: 'intl', lowercase: true });
  const rewrite = (reference: string, hypothesis: string, groups: string[][], exclusion: 'prepositions' | 'closed-class' | 'none' = 'prepositions'): SubstitutedLine =>
    bestMatchingReference(reference, tokenize(reference), hypothesis, tokenize(hypothesis), synonymFinder(new InMemorySynonymSource('test', groups)), exclusion);

  it('replaces reference words missing from the hypothesis by a synonym the hypothesis has, in the reference\'s case', () => {
    const line = rewrite('The answer came quickly.', 'Reply came fast.', [['answer', 'reply', 'response'], ['quickly', 'fast', 'rapidly']]);
    assert.strictEqual(line.text, 'The reply came fast.');
    assert.deepStrictEqual(line.substitutions.map((s) => [s.originalText, s.replacement, s.original.start, s.original.end]), [['answer', 'reply', 4, 10], ['quickly', 'fast', 16, 23]]);
  });

  it('leaves words the hypothesis has, synonyms the reference already has, and excluded words alone', () => {
    // "answer" is in the hypothesis; "response" is already in the reference; "in" is a preposition.
    assert.strictEqual(rewrite('the answer and the response', 'the answer and the reply', [['answer', 'reply'], ['response', 'answer']]).text, 'the answer and the response');
    assert.strictEqual(rewrite('he sat in the car', 'he sat inside the car', [['in', 'inside']]).text, 'he sat in the car');
    assert.strictEqual(rewrite('he sat in the car', 'he sat inside the car', [['in', 'inside']], 'none').text, 'he sat inside the car');
  });

  it('uses a hypothesis word for at most as many substitutions as it occurs', () => {
    // Both "big" and "large" could become "huge", which the hypothesis has once: only the first does.
    assert.strictEqual(rewrite('a big and large house', 'a huge house', [['big', 'huge'], ['large', 'huge']]).text, 'a huge and large house');
    assert.strictEqual(rewrite('a big and large house', 'a huge huge house', [['big', 'huge'], ['large', 'huge']]).text, 'a huge and huge house');
  });

  it('takes multiword synonyms when the hypothesis has all of them in a row', () => {
    assert.strictEqual(rewrite('they postponed it', 'they put off it', [['postponed', 'put_off']]).text, 'they put off it');
    assert.strictEqual(rewrite('they postponed it', 'they put it off', [['postponed', 'put_off']]).text, 'they postponed it');
  });

  it('reads synonym lists with tabs or commas, and says which line is wrong', () => {
    const source = parseSynonymGroups('# a comment\nanswer, reply\tresponse\n\nquick,fast\n', 'file:test.txt');
    assert.deepStrictEqual(source.synonyms('Answer'), ['reply', 'response']);
    assert.deepStrictEqual(source.synonyms('fast'), ['quick']);
    assert.throws(() => parseSynonymGroups('answer, reply\nlonely\n', 'file:bad.txt'), /file:bad\.txt, line 2: "lonely" has only one word/);
  });
});

describe('metrics against expanded references (engine/expanded-references-adapter.ts)', () => {
  it('BLEU+paraphrases is BLEU against the original and its single substitutions (the seed example)', () => {
    const resources = new ExpansionResources(undefined, undefined, SEED_TABLE);
    const hypothesis = 'I admire the reply Mrs Parly gave this morning, however we have turned a blind eye to it.';
    const expanded = metricRequest('bleu', settings({ expandReferences: 'paraphrase' }), { expansion: resources }).prepare({ streams: [[SEED_REFERENCE]] });
    const byHand = prepareBleu({
      streams: [
        [SEED_REFERENCE],
        ['I admire the reply Mrs Parly gave this morning, but we have turned a blind eye to that.'],
        ['I admire the answer Mrs Parly gave this morning, however we have turned a blind eye to that.'],
        ['I admire the answer Mrs Parly gave this morning, but we have turned a blind eye to it.'],
      ],
    });
    assert.deepStrictEqual([...expanded.stats(hypothesis, 0)], [...byHand.stats(hypothesis, 0)]);
    assert.strictEqual(expanded.sentenceScore(expanded.stats(hypothesis, 0)).score, byHand.sentenceScore(byHand.stats(hypothesis, 0)).score);
    assert.strictEqual(expanded.signature(), 'nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0|expand:paraphrase(sets:3,given,occurrences:each)');
  });

  it('explains a match that needed a substitution in the original line, naming the paraphrase and its set', () => {
    const resources = new ExpansionResources(undefined, undefined, SEED_TABLE);
    const metric = metricRequest('bleu', settings({ expandReferences: 'paraphrase' }), { expansion: resources }).prepare({ streams: [[SEED_REFERENCE]] });
    const hypothesis = 'I admire the reply Mrs Parly gave.';
    const explanation = metric.explain(hypothesis, 0);
    const replyUnigram = explanation.matches.find((m) => m.order === 1 && hypothesis.slice(m.hypothesis[0].start, m.hypothesis[0].end) === 'reply');
    assert.ok(replyUnigram, 'reply matched');
    assert.strictEqual(replyUnigram.referenceIndex, 0);
    // The span is "answer" in the user's reference line.
    assert.deepStrictEqual(replyUnigram.reference, [{ start: 13, end: 19 }]);
    assert.strictEqual(SEED_REFERENCE.slice(13, 19), 'answer');
    assert.deepStrictEqual(replyUnigram.substitutions, [
      { reference: { start: 13, end: 19 }, original: 'answer', replacement: 'reply', kind: 'paraphrase', label: "reply ← answer, set #1 from source word 'réponse'", setId: 1, sourceExpression: 'réponse' },
    ]);
    // A 4-gram across the substitution maps back over the original words around it.
    const fourGram = explanation.matches.find((m) => m.order === 4 && hypothesis.slice(m.hypothesis[0].start, m.hypothesis[0].end) === 'the reply Mrs Parly');
    assert.deepStrictEqual(fourGram?.reference, [{ start: 9, end: 29 }]);
    assert.strictEqual(SEED_REFERENCE.slice(9, 29), 'the answer Mrs Parly');
    // Matches needing no substitution carry none, and point at the original too.
    const admire = explanation.matches.find((m) => m.order === 1 && hypothesis.slice(m.hypothesis[0].start, m.hypothesis[0].end) === 'admire');
    assert.strictEqual(admire?.substitutions, undefined);
    assert.strictEqual(SEED_REFERENCE.slice(admire!.reference[0].start, admire!.reference[0].end), 'admire');
    assert.deepStrictEqual(explanation.details.substitutionsUsed, ["reply ← answer, set #1 from source word 'réponse'"]);
    assert.strictEqual(explanation.details.expandedReferences, 3);
    // The hover's breakdown says which substitution produced the match.
    const breakdown = scoreBreakdown('bleu', explanation, metric.sentenceScore(metric.stats(hypothesis, 0)), hypothesis, ['ref']);
    assert.strictEqual(breakdown.details.at(-1), "matched via reply ← answer, set #1 from source word 'réponse'");
  });

  it('TER+paraphrases takes the best expanded reference and reports its edits against the original line', () => {
    const resources = new ExpansionResources(undefined, undefined, SEED_TABLE);
    const metric = metricRequest('ter', settings({ expandReferences: 'paraphrase' }), { expansion: resources }).prepare({ streams: [[SEED_REFERENCE]] });
    const hypothesis = 'I admire the reply Mrs Parly gave this morning, but we have turned a blind eye to that.';
    assert.strictEqual(metric.sentenceScore(metric.stats(hypothesis, 0)).score, 0);
    const explanation = metric.explain(hypothesis, 0);
    assert.strictEqual(explanation.bestReference, 0);
    assert.deepStrictEqual(explanation.details.bestReferenceSubstitutions, ["reply ← answer, set #1 from source word 'réponse'"]);
    const breakdown = scoreBreakdown('ter', explanation, metric.sentenceScore(metric.stats(hypothesis, 0)), hypothesis, ['ref']);
    assert.strictEqual(breakdown.details.at(-1), "matched via reply ← answer, set #1 from source word 'réponse'");
    const replyEdit = explanation.edits?.find((e) => e.hypothesis && hypothesis.slice(e.hypothesis.start, e.hypothesis.end) === 'reply');
    assert.strictEqual(replyEdit?.op, 'match');
    assert.deepStrictEqual(replyEdit?.reference, { start: 13, end: 19 });
  });

  it('NIST+WN scores a segment against its rewritten reference with the corpus\'s information weights', () => {
    const references = ['The answer came quickly .', 'The weather was bad today .', 'An answer is due tomorrow .'];
    const hypotheses = ['The reply came fast .', 'The weather was bad today .', 'A reply is due tomorrow .'];
    const synonyms = new InMemorySynonymSource('test-synonyms', [['answer', 'reply'], ['quickly', 'fast']]);
    const metric = metricRequest('nist', settings({ expandReferences: 'wordnet' }), { expansion: new ExpansionResources(undefined, synonyms) }).prepare({ streams: [references] });
    // By hand: mteval on the reference file with only that segment's line rewritten.
    const rewritten = ['The reply came fast .', 'The weather was bad today .', 'An reply is due tomorrow .'];
    for (let i = 0; i < 3; i++) {
      const corpus = references.slice();
      corpus[i] = rewritten[i];
      const plain = prepareNist({ streams: [corpus] });
      assert.deepStrictEqual([...metric.stats(hypotheses[i], i)], [...plain.stats(hypotheses[i], i)], `segment ${i + 1}`);
    }
    assert.match(metric.signature(), /\|expand:wordnet\(synonyms:test-synonyms,tok:intl-lc,exclude:prepositions,context:none\)$/);
    const explanation = metric.explain(hypotheses[0], 0);
    assert.deepStrictEqual(explanation.details.rewrittenReferences, ['The reply came fast .']);
    const fast = explanation.matches.find((m) => m.order === 1 && m.substitutions?.[0]?.replacement === 'fast');
    assert.strictEqual(fast?.substitutions?.[0].label, 'fast ← quickly, synonym (test-synonyms)');
    assert.strictEqual(references[0].slice(fast!.reference[0].start, fast!.reference[0].end), 'quickly');
  });

  it('NIST+paraphrases averages a segment\'s expanded references as one reference\'s worth', () => {
    const resources = new ExpansionResources(undefined, undefined, SEED_TABLE);
    const references = [SEED_REFERENCE, 'Nothing here changes .'];
    const metric = metricRequest('nist', settings({ expandReferences: 'paraphrase' }), { expansion: resources }).prepare({ streams: [references] });
    const plain = prepareNist({ streams: [references] });
    // A segment without paraphrases scores exactly as without expansion.
    assert.deepStrictEqual([...metric.stats('Nothing changes .', 1)], [...plain.stats('Nothing changes .', 1)]);
    // Every expansion has the original's 20 mteval tokens: the mean reference length stays 20.
    const row = metric.stats('I admire the reply .', 0);
    assert.strictEqual(metric.sentenceScore(row).parts.refLength, 20);
  });

  it('scores in an evaluation session and re-scores an edited line', () => {
    const resources = new ExpansionResources(undefined, undefined, SEED_TABLE);
    const session = new EvaluationSession([{ file: 'ref', segments: [SEED_REFERENCE] }], [metricRequest('bleu', settings({ expandReferences: 'paraphrase' }), { expansion: resources })]);
    const before = session.setLines('hyp', ['I admire the answer.']).sentence.bleu[0];
    const after = session.setLines('hyp', ['I admire the reply.']).sentence.bleu[0];
    assert.ok(Math.abs(before - after) < 1e-9, `${before} vs ${after}: answer and reply are equivalent here`);
    const plain = new EvaluationSession([{ file: 'ref', segments: [SEED_REFERENCE] }], [metricRequest('bleu', DEFAULT_METRIC_SETTINGS)]);
    assert.ok(plain.setLines('hyp', ['I admire the reply.']).sentence.bleu[0] < after);
  });

  it('says what is missing before scoring: the source for paraphrases, a synonym list for wordnet', () => {
    assert.throws(
      () => metricRequest('bleu', settings({ expandReferences: 'paraphrase' })),
      (error: unknown) => error instanceof UnderstudyError && error.code === 'bad-option' && /--source FILE/.test(error.message),
    );
    assert.throws(
      () => metricRequest('bleu', settings({ expandReferences: 'wordnet' }), { expansion: new ExpansionResources(['a source']) }),
      (error: unknown) => error instanceof UnderstudyError && /--synonyms FILE/.test(error.message),
    );
  });
});
