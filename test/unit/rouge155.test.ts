import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, GoldenCase, closeTo, loadGolden } from './golden';
import { sumStats } from '../../src/core/metrics/metric';
import {
  PreparedRouge155, Rouge155Options, Rouge155Variant, prepareRouge155,
} from '../../src/core/metrics/rouge155/rouge155';
import { Drand48 } from '../../src/core/metrics/rouge155/drand48';
import { perlFixed5, perlNumberString } from '../../src/core/metrics/rouge155/perl-format';
import { powExact } from '../../src/core/metrics/correctly-rounded-math';
import { compareByteStrings } from '../../src/core/metrics/rouge155/rouge155-average';
import { readRouge155Summary } from '../../src/core/metrics/rouge155/rouge155-summary';

const golden = loadGolden('rouge155');

/** The ROUGE-1.5.5 command line of a golden case, as our options. */
interface ParsedFlags {
  base: Omit<Rouge155Options, 'variant'>;
  counting: 0 | 1 | 2;
  /** [printed name, variant] for every measure the run printed, in ROUGE's order. */
  measures: Array<[string, Rouge155Variant]>;
}

function parseFlags(flags: readonly string[]): ParsedFlags {
  const opts: { [k: string]: any } = {};
  let counting: 0 | 1 | 2 = 0;
  let maxN = 0;
  let weight: string | undefined;
  let skip: string | undefined;
  let bothSkip = false;
  for (let i = 0; i < flags.length; i++) {
    const f = flags[i];
    const next = (): string => flags[++i];
    switch (f) {
      case '-c': case '-r': next(); break;
      case '-p': opts.alpha = Number(next()); break;
      case '-t': counting = Number(next()) as 0 | 1 | 2; break;
      case '-n': maxN = Number(next()); break;
      case '-w': weight = next(); opts.wlcsWeight = Number(weight); break;
      case '-2': skip = next(); break;
      case '-U': bothSkip = true; break;
      case '-f': opts.modelAverage = next(); break;
      case '-m': opts.stem = true; break;
      case '-s': opts.removeStopwords = true; break;
      case '-l': opts.lengthLimitWords = Number(next()); break;
      case '-b': opts.lengthLimitBytes = Number(next()); break;
      default: throw new Error(`unexpected flag ${f}`);
    }
  }
  const measures: Array<[string, Rouge155Variant]> = [];
  for (let n = 1; n <= maxN; n++) measures.push([`ROUGE-${n}`, `rouge${n}` as Rouge155Variant]);
  measures.push(['ROUGE-L', 'rougeL']);
  if (weight !== undefined) measures.push([`ROUGE-W-${weight}`, 'rougeW']);
  if (skip !== undefined) {
    const d = Number(skip) < 0 ? '*' : skip;
    if (bothSkip) measures.push([`ROUGE-S${d}`, `rougeS${d}` as Rouge155Variant]);
    measures.push([`ROUGE-SU${d}`, `rougeSU${d}` as Rouge155Variant]);
  }
  return { base: opts as Omit<Rouge155Options, 'variant'>, counting, measures };
}

/** The golden README's SummEval sentence split: a sentence ends after every space-separated token `.`, `!` or `?`. */
function summEvalSentences(text: string): string[] {
  const sentences: string[] = [];
  let current: string[] = [];
  for (const token of text.split(' ')) {
    current.push(token);
    if (token === '.' || token === '!' || token === '?') {
      sentences.push(current.join(' '));
      current = [];
    }
  }
  if (current.length > 0 && current.join(' ').length > 0) sentences.push(current.join(' '));
  return sentences;
}

function readJsonl<T>(relative: string): T[] {
  return fs.readFileSync(path.join(FIXTURES, relative), 'utf8').split('\n').filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as T);
}

interface SummEvalDoc { doc_id: string; ref: string; refs11: string[] }
interface SummEvalSummary { doc_id: string; system: string; summary: string }

/** One peer's summaries with their eval ids, and the models as a ReferenceSet (segment i = eval id i). */
interface CaseInputs {
  peers: Map<string, string[]>;
  evalIds: string[];
  streams: string[][];
}

function caseInputs(c: GoldenCase): CaseInputs {
  if (c.inputs.peer_sentences) {
    return {
      peers: new Map([['peer', [(c.inputs.peer_sentences as string[]).join('\n')]]]),
      evalIds: ['1'],
      streams: (c.inputs.model_sentences as string[][]).map((m) => [m.join('\n')]),
    };
  }
  const [first, last] = c.inputs.doc_index_range as [number, number];
  const docs = readJsonl<SummEvalDoc>(c.inputs.docs_file as string).slice(first - 1, last);
  assert.deepStrictEqual(docs.map((d) => d.doc_id), c.inputs.doc_ids);
  const split = /split into sentences/.test(c.inputs.sentence_split as string);
  const asSpl = (text: string): string => (split ? summEvalSentences(text).join('\n') : text);
  const refs11 = /refs11/.test(c.inputs.references as string);
  const modelCount = refs11 ? 11 : 1;
  const streams: string[][] = [];
  for (let k = 0; k < modelCount; k++) streams.push(docs.map((d) => asSpl(refs11 ? d.refs11[k] : d.ref)));
  const summaries = new Map<string, string>();
  for (const s of readJsonl<SummEvalSummary>(c.inputs.summaries_file as string)) summaries.set(`${s.system}\t${s.doc_id}`, s.summary);
  const peers = new Map<string, string[]>();
  for (const system of c.inputs.systems as string[]) {
    peers.set(system, docs.map((d) => {
      const s = summaries.get(`${system}\t${d.doc_id}`);
      assert.ok(s !== undefined, `no summary for ${system} ${d.doc_id}`);
      return asSpl(s);
    }));
  }
  return { peers, evalIds: docs.map((_, i) => String(first + i)), streams };
}

/** Perl prints a count with %.15g; the golden file stores that printed number. */
function printedCount(x: number): number {
  return Number(perlNumberString(x));
}

describe('rouge155: helpers', () => {
  it('drand48 reproduces Perl 5.36 srand/rand', () => {
    // perl -e 'srand(0); printf("%.17g %.17g %d\n", rand(), rand(), int(rand(50)))' and seeds 1, 999
    const expected: Array<[number, number, number, number]> = [
      [0, 0.17082803610628972, 0.74990198048496381, 4],
      [1, 0.041630344771878214, 0.45449244472862915, 41],
      [999, 0.10233439302919933, 0.63577575990663604, 40],
    ];
    for (const [seed, a, b, idx] of expected) {
      const r = new Drand48(seed);
      assert.strictEqual(r.next(), a);
      assert.strictEqual(r.next(), b);
      assert.strictEqual(r.nextIndex(50), idx);
    }
  });

  it('%7.5f rounds exact ties to even like glibc, everything else exactly', () => {
    assert.strictEqual(perlFixed5(1 / 64), '0.01562');
    assert.strictEqual(perlFixed5(3 / 64), '0.04688');
    assert.strictEqual(perlFixed5(5 / 64), '0.07812');
    assert.strictEqual(perlFixed5(0.123455), '0.12345'); // binary value below the tie
    assert.strictEqual(perlFixed5(6 / 7), '0.85714');
    assert.strictEqual(perlFixed5(1), '1.00000');
    assert.strictEqual(perlFixed5(0), '0.00000');
    assert.strictEqual(perlNumberString(13.198901886147002), '13.198901886147');
    assert.strictEqual(perlNumberString(8.585814486631531), '8.58581448663153');
    assert.strictEqual(perlNumberString(20), '20');
  });

  it('pow is correctly rounded (glibc agrees except in rare near-halfway cases)', () => {
    // perl -e 'printf("%.17g", 6**1.2)' etc. (perl 5.36, glibc 2.36); Math.pow(2, 1/1.2) is one ulp off.
    assert.strictEqual(powExact(6, 1.2), 8.5858144866315325);
    assert.strictEqual(powExact(7, 1.2), 10.330412131161864);
    assert.strictEqual(powExact(2, 1 / 1.2), 1.7817974362806785);
  });

  it('test ids sort as Perl byte strings', () => {
    const ids = ['2.P', '10.P', '1.P', '11.P'];
    assert.deepStrictEqual([...ids].sort(compareByteStrings), ['1.P', '10.P', '11.P', '2.P']);
  });

  it('length limits follow readText / readText_LCS', () => {
    const text = ' a b c\nd e f g h i\nj';
    // -l 5: " a b c" has 4 fields (leading empty field), then "d" fills the limit.
    const words = readRouge155Summary(text, { words: 5 });
    assert.deepStrictEqual(words.joined.map((s) => text.slice(s.start, s.end)), [' a b c', 'd']);
    // -b 8: 6 + 11 ≥ 8 → the second sentence is cut to 2 bytes; readText_LCS never counts, so it cuts it at 8 bytes.
    const bytes = readRouge155Summary(text, { bytes: 8 });
    assert.deepStrictEqual(bytes.joined.map((s) => text.slice(s.start, s.end)), [' a b c', 'd ']);
    assert.deepStrictEqual(bytes.units.map((s) => text.slice(s.start, s.end)), [' a b c', 'd e f g ']);
    const cafe = 'café au lait';
    assert.deepStrictEqual(readRouge155Summary(cafe, { bytes: 4 }).joined.map((s) => cafe.slice(s.start, s.end)), ['caf']);
  });
});

describe('rouge155: golden rouge155.json (ROUGE-1.5.5.pl)', () => {
  for (const c of golden.cases) {
    it(c.id, () => {
      const flags = parseFlags(c.options.flags as string[]);
      const inputs = caseInputs(c);
      const references = { streams: inputs.streams };
      if (c.expected.error) {
        // ROUGE-1.5.5 died on ROUGE-W (a model without tokens after -s); we score 0 and say so in the explanation.
        const w = prepareRouge155(references, { ...flags.base, variant: 'rougeW' });
        const stats = w.stats(inputs.peers.get('peer')![0], 0);
        assert.deepStrictEqual(Array.from(stats.slice(0, 3)), [0, 0, 0]);
        assert.match(String(w.explain(inputs.peers.get('peer')![0], 0).details.rouge155Error), /Illegal division by zero/);
        assert.match(c.expected.error as string, /Illegal division by zero/);
        return;
      }
      for (const [peerId, hyps] of inputs.peers) {
        for (const [name, variant] of flags.measures) {
          const metric: PreparedRouge155 = prepareRouge155(references, { ...flags.base, variant });
          assert.strictEqual(metric.printedName, name);
          const rows = hyps.map((h, i) => metric.stats(h, i));
          const expected = c.expected.per_summary[peerId][name];
          assert.ok(expected, `${peerId} ${name} missing in golden`);
          assert.deepStrictEqual(expected.eval_ids, inputs.evalIds);
          const label = `${peerId} ${name}`;
          if (flags.counting === 0) {
            assert.deepStrictEqual(rows.map((r) => r[0]), expected.R, `${label} R`);
            assert.deepStrictEqual(rows.map((r) => r[1]), expected.P, `${label} P`);
            assert.deepStrictEqual(rows.map((r) => r[2]), expected.F, `${label} F`);
          } else {
            assert.deepStrictEqual(rows.map((r) => printedCount(r[4])), expected.R, `${label} model count`);
            assert.deepStrictEqual(rows.map((r) => printedCount(r[5])), expected.P, `${label} peer count`);
            assert.deepStrictEqual(rows.map((r) => printedCount(r[6])), expected.F, `${label} hit count`);
          }
          const average = c.expected.average[peerId][name];
          if (flags.counting === 2) {
            const totals = metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length).parts;
            assert.strictEqual(Math.trunc(totals.modelCount as number), average.M_count, `${label} M_count`);
            assert.strictEqual(Math.trunc(totals.peerCount as number), average.P_count, `${label} P_count`);
            assert.strictEqual(Math.trunc(totals.hitCount as number), average.H_count, `${label} H_count`);
          } else {
            const printed = metric.printedAverage(rows, { evalIds: inputs.evalIds, peerId, counting: flags.counting === 1 ? 'token' : 'summary' });
            assert.deepStrictEqual([printed.recall, printed.precision, printed.fmeasure], [average.R, average.P, average.F], `${label} Average`);
          }
          const plain = c.expected.average_plain_mean?.[peerId]?.[name];
          if (plain) {
            const score = metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length);
            for (const [key, part] of [['R', 'recall'], ['P', 'precision'], ['F', 'fmeasure']] as const) {
              assert.ok(closeTo(score.parts[part] as number, plain[key], 1e-12), `${label} plain mean ${key}: ${score.parts[part]} vs ${plain[key]}`);
            }
            assert.strictEqual(score.score, score.parts.fmeasure);
          }
        }
      }
    });
  }
});

describe('rouge155: API', () => {
  const references = { streams: [['the cat was under the bed'], ['a cat lay under a bed']] };

  it('signature', () => {
    const m = prepareRouge155(references, { variant: 'rougeSU4', stem: true });
    assert.strictEqual(m.signature(), 'rouge155|rougeSU4|stem:yes|stop:no|f:A|alpha:0.5|version:1.5.5');
    const w = prepareRouge155(references, { variant: 'rougeW', modelAverage: 'B', lengthLimitWords: 100 });
    assert.strictEqual(w.signature(), 'rouge155|rougeW|stem:no|stop:no|f:B|alpha:0.5|w:1.2|l:100|version:1.5.5');
    assert.strictEqual(w.printedName, 'ROUGE-W-1.2');
  });

  it('rejects both length limits, like ROUGE-1.5.5', () => {
    assert.throws(() => prepareRouge155(references, { variant: 'rouge1', lengthLimitWords: 10, lengthLimitBytes: 10 }));
  });

  it('explain: n-gram matches with spans per model, and the -f B choice', () => {
    const hyp = 'The cat was found under the bed.';
    const a = prepareRouge155(references, { variant: 'rouge2' });
    const e = a.explain(hyp, 0);
    const hypText = (m: { hypothesis: readonly { start: number; end: number }[] }) => m.hypothesis.map((s) => hyp.slice(s.start, s.end)).join('|');
    assert.deepStrictEqual(e.matches.filter((m) => m.referenceIndex === 0).map(hypText), ['The cat', 'cat was', 'under the', 'the bed']);
    assert.deepStrictEqual(e.matches.filter((m) => m.referenceIndex === 1).map(hypText), []);
    assert.deepStrictEqual(e.details.perModelHit, [4, 0]);
    assert.strictEqual(e.details.hitCount, 4);
    assert.strictEqual(e.details.modelCount, 10);
    assert.strictEqual(e.details.peerCount, 12);
    assert.strictEqual(e.score, a.sentenceScore(a.stats(hyp, 0)).score);
    const b = prepareRouge155(references, { variant: 'rouge1', modelAverage: 'B' });
    const eb = b.explain(hyp, 0);
    assert.strictEqual(eb.bestReference, 0);
    assert.ok(eb.matches.every((m) => m.referenceIndex === 0));
    assert.deepStrictEqual(eb.unmatchedHypothesis.map((s) => hyp.slice(s.start, s.end)), ['found']);
  });

  it('explain: ROUGE-L union LCS over sentences and skip-bigrams as two spans', () => {
    const refs = { streams: [['police killed the gunman\nthe gunman had injured three people']] };
    const hyp = 'police killed the gunman\nthree people were injured';
    const l = prepareRouge155(refs, { variant: 'rougeL' });
    const e = l.explain(hyp, 0);
    assert.deepStrictEqual(e.matches.map((m) => hyp.slice(m.hypothesis[0].start, m.hypothesis[0].end)),
      ['police', 'killed', 'the', 'gunman', 'three', 'people']);
    assert.deepStrictEqual(e.unmatchedHypothesis.map((s) => hyp.slice(s.start, s.end)), ['were', 'injured']);
    const s = prepareRouge155(refs, { variant: 'rougeSU4' });
    const es = s.explain(hyp, 0);
    const pair = es.matches.find((m) => m.kind === 'skip-bigram' && m.hypothesis.length === 2);
    assert.ok(pair);
    assert.strictEqual(es.details.hitCount, s.stats(hyp, 0)[6]);
    assert.strictEqual(es.matches.length, es.details.hitCount);
  });
});

// Speed is measured by bench/ (case rouge-summeval); this checks that the benchmarked run scores every summary.
describe('rouge155: all of SummEval', () => {
  it('ROUGE-1/2/L/SU4 with stemming, 1,600 SummEval summaries × 11 references', function () {
    const docs = readJsonl<SummEvalDoc>('data/summeval/docs.jsonl');
    const byId = new Map(docs.map((d) => [d.doc_id, d]));
    const summaries = readJsonl<SummEvalSummary>('data/summeval/summaries.jsonl');
    assert.strictEqual(summaries.length, 1600);
    const streams: string[][] = [];
    for (let k = 0; k < 11; k++) streams.push(summaries.map((s) => (byId.get(s.doc_id) as SummEvalDoc).refs11[k]));
    const scores: number[] = [];
    for (const variant of ['rouge1', 'rouge2', 'rougeL', 'rougeSU4'] as const) {
      const metric = prepareRouge155({ streams }, { variant, stem: true });
      const rows = summaries.map((s, i) => metric.stats(s.summary, i));
      scores.push(metric.corpusScore(sumStats(rows, metric.statsLayout.length), rows.length).score);
    }
    for (const score of scores) assert.ok(score > 0 && score < 1, String(score));
    // Longer n-grams match less: ROUGE-1 > ROUGE-L > ROUGE-2 on real summaries.
    assert.ok(scores[0] > scores[2] && scores[2] > scores[1], scores.join(', '));
  });
});
