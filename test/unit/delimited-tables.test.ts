import * as assert from 'node:assert/strict';
import { UnderstudyError } from '../../src/core/errors';
import { splitTable } from '../../src/core/meta/judgments/delimited-text';
import { parseDelimited } from '../../src/core/meta/manual/delimited';

// The judgment tables and the manual-evaluation annotation files share one RFC 4180 splitter; each reports an
// unclosed quote with its own error code.
describe('delimited tables: one RFC 4180 splitter for judgments and annotations', () => {
  const text = '\ufeffsystem,text,score\r\nA,"one, two",1\n\nB,"line\nbreak ""quoted""",2\rC,plain,3\n';

  it('judgment tables: quoted separators, line breaks and doubled quotes; CRLF, LF and a lone CR end rows; blank lines skipped', () => {
    assert.deepEqual(splitTable(text, ',', 't.csv'), [
      { fields: ['system', 'text', 'score'], line: 1 },
      { fields: ['A', 'one, two', '1'], line: 2 },
      { fields: ['B', 'line\nbreak "quoted"', '2'], line: 4 },
      { fields: ['C', 'plain', '3'], line: 6 },
    ]);
  });

  it('annotation files read the same rows, by header name, with their start lines', () => {
    const table = parseDelimited(text, 'a.csv');
    assert.deepEqual(table.header, ['system', 'text', 'score']);
    assert.deepEqual(table.rows.map((r) => r.text), ['one, two', 'line\nbreak "quoted"', 'plain']);
    assert.deepEqual(table.lines, [2, 4, 6]);
  });

  it('an unclosed quote is each reader’s own error, naming the line its row starts on', () => {
    const broken = 'a,b\nx,"never\nclosed\n';
    const code = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (error) {
        assert.ok(error instanceof UnderstudyError);
        assert.match(error.message, /line 2: a quoted field is never closed/);
        return error.code;
      }
      return undefined;
    };
    assert.equal(code(() => splitTable(broken, ',', 't.csv')), 'bad-judgments');
    assert.equal(code(() => parseDelimited(broken, 'a.csv')), 'bad-annotations');
  });
});
