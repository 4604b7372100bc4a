import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { parseConllu } from '../../src/core/syntax/conllu';
import { PREDICATE_LABELS, UD_TO_LFG, formatTriple, sentenceTriples } from '../../src/core/syntax/lfg-triples';
import { SynonymSets } from '../../src/core/syntax/synonym-source';
import { ParsedLineTable } from '../../src/core/syntax/tree-source';
import { prepareDependencyF } from '../../src/core/metrics/syntactic/dependency-f';
import { NO_SWITCHES, TripleSwitches, tripleUnits, unitText } from '../../src/core/metrics/syntactic/triple-units';
import { metricRequest } from '../../src/core/engine/metric-registry';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';
import { UnderstudyError } from '../../src/core/errors';
import { FIXTURES } from './golden';
import { JOHN_RESIGNED_YESTERDAY, MARY_RESIGNED_YESTERDAY, YESTERDAY_JOHN_RESIGNED, conllu, treesFor } from './syntax-helpers';

const JOHN = 'John resigned yesterday';
const YESTERDAY = 'Yesterday, John resigned';
const MARY = 'Mary resigned yesterday';
const SEED_TRIPLES = ['subj(resign, john)', 'pers(john, 3)', 'num(john, sg)', 'tense(resign, past)', 'adj(resign, yesterday)', 'pers(yesterday, 3)', 'num(yesterday, sg)'];

const trees = treesFor({ [JOHN]: JOHN_RESIGNED_YESTERDAY, [YESTERDAY]: YESTERDAY_JOHN_RESIGNED, [MARY]: MARY_RESIGNED_YESTERDAY });
const on = (...names: (keyof TripleSwitches)[]): TripleSwitches => ({ ...NO_SWITCHES, ...Object.fromEntries(names.map((n) => [n, true])) });

/** Sentence-level dep-f parts of one hypothesis against one reference. */
function depF(hypothesis: string, reference: string, switches: TripleSwitches = NO_SWITCHES, extra: { partialMode?: 'add' | 'replace'; beta?: number; source?: typeof trees } = {}) {
  const metric = prepareDependencyF({ streams: [[reference]] }, { name: 'dep-f', trees: extra.source ?? trees, switches, partialMode: extra.partialMode, beta: extra.beta });
  const stats = metric.stats(hypothesis, 0);
  return { stats: Array.from(stats), ...metric.sentenceScore(stats) };
}

describe('dependency triples (Owczarzak et al. 2007) from UD trees', () => {
  it('gives the seed\'s seven triples for "John resigned yesterday" and the same for "Yesterday, John resigned"', () => {
    const a = sentenceTriples(parseConllu(conllu(JOHN_RESIGNED_YESTERDAY))[0]).map(formatTriple);
    const b = sentenceTriples(parseConllu(conllu(YESTERDAY_JOHN_RESIGNED))[0]).map(formatTriple);
    assert.deepEqual([...a].sort(), [...SEED_TRIPLES].sort());
    assert.deepEqual([...b].sort(), [...SEED_TRIPLES].sort());
    // Predicate-only: the two grammatical relations.
    assert.deepEqual(sentenceTriples(parseConllu(conllu(JOHN_RESIGNED_YESTERDAY))[0]).filter((t) => t.predicate).map(formatTriple).sort(), ['adj(resign, yesterday)', 'subj(resign, john)']);
  });

  it('scores the reordered sentence F = 100 while BLEU (the engine\'s sacreBLEU) is below 100', () => {
    const f = depF(YESTERDAY, JOHN);
    assert.deepEqual(f.stats, [7, 7, 7]);
    assert.equal(f.score, 100);
    for (const name of ['bleu', 'sentbleu']) {
      const bleu = metricRequest(name, DEFAULT_METRIC_SETTINGS).prepare({ streams: [[JOHN]] });
      const score = bleu.sentenceScore(bleu.stats(YESTERDAY, 0)).score;
      assert.ok(score < 100 && score > 0, `${name} ${score}`);
    }
    // And through the registry, as the CLI runs it.
    const registered = metricRequest('dep-f', DEFAULT_METRIC_SETTINGS, { trees }).prepare({ streams: [[JOHN]] });
    assert.equal(registered.sentenceScore(registered.stats(YESTERDAY, 0)).score, 100);
  });

  it('reproduces the digest\'s synthetic vectors for "Mary resigned yesterday" vs "John resigned yesterday"', () => {
    const close = (x: number, y: number): void => assert.ok(Math.abs(x - y) < 5e-5, `${x} vs ${y}`);
    const base = depF(MARY, JOHN);
    assert.deepEqual(base.stats, [4, 7, 7]);
    close(base.score, 57.1429);
    assert.equal(depF(MARY, JOHN, on('pred')).score, 50);
    const pmAdd = depF(MARY, JOHN, on('pm'));
    assert.deepEqual(pmAdd.stats, [7, 11, 11]);
    close(pmAdd.score, 63.6364);
    const pmReplace = depF(MARY, JOHN, on('pm'), { partialMode: 'replace' });
    assert.deepEqual(pmReplace.stats, [6, 9, 9]);
    close(pmReplace.score, 66.6667);
    close(depF(MARY, JOHN, on('norel')).score, 57.1429);
  });

  it('splits a predicate triple into subj(resign, x) and subj(y, john) under pm', () => {
    const triples = sentenceTriples(parseConllu(conllu(JOHN_RESIGNED_YESTERDAY))[0]);
    const units = tripleUnits(triples, on('pm'), 'replace').map(unitText);
    assert.ok(units.includes('subj(resign, x)') && units.includes('subj(y, john)'));
    assert.ok(!units.includes('subj(resign, john)'));
    assert.ok(units.includes('tense(resign, past)'), 'atomic features are not split');
    assert.deepEqual(tripleUnits(triples, on('norel')).map(unitText).filter((t) => t.includes('resign, john')), ['(resign, john)']);
  });

  it('counts a relabelled adjunct as a miss, and as a match without labels (label noise)', () => {
    const oblique = JOHN_RESIGNED_YESTERDAY.replace('obl:unmarked', 'obl:arg');
    const source = treesFor({ [JOHN]: JOHN_RESIGNED_YESTERDAY, 'John resigned yesterday ': oblique });
    const labelled = depF('John resigned yesterday ', JOHN, NO_SWITCHES, { source });
    assert.deepEqual(labelled.stats, [6, 7, 7]);
    assert.ok(Math.abs(labelled.score - 85.7143) < 5e-5);
    assert.equal(depF('John resigned yesterday ', JOHN, on('norel'), { source }).score, 100);
  });

  it('matches WordNet synonyms only with the wn switch, after exact matches', () => {
    const quit = JOHN_RESIGNED_YESTERDAY.replace('resigned resign', 'quit quit');
    const source = treesFor({ [JOHN]: JOHN_RESIGNED_YESTERDAY, 'John quit yesterday': quit });
    const synonyms = new SynonymSets('test-wn', [{ pos: 'verb', lemmas: ['resign', 'quit', 'leave'] }]);
    const metric = (switches: TripleSwitches) => prepareDependencyF({ streams: [[JOHN]] }, { name: 'dep-f', trees: source, switches, synonyms });
    const plain = metric(NO_SWITCHES);
    assert.deepEqual(Array.from(plain.stats('John quit yesterday', 0)), [4, 7, 7]);
    const wn = metric(on('wn'));
    assert.deepEqual(Array.from(wn.stats('John quit yesterday', 0)), [7, 7, 7]);
    const explanation = wn.explain('John quit yesterday', 0);
    assert.equal(explanation.matches.filter((m) => m.kind?.endsWith('~wn')).length, 3);
    assert.ok((explanation.details.matchedTriples as string[]).includes('subj(quit, john) ~ subj(resign, john)'));
    assert.throws(() => prepareDependencyF({ streams: [[JOHN]] }, { name: 'dep-f-wn', trees, switches: on('wn') }), (e: unknown) => e instanceof UnderstudyError && e.code === 'no-synonyms');
  });

  it('weighs recall with F-beta and sums statistics for the corpus score', () => {
    // Hypothesis "John resigned" (4 triples, all in the reference's 7): P = 1, R = 4/7.
    const short = 'John resigned';
    const source = treesFor({ [JOHN]: JOHN_RESIGNED_YESTERDAY, [short]: 'John John PROPN 2 nsubj Number=Sing\nresigned resign VERB 0 root Tense=Past|VerbForm=Fin', [YESTERDAY]: YESTERDAY_JOHN_RESIGNED });
    const f1 = depF(short, JOHN, NO_SWITCHES, { source });
    assert.deepEqual(f1.stats, [4, 4, 7]);
    assert.ok(Math.abs(f1.score - (100 * 2 * (4 / 7)) / (1 + 4 / 7)) < 1e-9);
    const f3 = depF(short, JOHN, NO_SWITCHES, { source, beta: 3 });
    const r = 4 / 7;
    assert.ok(Math.abs(f3.score - (100 * 10 * r) / (9 + r)) < 1e-9);
    const metric = prepareDependencyF({ streams: [[JOHN, JOHN]] }, { name: 'dep-f', trees: source, switches: NO_SWITCHES });
    const totals = new Float64Array(3);
    for (const [i, h] of [short, YESTERDAY].entries()) metric.stats(h, i).forEach((v, k) => (totals[k] += v));
    assert.deepEqual(Array.from(totals), [11, 11, 14]);
    assert.ok(Math.abs(metric.corpusScore(totals, 2).score - (100 * 2 * (11 / 14)) / (1 + 11 / 14)) < 1e-9);
  });

  it('takes the reference with the highest F when there are several', () => {
    const metric = prepareDependencyF({ streams: [[MARY], [JOHN]] }, { name: 'dep-f', trees, switches: NO_SWITCHES });
    assert.deepEqual(Array.from(metric.stats(YESTERDAY, 0)), [7, 7, 7]);
    assert.equal(metric.explain(YESTERDAY, 0).bestReference, 1);
  });

  it('explains with character spans of the hypothesis and the reference lines', () => {
    const metric = prepareDependencyF({ streams: [[JOHN]] }, { name: 'dep-f', trees, switches: NO_SWITCHES });
    const e = metric.explain(YESTERDAY, 0);
    assert.equal(e.score, 100);
    const subj = e.matches.find((m) => m.kind === 'subj');
    assert.ok(subj);
    assert.deepEqual(subj.hypothesis.map((s) => YESTERDAY.slice(s.start, s.end)), ['John', 'resigned']);
    assert.deepEqual(subj.reference.map((s) => JOHN.slice(s.start, s.end)), ['John', 'resigned']);
    const tense = e.matches.find((m) => m.kind === 'tense');
    assert.deepEqual(tense?.hypothesis.map((s) => YESTERDAY.slice(s.start, s.end)), ['resigned']);
    assert.deepEqual(e.unmatchedHypothesis, []);
    assert.deepEqual(e.details.relations, ['adj', 'num', 'pers', 'subj', 'tense']);
    const mary = metric.explain(MARY, 0);
    assert.deepEqual(mary.unmatchedHypothesis.map((s) => MARY.slice(s.start, s.end)), ['Mary']);
    assert.deepEqual([...(mary.details.unmatchedHypothesisTriples as string[])].sort(), ['num(mary, sg)', 'pers(mary, 3)', 'subj(resign, mary)']);
  });

  it('maps every UD relation of the EWT sample to an LFG label, and keeps punctuation out', () => {
    const sentences = parseConllu(fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8'));
    const labels = new Set<string>();
    for (const s of sentences) {
      for (const t of sentenceTriples(s)) {
        labels.add(t.relation);
        assert.equal(t.predicate, PREDICATE_LABELS.has(t.relation), formatTriple(t));
        if (t.dependentWord > 0) assert.notEqual(s.words[t.dependentWord - 1].deprel, 'punct');
      }
    }
    for (const label of ['subj', 'obj', 'adj', 'det', 'coord', 'tense', 'num', 'pers', 'pcase', 'comp_form', 'passive', 'relmod', 'topicrel']) assert.ok(labels.has(label), label);
    for (const rule of Object.values(UD_TO_LFG)) if (rule.kind !== 'none') assert.ok(/^[a-z_0-9]+$/.test(rule.label));
  });

  it('holds the seed\'s example with the built-in parser: the same triples for both orders, F = 100 while BLEU < 100', () => {
    const builtIn = metricRequest('dep-f', DEFAULT_METRIC_SETTINGS).prepare({ streams: [[JOHN]] });
    const stats = builtIn.stats(YESTERDAY, 0);
    assert.deepEqual(Array.from(stats), [7, 7, 7]);
    assert.equal(builtIn.sentenceScore(stats).score, 100);
    const bleu = metricRequest('bleu', DEFAULT_METRIC_SETTINGS).prepare({ streams: [[JOHN]] });
    const score = bleu.sentenceScore(bleu.stats(YESTERDAY, 0)).score;
    assert.ok(score > 0 && score < 100, `BLEU ${score}`);
  });

  it('parses with the built-in parser when no trees are given, and says which line a given source lacks', () => {
    const builtIn = metricRequest('dep-f', DEFAULT_METRIC_SETTINGS).prepare({ streams: [['The committee approved the new budget on Monday.']] });
    assert.equal(builtIn.sentenceScore(builtIn.stats('The committee approved the new budget on Monday.', 0)).score, 100);
    assert.ok(builtIn.sentenceScore(builtIn.stats('The budget was rejected.', 0)).score < 50);
    assert.match(builtIn.signature(), /parser:en_ewt@/);
    const metric = metricRequest('dep-f', DEFAULT_METRIC_SETTINGS, { trees }).prepare({ streams: [[JOHN]] });
    assert.throws(() => metric.stats('a line nobody parsed', 0), (e: unknown) => e instanceof UnderstudyError && e.code === 'no-trees' && /segment 1/.test(e.message));
  });
});

describe('statistics from key counts agree with the matched pairs the explanations show', () => {
  const text = fs.readFileSync(path.join(FIXTURES, 'data/ud-english-ewt/en_ewt-ud-dev.sample.conllu'), 'utf8');
  const sentences = parseConllu(text).slice(30, 90);
  const lines = sentences.map((s) => s.text as string);
  const source = new ParsedLineTable('ewt', sentences.map((s) => [s.text as string, [s]] as const));
  const hypotheses = lines.slice(0, 20);
  const references = { streams: [lines.slice(20, 40), lines.slice(40, 60), hypotheses.map((h, i) => (i % 3 === 0 ? h : lines[40 + i]))] };
  for (let mask = 0; mask < 16; mask++) {
    const switches = ['pm', 'one', 'norel', 'pred'].filter((_, i) => mask & (1 << i));
    for (const base of ['dep-f', 'depeval', 'be-hm', 'be']) {
      if (base.startsWith('be') && mask > 0) continue;
      const name = [base, ...switches].join('-');
      it(name, () => {
        const metric = metricRequest(name, { ...DEFAULT_METRIC_SETTINGS, depevalJackknife: false }, { trees: source }).prepare(references);
        hypotheses.forEach((h, i) => {
          const stats = metric.stats(h, i);
          const explanation = metric.explain(h, i);
          assert.equal(metric.sentenceScore(stats).score, explanation.score, `${name}, segment ${i + 1}`);
          const matched = base === 'depeval' ? explanation.details.hits : base === 'dep-f' ? stats[0] : stats[6];
          assert.equal(explanation.matches.length, matched, `${name}, segment ${i + 1}`);
        });
      });
    }
  }
});
