import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { namesFromFiles, parseManifest, resolveFormat, isGlob } from '../../src/core/corpus/manifest';
import { applySettingValues, SETTING_ENUMS, SETTING_KEYS, settingValueProblem } from '../../src/core/engine/setting-keys';
import { DEFAULT_METRIC_SETTINGS } from '../../src/core/engine/metric-settings';

const ROOT = path.resolve(__dirname, '../../..');
const textAt = (text: string, range: { offset: number; length: number }): string => text.slice(range.offset, range.offset + range.length);

describe('understudy.json manifest', () => {
  it('reads a complete manifest', () => {
    const text = JSON.stringify({
      name: 'WMT21 de-en',
      task: 'mt',
      source: 'src.de',
      references: [{ name: 'ref A', path: 'ref.A.en' }, 'ref.B.en'],
      systems: ['hyp.*.en', { name: 'Mine', path: 'out/mine.jsonl', format: 'jsonl', field: 'translation' }],
      judgments: [{ path: 'da.csv', format: 'wmt-da-seg', level: 'segment' }],
      metrics: ['bleu', 'ter'],
      settings: { tokenize: 'intl', 'bleu.smooth': 'floor', 'rouge.alpha': 0, 'understudy.ter.caseSensitive': true },
    });
    const { manifest, problems } = parseManifest(text);
    assert.deepStrictEqual(problems, []);
    assert.ok(manifest);
    assert.strictEqual(manifest.name, 'WMT21 de-en');
    assert.strictEqual(manifest.task, 'mt');
    assert.strictEqual(manifest.source?.path, 'src.de');
    assert.deepStrictEqual(manifest.references.map((r) => [r.path, r.name, r.format]), [['ref.A.en', 'ref A', 'auto'], ['ref.B.en', undefined, 'auto']]);
    assert.deepStrictEqual(manifest.systems.map((s) => [s.path, s.name, s.format, s.field]), [['hyp.*.en', undefined, 'auto', undefined], ['out/mine.jsonl', 'Mine', 'jsonl', 'translation']]);
    assert.strictEqual(textAt(text, manifest.systems[1].at), JSON.stringify({ name: 'Mine', path: 'out/mine.jsonl', format: 'jsonl', field: 'translation' }));
    assert.deepStrictEqual(manifest.judgments.map((j) => [j.path, j.format, j.level]), [['da.csv', 'wmt-da-seg', 'segment']]);
    assert.deepStrictEqual(manifest.metrics, ['bleu', 'ter']);
    assert.deepStrictEqual(manifest.settings, { tokenize: 'intl', 'bleu.smooth': 'floor', 'rouge.alpha': 0, 'ter.caseSensitive': true });
    const settings = applySettingValues(DEFAULT_METRIC_SETTINGS, manifest.settings);
    assert.deepStrictEqual([settings.tokenize, settings.smooth, settings.rougeAlpha, settings.terCaseSensitive, settings.chrfBeta], ['intl', 'floor', 0, true, 2]);
  });

  it('accepts comments, trailing commas, one file instead of a list, and `metrics` among the settings', () => {
    const { manifest, problems } = parseManifest('{\n // the summaries\n "task": "summarization", "references": "models", "systems": "peers",\n "settings": { "metrics": ["rouge1"], "rouge.stem": true, },\n}');
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(manifest?.references.map((r) => r.path), ['models']);
    assert.deepStrictEqual(manifest?.metrics, ['rouge1']);
    assert.deepStrictEqual(manifest?.settings, { 'rouge.stem': true });
  });

  it('marks each problem on the text it concerns, with what to write instead', () => {
    const text = '{ "task": "asr", "references": [], "systems": [{ "name": "x" }, 7], "judgments": { "path": "h.csv", "format": "likert" }, "settings": { "bleu.smooth": "laplace", "colour": 1, "chrf.beta": -1 }, "extra": 1 }';
    const { manifest, problems } = parseManifest(text);
    assert.strictEqual(manifest, undefined, 'no references: nothing to evaluate');
    const found = problems.map((p) => [p.severity, textAt(text, p.range), p.message]);
    const expect = (severity: string, at: string, message: RegExp): void => {
      assert.ok(found.some(([s, t, m]) => s === severity && t === at && message.test(m)), `${severity} on ${at} ${message}: ${JSON.stringify(found, undefined, 1)}`);
    };
    expect('error', '"asr"', /"task" must be "mt" or "summarization"/);
    expect('error', '[]', /"references" is empty/);
    expect('error', '{ "name": "x" }', /needs a "path"/);
    expect('error', '7', /is a path \("hyp\.\*\.en"\) or an object/);
    expect('error', '"likert"', /Unknown judgment format "likert": use one of wmt-da-seg, wmt-da-sys/);
    expect('error', '"laplace"', /"bleu\.smooth" must be one of "exp", "floor", "add-k", "add-one", "none"/);
    expect('error', '"colour"', /Unknown setting "colour"/);
    expect('error', '-1', /"chrf\.beta" must be a positive number/);
    expect('warning', '"extra"', /Unknown key "extra" is ignored/);
  });

  it('reports JSON syntax errors where they are', () => {
    const text = '{ "task": "mt", "references": ["a"] "systems": ["b"] }';
    const { problems } = parseManifest(text);
    assert.ok(problems.some((p) => p.severity === 'error' && /not valid JSON here \(CommaExpected\)/.test(p.message) && p.range.offset === text.indexOf('"systems"')), JSON.stringify(problems));
    assert.match(parseManifest('[1]').problems[0].message, /must hold one JSON object/);
    assert.match(parseManifest('').problems[0].message, /is empty/);
  });

  it('names glob matches after what differs between their file names', () => {
    assert.deepStrictEqual(namesFromFiles(['hyp.Facebook-AI.en', 'hyp.Online-B.en']), ['Facebook-AI', 'Online-B']);
    assert.deepStrictEqual(namesFromFiles(['newstest2021.de-en.hyp.UF.en', 'newstest2021.de-en.hyp.Online-W.en']), ['UF', 'Online-W']);
    assert.deepStrictEqual(namesFromFiles(['sys1.en', 'sys2.en']), ['sys1', 'sys2'], 'names are cut at separators only');
    assert.deepStrictEqual(namesFromFiles(['M0.jsonl', 'M17.jsonl']), ['M0', 'M17']);
    assert.deepStrictEqual(namesFromFiles(['only.en']), ['only.en']);
    assert.deepStrictEqual(namesFromFiles(['hyp.en', 'hyp.A.en']), ['hyp.en', 'hyp.A.en'], 'an empty difference keeps the file names');
  });

  it('decides a path\'s format from its name when the manifest says auto', () => {
    assert.strictEqual(resolveFormat('auto', 'out/sys.jsonl', false), 'jsonl');
    assert.strictEqual(resolveFormat('auto', 'out/sys.NDJSON', false), 'jsonl');
    assert.strictEqual(resolveFormat('auto', 'peers', true), 'duc');
    assert.strictEqual(resolveFormat('auto', 'hyp.en', false), 'lines');
    assert.strictEqual(resolveFormat('lines', 'x.jsonl', false), 'lines');
    assert.deepStrictEqual(['hyp.*.en', 'h?.en', 'sys[12].en', 'a.{x,y}', 'plain.en'].map(isGlob), [true, true, true, true, false]);
  });

  it('checks setting values by the same rules as the extension settings', () => {
    assert.strictEqual(settingValueProblem('tokenize', 'zh'), undefined);
    assert.match(settingValueProblem('tokenize', 'moses') ?? '', /must be one of/);
    assert.match(settingValueProblem('lowercase', 'yes') ?? '', /must be a boolean/);
    assert.strictEqual(settingValueProblem('rouge.alpha', 1), undefined);
    assert.match(settingValueProblem('rouge.alpha', 1.5) ?? '', /between 0 and 1/);
    assert.match(settingValueProblem('chrf.charOrder', 2.5) ?? '', /whole number/);
    assert.match(settingValueProblem('gtm.exponent', 0.5) ?? '', /at least 1/);
  });

  it('keeps the JSON schema and the package.json settings in step with the setting table', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/understudy.schema.json'), 'utf8'));
    const configured = pkg.contributes.configuration.properties as Record<string, { enum?: string[]; type: string }>;
    const inSchema = schema.properties.settings.properties as Record<string, { enum?: string[]; type: string }>;
    const keys = ['metrics', ...SETTING_KEYS.map(([key]) => key)];
    assert.deepStrictEqual(Object.keys(inSchema).sort(), keys.slice().sort());
    for (const [key, field] of SETTING_KEYS) {
      assert.deepStrictEqual(inSchema[key], configured[`understudy.${key}`], `schema settings.${key} = package.json understudy.${key}`);
      const allowed = SETTING_ENUMS[field];
      if (allowed) assert.deepStrictEqual(configured[`understudy.${key}`].enum, allowed, key);
    }
    assert.deepStrictEqual(pkg.contributes.jsonValidation, [{ fileMatch: 'understudy.json', url: './resources/understudy.schema.json' }]);
  });

  it('parses the bundled samples\' manifests without a problem', () => {
    for (const sample of ['wmt21-cs-en', 'wmt21-de-en', 'summeval']) {
      const { manifest, problems } = parseManifest(fs.readFileSync(path.join(ROOT, 'samples', sample, 'understudy.json'), 'utf8'));
      assert.deepStrictEqual(problems, [], sample);
      assert.ok(manifest, sample);
    }
  });
});
