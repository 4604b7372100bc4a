import * as assert from 'assert';
import { GoldenCase, closeTo, lineLimit, loadGolden, readDataLines } from './golden';
import { ChrfOptions, chrfFromStats, prepareChrf } from '../../src/core/metrics/chrf';
import { isPythonWhitespace } from '../../src/core/text/tokenizers/tokenizer-13a';
import { ReferenceSet, sumStats } from '../../src/core/metrics/metric';

function caseData(c: GoldenCase): { hyps: string[]; references: ReferenceSet } {
  const limit = lineLimit(c.inputs.line_range);
  const hyps: string[] = c.inputs.hyps ?? readDataLines(c.inputs.hyp_file, limit);
  const streams: string[][] = c.inputs.refs ?? (c.inputs.ref_files as string[]).map((f) => readDataLines(f, limit));
  return { hyps, references: { streams } };
}

function optionsOf(kwargs: Record<string, any>): ChrfOptions {
  return {
    charOrder: kwargs.char_order,
    wordOrder: kwargs.word_order,
    beta: kwargs.beta,
    lowercase: kwargs.lowercase,
    whitespace: kwargs.whitespace,
    epsSmoothing: kwargs.eps_smoothing,
  };
}

describe('chrF against sacreBLEU 2.6.0 (golden)', () => {
  const cases = loadGolden('sacrebleu').cases.filter((c) => c.metric === 'chrF');
  it('has the 152 chrF cases', () => assert.strictEqual(cases.length, 152));
  for (const c of cases) {
    it(c.id, function () {
      this.timeout(30000);
      const { hyps, references } = caseData(c);
      const metric = prepareChrf(references, optionsOf(c.options.kwargs));
      assert.strictEqual(metric.signature(), c.signature);
      const rows = hyps.map((h, i) => metric.stats(h, i));
      const e = c.expected;
      if (e.segments.stats) rows.forEach((row, i) => assert.deepStrictEqual(Array.from(row), e.segments.stats[i], `segment ${i} stats`));
      e.segments.score.forEach((score: number, i: number) => {
        const got = metric.sentenceScore(rows[i]).score;
        assert.ok(closeTo(got, score), `segment ${i}: ${got} vs sacreBLEU ${score}`);
      });
      const corpus = metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length).score;
      assert.ok(closeTo(corpus, e.corpus.score), `corpus: ${corpus} vs sacreBLEU ${e.corpus.score}`);
    });
  }
});

describe('chrF explain', () => {
  it('reports character and word matches with spans in the original lines, against the best reference', () => {
    const refs = { streams: [['completely different'], ['The cat, sat.']] };
    const metric = prepareChrf(refs, { wordOrder: 2 });
    const hyp = 'The cat sat.';
    const e = metric.explain(hyp, 0);
    assert.strictEqual(e.bestReference, 1);
    const words = e.matches.filter((m) => m.kind === 'word' && m.order === 1).map((m) => hyp.slice(m.hypothesis[0].start, m.hypothesis[0].end));
    assert.deepStrictEqual(words.sort(), ['.', 'The', 'cat', 'sat']);
    const catRef = e.matches.find((m) => m.kind === 'word' && hyp.slice(m.hypothesis[0].start, m.hypothesis[0].end) === 'cat')!;
    assert.strictEqual('The cat, sat.'.slice(catRef.reference[0].start, catRef.reference[0].end), 'cat');
    // Character 6-grams skip the spaces: "Thecat" spans "The cat" in the hypothesis.
    const six = e.matches.find((m) => m.kind === 'char' && m.order === 6)!;
    assert.strictEqual(hyp.slice(six.hypothesis[0].start, six.hypothesis[0].end), 'The cat');
    assert.deepStrictEqual(e.unmatchedHypothesis, []);
    const stats = metric.stats(hyp, 0);
    for (let n = 1; n <= 6; n++) assert.strictEqual(e.matches.filter((m) => m.kind === 'char' && m.order === n).length, stats[3 * (n - 1) + 2]);
  });
  it('maps astral characters to both UTF-16 units', () => {
    const metric = prepareChrf({ streams: [['a𠀀b']] });
    const e = metric.explain('𠀀', 0);
    assert.deepStrictEqual(e.matches.map((m) => m.hypothesis[0]), [{ start: 0, end: 2 }]);
  });
});

/**
 * A deliberately naive chrF statistics extractor written straight from sacreBLEU's description (string n-grams in
 * Maps, code points via Array.from), to cross-check the integer-coded matcher on awkward random inputs: repeats,
 * punctuation at word edges, Python-only whitespace, astral characters, and lower-casing that changes lengths.
 */
function naiveChrfStats(hyp: string, refs: string[], o: Required<ChrfOptions>): { stats: number[]; best: number } {
  const isSpace = (ch: string) => isPythonWhitespace(ch.codePointAt(0) as number);
  const punct = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
  const chars = (s: string) => Array.from(s).filter((ch) => o.whitespace || !isSpace(ch));
  const words = (s: string) => {
    const out: string[] = [];
    let word = '';
    for (const ch of Array.from(s).concat([' '])) {
      if (!isSpace(ch)) word += ch;
      else if (word) {
        const cps = Array.from(word);
        if (cps.length === 1) out.push(word);
        else if (punct.includes(cps[cps.length - 1])) out.push(cps.slice(0, -1).join(''), cps[cps.length - 1]);
        else if (punct.includes(cps[0])) out.push(cps[0], cps.slice(1).join(''));
        else out.push(word);
        word = '';
      }
    }
    return out;
  };
  const counts = (symbols: string[], n: number) => {
    const m = new Map<string, number>();
    for (let i = 0; i + n <= symbols.length; i++) {
      const key = JSON.stringify(symbols.slice(i, i + n));
      m.set(key, (m.get(key) ?? 0) + 1);
    }
    return m;
  };
  const prep = (s: string) => (o.lowercase ? s.toLowerCase() : s);
  const sides = (s: string) => {
    const c = chars(prep(s));
    const w = words(prep(s));
    const all: Map<string, number>[] = [];
    for (let n = 1; n <= o.charOrder; n++) all.push(counts(c, n));
    for (let n = 1; n <= o.wordOrder; n++) all.push(counts(w, n));
    return all;
  };
  const h = sides(hyp);
  let best = -1;
  let bestScore = -1;
  let bestStats: number[] = [];
  refs.forEach((ref, k) => {
    const stats: number[] = [];
    sides(ref).forEach((r, i) => {
      let hypCount = 0;
      let match = 0;
      for (const [g, c] of h[i]) {
        hypCount += c;
        match += Math.min(c, r.get(g) ?? 0);
      }
      let refCount = 0;
      for (const c of r.values()) refCount += c;
      stats.push(r.size > 0 ? hypCount : 0, refCount, match);
    });
    const f = chrfFromStats(stats, o);
    if (f > bestScore) [best, bestScore, bestStats] = [k, f, stats];
  });
  return { stats: bestStats, best };
}

describe('chrF statistics against a naive implementation (random lines)', () => {
  it('agree on 3,000 random segments over small alphabets', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const alphabet = ['a', 'b', 'a', 'b', 'c', ' ', ' ', '.', ',', '(', ')', '\t', '\u00a0', '\u2003', '\u{20000}', 'A', 'İ', 'Σ', 'σ', 'é', '\u0000'];
    const line = () => {
      const size = Math.floor(random() * 4);
      const letters = alphabet.slice(0, [3, 8, 14, alphabet.length][size]);
      return Array.from({ length: Math.floor(random() * 40) }, () => pick(letters)).join('');
    };
    for (let t = 0; t < 3000; t++) {
      const o: Required<ChrfOptions> = {
        charOrder: 1 + Math.floor(random() * 7),
        wordOrder: Math.floor(random() * 4),
        beta: pick([1, 2, 3]),
        lowercase: random() < 0.3,
        whitespace: random() < 0.3,
        epsSmoothing: random() < 0.2,
      };
      const refCount = 1 + Math.floor(random() * 3);
      const segments = 2;
      const streams = Array.from({ length: refCount }, () => Array.from({ length: segments }, line));
      // Hypotheses often copy a reference (with a line or two around it) so that long n-grams match.
      const hyp = random() < 0.5 ? line() : line().slice(0, 5) + streams[0][1] + line().slice(0, 5);
      const metric = prepareChrf({ streams }, o);
      const want = naiveChrfStats(hyp, streams.map((s) => s[1]), o);
      const got = metric.stats(hyp, 1);
      assert.deepStrictEqual(Array.from(got), want.stats, JSON.stringify({ hyp, refs: streams.map((s) => s[1]), o }));
      const e = metric.explain(hyp, 1);
      assert.strictEqual(e.bestReference, want.best);
      // The explanation pairs exactly the clipped matches the statistics count, with spans inside the lines.
      const ref = streams[want.best][1];
      for (let i = 0; i < o.charOrder + o.wordOrder; i++) {
        const kind = i < o.charOrder ? 'char' : 'word';
        const order = i < o.charOrder ? i + 1 : i + 1 - o.charOrder;
        const matches = e.matches.filter((m) => m.kind === kind && m.order === order);
        assert.strictEqual(matches.length, got[3 * i + 2], `${kind} ${order}`);
        for (const m of matches) {
          assert.ok(m.hypothesis[0].start < m.hypothesis[0].end && m.hypothesis[0].end <= hyp.length);
          assert.ok(m.reference[0].start < m.reference[0].end && m.reference[0].end <= ref.length);
        }
      }
    }
  });

  it('agree on lines with thousands of distinct characters (the matcher\'s Map fallback)', () => {
    const distinct = Array.from({ length: 3000 }, (_, i) => String.fromCodePoint(0x4e00 + i));
    const ref = distinct.join('') + distinct.slice(0, 500).reverse().join(' ') + distinct.slice(100, 900).join('');
    const hyp = distinct.slice(50, 2500).join('') + ' ' + distinct.slice(0, 700).join('') + ref.slice(3000, 3400);
    const o: Required<ChrfOptions> = { charOrder: 6, wordOrder: 2, beta: 2, lowercase: false, whitespace: false, epsSmoothing: false };
    const got = prepareChrf({ streams: [[ref]] }, o).stats(hyp, 0);
    assert.deepStrictEqual(Array.from(got), naiveChrfStats(hyp, [ref], o).stats);
  });
});
