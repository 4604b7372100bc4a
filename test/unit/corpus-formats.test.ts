import * as assert from 'assert';
import { collectDucFiles, ducReferenceLayout, ducSummaryText, ducSystemFiles, parseDucFileName } from '../../src/core/corpus/duc-directory';
import { jsonlTextColumns } from '../../src/core/corpus/jsonl-offsets';
import { referenceStreamsFromJsonl } from '../../src/core/corpus/jsonl-references';
import { textsFromJsonl } from '../../src/core/corpus/jsonl';

describe('DUC/TAC summary folders', () => {
  it('reads model and peer file names (DUC 2004, TAC 2008)', () => {
    assert.deepStrictEqual(parseDucFileName('D30001.M.100.T.A'), { file: 'D30001.M.100.T.A', topic: 'D30001.M.100.T', id: 'A' });
    assert.deepStrictEqual(parseDucFileName('D0801-A.M.100.A.12'), { file: 'D0801-A.M.100.A.12', topic: 'D0801-A.M.100.A', id: '12' });
    assert.deepStrictEqual(parseDucFileName('D30001.M.100.T.3.txt'), { file: 'D30001.M.100.T.3.txt', topic: 'D30001.M.100.T', id: '3' });
    assert.strictEqual(parseDucFileName('README'), undefined);
    assert.strictEqual(parseDucFileName('.hidden'), undefined);
  });

  it('lays models out as reference streams and peers as systems in the order of the topics', () => {
    const models = collectDucFiles(['D2.M.100.T.B', 'D1.M.100.T.A', 'D1.M.100.T.B', 'D2.M.100.T.A', 'D1.M.100.T.C', 'README.txt']);
    assert.deepStrictEqual(models.topics, ['D1.M.100.T', 'D2.M.100.T']);
    assert.deepStrictEqual(models.unrecognized, ['README.txt']);
    const layout = ducReferenceLayout(models, 'models');
    assert.deepStrictEqual(layout.streams, [
      ['D1.M.100.T.A', 'D2.M.100.T.A'],
      ['D1.M.100.T.B', 'D2.M.100.T.B'],
      ['D1.M.100.T.C', undefined],
    ]);
    assert.match(layout.warnings[0].message, /1 topic\(s\) have fewer than 3 model summaries \(first: D2\.M\.100\.T\)/);

    const peers = collectDucFiles(['D1.M.100.T.10', 'D1.M.100.T.2', 'D2.M.100.T.2', 'D3.M.100.T.2']);
    assert.deepStrictEqual(peers.ids, ['2', '10'], 'ids in natural order');
    const two = ducSystemFiles(peers, '2', layout.topics, 'peers');
    assert.deepStrictEqual(two.files, ['D1.M.100.T.2', 'D2.M.100.T.2']);
    assert.match(two.warnings[0].message, /system 2 has summaries for 1 topic\(s\) with no model summary \(first: D3\.M\.100\.T\)/);
    const ten = ducSystemFiles(peers, '10', layout.topics, 'peers');
    assert.deepStrictEqual(ten.files, ['D1.M.100.T.10', undefined]);
    assert.deepStrictEqual(ten.warnings[0].lines, [1]);
    assert.strictEqual(ducSummaryText(['First sentence.', 'Second one.']), 'First sentence.\nSecond one.');
  });
});

describe('JSON Lines corpora', () => {
  it('gives one reference stream per item of a list field (SummEval\'s 11 references)', () => {
    const lines = [JSON.stringify({ id: 1, refs: ['a one', 'a two', 'a three'] }), JSON.stringify({ id: 2, refs: ['b one', 'b two'] })];
    const read = referenceStreamsFromJsonl(lines, 'refs.jsonl', 'refs');
    assert.deepStrictEqual(read.streams, [['a one', 'b one'], ['a two', 'b two'], ['a three', '']]);
    assert.match(read.warnings[0].message, /1 record\(s\) have fewer than 3 references in "refs" \(first: line 2\)/);
    // A text field is one stream; without a field name the usual ones are tried.
    assert.deepStrictEqual(referenceStreamsFromJsonl([JSON.stringify({ reference: 'r' })], 'r.jsonl').streams, [['r']]);
    assert.throws(() => referenceStreamsFromJsonl([JSON.stringify({ refs: [1, 2] })], 'r.jsonl', 'refs'), /neither a string nor a list of strings/);
    assert.throws(() => textsFromJsonl(['{"summary": "x"}', ''], 's.jsonl'), /s\.jsonl, line 2: empty line in a JSON Lines file/);
  });

  it('maps a record\'s text offsets onto its line, escapes included', () => {
    const line = '{"id": 3, "summary": "He said \\"no\\".\\nThen caf\\u00e9."}';
    const text = JSON.parse(line).summary as string;
    const columns = jsonlTextColumns(line, 'summary');
    assert.ok(columns);
    assert.strictEqual(columns.length, text.length + 1);
    // Every character maps to where it is written in the line.
    const written = (i: number): string => line.slice(columns[i], columns[i + 1]);
    assert.strictEqual(written(text.indexOf('"')), '\\"');
    assert.strictEqual(written(text.indexOf('\n')), '\\n');
    assert.strictEqual(written(text.indexOf('é')), '\\u00e9');
    assert.strictEqual(line.slice(columns[0], columns[3]), 'He ');
    assert.strictEqual(line[columns[text.length]], '"', 'the end maps to the closing quote');
    const list = jsonlTextColumns('{"refs": ["ab", "cd"]}', 'refs', 1);
    assert.deepStrictEqual(list, [17, 18, 19]);
    assert.strictEqual(jsonlTextColumns('{"other": "x"}', 'summary'), undefined);
    assert.strictEqual(jsonlTextColumns('not json', 'summary'), undefined);
  });
});
