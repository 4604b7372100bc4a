import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { UnderstudyError } from '../../src/core/errors';
import { readParserModelFile } from '../../src/core/io/parser-model-file';
import { MODEL_FORMAT_VERSION, ModelFormatError, ParserModelData, readModel, writeModel } from '../../src/core/syntax/model-format';
import { SparseWeights } from '../../src/core/syntax/sparse-weights';

function table(classCount: number, rows: [number, [number, number][]][]): ParserModelData['parser'] {
  const keys = new Uint32Array(rows.map(([key]) => key));
  const rowStarts = new Uint32Array(rows.length + 1);
  const classes: number[] = [];
  const weights: number[] = [];
  rows.forEach(([, pairs], r) => {
    for (const [cls, w] of pairs) {
      classes.push(cls);
      weights.push(w);
    }
    rowStarts[r + 1] = classes.length;
  });
  return { classCount, keys, rowStarts, classes: Uint8Array.from(classes), weights: Int16Array.from(weights), scale: 0.001 };
}

const MODEL: ParserModelData = {
  metadata: { trainedOn: 'a test', licence: 'CC0', created: '2026-01-01', scores: { uas: 0.5 } },
  featureSet: 'tagger-0/parser-0',
  tags: ['NOUN NN', 'VERB VBD'],
  labels: ['root', 'nsubj'],
  tagLexicon: { classes: [[0], [0, 1]], words: { john: 0, resigned: 1 }, fixed: { john: 0 } },
  lemmatizer: { maxSuffix: 2, rules: { 'VBD\ted': 'l|2|' }, exceptions: { 'went\tVBD': 'go' } },
  morphology: { byTag: { 'NOUN NN': 'Number=Sing' }, byWord: {} },
  taggerFirstPass: table(2, [[7, [[0, 3], [1, -2]]], [4000000000, [[1, 32767]]]]),
  taggerSecondPass: table(2, [[1, [[0, -32768]]]]),
  parser: table(5, [[12, [[4, 1]]], [13, [[0, 2], [2, 3], [3, -4]]]]),
};

describe('parser model file', () => {
  it('writes and reads back every part of a model', () => {
    const bytes = writeModel(MODEL);
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 8)), 'USPARSER');
    assert.equal(new DataView(bytes.buffer).getUint32(8, true), MODEL_FORMAT_VERSION);
    const back = readModel(bytes);
    assert.deepEqual(back, MODEL);
    const weights = new SparseWeights(back.parser);
    const scores = new Float64Array(5);
    weights.addScores(Uint32Array.from([13, 12, 99]), 3, scores);
    assert.deepEqual([...scores], [2, 0, 3, -4, 1]);
  });

  it('rejects other files, other versions and truncated models with a message saying so', () => {
    assert.throws(() => readModel(new TextEncoder().encode('PK\u0003\u0004 a zip file')), (e: unknown) => e instanceof ModelFormatError && /not a parser model/.test(e.message));
    const bytes = writeModel(MODEL);
    const future = bytes.slice();
    new DataView(future.buffer).setUint32(8, MODEL_FORMAT_VERSION + 1, true);
    assert.throws(() => readModel(future), new RegExp(`format version ${MODEL_FORMAT_VERSION + 1}; this Understudy reads version ${MODEL_FORMAT_VERSION}`));
    assert.throws(() => readModel(bytes.subarray(0, bytes.length - 3)), /the file ends early/);
    const longer = new Uint8Array(bytes.length + 2);
    longer.set(bytes);
    assert.throws(() => readModel(longer), /2 bytes after the last table/);
  });

  it('reads gzip-compressed model files, and names a broken one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'understudy-model-'));
    try {
      const good = path.join(dir, 'good.model.gz');
      fs.writeFileSync(good, zlib.gzipSync(writeModel(MODEL)));
      assert.deepEqual(readParserModelFile(good).labels, ['root', 'nsubj']);
      const broken = path.join(dir, 'broken.model.gz');
      fs.writeFileSync(broken, zlib.gzipSync(writeModel(MODEL)).subarray(0, 40));
      assert.throws(() => readParserModelFile(broken), (e: unknown) => e instanceof UnderstudyError && e.code === 'bad-parser-model' && e.message.includes('broken.model.gz is not a usable parser model'));
      assert.throws(() => readParserModelFile(path.join(dir, 'missing.model.gz')), (e: unknown) => e instanceof UnderstudyError && e.code === 'bad-parser-model');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
