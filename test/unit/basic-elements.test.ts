import * as assert from 'node:assert/strict';
import { parseConllu } from '../../src/core/syntax/conllu';
import { BasicElement, formatBasicElement, sentenceBasicElements } from '../../src/core/syntax/basic-elements';
import { BeMode, beUnits, rougeBeCorpusScore, rougeBeRow } from '../../src/core/metrics/syntactic/basic-elements-rouge';
import { matchUnits } from '../../src/core/metrics/syntactic/unit-matching';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { loadGolden } from './golden';
import { conllu, treesFor } from './syntax-helpers';

/** A BE line as ROUGE-1.5.5 splits it (tests only: users' BE files come through the parser branch's reader). */
function beOf(line: string): BasicElement {
  const [head, modifier, relation] = line.split('|');
  return { head, modifier, relation, sentence: 0, headWords: [], modifierWords: [] };
}

const HURRICANE = `
Hurricane hurricane NOUN 2 compound Number=Sing
Gilbert Gilbert PROPN 3 nsubj Number=Sing
swept sweep VERB 0 root Mood=Ind|Tense=Past|VerbForm=Fin
toward toward ADP 6 case
the the DET 6 det Definite=Def|PronType=Art
Dominican Dominican PROPN 3 obl Number=Sing
Republic Republic PROPN 6 flat Number=Sing
. . PUNCT 3 punct`;

describe('Basic Elements from UD trees', () => {
  it('gives head|modifier|relation with prepositions as relations and names as one element', () => {
    const [sentence] = parseConllu(conllu(HURRICANE));
    assert.deepEqual(sentenceBasicElements(sentence).map(formatBasicElement), [
      'Gilbert|Hurricane|compound',
      'swept|Gilbert|nsubj',
      'swept|Dominican Republic|toward',
    ]);
  });

  it('leaves function words out and takes the subordinator as the relation of a clause', () => {
    const [sentence] = parseConllu(conllu(`
He he PRON 2 nsubj Case=Nom|Number=Sing|Person=3|PronType=Prs
left leave VERB 0 root Tense=Past|VerbForm=Fin
because because SCONJ 5 mark
she she PRON 5 nsubj Case=Nom|Number=Sing|Person=3|PronType=Prs
came come VERB 2 advcl Tense=Past|VerbForm=Fin
to to PART 7 mark
stay stay VERB 5 xcomp VerbForm=Inf`));
    assert.deepEqual(sentenceBasicElements(sentence).map(formatBasicElement), ['left|He|nsubj', 'came|she|nsubj', 'left|came|because', 'came|stay|xcomp']);
  });
});

describe('ROUGE-BE scoring, exact to ROUGE-1.5.5 -3 (golden values)', () => {
  const golden = loadGolden('rouge155-be');
  it('has the cases it checks', () => assert.equal(golden.cases.length, 18));
  for (const c of golden.cases) {
    it(c.id, () => {
      const flags: string[] = c.options.flags;
      const mode = flags[flags.indexOf('-3') + 1] as BeMode;
      const stem = flags.includes('-m');
      const modelAverage = flags.includes('-f') ? (flags[flags.indexOf('-f') + 1] as 'A' | 'B') : 'A';
      const alpha = flags.includes('-p') ? Number(flags[flags.indexOf('-p') + 1]) : 0.5;
      const rows = (golden.groups[c.inputs.group] as { peer: string[]; models: string[][] }[]).map((e) => {
        const peer = beUnits(e.peer.map(beOf), mode, stem);
        const models = e.models.map((m) => {
          const units = beUnits(m.map(beOf), mode, stem);
          return { hit: matchUnits(peer, units).pairs.length, modelCount: units.length, peerCount: peer.length };
        });
        return rougeBeRow(models, modelAverage, alpha).row;
      });
      const expected = c.expected.per_eval;
      assert.deepEqual(rows.map((r) => r[0]), expected.R, 'per-eval R');
      assert.deepEqual(rows.map((r) => r[1]), expected.P, 'per-eval P');
      assert.deepEqual(rows.map((r) => r[2]), expected.F, 'per-eval F');
      const corpus = rougeBeCorpusScore(rows, alpha);
      assert.deepEqual([corpus.parts.r, corpus.parts.p, corpus.parts.f], [c.expected.average.R, c.expected.average.P, c.expected.average.F]);
    });
  }
});

describe('be-hm and be through the registry', () => {
  const peer = 'Hurricane Gilbert swept toward the Dominican Republic.';
  const model = 'Hurricanes Gilbert sweeps toward Dominican Republic';
  const trees = treesFor({
    [peer]: HURRICANE,
    [model]: `
Hurricanes hurricane NOUN 2 compound Number=Plur
Gilbert Gilbert PROPN 3 nsubj Number=Sing
sweeps sweep VERB 0 root Mood=Ind|Tense=Pres|VerbForm=Fin
toward toward ADP 5 case
Dominican Dominican PROPN 3 obl Number=Sing
Republic Republic PROPN 5 flat Number=Sing`,
  });

  it('stems words the way ROUGE-1.5.5 does, so inflections match (BE-HM)', () => {
    const metric = metricRequest('be-hm', DEFAULT_METRIC_SETTINGS, { trees }).prepare({ streams: [[model]] });
    const row = Array.from(metric.stats(peer, 0));
    assert.deepEqual(row, [1, 1, 1, 1, 3, 3, 3]);
    const unstemmed = metricRequest('be-hm', { ...DEFAULT_METRIC_SETTINGS, beStem: false }, { trees }).prepare({ streams: [[model]] });
    assert.deepEqual(Array.from(unstemmed.stats(peer, 0)).slice(4), [3, 3, 0]);
    const e = metric.explain(peer, 0);
    assert.deepEqual(e.details.hypothesisElements, ['Gilbert|Hurricane|compound', 'swept|Gilbert|nsubj', 'swept|Dominican Republic|toward']);
    const toward = e.matches.find((m) => m.kind === 'toward');
    assert.deepEqual(toward?.hypothesis.map((s) => peer.slice(s.start, s.end)), ['swept', 'Dominican', 'Republic']);
    assert.deepEqual(toward?.reference.map((s) => model.slice(s.start, s.end)), ['sweeps', 'Dominican', 'Republic']);
  });

  it('be (HMR) also needs the relation to match; -f B and jackknifing follow the ROUGE settings', () => {
    const other = 'Hurricane Gilbert swept toward the Dominican Republic. ';
    const relabelled = treesFor({ [peer]: HURRICANE, [other]: HURRICANE.replace('toward toward ADP 6 case', 'toward toward ADV 3 advmod') });
    const hmr = metricRequest('be', DEFAULT_METRIC_SETTINGS, { trees: relabelled }).prepare({ streams: [[peer]] });
    assert.deepEqual(Array.from(hmr.stats(other, 0)).slice(4), [3, 4, 2]);
    const hm = metricRequest('be-hm', DEFAULT_METRIC_SETTINGS, { trees: relabelled }).prepare({ streams: [[peer]] });
    assert.deepEqual(Array.from(hm.stats(other, 0)).slice(4), [3, 4, 3]);
    const refs = { streams: [[other], [peer]] };
    const best = metricRequest('be-hm', { ...DEFAULT_METRIC_SETTINGS, rougeModelAverage: 'B' }, { trees: relabelled }).prepare(refs);
    assert.deepEqual(Array.from(best.stats(peer, 0)), [1, 1, 1, 1, 3, 3, 3]);
    assert.equal(best.explain(peer, 0).bestReference, 1);
    const jackknifed = metricRequest('be-hm', { ...DEFAULT_METRIC_SETTINGS, rougeJackknife: true }, { trees: relabelled }).prepare(refs);
    // Leave out `other`: R = 3/3; leave out `peer`: R = 3/4 against `other` (its 4 BEs include toward as an adverb).
    assert.equal(jackknifed.stats(peer, 0)[0], (1 + 0.75) / 2);
  });
});
