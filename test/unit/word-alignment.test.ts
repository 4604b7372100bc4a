import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { bitextFromTokens, reversedBitext } from '../../src/core/paraphrase/bitext';
import { diagonalExpectedFeature, diagonalFeature, diagonalPartition, unnormalizedDiagonalPrior } from '../../src/core/paraphrase/diagonal-prior';
import { FastAlignOptions, trainFastAlign } from '../../src/core/paraphrase/fast-align';
import { formatPharaoh, LinkList, parsePharaoh, symmetrize, SymmetrizationHeuristic, SYMMETRIZATION_HEURISTICS } from '../../src/core/paraphrase/symmetrize';
import { alignBitext, directionalLinks } from '../../src/core/paraphrase/word-alignment';
import { sacrebleuTokenizer } from '../../src/core/text/tokenizers/tokenizer';
import { FIXTURES } from './golden';

const FAST_ALIGN = path.join(FIXTURES, 'paraphrase/fast-align');
const HAND = path.join(FIXTURES, 'paraphrase/hand-aligned');

function readLines(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
}

/** fast_align's input format: `source words ||| target words`, whitespace-separated. */
function readParallel(file: string): { source: string[][]; target: string[][] } {
  const words = (s: string): string[] => s.split(/[ \t]+/).filter((w) => w.length > 0);
  const lines = readLines(file);
  return { source: lines.map((l) => words(l.split(' ||| ')[0])), target: lines.map((l) => words(l.split(' ||| ')[1] ?? '')) };
}

/** A double as C++ iostreams print it by default (%g with 6 significant digits), as fast_align logs its numbers. */
function cppDefault(x: number): string {
  if (x === 0) return '0';
  const [mantissa, exponentText] = x.toExponential(5).split('e');
  const exponent = Number(exponentText);
  const strip = (s: string): string => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  if (exponent < -4 || exponent >= 6) return `${strip(mantissa)}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return strip(x.toFixed(5 - exponent));
}

describe('fast_align diagonal prior (da.h)', () => {
  it('computes Z and E[h] in closed form equal to the direct sums', () => {
    for (const [m, n] of [[1, 1], [3, 7], [7, 3], [10, 10], [25, 31], [40, 12]]) {
      for (const tension of [0.1, 4, 13.9]) {
        for (let j = 1; j <= m; j++) {
          let z = 0;
          let h = 0;
          for (let i = 1; i <= n; i++) {
            const u = unnormalizedDiagonalPrior(j, i, m, n, tension);
            z += u;
            h += u * diagonalFeature(j, i, m, n);
          }
          assert.ok(Math.abs(diagonalPartition(j, m, n, tension) - z) <= 1e-12 * z, `Z(${j},${m},${n},${tension})`);
          assert.ok(Math.abs(diagonalExpectedFeature(j, m, n, tension, false) - h / z) <= 1e-12, `E[h](${j},${m},${n},${tension})`);
        }
      }
    }
  });

  it('reproduces fast_align\'s swapped-length normaliser, including its unsigned wrap-around', () => {
    // fast_align's ComputeDLogZ divides by ComputeZ(i, n, m): with the lengths swapped the crossing point
    // i·m/n can pass the last position m, and the count of terms above it wraps to ~2^32 (a full geometric tail).
    const m = 12;
    const n = 4;
    const tension = 4;
    const j = 9; // 9·12/4 = 27 > 12
    let numerator = 0;
    for (let i = 1; i <= n; i++) numerator += unnormalizedDiagonalPrior(j, i, m, n, tension) * diagonalFeature(j, i, m, n);
    const floor = Math.trunc((j * m) / n);
    const ratio = Math.exp(-tension / m);
    const swappedZ =
      unnormalizedDiagonalPrior(j, floor + 1, n, m, tension) / (1 - ratio) +
      (unnormalizedDiagonalPrior(j, floor, n, m, tension) * (1 - Math.pow(ratio, floor))) / (1 - ratio);
    const quirk = diagonalExpectedFeature(j, m, n, tension, true);
    assert.ok(Math.abs(quirk - numerator / swappedZ) <= 1e-12 * Math.abs(quirk), `${quirk} vs ${numerator / swappedZ}`);
  });
});

describe('fast_align re-implementation against fast_align itself (test/fixtures/paraphrase/fast-align)', () => {
  const log = JSON.parse(fs.readFileSync(path.join(FAST_ALIGN, 'fast-align-log.json'), 'utf8'));
  const corpus = readParallel(path.join(FAST_ALIGN, 'input.de-en.txt'));
  const bitext = bitextFromTokens(corpus.source, corpus.target);

  const runs: Record<string, Partial<FastAlignOptions>> = {
    'fwd.do': {},
    'rev.do': {},
    'fwd.dov': { variationalBayes: true },
    'rev.dov': { variationalBayes: true },
    'fwd.plain': { favorDiagonal: false, optimizeTension: false },
    'rev.plain': { favorDiagonal: false, optimizeTension: false },
  };
  for (const [run, options] of Object.entries(runs)) {
    it(`${run} (${log.runs[run].flags || 'no flags'}): the same links and the same logged numbers`, () => {
      const reverse = run.startsWith('rev');
      const trained = trainFastAlign(reverse ? reversedBitext(bitext) : bitext, options);
      const expected = readLines(path.join(FAST_ALIGN, `${run}.align`));
      // Print as fast_align does: source-target, with -r the trained "target" is the bitext's source.
      const printed = corpus.source.map((_, k) => {
        const side = reverse ? bitext.source : bitext.target;
        const parts: string[] = [];
        for (let p = side.starts[k]; p < side.starts[k + 1]; p++) {
          const i = trained.links[p];
          if (i >= 0) parts.push(reverse ? `${p - side.starts[k]}-${i}` : `${i}-${p - side.starts[k]}`);
        }
        return parts.join(' ');
      });
      assert.strictEqual(printed.length, expected.length);
      // Without the diagonal prior (Model 1), two source words seen only together have identical p(f | e) in exact
      // arithmetic; which one wins then depends on rounding in fast_align's hash-ordered sums. Such ties are the only
      // differences allowed: both links must have the same probability to 12 digits.
      const tieSentences: number[] = [];
      printed.forEach((line, k) => {
        if (line === expected[k]) return;
        const ours = new Map(line.split(' ').map((p) => (reverse ? [p.split('-')[0], p.split('-')[1]] : [p.split('-')[1], p.split('-')[0]])));
        const theirs = new Map(expected[k].split(' ').map((p) => (reverse ? [p.split('-')[0], p.split('-')[1]] : [p.split('-')[1], p.split('-')[0]])));
        const trainedSource = reverse ? bitext.target : bitext.source;
        const trainedTarget = reverse ? bitext.source : bitext.target;
        for (const [j, i] of theirs) {
          const mine = ours.get(j);
          if (mine === i) continue;
          assert.ok(mine !== undefined, `sentence ${k + 1}: target word ${j} unaligned here, linked to ${i} by fast_align`);
          const f = trainedTarget.ids[trainedTarget.starts[k] + Number(j)];
          const pOurs = trained.translationProbability(trainedSource.ids[trainedSource.starts[k] + Number(mine)], f);
          const pTheirs = trained.translationProbability(trainedSource.ids[trainedSource.starts[k] + Number(i)], f);
          assert.ok(Math.abs(pOurs - pTheirs) <= 1e-12 * pOurs, `sentence ${k + 1}, target word ${j}: ${pOurs} vs ${pTheirs} is not a tie`);
        }
        tieSentences.push(k + 1);
      });
      assert.deepStrictEqual(tieSentences, run === 'rev.plain' ? [18, 80] : []);
      const iterations = log.runs[run].iterations as Record<string, string>[];
      assert.strictEqual(trained.iterations.length, iterations.length);
      iterations.forEach((logged, t) => {
        const ours = trained.iterations[t];
        assert.strictEqual(cppDefault(ours.logLikelihood), logged.logLikelihood, `iteration ${t + 1} likelihood`);
        if (logged.posteriorNull !== undefined && t < iterations.length - 1) {
          assert.strictEqual(cppDefault(ours.posteriorNull), logged.posteriorNull, `iteration ${t + 1} p0`);
          assert.strictEqual(cppDefault(ours.empiricalFeature), logged.empiricalFeature, `iteration ${t + 1} al-feat`);
        }
        if (logged.finalTension !== undefined) assert.strictEqual(cppDefault(ours.tension), logged.finalTension, `iteration ${t + 1} tension`);
      });
    });
  }

  it('symmetrises fast_align\'s own -d -o alignments exactly as atools does, for every heuristic', () => {
    const forward = readLines(path.join(FAST_ALIGN, 'fwd.do.align'));
    const reverse = readLines(path.join(FAST_ALIGN, 'rev.do.align'));
    for (const heuristic of SYMMETRIZATION_HEURISTICS) {
      const expected = readLines(path.join(FAST_ALIGN, `${heuristic}.do.align`));
      forward.forEach((line, k) => {
        const links = symmetrize(parsePharaoh(line), parsePharaoh(reverse[k]), corpus.source[k].length, corpus.target[k].length, heuristic);
        assert.strictEqual(formatPharaoh(links), expected[k], `${heuristic}, sentence ${k + 1}`);
      });
    }
  });

  it('aligns end to end (both directions + grow-diag-final-and) as fast_align -d -o | atools', () => {
    const alignment = alignBitext(bitext);
    const expected = readLines(path.join(FAST_ALIGN, 'grow-diag-final-and.do.align'));
    alignment.links.forEach((links, k) => assert.strictEqual(formatPharaoh(links), expected[k], `sentence ${k + 1}`));
    assert.strictEqual(formatPharaoh(directionalLinks(alignment, 'reverse', 7)), readLines(path.join(FAST_ALIGN, 'rev.do.align'))[7]);
    assert.strictEqual(cppDefault(alignment.statistics.forwardTension), log.runs['fwd.do'].iterations[3].finalTension);
    assert.strictEqual(cppDefault(alignment.statistics.reverseTension), log.runs['rev.do'].iterations[3].finalTension);
  });

  it('aligns WMT21 de-en (1,000 source/reference pairs) as fast_align -d -o | atools -c grow-diag-final-and', () => {
    const tokenizer = sacrebleuTokenizer('intl', true);
    const source = readLines(path.join(FIXTURES, 'data/wmt21-news/txt/sources/newstest2021.de-en.src.de')).map((l) => tokenizer.tokens(l).map((t) => t.text));
    const reference = readLines(path.join(FIXTURES, 'data/wmt21-news/txt/references/newstest2021.de-en.ref.A.en')).map((l) => tokenizer.tokens(l).map((t) => t.text));
    const alignment = alignBitext(bitextFromTokens(source, reference));
    const expected = readLines(path.join(FAST_ALIGN, 'wmt21-de-en.gdfa.align'));
    alignment.links.forEach((links, k) => assert.strictEqual(formatPharaoh(links), expected[k], `sentence ${k + 1}`));
    const printed = JSON.parse(fs.readFileSync(path.join(FAST_ALIGN, 'wmt21-de-en.tension.json'), 'utf8'));
    assert.strictEqual(cppDefault(alignment.statistics.forwardTension), printed.forward);
    assert.strictEqual(cppDefault(alignment.statistics.reverseTension), printed.reverse);
    const s = alignment.statistics;
    assert.strictEqual(s.sentences, 1000);
    assert.strictEqual(s.links, expected.reduce((n, line) => n + (line === '' ? 0 : line.split(' ').length), 0));
  });
});

describe('grow-diag-final-and on hand-made cases (atools semantics)', () => {
  const links = (pairs: [number, number][]): LinkList => ({ source: Int32Array.from(pairs.map((p) => p[0])), target: Int32Array.from(pairs.map((p) => p[1])) });
  const run = (f: [number, number][], r: [number, number][], n: number, m: number, h: SymmetrizationHeuristic): string => formatPharaoh(symmetrize(links(f), links(r), n, m, h));

  it('keeps the intersection, grows into diagonal neighbours, then adds only points joining two unaligned words', () => {
    // forward: 0-0 1-1 2-1 3-3 ; reverse: 0-0 1-1 1-2 3-3 3-4
    const f: [number, number][] = [[0, 0], [1, 1], [2, 1], [3, 3]];
    const r: [number, number][] = [[0, 0], [1, 1], [1, 2], [3, 3], [3, 4]];
    assert.strictEqual(run(f, r, 5, 5, 'intersect'), '0-0 1-1 3-3');
    assert.strictEqual(run(f, r, 5, 5, 'union'), '0-0 1-1 1-2 2-1 3-3 3-4');
    // 1-2 and 2-1 neighbour 1-1; 3-4 neighbours 3-3 (target 4 unaligned).
    assert.strictEqual(run(f, r, 5, 5, 'grow-diag'), '0-0 1-1 1-2 2-1 3-3 3-4');
  });

  it('final-and adds a directional point only when both its words are unaligned; final when either is', () => {
    // Intersection empty except 0-0; forward has an isolated 2-3, reverse an isolated 2-2 (source 2 shared).
    const f: [number, number][] = [[0, 0], [2, 3]];
    const r: [number, number][] = [[0, 0], [2, 2]];
    assert.strictEqual(run(f, r, 4, 4, 'grow-diag'), '0-0');
    // forward first: 2-3 joins two unaligned words; then 2-2's source is aligned → final-and skips it, final keeps it.
    assert.strictEqual(run(f, r, 4, 4, 'grow-diag-final-and'), '0-0 2-3');
    assert.strictEqual(run(f, r, 4, 4, 'grow-diag-final'), '0-0 2-2 2-3');
  });
});

describe('word alignment of a hand-checked German–English set (test/fixtures/paraphrase/hand-aligned)', () => {
  const corpus = readParallel(path.join(HAND, 'de-en.txt'));
  const gold = readLines(path.join(HAND, 'de-en.gold')).map((line) => new Set(line.split(' ')));
  const alignment = alignBitext(bitextFromTokens(corpus.source, corpus.target));
  const predicted = alignment.links.map((links) => new Set(formatPharaoh(links).split(' ').filter((p) => p.length > 0)));

  it('finds the hand-checked links, and its errors are exactly the ones recorded in the fixture', () => {
    const errors = JSON.parse(fs.readFileSync(path.join(HAND, 'de-en.errors.json'), 'utf8')) as { line: number; wrong: string[]; missed: string[] }[];
    const found: { line: number; wrong: string[]; missed: string[] }[] = [];
    predicted.forEach((links, k) => {
      const wrong = [...links].filter((p) => !gold[k].has(p));
      const missed = [...gold[k]].filter((p) => !links.has(p));
      if (wrong.length > 0 || missed.length > 0) found.push({ line: k + 1, wrong, missed });
    });
    assert.deepStrictEqual(found, errors);
    let correct = 0;
    let predictedCount = 0;
    let goldCount = 0;
    predicted.forEach((links, k) => {
      predictedCount += links.size;
      goldCount += gold[k].size;
      for (const p of links) if (gold[k].has(p)) correct++;
    });
    // Precision 165/174, recall 165/171 (the sure links of 36 sentence pairs, written by hand).
    assert.deepStrictEqual([correct, predictedCount, goldCount], [165, 174, 171]);
  });

  it('skips sentence pairs with an empty side, and rejects impossible options', () => {
    const withEmpty = bitextFromTokens([['das', 'haus'], [], ['ein', 'buch']], [['the', 'house'], ['a', 'word'], []]);
    const trained = trainFastAlign(withEmpty);
    assert.strictEqual(trained.skippedSentences, 2);
    assert.deepStrictEqual([...trained.links], [0, 1, -1, -1]);
    assert.throws(() => trainFastAlign(withEmpty, { nullProbability: 1 }), /p0/);
    assert.throws(() => trainFastAlign(withEmpty, { iterations: 0 }), /iteration/);
    assert.throws(() => trainFastAlign(withEmpty, { diagonalTension: 0 }), /tension/);
  });
});
