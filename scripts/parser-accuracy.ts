/**
 * The built-in parser's accuracy table on UD English EWT (test split by default):
 *
 *   npm run compile && node out/scripts/parser-accuracy.js [--split test|dev] [--data DIR] [--model FILE] [--beam K]
 *
 * Two rows: with the treebank's own words (gold tokenization; the tagger and parser still predict everything
 * else), and from raw text (each sentence's `# text` tokenized by Understudy, aligned to the gold words by
 * character offsets as the CoNLL 2018 shared task's script does; scores are then F1 over words). LAS counts the
 * universal relation (nsubj:pass = nsubj), as that script does; "LAS full" compares the relation with its subtype.
 * `--beam K` parses with beam width K instead of the model's.
 */
import * as path from 'path';
import { performance } from 'perf_hooks';
import { readParserModelFile, shippedParserModelPath } from '../src/core/io/parser-model-file';
import { Parser } from '../src/core/syntax/parser';
import { evaluateUd, UdScores } from '../src/core/syntax/ud-evaluation';
import { readTreebank } from '../src/core/syntax/training/treebank';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const repository = path.join(__dirname, '..', '..');
const split = option('--split', 'test');
const dataDir = option('--data', path.join(repository, '..', 'shared', 'data', 'ud-english-ewt'));
const modelFile = option('--model', shippedParserModelPath());
const beam = option('--beam', '');

const gold = readTreebank(path.join(dataDir, `en_ewt-ud-${split}.conllu`));
const loadStart = performance.now();
const model = readParserModelFile(modelFile);
const parser = new Parser(() => model, beam ? { beamWidth: Number(beam) } : {});
parser.load();
const loadSeconds = (performance.now() - loadStart) / 1000;
const text = gold.map((s) => s.text ?? '').join('\n');

const goldTokenization = gold.map((s) => ({ ...parser.parseWords(s.words.map((w) => w.form)), multiwordTokens: s.multiwordTokens }));
const rawStart = performance.now();
const ownTokenization = gold.map((s) => parser.parseLine(s.text ?? '').sentence);
const rawSeconds = (performance.now() - rawStart) / 1000;

const rows: [string, UdScores][] = [
  ['gold tokenization', evaluateUd(gold, goldTokenization, text)],
  ['own tokenization (raw text)', evaluateUd(gold, ownTokenization, text)],
];
const percent = (x: number): string => (100 * x).toFixed(2);
const words = gold.reduce((n, s) => n + s.words.length, 0);
console.log(`UD English EWT ${split}: ${gold.length} sentences, ${words} words; model ${modelFile} (loaded in ${loadSeconds.toFixed(2)} s), beam width ${parser.beamWidth}`);
console.log('');
console.log('| | Tokens F1 | Words F1 | UPOS | XPOS | UFeats | Lemma | UAS | LAS | LAS full |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const [name, s] of rows) {
  console.log(
    `| ${name} | ${percent(s.tokens.f1)} | ${percent(s.words.f1)} | ${percent(s.upos.f1)} | ${percent(s.xpos.f1)} | ${percent(s.feats.f1)} | ` +
      `${percent(s.lemma.f1)} | ${percent(s.uas.f1)} | ${percent(s.las.f1)} | ${percent(s.labelledExact.f1)} |`,
  );
}
console.log('');
console.log(`raw text: ${gold.length} sentences tokenized, tagged, lemmatized and parsed in ${rawSeconds.toFixed(2)} s (${(gold.length / rawSeconds).toFixed(0)} sentences/s)`);
