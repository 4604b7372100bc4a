import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { isExcludedExpression } from '../../src/core/paraphrase/closed-class-words';
import { AlignedReference, buildParaphraseTable, gatherEquivalenceSets, indexParaphraseTable, ParaphraseTable } from '../../src/core/paraphrase/equivalence-sets';
import { allPhrasePairs, minimalPhrasePairs } from '../../src/core/paraphrase/phrase-pairs';
import { expandReferenceLine, expandSegmentReferences } from '../../src/core/paraphrase/reference-expansion';
import { matchCase } from '../../src/core/paraphrase/substituted-line';
import { parsePharaoh } from '../../src/core/paraphrase/symmetrize';
import { Token } from '../../src/core/text/token';
import { FIXTURES } from './golden';

/** Whitespace tokens with their spans (the hand-aligned examples are already tokenized and lower-cased). */
function whitespaceTokens(line: string): Token[] {
  const tokens: Token[] = [];
  for (const match of line.matchAll(/\S+/g)) tokens.push({ text: match[0], start: match.index as number, end: (match.index as number) + match[0].length });
  return tokens;
}

function aligned(source: string, reference: string, links: string): AlignedReference {
  return { sourceWords: source.split(' '), referenceLine: reference, referenceTokens: whitespaceTokens(reference), links: parsePharaoh(links) };
}

/**
 * A French–English miniature of Owczarzak et al.'s evaluation bitext, aligned by hand: réponse is translated
 * answer and reply, mais but and however, cela that and it, and the preposition à to, in and at.
 */
const MINI_BITEXT: AlignedReference[] = [
  aligned("j' admire la réponse", 'i admire the answer', '0-0 1-1 2-2 3-3'),
  aligned('sa réponse est claire', 'her reply is clear', '0-0 1-1 2-2 3-3'),
  aligned('mais nous avons', 'but we have', '0-0 1-1 2-2'),
  aligned('mais nous savons', 'however we know', '0-0 1-1 2-2'),
  aligned('cela est vrai', 'that is true', '0-0 1-1 2-2'),
  aligned('cela est faux', 'it is false', '0-0 1-1 2-2'),
  aligned('aller à rome', 'go to rome', '0-0 1-1 2-2'),
  aligned('être à rome', 'be in rome', '0-0 1-1 2-2'),
  aligned('arriver à rome', 'arrive at rome', '0-0 1-1 2-2'),
];

const SEED_REFERENCE = 'i admire the answer mrs parly gave this morning but we have turned a blind eye to that';

function tableOf(pairs: readonly AlignedReference[], options: Parameters<typeof gatherEquivalenceSets>[1] = {}): ParaphraseTable {
  return indexParaphraseTable(gatherEquivalenceSets(pairs, { tokenize: 'none', ...options }).sets, { tokenize: 'none', ...options }, 'test');
}

describe('phrase pairs consistent with a word alignment', () => {
  it('minimal pairs: each link group with the unaligned words inside it, nothing wider', () => {
    // nous(0) nous(1) attendons(2) à(3) cela(4) ||| we(0) would(1) expect(2) that(3): a 3×3 block plus à unaligned.
    const pairs = minimalPhrasePairs(parsePharaoh('0-0 1-2 2-2 4-3'), 3);
    assert.deepStrictEqual(pairs, [
      { sourceStart: 0, sourceEnd: 1, targetStart: 0, targetEnd: 1 },
      { sourceStart: 1, sourceEnd: 3, targetStart: 2, targetEnd: 3 },
      { sourceStart: 4, sourceEnd: 5, targetStart: 3, targetEnd: 4 },
    ]);
    // Crossing links stay separate pairs; a word linked around another's link forces one block, dropped when too long.
    assert.deepStrictEqual(minimalPhrasePairs(parsePharaoh('0-2 2-0'), 3), [
      { sourceStart: 0, sourceEnd: 1, targetStart: 2, targetEnd: 3 },
      { sourceStart: 2, sourceEnd: 3, targetStart: 0, targetEnd: 1 },
    ]);
    assert.deepStrictEqual(minimalPhrasePairs(parsePharaoh('0-0 0-2 1-1'), 3), [{ sourceStart: 0, sourceEnd: 2, targetStart: 0, targetEnd: 3 }]);
    assert.deepStrictEqual(minimalPhrasePairs(parsePharaoh('0-0 0-2 1-1'), 2), []);
  });

  it('all pairs: the standard extraction, widening over unaligned source words at the edges', () => {
    // das(0) haus(1) ist(2) ||| the(0) house(1) is(2) small(3), links 0-0 1-1 2-2: small unaligned on the target side.
    const pairs = allPhrasePairs(parsePharaoh('0-0 1-1 2-2'), 3, 4, 3);
    const spans = pairs.map((p) => `${p.sourceStart}-${p.sourceEnd}:${p.targetStart}-${p.targetEnd}`);
    // Target spans covering an unaligned target word are consistent too (the house is small ↔ das haus ist).
    assert.deepStrictEqual(spans, ['0-1:0-1', '0-2:0-2', '0-3:0-3', '1-2:1-2', '1-3:1-3', '2-3:2-3', '2-3:2-4', '1-3:1-4'].sort((a, b) => {
      const [as, at] = a.split(':').map((x) => x.split('-').map(Number));
      const [bs, bt] = b.split(':').map((x) => x.split('-').map(Number));
      return as[0] - bs[0] || as[1] - bs[1] || at[0] - bt[0] || at[1] - bt[1];
    }));
    // An unaligned source word at the edge gives the pair with and without it.
    const widened = allPhrasePairs(parsePharaoh('1-0'), 3, 1, 3).map((p) => `${p.sourceStart}-${p.sourceEnd}`);
    assert.deepStrictEqual(widened, ['0-2', '0-3', '1-2', '1-3']);
  });
});

describe('equivalence sets (Owczarzak et al. 2006; digest seed000 §2.7)', () => {
  it('gathers the translations of each source word aligned to more than one expression; prepositions are left out', () => {
    const table = tableOf(MINI_BITEXT);
    assert.deepStrictEqual(
      table.sets.map((s) => [s.id, s.source, s.members.map((m) => m.expression)]),
      [
        [1, 'réponse', ['answer', 'reply']],
        [2, 'mais', ['but', 'however']],
        [3, 'cela', ['that', 'it']],
      ],
    );
    assert.strictEqual(table.sets[0].members[0].probability, 0.5);
    assert.strictEqual(table.sets[0].members[1].surface, 'reply');
    // à → to / in / at is the paper's own example of a false equivalence: kept only when nothing is excluded.
    const everything = tableOf(MINI_BITEXT, { exclude: 'none' });
    assert.deepStrictEqual(everything.sets.map((s) => s.source), ['réponse', 'mais', 'cela', 'à']);
    assert.deepStrictEqual(everything.sets[3].members.map((m) => m.expression), ['to', 'in', 'at']);
    // All closed-class words out: but/that/it go, and sets left with one member disappear.
    assert.deepStrictEqual(tableOf(MINI_BITEXT, { exclude: 'closed-class' }).sets.map((s) => s.source), ['réponse']);
  });

  it('applies the optional probability threshold to p(expression | source expression)', () => {
    const pairs = [
      aligned('réponse', 'answer', '0-0'),
      aligned('réponse', 'answer', '0-0'),
      aligned('réponse', 'answer', '0-0'),
      aligned('réponse', 'reply', '0-0'),
      aligned('réponse', 'response', '0-0'),
    ];
    assert.deepStrictEqual(tableOf(pairs).sets[0].members.map((m) => [m.expression, m.count, m.probability]), [
      ['answer', 3, 0.6],
      ['reply', 1, 0.2],
      ['response', 1, 0.2],
    ]);
    assert.deepStrictEqual(tableOf(pairs, { minProbability: 0.2 }).sets[0].members.length, 3);
    // Above 0.2 only `answer` is left: no set.
    assert.deepStrictEqual(tableOf(pairs, { minProbability: 0.25 }).sets, []);
  });

  it('takes phrases as the alignment groups them ("we would expect" – "we certainly expect")', () => {
    const pairs = [
      aligned('nous attendons', 'we would expect', '0-0 1-1 1-2'),
      aligned('nous attendons', 'we certainly expect', '0-0 1-1 1-2'),
    ];
    const table = tableOf(pairs);
    assert.deepStrictEqual(table.sets.map((s) => [s.source, s.members.map((m) => m.expression)]), [['attendons', ['would expect', 'certainly expect']]]);
    assert.deepStrictEqual(expandReferenceLine('we would expect more', table).map((l) => l.text), ['we certainly expect more']);
  });

  it('keeps an expression unless every one of its words is excluded', () => {
    assert.strictEqual(isExcludedExpression(['bear', 'on'], 'prepositions'), false);
    assert.strictEqual(isExcludedExpression(['on'], 'prepositions'), true);
    assert.strictEqual(isExcludedExpression(['in', 'the'], 'prepositions'), false);
    assert.strictEqual(isExcludedExpression(['in', 'the'], 'closed-class'), true);
    assert.strictEqual(isExcludedExpression([','], 'prepositions'), true);
    assert.strictEqual(isExcludedExpression([','], 'none'), false);
    assert.strictEqual(isExcludedExpression(['but'], 'prepositions'), false);
  });

  it('learns sets from the WMT21 de-en source and reference (fast_align both ways, grow-diag-final-and)', () => {
    const read = (file: string): string[] => fs.readFileSync(path.join(FIXTURES, 'data/wmt21-news/txt', file), 'utf8').replace(/\n$/, '').split('\n');
    const table = buildParaphraseTable(read('sources/newstest2021.de-en.src.de'), [read('references/newstest2021.de-en.ref.A.en')], { minProbability: 0.1, exclude: 'closed-class' });
    const s = table.statistics;
    assert.strictEqual(s.alignment?.sentences, 1000);
    assert.strictEqual(s.sets, table.sets.length);
    assert.ok(table.sets.every((set) => set.members.length >= 2 && set.members.every((m) => m.probability >= 0.1)));
    // No transitivity is built in: each member knows exactly the sets it is in.
    for (const set of table.sets) for (const member of set.members) assert.ok(table.setsOf(member.expression).includes(set));
    const leicht = table.sets.find((set) => set.source === 'leicht');
    assert.deepStrictEqual(leicht?.members.map((m) => m.expression), ['slightly', 'lightly']);
    assert.match(table.signature(), /^sets:\d+,tok:intl-lc,phrases:minimal3,minp:0\.1,exclude:closed-class,align:fast_align-d-o-I5-q0\.08-T4\+grow-diag-final-and$/);
  });
});

describe('reference expansion (Owczarzak et al. 2006 §3.5–3.7)', () => {
  it('gives the paper\'s example (2): the original and one reference per substitution, 4 references from 3 sets', () => {
    const table = tableOf(MINI_BITEXT);
    const references = expandSegmentReferences([SEED_REFERENCE], table);
    assert.deepStrictEqual(
      references.map((r) => r.line.text),
      [
        SEED_REFERENCE,
        'i admire the reply mrs parly gave this morning but we have turned a blind eye to that',
        'i admire the answer mrs parly gave this morning however we have turned a blind eye to that',
        'i admire the answer mrs parly gave this morning but we have turned a blind eye to it',
      ],
    );
    // Not the paper's example (3): no reference with two substitutions at once.
    assert.ok(references.every((r) => r.line.substitutions.length <= 1));
    assert.deepStrictEqual(references.map((r) => r.stream), [0, 0, 0, 0]);
    const reply = references[1].line.substitutions[0];
    assert.deepStrictEqual(reply.original, { start: 13, end: 19 });
    assert.deepStrictEqual(reply.origin, { kind: 'paraphrase', setId: 1, sourceExpression: 'réponse', probability: 0.5 });
  });

  it('never substitutes through a shared member (no transitivity: sure ~ certain ~ some does not give sure ~ some)', () => {
    const table = tableOf([
      aligned('sûr', 'sure', '0-0'),
      aligned('sûr', 'certain', '0-0'),
      aligned('certains', 'certain', '0-0'),
      aligned('certains', 'some', '0-0'),
    ]);
    assert.deepStrictEqual(expandReferenceLine('i am sure', table).map((l) => l.text), ['i am certain']);
    assert.deepStrictEqual(expandReferenceLine('i am certain', table).map((l) => l.text), ['i am sure', 'i am some']);
  });

  it('uses every set an expression is in (people: citizens/public and population)', () => {
    const table = tableOf([
      aligned('citoyens', 'people', '0-0'),
      aligned('citoyens', 'public', '0-0'),
      aligned('citoyens', 'citizens', '0-0'),
      aligned('population', 'population', '0-0'),
      aligned('population', 'people', '0-0'),
    ]);
    assert.deepStrictEqual(expandReferenceLine('the people voted', table).map((l) => l.text), ['the public voted', 'the citizens voted', 'the population voted']);
  });

  it('replaces each occurrence on its own by default, or all occurrences together', () => {
    const table = tableOf(MINI_BITEXT);
    const line = 'the answer and the answer';
    assert.deepStrictEqual(expandReferenceLine(line, table, 'each').map((l) => l.text), ['the reply and the answer', 'the answer and the reply']);
    assert.deepStrictEqual(expandReferenceLine(line, table, 'all').map((l) => l.text), ['the reply and the reply']);
  });

  it('matches whole tokens only and keeps the case of the text it replaces', () => {
    const table = indexParaphraseTable(tableOf(MINI_BITEXT).sets, { tokenize: 'intl', lowercase: true }, 'test');
    assert.deepStrictEqual(expandReferenceLine('Answer: answers are due.', table).map((l) => l.text), ['Reply: answers are due.']);
    assert.strictEqual(matchCase('reply', 'ANSWER'), 'REPLY');
    assert.strictEqual(matchCase('reply', 'Answer'), 'Reply');
    // A name or an acronym keeps its capitals; a capital that only came from a sentence start does not.
    assert.strictEqual(matchCase('EU', 'union'), 'EU');
    assert.strictEqual(matchCase('Paris', 'it'), 'Paris');
    assert.strictEqual(matchCase('Reply', 'answer', true), 'reply');
  });
});
