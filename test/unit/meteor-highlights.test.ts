import * as assert from 'assert';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { ExpansionResources } from '../../src/core/engine/expanded-references-adapter';
import { loadWordNet } from '../../src/core/io/wordnet-file';
import { meteorBreakdown } from '../../src/core/inspect/meteor-breakdown';
import {
  MeteorHighlightSpan,
  meteorAlignedPairs,
  meteorHighlightSource,
  meteorHypothesisHighlights,
  meteorReferenceHighlights,
} from '../../src/core/inspect/meteor-highlights';
import { scoreBreakdown } from '../../src/core/inspect/score-breakdown';
import { Explanation } from '../../src/core/metrics/explanation';
import { prepareMeteor } from '../../src/core/metrics/meteor/meteor';
import { MeteorParaphraseTable } from '../../src/core/metrics/meteor/meteor-paraphrase';
import { EquivalenceSet, indexParaphraseTable } from '../../src/core/paraphrase/equivalence-sets';

const shownText = (line: string, spans: readonly MeteorHighlightSpan[]): [string, string][] => spans.map((s) => [s.kind, line.slice(s.start, s.end)]);

describe('METEOR alignment highlights (core/inspect/meteor-highlights.ts)', () => {
  // The explanation test's sentence pair (test/unit/meteor.test.ts): exact, stem and synonym matches in two chunks.
  const ref = 'The cats speedily sat on the mat.';
  const hyp = 'The cat quickly sat on a mat.';
  const meteor = prepareMeteor({ streams: [['Nothing alike here.'], [ref]] }, { wordnet: loadWordNet });
  const explanation = meteor.explain(hyp, 0);

  it('colours each aligned hypothesis word by its module, marks the unaligned word and each chunk\'s first character', () => {
    assert.deepStrictEqual(shownText(hyp, meteorHypothesisHighlights(explanation, hyp)), [
      ['meteor-exact', 'The'],
      ['meteor-chunk', 'T'],
      ['meteor-stem', 'cat'],
      ['meteor-synonym', 'quickly'],
      ['meteor-exact', 'sat'],
      ['meteor-exact', 'on'],
      ['meteor-unaligned', 'a'],
      ['meteor-exact', 'mat'],
      ['meteor-chunk', 'm'],
      ['meteor-exact', '.'],
    ]);
  });

  it('paints the same modules on the reference the alignment was taken against, and nothing on the other one', () => {
    assert.deepStrictEqual(shownText(ref, meteorReferenceHighlights(explanation, 1, ref)), [
      ['meteor-exact', 'The'],
      ['meteor-chunk', 'T'],
      ['meteor-stem', 'cats'],
      ['meteor-synonym', 'speedily'],
      ['meteor-exact', 'sat'],
      ['meteor-exact', 'on'],
      ['meteor-exact', 'mat'],
      ['meteor-chunk', 'm'],
      ['meteor-exact', '.'],
    ]);
    assert.deepStrictEqual(meteorReferenceHighlights(explanation, 0), []);
  });

  it('colours a paraphrase as one run over its words, the spaces between included', () => {
    const t = MeteorParaphraseTable.parse('1\nquickly\nin a hurry\n');
    const r = 'We must act quickly now .';
    const h = 'We must act in a hurry now .';
    const e = prepareMeteor({ streams: [[r]] }, { modules: ['exact', 'paraphrase'], paraphraseTable: t }).explain(h, 0);
    const spans = meteorHypothesisHighlights(e, h).filter((s) => s.kind === 'meteor-paraphrase');
    assert.deepStrictEqual(shownText(h, spans), [['meteor-paraphrase', 'in a hurry']]);
    assert.deepStrictEqual(shownText(r, meteorReferenceHighlights(e, 0, r).filter((s) => s.kind === 'meteor-paraphrase')), [['meteor-paraphrase', 'quickly']]);
    // Without the line the words stay separate runs.
    assert.strictEqual(meteorHypothesisHighlights(e).filter((s) => s.kind === 'meteor-paraphrase').length, 3);
  });

  it('lists the non-exact pairs for the hover, in reference order with their chunks', () => {
    assert.deepStrictEqual(meteorAlignedPairs(explanation, hyp, ['Nothing alike here.', ref]), [
      { hypothesis: 'cat', reference: 'cats', kind: 'meteor-stem', chunk: 0, provenance: [] },
      { hypothesis: 'quickly', reference: 'speedily', kind: 'meteor-synonym', chunk: 0, provenance: [] },
    ]);
    assert.strictEqual(meteorAlignedPairs(explanation, hyp, ['', ref], true).length, 7);
  });

  it('takes the METEOR layer only when a METEOR metric is shown before every n-gram metric', () => {
    const fake = (metric: string): Explanation => ({ metric, score: 0, matches: [], unmatchedHypothesis: [], details: {} });
    const all = { bleu: fake('bleu'), ter: fake('ter'), meteor: explanation };
    assert.strictEqual(meteorHighlightSource(all, ['meteor', 'bleu']), 'meteor');
    assert.strictEqual(meteorHighlightSource(all, ['ter', 'meteor', 'bleu']), 'meteor');
    assert.strictEqual(meteorHighlightSource(all, ['bleu', 'meteor']), undefined);
    assert.strictEqual(meteorHighlightSource(all, ['bleu', 'ter']), undefined);
    assert.strictEqual(meteorHighlightSource({ bleu: fake('bleu') }, ['meteor', 'bleu']), undefined, 'no METEOR explanation: nothing to draw');
  });

  it('breaks the score down into P, R, Fmean, the fragmentation penalty and the aligned words per module', () => {
    const parts = meteor.scoreSegment(hyp, 0).parts;
    const lines = meteorBreakdown(explanation);
    assert.strictEqual(lines[0], `P ${parts.precision.toFixed(3)} · R ${parts.recall.toFixed(3)} · Fmean ${parts.fMean.toFixed(3)}`);
    assert.strictEqual(lines[1], `fragmentation penalty ${parts.fragPenalty.toFixed(3)} (2 chunks, fragmentation ${parts.fragmentation.toFixed(3)})`);
    assert.strictEqual(lines[2], 'aligned words: 5 exact · 1 stem · 1 synonym; 1 unaligned');
    const breakdown = scoreBreakdown('meteor', explanation, meteor.sentenceScore(meteor.stats(hyp, 0)), hyp, ['ref A', 'ref B']);
    assert.strictEqual(breakdown.headline, 'METEOR 0.440');
    assert.deepStrictEqual(breakdown.details, [...lines, 'decided by ref B']);
  });

  it('names the paraphrase behind a match against an expanded reference (Owczarzak et al. 2006 seed sets)', () => {
    const member = (expression: string) => ({ expression, tokens: [expression], count: 2, probability: 0.5, surface: expression });
    const sets: EquivalenceSet[] = [{ id: 12, source: 'réponse', members: [member('answer'), member('reply')] }];
    const table = indexParaphraseTable(sets, { tokenize: 'intl', lowercase: true }, 'sets:1,given');
    const reference = 'I admire the answer Mrs Parly gave this morning.';
    const settings = { ...DEFAULT_METRIC_SETTINGS, expandReferences: 'paraphrase' as const, meteorModules: ['exact' as const] };
    const metric = metricRequest('meteor', settings, { expansion: new ExpansionResources(undefined, undefined, table) }).prepare({ streams: [[reference]] });
    const hypothesis = 'I admire the reply Mrs Parly gave.';
    const e = metric.explain(hypothesis, 0);
    const pairs = meteorAlignedPairs(e, hypothesis, [reference]);
    assert.deepStrictEqual(pairs, [{ hypothesis: 'reply', reference: 'answer', kind: 'meteor-exact', chunk: 0, provenance: ["reply ← answer, set #12 from source word 'réponse'"] }]);
    // The coloured span on the user's reference line is "answer", where the paraphrase went.
    const onReference = meteorReferenceHighlights(e, 0, reference).filter((s) => s.kind === 'meteor-exact').map((s) => reference.slice(s.start, s.end));
    assert.ok(onReference.includes('answer'), JSON.stringify(onReference));
  });
});
