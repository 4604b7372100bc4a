import * as assert from 'node:assert/strict';
import { UnderstudyError } from '../../src/core/errors';
import { fileGlobPattern, isFileGlob, parseCorrelationManifest } from '../../src/core/meta/correlation-manifest';

const rejects = (json: unknown, message: RegExp): void =>
  assert.throws(
    () => parseCorrelationManifest(typeof json === 'string' ? json : JSON.stringify(json), 'eval/understudy.json'),
    (error: unknown) => error instanceof UnderstudyError && error.code === 'bad-option' && error.message.startsWith('eval/understudy.json: ') && message.test(error.message),
  );

const JUDGMENTS = { files: [{ file: 'ad-seg-scores-cs-en.csv' }, { file: 'ad-sys-ranking-cs-en-z-names.csv', format: 'wmt21-sys' }] };

describe('understudy.json (the evaluation Show Correlations opens)', () => {
  it('reads references, systems (paths, globs, named files), metrics and one or several human scores', () => {
    const manifest = parseCorrelationManifest(
      JSON.stringify({ name: 'cs-en', references: 'ref.A.en', systems: ['hyp.*.en', { file: 'nemo.txt', name: 'NVIDIA-NeMo' }], metrics: ['bleu'], humanJudgments: JUDGMENTS }),
    );
    assert.deepEqual(manifest, {
      name: 'cs-en',
      references: ['ref.A.en'],
      systems: [{ file: 'hyp.*.en' }, { file: 'nemo.txt', name: 'NVIDIA-NeMo' }],
      metrics: ['bleu'],
      humanJudgments: [JUDGMENTS],
    });
    const two = parseCorrelationManifest(JSON.stringify({ references: ['r'], systems: ['a', 'b'], humanJudgments: [JUDGMENTS, { label: 'raw', ...JUDGMENTS, combine: { aspects: ['raw'] } }] }));
    assert.equal(two.humanJudgments.length, 2);
    assert.equal(two.metrics, undefined, 'metrics default to the understudy.metrics setting');
  });

  it("reads the editor's form of the same file: { path, name } entries and its judgments list", () => {
    const manifest = parseCorrelationManifest(
      JSON.stringify({
        task: 'mt',
        references: [{ path: 'ref.A.en', name: 'A' }],
        systems: [{ path: 'hyp.Online-B.en', name: 'Online-B' }, 'hyp.Facebook-AI.en'],
        judgments: [{ path: 'ad-seg-scores-cs-en.csv', format: 'wmt-da-seg' }, { path: 'ad-sys-ranking-cs-en-z-names.csv' }],
        settings: { 'bleu.smooth': 'exp' },
      }),
    );
    assert.deepEqual(manifest, {
      references: ['ref.A.en'],
      systems: [{ file: 'hyp.Online-B.en', name: 'Online-B' }, { file: 'hyp.Facebook-AI.en' }],
      humanJudgments: [{ files: [{ file: 'ad-seg-scores-cs-en.csv' }, { file: 'ad-sys-ranking-cs-en-z-names.csv' }] }],
    });
    rejects({ references: 'r', systems: ['a'], judgments: [{ format: 'csv' }] }, /"judgments"\[0\] must be a path/);
  });

  it('names the field that is wrong and what it should be', () => {
    rejects('{ "references": ', /not valid JSON/);
    rejects([], /expected a JSON object/);
    rejects({ systems: ['a'], humanJudgments: JUDGMENTS }, /"references" must list/);
    rejects({ references: ['r'], systems: [], humanJudgments: JUDGMENTS }, /"systems" must list/);
    rejects({ references: ['r'], systems: [{ name: 'x' }], humanJudgments: JUDGMENTS }, /"systems"\[0\] must be a path/);
    rejects({ references: ['r'], systems: ['a'], metrics: 'bleu', humanJudgments: JUDGMENTS }, /"metrics" must list/);
    rejects({ references: ['r'], systems: ['a'] }, /no "humanJudgments"/);
    rejects({ references: ['r'], systems: ['a'], humanJudgments: [] }, /"humanJudgments" is empty/);
    rejects({ references: ['r'], systems: ['a'], humanJudgments: { files: [] } }, /"humanJudgments".files must list/);
    rejects({ references: ['r'], systems: ['a'], humanJudgments: [JUDGMENTS, { files: [{ path: 'x' }] }] }, /"humanJudgments"\[1\].files\[0\] must be an object with "file"/);
    rejects({ references: ['r'], systems: ['a'], humanJudgments: { files: [{ file: 'x', format: 'wmt22' }] } }, /format "wmt22" is not one of auto, wmt21-seg/);
  });

  it('matches globs in the file name only, literally otherwise', () => {
    assert.equal(isFileGlob('out/newstest2021.cs-en.hyp.*.en'), true);
    assert.equal(isFileGlob('out*/hyp.en'), false);
    const pattern = fileGlobPattern('newstest2021.cs-en.hyp.*.en');
    assert.equal(pattern.test('newstest2021.cs-en.hyp.Online-B.en'), true);
    assert.equal(pattern.test('newstest2021xcs-en.hyp.Online-B.en'), false, 'a dot is a dot');
    assert.equal(pattern.test('newstest2021.cs-en.ref.A.en'), false);
    assert.equal(fileGlobPattern('hyp.?.txt').test('hyp.1.txt'), true);
    assert.equal(fileGlobPattern('hyp.?.txt').test('hyp.12.txt'), false);
  });
});
