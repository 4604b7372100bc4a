import * as assert from 'node:assert/strict';
import { matchSystems } from '../../src/core/meta/system-matching';

describe('matching output files to judged system names', () => {
  it('finds a judged name as a whole run of dot-separated parts of the file name', () => {
    const judged = ['Facebook-AI', 'Online-A', 'online-A.0', 'Allegro.eu', 'A'];
    const { matched, ambiguous } = matchSystems(
      [
        { file: 'outputs/newstest2021.cs-en.hyp.Facebook-AI.en' },
        { file: 'newstest2017.online-A.0.cs-en' },
        { file: 'C:\\runs\\newstest2021.is-en.hyp.Allegro.eu.en' },
        { file: 'newstest2021.cs-en.hyp.Online-A.en' },
        { file: 'system-Online-B.txt' },
      ],
      judged,
    );
    // "online-A.0" beats "A"-like partial names: "A" is never matched inside "online-A".
    assert.deepEqual(matched, ['Facebook-AI', 'online-A.0', 'Allegro.eu', 'Online-A', undefined]);
    assert.deepEqual(ambiguous, []);
  });

  it('an explicit name is matched exactly or not at all; a whole base name matches as is', () => {
    const { matched } = matchSystems([{ file: 'x.Facebook-AI.en', name: 'FB' }, { file: 'dir/M0' }], ['Facebook-AI', 'M0']);
    assert.deepEqual(matched, [undefined, 'M0']);
  });

  it('never guesses: equally good names, or one name claimed by two files, match nothing and are reported', () => {
    const tie = matchSystems([{ file: 'run.sysA.sysB.txt' }], ['sysA', 'sysB']);
    assert.deepEqual(tie.matched, [undefined]);
    assert.deepEqual(tie.ambiguous, [{ system: 'run.sysA.sysB.txt', candidates: ['sysA', 'sysB'] }]);
    const twice = matchSystems([{ file: 'a/out.sysA.txt' }, { file: 'b/out.sysA.txt' }], ['sysA']);
    assert.deepEqual(twice.matched, [undefined, undefined]);
    assert.equal(twice.ambiguous.length, 2);
  });
});
