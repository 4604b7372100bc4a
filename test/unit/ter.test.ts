import * as assert from 'assert';
import { GoldenCase, closeTo, lineLimit, loadGolden, readDataLines } from './golden';
import { Explanation } from '../../src/core/metrics/explanation';
import { PreparedMetric, ReferenceSet, sumStats } from '../../src/core/metrics/metric';
import { TerOptions, prepareTer, terFromStats } from '../../src/core/metrics/ter';
import { translationEditRate, tercomEditRate } from '../../src/core/metrics/ter-alignment';
import { TercomTokenizerOptions, tercomWords, tokenizeTercom } from '../../src/core/text/tokenizers/tokenizer-ter';

interface CaseData {
  hyps: string[];
  references: ReferenceSet;
}

function caseData(c: GoldenCase): CaseData {
  const limit = lineLimit(c.inputs.line_range);
  const hyps: string[] = c.inputs.hyps ?? readDataLines(c.inputs.hyp_file, limit);
  const streams: string[][] = c.inputs.refs ?? (c.inputs.ref_files as string[]).map((f) => readDataLines(f, limit));
  return { hyps, references: { streams } };
}

/** sacreBLEU's TER keyword arguments → our options. */
function sacrebleuOptions(kwargs: Record<string, boolean>): TerOptions {
  return {
    caseSensitive: kwargs.case_sensitive ?? false,
    normalized: kwargs.normalized ?? false,
    noPunct: kwargs.no_punct ?? false,
    asianSupport: kwargs.asian_support ?? false,
  };
}

/** tercom command-line flags → our options (`-s` case-sensitive, `-N` normalise, `-P` no punctuation, `-A` asian). */
function tercomOptions(flags: readonly string[], dialect: 'tercom' | 'sacrebleu'): TerOptions {
  return {
    caseSensitive: flags.includes('-s'),
    normalized: flags.includes('-N'),
    noPunct: flags.includes('-P'),
    asianSupport: flags.includes('-A'),
    dialect,
  };
}

function segmentRows(metric: PreparedMetric, hyps: readonly string[]): Float64Array[] {
  return hyps.map((h, i) => metric.stats(h, i));
}

/** tercom's `Alignment.score()`: edits / words, 1 for edits without words, 0 for neither (a fraction, not ×100). */
function tercomFraction(edits: number, words: number): number {
  if (words <= 0) return edits > 0 ? 1 : 0;
  return edits / words;
}

/** Invariants every TER explanation must satisfy, checked against the segment's statistics. */
function checkExplanation(e: Explanation, row: Float64Array, hyp: string, refs: readonly string[], label: string): void {
  const d = e.details;
  const n = (key: string): number => d[key] as number;
  assert.strictEqual(n('numEdits'), row[0], `${label}: explain edits`);
  assert.strictEqual(n('refLength'), row[1], `${label}: explain ref length`);
  assert.strictEqual(n('shifts') + n('substitutions') + n('insertions') + n('deletions'), row[0], `${label}: edit types sum`);
  const hypWords = (d.hypothesisTokens as string[]).length;
  const refWords = (d.referenceTokens as string[]).length;
  assert.strictEqual(e.matches.length + n('substitutions') + n('insertions'), hypWords, `${label}: hypothesis words`);
  assert.strictEqual(e.matches.length + n('substitutions') + n('deletions'), refWords, `${label}: reference words`);
  assert.strictEqual(e.unmatchedHypothesis.length, n('substitutions') + n('insertions'), `${label}: unmatched`);
  const ref = refs[e.bestReference as number];
  const counts = { match: 0, substitute: 0, insert: 0, delete: 0, shift: 0 };
  for (const step of e.edits ?? []) {
    counts[step.op]++;
    for (const [span, line] of [
      [step.hypothesis, hyp],
      [step.reference, ref],
    ] as const) {
      if (span) assert.ok(span.start >= 0 && span.start <= span.end && span.end <= line.length, `${label}: span in bounds`);
    }
  }
  assert.strictEqual(counts.match, e.matches.length);
  assert.strictEqual(counts.substitute, n('substitutions'));
  assert.strictEqual(counts.insert, n('insertions'));
  assert.strictEqual(counts.delete, n('deletions'));
  assert.ok(counts.shift >= n('shifts'), `${label}: one shift step per block (more when a block is not contiguous)`);
  for (const m of e.matches) assert.strictEqual(m.referenceIndex, e.bestReference);
}

describe('TER: sacreBLEU 2.6.0 (golden sacrebleu.json)', () => {
  const golden = loadGolden('sacrebleu');
  const cases = golden.cases.filter((c) => c.metric === 'TER');
  it('has the 138 TER cases', () => assert.strictEqual(cases.length, 138));
  for (const c of cases) {
    it(c.id, () => {
      const { hyps, references } = caseData(c);
      const metric = prepareTer(references, sacrebleuOptions(c.options.kwargs));
      assert.strictEqual(metric.signature(), c.signature);
      assert.deepStrictEqual(metric.statsLayout, ['num_edits', 'ref_length']);
      const rows = segmentRows(metric, hyps);
      const exp = c.expected;
      const expStats = exp.segments.stats as number[][];
      const expScores = exp.segments.score as number[];
      for (let i = 0; i < hyps.length; i++) {
        assert.strictEqual(rows[i][0], expStats[i][0], `segment ${i} edits`);
        assert.ok(closeTo(rows[i][1], expStats[i][1]), `segment ${i} ref length ${rows[i][1]} vs ${expStats[i][1]}`);
        const sentence = metric.sentenceScore(rows[i]).score;
        assert.ok(closeTo(sentence, expScores[i]), `segment ${i} score ${sentence} vs ${expScores[i]}`);
      }
      const corpus = metric.corpusScore(sumStats(rows, 2), rows.length);
      assert.ok(closeTo(corpus.score, exp.corpus.score), `corpus ${corpus.score} vs ${exp.corpus.score}`);
      assert.strictEqual(corpus.parts.numEdits, exp.corpus.num_edits);
      assert.ok(closeTo(corpus.parts.refLength as number, exp.corpus.ref_length));
      assert.strictEqual(`TER = ${corpus.score.toFixed(2)}`, exp.corpus.printed);
      // Explanations agree with the statistics (all segments of inline cases, the first 100 of real ones).
      const refsOf = (i: number): string[] => references.streams.map((s) => s[i]);
      for (let i = 0; i < Math.min(hyps.length, 100); i++) {
        checkExplanation(metric.explain(hyps[i], i), rows[i], hyps[i], refsOf(i), `segment ${i}`);
      }
    });
  }
});

describe('TER: tercom 0.10.0 (golden tercom.json, dialect "tercom")', () => {
  const golden = loadGolden('tercom');
  it('has the 90 tercom cases', () => assert.strictEqual(golden.cases.length, 90));
  for (const c of golden.cases) {
    it(c.id, () => {
      const { hyps, references } = caseData(c);
      const metric = prepareTer(references, tercomOptions(c.options.flags, 'tercom'));
      assert.match(metric.signature(), /\|version:tercom-0\.10\.0$/);
      const rows = segmentRows(metric, hyps);
      const seg = c.expected.segments;
      const types = { ins: 0, del: 0, sub: 0, shift: 0, words_shifted: 0 };
      for (let i = 0; i < hyps.length; i++) {
        assert.strictEqual(rows[i][0], seg.num_errors[i], `segment ${i} edits`);
        assert.ok(closeTo(rows[i][1], seg.num_words[i]), `segment ${i} words`);
        // out.ter prints Java's Double.toString of the fraction: it must parse to exactly our value.
        assert.strictEqual(Number(seg.ter_printed[i]), tercomFraction(rows[i][0], rows[i][1]), `segment ${i} TER`);
        const d = metric.explain(hyps[i], i).details;
        const mine = [d.insertions, d.deletions, d.substitutions, d.shifts, d.wordsShifted];
        const theirs = [seg.ins[i], seg.del[i], seg.sub[i], seg.shift[i], seg.words_shifted[i]];
        assert.deepStrictEqual(mine, theirs, `segment ${i} Ins/Del/Sub/Shft/WdSh`);
        types.ins += seg.ins[i];
        types.del += seg.del[i];
        types.sub += seg.sub[i];
        types.shift += seg.shift[i];
        types.words_shifted += seg.words_shifted[i];
      }
      assert.deepStrictEqual(types, c.expected.total_edit_types);
      const totals = sumStats(rows, 2);
      const total = c.expected.total;
      assert.strictEqual(totals[0], total.edits);
      assert.ok(closeTo(totals[1], total.avg_ref_words));
      assert.ok(closeTo(totals[0] / totals[1], total.ter));
      assert.ok(closeTo(metric.corpusScore(totals, rows.length).score, 100 * total.ter));
      const printed = /^Total TER: (\S+) \((\S+)\/(\S+)\)$/.exec(total.printed);
      assert.ok(printed, total.printed);
      assert.strictEqual(Number(printed[1]), totals[0] / totals[1]);
      assert.strictEqual(Number(printed[2]), totals[0]);
      assert.strictEqual(Number(printed[3]), totals[1]);
    });
  }
});

/**
 * Where tercom and sacreBLEU disagree on the tercom golden data (scored with the default sacreBLEU dialect):
 *  - unicode_punct: a no-break space (U+00A0) separates words for sacreBLEU (Python `str.split()`), not for tercom
 *    (Java `\s`): "dit-il\u00a0:" and "5\u00a0%" are one word for tercom. Segment edits differ as listed.
 *  - WMT21 cs-en Facebook-AI, segments 731 and 844 (0-based): same number of edits, but sacreBLEU's search takes one
 *    more (gain-1) shift where tercom keeps a substitution, so the Ins/Del/Sub/Shift breakdown differs.
 * Everything else (edits, lengths, totals, per-type counts of the other 9,997 real segments) is identical.
 */
describe('TER: sacreBLEU dialect against tercom golden values (documented differences)', () => {
  const golden = loadGolden('tercom');
  const editDifferences: Record<string, Record<number, [sacrebleu: number, tercom: number]>> = {
    'golden/tercom/inline/unicode_punct/default': { 1: [6, 5], 2: [5, 3] },
    'golden/tercom/inline/unicode_punct/s': { 1: [6, 5], 2: [5, 3] },
    'golden/tercom/inline/unicode_punct/N': { 2: [1, 3] },
    'golden/tercom/inline/unicode_punct/Ns': { 2: [1, 3] },
  };
  const breakdownDifferences: Record<string, number[]> = {
    'golden/tercom/real/wmt21.cs-en.Facebook-AI.refA/default': [731, 844],
    'golden/tercom/real/wmt21.cs-en.Facebook-AI.refA/s': [731, 844],
    'golden/tercom/real/wmt21.cs-en.Facebook-AI.refAB/default': [731, 844],
    'golden/tercom/real/wmt21.cs-en.Facebook-AI.refAB/s': [731, 844],
  };
  for (const c of golden.cases) {
    it(c.id, () => {
      const { hyps, references } = caseData(c);
      const metric = prepareTer(references, tercomOptions(c.options.flags, 'sacrebleu'));
      const seg = c.expected.segments;
      const expectedEdits = editDifferences[c.id] ?? {};
      const expectedBreakdown = breakdownDifferences[c.id] ?? [];
      const breakdown: number[] = [];
      for (let i = 0; i < hyps.length; i++) {
        const row = metric.stats(hyps[i], i);
        const known = expectedEdits[i];
        if (known) {
          assert.deepStrictEqual([row[0], seg.num_errors[i]], known, `segment ${i}: documented difference`);
        } else {
          assert.strictEqual(row[0], seg.num_errors[i], `segment ${i} edits`);
          assert.ok(closeTo(row[1], seg.num_words[i]));
        }
        if (!known && (c.inputs.hyps || expectedBreakdown.length > 0)) {
          const d = metric.explain(hyps[i], i).details;
          const mine = [d.insertions, d.deletions, d.substitutions, d.shifts, d.wordsShifted].join();
          if (mine !== [seg.ins[i], seg.del[i], seg.sub[i], seg.shift[i], seg.words_shifted[i]].join()) breakdown.push(i);
        }
      }
      assert.deepStrictEqual(breakdown, expectedBreakdown);
    });
  }
});

describe('TER: synthetic cases checked against both tools', () => {
  // Values obtained by running sacreBLEU 2.6.0 `lib_ter.translation_edit_rate` and `java -jar tercom.jar` (0.10.0).
  const hardCases = [
    {
      // sacreBLEU evaluates 1,000 shift candidates in its first round and then stops without applying the best
      // shift (its `_MAX_SHIFT_CANDIDATES` budget); tercom has no budget. Without the budget sacreBLEU also finds 6.
      hyp: 'a b b b b b b a a a b b a a a a a a b a a b b b b b b b b a b b b a b b b b b b',
      ref: 'a b b a a a b b b b b b a a a a a b a a a b b b b b b a a b b b b b a b b b b a b b b',
      sacrebleu: { edits: 13, breakdown: [0, 3, 10, 0, 0] },
      tercom: { edits: 6, breakdown: [0, 3, 0, 3, 22] },
    },
    {
      // Different shift candidates and ordering: sacreBLEU finds a cheaper path than tercom here.
      hyp: 'a a c d a a g f f z g d g a c d a g d b f f f c b e g e g c f a e',
      ref: 'a g f f c d a g d b a c d a a f g c f a f f f g d g a c b e g e',
      sacrebleu: { edits: 10, breakdown: [1, 0, 4, 5, 20] },
      tercom: { edits: 11, breakdown: [2, 1, 0, 8, 19] },
    },
  ];
  for (const [index, c] of hardCases.entries()) {
    for (const dialect of ['sacrebleu', 'tercom'] as const) {
      it(`case ${index + 1}, ${dialect}`, () => {
        const metric = prepareTer({ streams: [[c.ref]] }, { dialect });
        const row = metric.stats(c.hyp, 0);
        assert.strictEqual(row[0], c[dialect].edits);
        assert.strictEqual(row[1], c.ref.split(' ').length);
        const d = metric.explain(c.hyp, 0).details;
        assert.deepStrictEqual([d.insertions, d.deletions, d.substitutions, d.shifts, d.wordsShifted], c[dialect].breakdown);
        checkExplanation(metric.explain(c.hyp, 0), row, c.hyp, [c.ref], 'synthetic');
      });
    }
  }

  it('shifts a block and explains it with character spans', () => {
    const ref = 'There is a dog in the garden.';
    const hyp = 'A dog is in the garden.';
    for (const dialect of ['sacrebleu', 'tercom'] as const) {
      const e = prepareTer({ streams: [[ref]] }, { normalized: true, dialect }).explain(hyp, 0);
      assert.strictEqual(e.score, 25);
      assert.strictEqual(e.details.shifts, 1);
      assert.deepStrictEqual(e.details.shiftedBlocks, ['is']);
      const text = (line: string, span?: { start: number; end: number }): string =>
        span ? line.slice(span.start, span.end) : '-';
      const steps = (e.edits ?? []).map((s) => `${s.op}:${text(hyp, s.hypothesis)}>${text(ref, s.reference)}`);
      assert.deepStrictEqual(steps, [
        'shift:is>is',
        'delete:->There',
        'match:is>is',
        'match:A>a',
        'match:dog>dog',
        'match:in>in',
        'match:the>the',
        'match:garden>garden',
        'match:.>.',
      ]);
      assert.deepStrictEqual(e.unmatchedHypothesis, []);
    }
  });

  it('identical, empty hypothesis and empty reference', () => {
    const m = prepareTer({ streams: [['the same words', 'two words', '']] });
    assert.deepStrictEqual(Array.from(m.stats('The same  words', 0)), [0, 3]);
    assert.deepStrictEqual(Array.from(m.stats('', 1)), [2, 2]);
    assert.deepStrictEqual(Array.from(m.stats('three more words', 2)), [3, 0]);
    assert.strictEqual(m.sentenceScore(m.stats('three more words', 2)).score, 100); // edits without reference words
    assert.strictEqual(m.sentenceScore(m.stats('', 2)).score, 0);
    const e = m.explain('', 1);
    assert.deepStrictEqual(
      (e.edits ?? []).map((s) => s.op),
      ['delete', 'delete'],
    );
    const inserted = m.explain('three more words', 2);
    assert.deepStrictEqual(inserted.unmatchedHypothesis, [
      { start: 0, end: 5 },
      { start: 6, end: 10 },
      { start: 11, end: 16 },
    ]);
  });

  it('picks the reference with the fewest edits (first on ties) and averages reference lengths', () => {
    const m = prepareTer({ streams: [['a b c d'], ['a b c'], ['x b c']] });
    const row = m.stats('a b c', 0);
    assert.deepStrictEqual(Array.from(row), [0, 10 / 3]);
    assert.strictEqual(m.explain('a b c', 0).bestReference, 1);
    assert.deepStrictEqual(m.explain('a b c', 0).details.referenceEdits, [1, 0, 1]);
    assert.strictEqual(m.explain('b c', 0).bestReference, 1); // 1 edit against refs 1 and 2: the first wins
  });

  it('computes TER from summed statistics as sacreBLEU does', () => {
    assert.strictEqual(terFromStats(Float64Array.of(3, 13)).score, 100 * (3 / 13));
    assert.strictEqual(terFromStats(Float64Array.of(2, 0)).score, 100);
    assert.strictEqual(terFromStats(Float64Array.of(0, 0)).score, 0);
  });

  it('word-id entry points agree with the metric', () => {
    const hyp = Int32Array.of(0, 1, 2, 3);
    const ref = Int32Array.of(2, 3, 0, 1);
    assert.strictEqual(translationEditRate(hyp, ref), 1);
    assert.strictEqual(tercomEditRate(hyp, ref), 1);
    const a = translationEditRate(hyp, ref, true);
    assert.deepStrictEqual(Array.from(a.order), [2, 3, 0, 1]);
    assert.strictEqual(a.shifts.length, 1);
    assert.deepStrictEqual(a.shifts[0].words, [0, 1]); // "0 1" moved after "2 3"
    // target = start + length: sacreBLEU's slicing moves the run past the `length` words that follow it.
    assert.strictEqual(a.shifts[0].target, 2);
  });

  it('signature', () => {
    const refs = { streams: [['x'], ['y']] };
    assert.strictEqual(
      prepareTer(refs, { caseSensitive: true, normalized: true, noPunct: true, asianSupport: true }).signature(),
      'nrefs:2|case:mixed|tok:tercom|norm:yes|punct:no|asian:yes|version:2.6.0',
    );
    assert.strictEqual(prepareTer(refs).signature(), 'nrefs:2|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0');
    assert.strictEqual(
      prepareTer(refs, { dialect: 'tercom' }).signature(),
      'nrefs:2|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:tercom-0.10.0',
    );
  });

  it('rejects a segment index outside the reference set', () => {
    assert.throws(() => prepareTer({ streams: [['a']] }).stats('a', 1), RangeError);
  });
});

describe('TER tokenizer (tercom / sacreBLEU TercomTokenizer)', () => {
  const base: TercomTokenizerOptions = { caseSensitive: false, normalized: false, noPunct: false, asianSupport: false };
  const words = (line: string, options: Partial<TercomTokenizerOptions> = {}): string[] =>
    tercomWords(line, { ...base, ...options });
  const spans = (line: string, options: Partial<TercomTokenizerOptions> = {}): string[] =>
    tokenizeTercom(line, { ...base, ...options }).map((t) => `${t.text}@${t.start}-${t.end}`);

  it('plain mode: lower-case, split on Python whitespace (sacreBLEU) or Java whitespace (tercom)', () => {
    assert.deepStrictEqual(words('Costs: 5\u00a0% –  7'), ['costs:', '5', '%', '–', '7']);
    assert.deepStrictEqual(words('Costs: 5\u00a0% –  7', { dialect: 'tercom' }), ['costs:', '5\u00a0%', '–', '7']);
    assert.deepStrictEqual(words('Costs', { caseSensitive: true }), ['Costs']);
    assert.deepStrictEqual(words('   '), []);
  });

  it('normalized: entities, punctuation, possessives, numbers; spans point into the original line', () => {
    const line = 'AT&amp;T\'s 1,000.5 "deals" end-2-end.';
    assert.deepStrictEqual(words(line, { normalized: true }), [
      'at', '&', 't', "'s", '1,000.5', '"', 'deals', '"', 'end-2', '-', 'end', '.', // '-' splits only after a digit
    ]);
    assert.deepStrictEqual(spans('AT&amp;T\'s x', { normalized: true }), ['at@0-2', '&@2-7', 't@7-8', "'s@8-10", 'x@11-12']);
  });

  it("sacreBLEU rstrips before normalising, so a final possessive splits even before a tab", () => {
    assert.deepStrictEqual(words("it's\t", { normalized: true }), ['it', "'s"]);
  });

  it('lower-casing keeps spans when a character changes length, and applies final sigma', () => {
    assert.deepStrictEqual(spans('İstanbul ΟΔΟΣ'), ['i\u0307stanbul@0-8', '\u03bf\u03b4\u03bf\u03c2@9-13']);
    assert.strictEqual(words('ΟΔΟΣ')[0].slice(-1), 'ς');
  });

  it('asian support: CJK characters split; kana runs split by tercom only', () => {
    assert.deepStrictEqual(words('中文テストです。', { normalized: true, asianSupport: true }), ['中', '文', 'テストです', '。']);
    assert.deepStrictEqual(words('中文テストです。', { normalized: true, asianSupport: true, dialect: 'tercom' }), [
      '中', '文', 'テスト', 'です', '。',
    ]);
    assert.deepStrictEqual(words('これは、テスト。', { noPunct: true, asianSupport: true }), ['これはテスト']);
  });

  it('no punctuation: tercom keeps Java split quirks (a leading empty word)', () => {
    assert.deepStrictEqual(words('" Hello (world)!', { noPunct: true }), ['hello', 'world']);
    assert.deepStrictEqual(words('" Hello (world)!', { noPunct: true, dialect: 'tercom' }), ['', 'hello', 'world']);
    assert.deepStrictEqual(words('"', { noPunct: true, dialect: 'tercom' }), ['']);
  });

  it('fast and span-tracking paths give the same words on every golden input, options and dialect', () => {
    const lines = new Set<string>();
    for (const name of ['sacrebleu', 'tercom']) {
      for (const c of loadGolden(name).cases) {
        if (c.metric !== undefined && c.metric !== 'TER') continue;
        const { hyps, references } = caseData(c);
        for (const l of hyps.slice(0, 200)) lines.add(l);
        for (const s of references.streams) for (const l of s.slice(0, 200)) lines.add(l);
      }
    }
    assert.ok(lines.size > 300);
    for (const dialect of ['sacrebleu', 'tercom'] as const) {
      for (let mask = 0; mask < 16; mask++) {
        const options: TercomTokenizerOptions = {
          caseSensitive: (mask & 1) !== 0,
          normalized: (mask & 2) !== 0,
          noPunct: (mask & 4) !== 0,
          asianSupport: (mask & 8) !== 0,
          dialect,
        };
        for (const line of lines) {
          const tokens = tokenizeTercom(line, options);
          assert.deepStrictEqual(
            tokens.map((t) => t.text),
            tercomWords(line, options),
            `${dialect} ${JSON.stringify(options)} ${line}`,
          );
          for (const t of tokens) assert.ok(t.start >= 0 && t.start <= t.end && t.end <= line.length);
          if (!options.normalized && !options.noPunct && options.caseSensitive) {
            for (const t of tokens) assert.strictEqual(line.slice(t.start, t.end), t.text);
          }
        }
      }
    }
  });
});

// Speed is measured by bench/ (case ter-csen), not here; this checks the whole-file total the bench relies on.
describe('TER on a whole WMT21 file', () => {
  it('counts 11,079 edits for cs-en Facebook-AI against reference A', function () {
    this.timeout(20000);
    const hyps = readDataLines('data/wmt21-news/txt/system-outputs/newstest2021.cs-en.hyp.Facebook-AI.en');
    const refs = readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en');
    const metric = prepareTer({ streams: [refs] });
    const rows = segmentRows(metric, hyps);
    assert.strictEqual(sumStats(rows, 2)[0], 11079);
  });
});
