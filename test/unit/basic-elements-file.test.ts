import * as assert from 'node:assert/strict';
import { BasicElementsError, formatBasicElements, isNil, parseBasicElements } from '../../src/core/syntax/basic-elements-file';

// The SIMPLE format of ROUGE-1.5.5's BE samples (head|modifier|relation, NIL for a missing field); made-up content.
const SAMPLE = `storm|tropical|mod
hit|storm|subj
hit|coast|obj
coast|gulf|nn
hit|09/12/2005|on
Dominican Republic|NIL|NIL

prepare for|residents|subj
`;

describe('Basic Elements files', () => {
  it('reads head|modifier|relation triples with their line numbers, multiword heads and NIL', () => {
    const elements = parseBasicElements(SAMPLE);
    assert.equal(elements.length, 7);
    assert.deepEqual(elements[1], { head: 'hit', modifier: 'storm', relation: 'subj', line: 2 });
    assert.deepEqual(elements[5], { head: 'Dominican Republic', modifier: 'NIL', relation: 'NIL', line: 6 });
    assert.equal(elements[6].line, 8);
    assert.equal(elements[6].head, 'prepare for');
    assert.ok(isNil(elements[5].modifier) && isNil('nil') && !isNil('nile'));
    assert.equal(formatBasicElements(elements), SAMPLE.replace('\n\n', '\n'));
  });

  it('rejects lines without three fields as ROUGE-1.5.5 does, naming the line', () => {
    assert.throws(() => parseBasicElements('a|b|c\nhit|storm\n'), (error: unknown) => error instanceof BasicElementsError && error.line === 2 && /has 2 fields; a Basic Element is HEAD\|MODIFIER\|RELATION/.test(error.message));
    // Perl's split drops trailing empty fields: "a|b|" has two.
    assert.throws(() => parseBasicElements('a|b|'), /has 2 fields/);
    assert.throws(() => parseBasicElements('a|b|c|d'), /has 4 fields/);
    assert.deepEqual(parseBasicElements('a||rel'), [{ head: 'a', modifier: '', relation: 'rel', line: 1 }]);
  });
});
