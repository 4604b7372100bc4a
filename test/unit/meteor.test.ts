import * as assert from 'assert';
import { FIXTURES, GoldenCase, lineLimit, loadGolden, readDataLines } from './golden';
import { sumStats } from '../../src/core/metrics/metric';
import { MeteorMetricOptions, PreparedMeteor, prepareMeteor } from '../../src/core/metrics/meteor/meteor';
import { MeteorModule, javaDoubleString, meteorEvalId, resolveMeteorOptions } from '../../src/core/metrics/meteor/meteor-config';
import { MeteorNormalization, meteorTokens, meteorWords } from '../../src/core/metrics/meteor/meteor-normalize';
import { METEOR_SSOUT_COLUMNS } from '../../src/core/metrics/meteor/meteor-stats';
import { javaStringHash } from '../../src/core/metrics/meteor/java-string-hash';
import { loadWordNet } from '../../src/core/io/wordnet-file';
import { meteorNormalizeEnglish } from '../../src/core/metrics/meteor/meteor-normalize';
import { TrackedString } from '../../src/core/metrics/meteor/tracked-string';
import * as fs from 'fs';
import { readMeteorParaphraseTable } from '../../src/core/io/meteor-paraphrase-file';
import { MeteorParaphraseTable } from '../../src/core/metrics/meteor/meteor-paraphrase';
import * as path from 'path';

/** METEOR's command-line flags (as recorded in the golden cases) → our options. */
function optionsFromFlags(flags: readonly string[]): MeteorMetricOptions {
  const value = (flag: string): string | undefined => {
    const i = flags.indexOf(flag);
    return i >= 0 ? flags[i + 1] : undefined;
  };
  const normalization: MeteorNormalization = flags.includes('-norm') ? 'norm' : flags.includes('-lower') ? 'lower' : 'none';
  return {
    language: value('-l'),
    normalization,
    modules: value('-m')?.split(' ') as MeteorModule[] | undefined,
    weights: value('-w')?.split(' ').map(Number),
    wordnet: loadWordNet,
  };
}

function caseInputs(c: GoldenCase): { hyps: string[]; streams: string[][] } {
  const limit = lineLimit(c.inputs.line_range);
  return {
    hyps: c.inputs.hyps ?? readDataLines(c.inputs.hyp_file, limit),
    streams: c.inputs.refs ?? (c.inputs.ref_files as string[]).map((f) => readDataLines(f, limit)),
  };
}

/** METEOR prints NaN where a value is 0/0; the golden file keeps it as NaN or "NaN". */
function same(actual: number, expected: number | string): boolean {
  if (expected === 'NaN' || (typeof expected === 'number' && Number.isNaN(expected))) return Number.isNaN(actual);
  return actual === expected;
}

describe('METEOR 1.5 (golden values from cmu-mtlab/meteor @ 57a9ec5)', () => {
  const golden = loadGolden('meteor');
  const prepared = new Map<GoldenCase, PreparedMeteor>();
  const metricFor = (c: GoldenCase): PreparedMeteor => {
    let m = prepared.get(c);
    if (!m) {
      m = prepareMeteor({ streams: caseInputs(c).streams }, optionsFromFlags(c.options.flags));
      prepared.set(c, m);
    }
    return m;
  };

  it('has the 107 recorded cases over the five configurations', () => {
    assert.strictEqual(golden.cases.length, 107);
    const configs = new Set(golden.cases.map((c) => c.config));
    assert.deepStrictEqual([...configs].sort(), ['lower_exact_stem_synonym', 'norm_exact', 'norm_exact_stem', 'norm_exact_stem_synonym', 'raw_exact_stem_synonym']);
  });

  for (const c of golden.cases) {
    describe(c.id, () => {
      it('Eval ID, segment scores, P / R / fragmentation penalty and sufficient statistics (bit for bit)', () => {
        const m = metricFor(c);
        assert.strictEqual(m.evalId, c.expected.header['Eval ID']);
        const { hyps } = caseInputs(c);
        const seg = c.expected.segments;
        hyps.forEach((h, i) => {
          const r = m.scoreSegment(h, i);
          assert.strictEqual(r.parts.score, seg.score[i], `segment ${i + 1} score`);
          assert.strictEqual(m.sentenceScore(r.stats).score, seg.score[i], `segment ${i + 1} sentence score from stats`);
          assert.ok(same(r.parts.precision, seg.precision[i]), `segment ${i + 1} precision ${r.parts.precision} vs ${seg.precision[i]}`);
          assert.ok(same(r.parts.recall, seg.recall[i]), `segment ${i + 1} recall`);
          assert.ok(same(r.parts.fragPenalty, seg.frag[i]), `segment ${i + 1} fragmentation penalty ${r.parts.fragPenalty} vs ${seg.frag[i]}`);
          assert.deepStrictEqual(Array.from(r.stats.subarray(0, METEOR_SSOUT_COLUMNS)), seg.sufficient_stats[i], `segment ${i + 1} -ssOut statistics`);
        });
      });

      it('alignments: tokens of the winning reference and every match (positions, module, score)', () => {
        const m = metricFor(c);
        const { hyps } = caseInputs(c);
        for (const expected of c.expected.alignments as { segment: number; test_tokens: string; ref_tokens: string; matches: [string, string, number, number][] }[]) {
          const r = m.scoreSegment(hyps[expected.segment - 1], expected.segment - 1);
          assert.strictEqual(r.alignment.test.join(' '), expected.test_tokens, `segment ${expected.segment} test tokens`);
          assert.strictEqual(r.alignment.reference.join(' '), expected.ref_tokens, `segment ${expected.segment} reference tokens`);
          const matches = r.alignment.matches.filter((x) => x !== undefined).map((x) => [`${x!.start}:${x!.length}`, `${x!.matchStart}:${x!.matchLength}`, x!.stage, x!.prob]);
          assert.deepStrictEqual(matches, expected.matches, `segment ${expected.segment} matches`);
        }
      });

      it('system score and statistics from the summed segment statistics', () => {
        const m = metricFor(c);
        const { hyps } = caseInputs(c);
        const totals = sumStats(hyps.map((h, i) => m.stats(h, i)), m.statsLayout.length);
        const score = m.corpusScore(totals, hyps.length);
        const sys = c.expected.system;
        assert.strictEqual(score.score, sys['Final score']);
        assert.ok(same(score.parts.precision as number, sys.Precision), `precision ${score.parts.precision} vs ${sys.Precision}`);
        assert.ok(same(score.parts.recall as number, sys.Recall));
        assert.ok(same(score.parts.fMean as number, sys.fMean));
        assert.ok(same(score.parts.fragPenalty as number, sys['Fragmentation penalty']));
        assert.strictEqual(score.parts.chunks, sys.Chunks);
        assert.strictEqual(totals[0], sys['Test words']);
        assert.strictEqual(totals[1], sys['Reference words']);
        // Stage table: test content / function / total, reference content / function / total per stage.
        for (const rowExpected of sys.stage_table as (number | string)[][]) {
          if (rowExpected[0] === 'Total') continue;
          const s = (rowExpected[0] as number) - 1;
          const base = 4 + 4 * s;
          assert.deepStrictEqual(
            [totals[base], totals[base + 2], totals[base] + totals[base + 2], totals[base + 1], totals[base + 3], totals[base + 1] + totals[base + 3]],
            rowExpected.slice(1),
            `stage ${s + 1}`,
          );
        }
      });
    });
  }
});

describe('METEOR options (MeteorConfiguration)', () => {
  it('rank task defaults for English, without the paraphrase module when there is no table', () => {
    const config = resolveMeteorOptions();
    assert.deepStrictEqual(config.parameters, [0.85, 0.2, 0.6, 0.75]);
    assert.deepStrictEqual(config.modules, ['exact', 'stem', 'synonym']);
    assert.deepStrictEqual(config.weights, [1.0, 0.6, 0.8]);
    assert.strictEqual(meteorEvalId(config), 'meteor-1.5-wo-en-norm-0.85_0.2_0.6_0.75-ex_st_sy-1.0_0.6_0.8');
    const withTable = resolveMeteorOptions({ hasParaphraseTable: true });
    assert.deepStrictEqual(withTable.modules, ['exact', 'stem', 'synonym', 'paraphrase']);
    assert.deepStrictEqual(withTable.weights, [1.0, 0.6, 0.8, 0.6]);
  });

  it('-m cuts or pads the weights by position; -w replaces them', () => {
    assert.deepStrictEqual(resolveMeteorOptions({ modules: ['exact', 'synonym'] }).weights, [1.0, 0.6]);
    assert.deepStrictEqual(resolveMeteorOptions({ modules: ['exact', 'stem'], weights: [1, 0.5, 0.3] }).weights, [1, 0.5]);
    assert.deepStrictEqual(resolveMeteorOptions({ modules: ['exact', 'stem', 'synonym'], weights: [1] }).weights, [1, 0, 0]);
  });

  it('-p makes the task custom with the adequacy weights, as METEOR 1.5 does', () => {
    const config = resolveMeteorOptions({ parameters: [0.9, 3, 0.5, 1] });
    assert.strictEqual(config.task, 'custom');
    assert.deepStrictEqual(config.parameters, [0.9, 3, 0.5, 1]);
    assert.deepStrictEqual(config.weights, [1.0, 1.0, 0.6]);
    assert.strictEqual(meteorEvalId(config), 'meteor-1.5-wo-en-norm-0.9_3.0_0.5_1.0-ex_st_sy-1.0_1.0_0.6');
  });

  it('other tasks, normalisations and character-based scoring appear in the Eval ID', () => {
    assert.strictEqual(meteorEvalId(resolveMeteorOptions({ task: 'hter', normalization: 'lower' })), 'meteor-1.5-wo-en-lc_only-0.4_1.5_0.35_0.55-ex_st_sy-1.0_0.2_0.6');
    assert.strictEqual(meteorEvalId(resolveMeteorOptions({ task: 'util', normalization: 'none', characterBased: true })), 'meteor-1.5-ch-en-no_norm-0.65_0.1_0.55_0.65-ex_st_sy-1.0_0.0_0.0');
    assert.strictEqual(meteorEvalId(resolveMeteorOptions({ normalization: 'norm-nopunct' })), 'meteor-1.5-wo-en-norm_nopunct-0.85_0.2_0.6_0.75-ex_st_sy-1.0_0.6_0.8');
  });

  it('refuses what it cannot do, saying what to do instead', () => {
    assert.throws(() => resolveMeteorOptions({ language: 'de' }), /English resources only/);
    assert.throws(() => resolveMeteorOptions({ modules: ['exact', 'paraphrase'] }), /paraphrase table/);
    assert.throws(() => resolveMeteorOptions({ modules: ['exact', 'fuzzy' as MeteorModule] }), /Unknown METEOR module/);
    assert.throws(() => resolveMeteorOptions({ beamSize: 0 }), /beam size/);
    assert.throws(() => resolveMeteorOptions({ parameters: [1, 2, 3] as unknown as [number, number, number, number] }), /four numbers/);
  });

  it('prints numbers the way Java does', () => {
    assert.deepStrictEqual([1, 0, 0.6, 0.85, 3, 1e-4].map(javaDoubleString), ['1.0', '0.0', '0.6', '0.85', '3.0', '1.0E-4']);
  });
});

describe('METEOR parameters and weights change the score as the formula says', () => {
  const refs = { streams: [['the president then spoke to the audience']] };
  const hyp = 'the president spoke to the audience';
  it('alpha weights recall, beta and gamma shape the penalty, delta the function words', () => {
    const base = prepareMeteor(refs, { modules: ['exact'], parameters: [0.9, 3, 0.5, 0.5], weights: [1] });
    const r = base.scoreSegment(hyp, 0);
    // 6 matched words of 6 / 7, two chunks: P = 1, R = 6/7 when delta = 0.5 weighs all words alike.
    assert.strictEqual(r.parts.precision, 1);
    assert.strictEqual(r.parts.recall, 6 / 7);
    assert.strictEqual(r.parts.fMean, 1 / ((1 - 0.9) / 1 + 0.9 / (6 / 7)));
    assert.ok(Math.abs(r.parts.fragPenalty - 0.5 * (2 / 6) ** 3) < 1e-15);
    // delta = 1 ignores function words: "the", "to" are function words, "then" is not, so recall is 3/4.
    const content = prepareMeteor(refs, { modules: ['exact'], parameters: [0.9, 3, 0.5, 1], weights: [1] }).scoreSegment(hyp, 0);
    assert.strictEqual(content.parts.recall, 3 / 4);
  });

  it('module weights scale the matches of their stage', () => {
    const stemRefs = { streams: [['the cats sat']] };
    const full = prepareMeteor(stemRefs, { modules: ['exact', 'stem'], weights: [1, 1], parameters: [0.5, 1, 0, 0.5] }).scoreSegment('the cat sat', 0);
    const half = prepareMeteor(stemRefs, { modules: ['exact', 'stem'], weights: [1, 0.5], parameters: [0.5, 1, 0, 0.5] }).scoreSegment('the cat sat', 0);
    assert.strictEqual(full.parts.precision, 1);
    assert.strictEqual(half.parts.precision, 2.5 / 3);
    assert.strictEqual(full.alignment.matches[1]?.stage, 1);
  });

  it('an identical hypothesis scores Fmean with no fragmentation penalty; an empty one scores 0', () => {
    const m = prepareMeteor({ streams: [['A simple sentence .', 'Another one']] }, { modules: ['exact'] });
    const r = m.scoreSegment('A simple sentence .', 0);
    assert.strictEqual(r.parts.fragPenalty, 0);
    assert.strictEqual(r.parts.score, 1);
    assert.strictEqual(m.scoreSegment('', 1).parts.score, 0);
  });
});

describe('METEOR explanation', () => {
  it('links each hypothesis word to its reference word by module, with chunks, P, R and the winning reference', () => {
    const ref = 'The cats speedily sat on the mat.';
    const m = prepareMeteor({ streams: [['Nothing alike here.'], [ref]] }, { wordnet: loadWordNet });
    const hyp = 'The cat quickly sat on a mat.';
    const e = m.explain(hyp, 0);
    assert.strictEqual(e.bestReference, 1);
    const pairs = e.matches.map((x) => [x.kind, x.hypothesis.map((s) => hyp.slice(s.start, s.end)).join(' '), x.reference.map((s) => ref.slice(s.start, s.end)).join(' ')]);
    assert.deepStrictEqual(pairs, [
      ['exact', 'The', 'The'],
      ['stem', 'cat', 'cats'],
      ['synonym', 'quickly', 'speedily'],
      ['exact', 'sat', 'sat'],
      ['exact', 'on', 'on'],
      ['exact', 'mat', 'mat'],
      ['exact', '.', '.'],
    ]);
    assert.deepStrictEqual(e.matches.map((x) => x.weight), [1, 0.6, 0.8, 1, 1, 1, 1]);
    // "the" of the reference is unmatched, which ends the first chunk.
    assert.deepStrictEqual(e.details.chunkOfMatch, [0, 0, 0, 0, 0, 1, 1]);
    assert.strictEqual(e.details.chunks, 2);
    assert.deepStrictEqual(e.unmatchedHypothesis.map((s) => hyp.slice(s.start, s.end)), ['a']);
    assert.strictEqual(e.score, m.sentenceScore(m.stats(hyp, 0)).score);
    assert.strictEqual(e.details.precision, m.scoreSegment(hyp, 0).parts.precision);
    assert.deepStrictEqual(e.details.referenceScores, m.scoreSegment(hyp, 0).referenceScores);
  });

  it('spans point into the original text through -norm rewrites (U.S. → us, quotes, dashes)', () => {
    const line = '“The U.S.-based firm’s profits—up 5%…”';
    const tokens = meteorTokens(line, 'norm', true);
    assert.deepStrictEqual(tokens.map((t) => t.text), meteorWords(line, 'norm'));
    assert.deepStrictEqual(
      tokens.map((t) => [t.text, line.slice(t.start, t.end)]),
      [
        ['"', '“'],
        ['the', 'The'],
        ['us', 'U.S.'],
        ['based', 'based'],
        ['firm', 'firm'],
        ["'s", '’s'],
        ['profits', 'profits'],
        ['—', '—'],
        ['up', 'up'],
        ['5', '5'],
        ['%', '%'],
        ['…', '…'],
        ['"', '”'],
      ],
    );
  });
});

describe('METEOR synonym quirk: bare synset offsets', () => {
  it('matches "able" with "breathe" (adjective and verb synsets at the same offset, 00001740), as METEOR 1.5 does', () => {
    // METEOR 1.5: -norm -m "exact synonym" -w "1.0 0.8" on "they are able" / "they breathe" prints 0.32771084337349404
    // with the alignment 0:1 ↔ 0:1 (exact) and 1:1 ↔ 2:1 (synonym).
    const m = prepareMeteor({ streams: [['they breathe']] }, { modules: ['exact', 'synonym'], weights: [1.0, 0.8], wordnet: loadWordNet });
    const r = m.scoreSegment('they are able', 0);
    assert.strictEqual(r.parts.score, 0.32771084337349404);
    assert.deepStrictEqual(r.alignment.matches.map((x) => x && [x.start, x.matchStart, x.stage]), [[0, 0, 0], [1, 2, 1]]);
  });
});

describe('METEOR text handling', () => {
  it('hashes strings like Java (collisions match, as in METEOR)', () => {
    assert.strictEqual(javaStringHash(''), 0);
    assert.strictEqual(javaStringHash('meteor'), -1077557844); // Java: "meteor".hashCode()
    assert.strictEqual(javaStringHash('Aa'), javaStringHash('BB'));
    const m = prepareMeteor({ streams: [['BB']] }, { modules: ['exact'], normalization: 'none' });
    assert.strictEqual(m.scoreSegment('Aa', 0).alignment.matches.filter(Boolean).length, 1);
  });

  it('raw mode splits only on space, tab, LF, CR and form feed; -lower lower-cases first', () => {
    assert.deepStrictEqual(meteorWords(' a\tb\u00a0c\u000bd  e ', 'none'), ['a', 'b\u00a0c\u000bd', 'e']);
    assert.deepStrictEqual(meteorWords('The İstanbul ΣΟΦΟΣ', 'lower'), ['the', 'i̇stanbul', 'σοφος']);
  });

  it('-norm reproduces METEOR\'s Normalizer on 325 lines (WMT21 texts and edge cases, both punctuation modes)', () => {
    const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'meteor/normalizer-java.json'), 'utf8')) as { cases: { line: string; norm: string; norm_nopunct: string }[] };
    assert.ok(fixture.cases.length >= 300);
    for (const c of fixture.cases) {
      assert.strictEqual(meteorNormalizeEnglish(TrackedString.plain(c.line), true).text, c.norm, c.line);
      assert.strictEqual(meteorNormalizeEnglish(TrackedString.plain(c.line), false).text, c.norm_nopunct, c.line);
      const tracked = meteorNormalizeEnglish(TrackedString.tracked(c.line), true);
      assert.strictEqual(tracked.text, c.norm, `tracked: ${c.line}`);
      for (const t of tracked.tokens()) assert.ok(t.start >= 0 && t.start < t.end && t.end <= c.line.length, `span of ${t.text} in ${c.line}`);
    }
    // From the same Java run: dotted abbreviations lose their dots, nonbreaking prefixes keep theirs.
    assert.deepStrictEqual(meteorWords('Mr. Smith paid $1,000.50, i.e. a lot... No. 5 is Art. 3.', 'norm'), ['mr.', 'smith', 'paid', '$', '1,000.50', ',', 'ie', 'a', 'lot', '...', 'no.', '5', 'is', 'art.', '3', '.']);
  });
});

describe('METEOR paraphrase module (golden values from METEOR 1.5 with a test paraphrase table)', () => {
  interface ParaphraseCase {
    id: string;
    flags: string[];
    eval_id: string;
    system_score: number;
    references: string[];
    segments: { precision: number; recall: number; frag: number; score: number; test_tokens: string; ref_tokens: string; matches: [string, string, number, number][] }[];
    sufficient_stats: number[][];
  }
  const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'meteor/paraphrase-golden.json'), 'utf8')) as {
    inputs: { hyp_file: string; ref_files: Record<string, string>; paraphrase_table: string };
    cases: ParaphraseCase[];
  };
  const table = readMeteorParaphraseTable(path.join(FIXTURES, fixture.inputs.paraphrase_table));
  const hyps = readDataLines(fixture.inputs.hyp_file, 100);

  it('reads METEOR\'s gzip format (three lines per entry)', () => {
    assert.strictEqual(table.size, 316);
    assert.strictEqual(readMeteorParaphraseTable(path.join(FIXTURES, fixture.inputs.paraphrase_table)), table);
    const plain = MeteorParaphraseTable.parse('0.5\nin order to\nto\n0.2\nin order\nso as\n');
    const ids = Int32Array.from(['in', 'order', 'to', 'x'], (w) => plain.wordId(w));
    assert.deepStrictEqual(plain.phrasesAt(ids, 0), [2, 1, 3, 0]);
    assert.strictEqual(plain.wordId('x'), -1);
    assert.throws(() => MeteorParaphraseTable.parse('0.5\nonly two lines\n', 'bad.txt'), /bad.txt: 2 lines is not a whole number of entries/);
  });

  for (const c of fixture.cases) {
    it(`${c.id}: segment scores, statistics, alignments (multi-word matches) and system score, bit for bit`, () => {
      const streams = c.references.map((r) => readDataLines(fixture.inputs.ref_files[r], 100));
      const m = prepareMeteor({ streams }, { ...optionsFromFlags(c.flags), paraphraseTable: table, paraphraseTableName: 'paraphrase-test.gz' });
      assert.strictEqual(m.evalId, c.eval_id);
      const rows: Float64Array[] = [];
      let multiWord = 0;
      hyps.forEach((h, i) => {
        const r = m.scoreSegment(h, i);
        rows.push(r.stats);
        const e = c.segments[i];
        assert.strictEqual(r.parts.score, e.score, `segment ${i + 1} score`);
        assert.ok(same(r.parts.precision, e.precision) && same(r.parts.recall, e.recall) && same(r.parts.fragPenalty, e.frag), `segment ${i + 1} P/R/frag`);
        assert.deepStrictEqual(Array.from(r.stats.subarray(0, METEOR_SSOUT_COLUMNS)), c.sufficient_stats[i], `segment ${i + 1} statistics`);
        assert.strictEqual(r.alignment.test.join(' '), e.test_tokens);
        assert.strictEqual(r.alignment.reference.join(' '), e.ref_tokens, `segment ${i + 1} winning reference`);
        const matches = r.alignment.matches.filter((x) => x !== undefined).map((x) => [`${x!.start}:${x!.length}`, `${x!.matchStart}:${x!.matchLength}`, x!.stage, x!.prob]);
        assert.deepStrictEqual(matches, e.matches, `segment ${i + 1} matches`);
        multiWord += r.alignment.matches.filter((x) => x !== undefined && (x.length > 1 || x.matchLength > 1)).length;
      });
      assert.ok(multiWord > 0, 'the case exercises phrase matches');
      assert.strictEqual(m.corpusScore(sumStats(rows, m.statsLayout.length), rows.length).score, c.system_score);
      assert.match(m.signature(), /\|para:paraphrase-test\.gz$/);
    });
  }

  it('explains a phrase match with all its words on both sides', () => {
    const t = MeteorParaphraseTable.parse('1\nquickly\nin a hurry\n');
    const ref = 'We must act quickly now .';
    const m = prepareMeteor({ streams: [[ref]] }, { modules: ['exact', 'paraphrase'], paraphraseTable: t });
    const hyp = 'We must act in a hurry now .';
    const e = m.explain(hyp, 0);
    const phrase = e.matches.find((x) => x.kind === 'paraphrase');
    assert.ok(phrase, JSON.stringify(e.matches));
    assert.deepStrictEqual(phrase!.hypothesis.map((s) => hyp.slice(s.start, s.end)), ['in', 'a', 'hurry']);
    assert.deepStrictEqual(phrase!.reference.map((s) => ref.slice(s.start, s.end)), ['quickly']);
    assert.strictEqual(phrase!.order, 3);
    assert.strictEqual(e.details.chunks, 1);
    assert.deepStrictEqual(e.unmatchedHypothesis, []);
  });
});
