import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ManifestSettingSchemas, namesFromFiles, parseManifest as parseWith, resolveFormat, isGlob } from '../../src/core/corpus/manifest';
import { SettingSchema, settingValueProblem } from '../../src/core/engine/setting-values';

const ROOT = path.resolve(__dirname, '../../..');
const textAt = (text: string, range: { offset: number; length: number }): string => text.slice(range.offset, range.offset + range.length);

// The extension checks manifest settings against package.json's `understudy.*` settings; so do these tests.
const { VIEW_SETTINGS, manifestSchema } = require(path.join(ROOT, 'scripts', 'manifest-schema.js')) as {
  VIEW_SETTINGS: RegExp;
  manifestSchema: (root: string) => { properties: Record<string, { properties?: Record<string, SettingSchema> } & SettingSchema> };
};
const PROPERTIES = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).contributes.configuration.properties as Record<string, SettingSchema>;
const METRIC_SETTING_KEYS = Object.keys(PROPERTIES)
  .filter((name) => !VIEW_SETTINGS.test(name) && name !== 'understudy.metrics')
  .map((name) => name.slice('understudy.'.length));
const SCHEMAS: ManifestSettingSchemas = { keys: METRIC_SETTING_KEYS, schemaOf: (key) => (METRIC_SETTING_KEYS.includes(key) ? PROPERTIES[`understudy.${key}`] : undefined) };
const parseManifest = (text: string) => parseWith(text, SCHEMAS);

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
    // Without the settings' schemas (a program reading manifests), values are taken as written.
    assert.deepStrictEqual(parseWith('{"task": "mt", "references": "r", "systems": "s", "settings": {"new.thing": 3}}').manifest?.settings, { 'new.thing': 3 });
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
    expect('error', '-1', /"chrf\.beta" must be more than 0/);
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

  it('checks setting values against the settings\' JSON schemas', () => {
    const schema = (key: string): SettingSchema => PROPERTIES[`understudy.${key}`];
    assert.strictEqual(settingValueProblem('tokenize', 'zh', schema('tokenize')), undefined);
    assert.match(settingValueProblem('tokenize', 'moses', schema('tokenize')) ?? '', /must be one of "13a", "intl", "zh", "char", "none"/);
    assert.match(settingValueProblem('lowercase', 'yes', schema('lowercase')) ?? '', /must be a boolean/);
    assert.strictEqual(settingValueProblem('rouge.alpha', 1, schema('rouge.alpha')), undefined);
    assert.match(settingValueProblem('rouge.alpha', 1.5, schema('rouge.alpha')) ?? '', /must be at most 1/);
    assert.match(settingValueProblem('chrf.charOrder', 2.5, schema('chrf.charOrder')) ?? '', /must be a whole number/);
    assert.match(settingValueProblem('gtm.exponent', 0.5, schema('gtm.exponent')) ?? '', /must be at least 1/);
    assert.match(settingValueProblem('metrics', ['bleu', 3], schema('metrics')) ?? '', /"metrics\[\]" must be a string/);
  });

  it('gives editors a JSON schema whose settings are package.json\'s metric settings', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.deepStrictEqual(pkg.contributes.jsonValidation, [{ fileMatch: 'understudy.json', url: './dist/understudy.schema.json' }]);
    const schema = manifestSchema(ROOT);
    const settings = schema.properties.settings.properties!;
    assert.deepStrictEqual(Object.keys(settings).sort(), ['metrics', ...METRIC_SETTING_KEYS].sort());
    for (const key of Object.keys(settings)) assert.deepStrictEqual(settings[key], PROPERTIES[`understudy.${key}`], key);
    assert.deepStrictEqual(schema.properties.metrics, PROPERTIES['understudy.metrics']);
    // The display settings are the user's, not an evaluation's.
    assert.ok(!('decorations.metrics' in settings) && !('colors.thresholds' in settings));
  });

  it('parses the bundled samples\' manifests without a problem', () => {
    for (const sample of ['wmt21-cs-en', 'wmt21-de-en', 'summeval']) {
      const { manifest, problems } = parseManifest(fs.readFileSync(path.join(ROOT, 'samples', sample, 'understudy.json'), 'utf8'));
      assert.deepStrictEqual(problems, [], sample);
      assert.ok(manifest, sample);
    }
  });
});
