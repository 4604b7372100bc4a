import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { UnderstudyError } from '../../src/core/errors';
import { scoreSystems } from '../../src/core/engine/score-systems';
import { createParser } from '../../src/core/io/parser-model-file';
import { PreparedMetric } from '../../src/core/metrics/metric';
import { ParsePool } from '../../src/core/syntax/parse-pool';
import { Parser } from '../../src/core/syntax/parser';
import { parsedLine, ParserTreeSource } from '../../src/core/syntax/parser-tree-source';
import { readDataLines } from './golden';

const LINES = [
  ...readDataLines('data/wmt21-news/txt/references/newstest2021.cs-en.ref.A.en', 24),
  "Don't stop -- it's 5 p.m. (in N.Y.), isn't it?",
  'Two sentences on one line. The second one is here.',
  '',
];

/** A parser that fails if asked: what the tree source holds when every parse must come from the pool. */
const refusingParser = (): Parser =>
  new Parser(() => {
    throw new Error('parsed on the calling thread');
  });

describe('parser pool: the built-in parser on several threads, called synchronously', function () {
  this.timeout(60_000);
  const pool = new ParsePool({ threads: 2, minimumLines: 1, batchLines: 4 });
  after(() => pool.close());

  it('gives the parses this thread gives, in order, with every batch of a few lines spread over two threads', () => {
    assert.ok(pool.available, 'parse-pool-thread.js beside parse-pool.js');
    const parser = createParser();
    assert.deepStrictEqual(pool.parse(LINES), LINES.map((line) => parsedLine(parser, line)));
  });

  it('gives the same parses when its threads share this thread’s model (its weights on shared memory, not copied)', () => {
    const parser = createParser();
    const shared = parser.sharedModel();
    assert.ok(shared.tables.parser.slots.buffer instanceof SharedArrayBuffer);
    assert.strictEqual(shared.data.parser.keys.length, 0, 'the weight arrays stay behind');
    const sharing = new ParsePool({ threads: 2, minimumLines: 1, batchLines: 4, model: () => shared });
    try {
      assert.deepStrictEqual(sharing.parse(LINES), LINES.map((line) => parsedLine(parser, line)));
    } finally {
      sharing.close();
    }
  });

  it('fills the tree source, which then answers without parsing; lines parsed already are not sent again', () => {
    const source = new ParserTreeSource(refusingParser());
    source.parseAhead(LINES.slice(0, 10), pool);
    const first = source.trees(LINES[3]);
    assert.ok(first.sentences.length >= 1);
    source.parseAhead(LINES.slice(0, 12), new ParsePool({ threads: 2, minimumLines: 3 })); // 2 new lines < 3: left
    assert.throws(() => source.trees(LINES[11]), /parsed on the calling thread/);
    assert.strictEqual(source.trees(LINES[3]), first);
  });

  it('stops sending batches when the run is cancelled, leaving the lines not parsed as holes the tree source skips', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Line ${i} of a long file was written here.`);
    let asked = 0;
    // Cancelled at the third check: the first batches are already out, the rest of the 100 are never sent.
    const parsed = pool.parse(lines, () => ++asked > 2);
    const done = parsed.filter((p) => p !== undefined).length;
    assert.ok(done >= 4 && done <= 16, `${done} lines parsed before the cancel took hold`);
    assert.ok(parsed.slice(done).every((p) => p === undefined));
    const source = new ParserTreeSource(refusingParser());
    source.parseAhead(lines, pool, () => true);
    assert.throws(() => source.trees(lines[399]), /parsed on the calling thread/);
  });

  it('falls back to parsing on the calling thread when the threads stop answering', () => {
    const silent = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-pool-')), 'silent.js');
    fs.writeFileSync(silent, "require('worker_threads').workerData.port.on('message', () => {});\n");
    const mute = new ParsePool({ threads: 2, minimumLines: 1, script: silent, silenceLimitMs: 1500 });
    try {
      assert.throws(() => mute.parse(['A line.']), (e: unknown) => e instanceof UnderstudyError && e.code === 'parser-threads');
      const source = new ParserTreeSource(createParser());
      source.parseAhead(['A line.', 'Another line.'], mute);
      assert.strictEqual(source.trees('A line.').sentences[0].words.length, 3);
    } finally {
      mute.close();
    }
  });

  it('is not available with one thread or without its thread script', () => {
    assert.strictEqual(new ParsePool({ threads: 1 }).available, false);
    assert.strictEqual(new ParsePool({ threads: 2, script: path.join(os.tmpdir(), 'no-such-understudy-thread.js') }).available, false);
  });
});

describe('anticipate: metrics hear of the hypotheses before their stats', () => {
  it('scoreSystems announces each system’s lines before scoring them', () => {
    const events: string[] = [];
    const metric: PreparedMetric = {
      name: 'probe',
      statsLayout: ['n'],
      stats: (hypothesis) => {
        events.push(`stats ${hypothesis}`);
        return Float64Array.of(1);
      },
      corpusScore: (totals) => ({ score: totals[0], parts: {} }),
      sentenceScore: (stats) => ({ score: stats[0], parts: {} }),
      explain: () => ({ metric: 'probe', score: 0, matches: [], unmatchedHypothesis: [], details: {} }),
      signature: () => 'probe',
      anticipate: (hypotheses) => events.push(`anticipate ${hypotheses.join(',')}`),
    };
    scoreSystems({
      references: [{ file: 'ref', segments: ['r1', 'r2'] }],
      systems: [
        { file: 'a', hypotheses: ['a1', 'a2'] },
        { file: 'b', hypotheses: ['b1', 'b2'] },
      ],
      metrics: [{ name: 'probe', prepare: () => metric }],
    });
    assert.deepStrictEqual(events, ['anticipate a1,a2', 'stats a1', 'stats a2', 'anticipate b1,b2', 'stats b1', 'stats b2']);
  });
});
