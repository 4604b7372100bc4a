import * as assert from 'assert';
import { checkAlignment } from '../../src/core/engine/score-systems';
import { UnderstudyError } from '../../src/core/errors';

describe('checkAlignment', () => {
  const refs = [{ file: 'ref.en', segments: ['a', 'b', 'c'] }];

  it('returns the segment count when every file agrees', () => {
    assert.strictEqual(checkAlignment(refs, [{ file: 'sys.en', hypotheses: ['x', 'y', 'z'] }]), 3);
  });

  it('refuses a short system file, naming both files, both counts and the unscored lines', () => {
    assert.throws(
      () => checkAlignment(refs, [{ file: 'sys.en', hypotheses: ['x'] }]),
      (e: unknown) =>
        e instanceof UnderstudyError &&
        e.code === 'line-count-mismatch' &&
        e.message.startsWith('System file sys.en has 1 lines, reference ref.en has 3: reference lines 2-3 have no hypothesis.'),
    );
  });

  it('refuses a long system file', () => {
    assert.throws(
      () => checkAlignment(refs, [{ file: 'sys.en', hypotheses: ['1', '2', '3', '4'] }]),
      (e: unknown) => e instanceof UnderstudyError && /hypothesis line 4 has no reference/.test(e.message),
    );
  });

  it('refuses references of different lengths', () => {
    assert.throws(
      () => checkAlignment([...refs, { file: 'ref2.en', segments: ['a'] }], []),
      (e: unknown) => e instanceof UnderstudyError && e.code === 'reference-count-mismatch' && /ref2\.en has 1 lines/.test(e.message),
    );
  });

  it('needs a reference', () => {
    assert.throws(() => checkAlignment([], []), (e: unknown) => e instanceof UnderstudyError && e.code === 'bad-option');
  });
});
