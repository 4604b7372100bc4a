/**
 * Learns the parser's word clusters from unlabelled English text and writes them as JSON (`WordClusterData`):
 *
 *   npm run compile && nice node out/scripts/learn-word-clusters.js [--shared DIR] [--out FILE] [options]
 *
 * DIR is ../shared beside the repository. The text: the English references and system outputs of WMT21 (into
 * English), the WMT17 into-English references, the SummEval and REALSumm articles and references, and the word
 * forms of the UD English EWT train split (never dev or test). Tokenized by the engine's English tokenizer,
 * lower-cased, digits folded to 0 (`clusterKey`). Words seen at least --min-count times (3) are clustered into
 * --fine classes (1024) by their left and right neighbours (the --contexts most frequent words, 3000, the rest as
 * one), then the fine classes into --coarse classes (64); --passes (8) exchange passes each.
 * FILE defaults to word-clusters.json in the working directory; scripts/train-parser.ts takes it with --clusters.
 */
import * as fs from 'fs';
import * as path from 'path';
import { EnglishTokenizer } from '../src/core/syntax/english-tokenizer';
import { classContextCounts, contextCounts, exchangeCluster } from '../src/core/syntax/training/exchange-clustering';
import { readTreebank } from '../src/core/syntax/training/treebank';
import { clusterKey, WordClusterData } from '../src/core/syntax/word-clusters';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const repository = path.join(__dirname, '..', '..');
const shared = option('--shared', path.join(repository, '..', 'shared'));
const outFile = option('--out', 'word-clusters.json');
const minCount = Number(option('--min-count', '3'));
const fineClasses = Number(option('--fine', '1024'));
const coarseClasses = Number(option('--coarse', '64'));
const contextWords = Number(option('--contexts', '3000'));
const passes = Number(option('--passes', '8'));

const started = Date.now();
const log = (message: string): void => {
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${message}\n`);
};

/** The unlabelled sentences, as lists of keys. */
const sentences: string[][] = [];
const tokenizer = new EnglishTokenizer();
const addLine = (line: string): void => {
  const keys = tokenizer.tokenize(line).flatMap((token) => token.words).map(clusterKey);
  if (keys.length > 0) sentences.push(keys);
};
const textFiles = (dir: string, keep: (name: string) => boolean): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter(keep).sort().map((name) => path.join(dir, name)) : [];
const htmlEscapes = (line: string): string => line.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
for (const file of [
  ...textFiles(path.join(shared, 'data', 'wmt21-news', 'txt', 'references'), (n) => n.endsWith('.en')),
  ...textFiles(path.join(shared, 'data', 'wmt21-news', 'txt', 'system-outputs'), (n) => n.endsWith('.en')),
  ...textFiles(path.join(shared, 'data', 'wmt17-da', 'references'), (n) => n.endsWith('.en')),
]) {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) addLine(htmlEscapes(line));
}
const jsonLines = (file: string): Record<string, unknown>[] =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>) : [];
for (const doc of jsonLines(path.join(shared, 'data', 'summeval', 'docs.jsonl'))) {
  for (const text of [doc.src, ...((doc.refs11 as string[] | undefined) ?? [])]) if (typeof text === 'string') addLine(text);
}
for (const doc of jsonLines(path.join(shared, 'data', 'realsumm', 'docs.jsonl'))) {
  for (const text of [doc.src, doc.ref_summ]) {
    if (typeof text === 'string') for (const part of text.split(/<\/?t>/)) addLine(part);
  }
}
for (const sentence of readTreebank(path.join(shared, 'data', 'ud-english-ewt', 'en_ewt-ud-train.conllu'))) {
  sentences.push(sentence.words.map((w) => clusterKey(w.form)));
}
const tokens = sentences.reduce((sum, s) => sum + s.length, 0);
log(`read ${sentences.length} sentences, ${tokens} tokens`);

const frequency = new Map<string, number>();
for (const sentence of sentences) for (const key of sentence) frequency.set(key, (frequency.get(key) ?? 0) + 1);
const byFrequency = [...frequency].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
const words = byFrequency.filter(([, n]) => n >= minCount).map(([w]) => w);
const wordId = new Map(words.map((w, i) => [w, i]));
// Context ids: the most frequent words, one id for all others, one for the sentence boundary; left, then right.
const OTHER = contextWords;
const BOUNDARY = contextWords + 1;
const side = contextWords + 2;
const contextOf = (key: string | undefined): number => {
  if (key === undefined) return BOUNDARY;
  const id = wordId.get(key);
  return id !== undefined && id < contextWords ? id : OTHER;
};
function* observations(): Generator<readonly [number, number, number]> {
  for (const sentence of sentences) {
    for (let i = 0; i < sentence.length; i++) {
      const item = wordId.get(sentence[i]);
      if (item === undefined) continue;
      yield [item, contextOf(sentence[i - 1]), 1];
      yield [item, side + contextOf(sentence[i + 1]), 1];
    }
  }
}
const counts = contextCounts(words.length, 2 * side, observations());
log(`${words.length} words seen at least ${minCount} times (of ${frequency.size})`);
const fine = exchangeCluster(counts, { classes: fineClasses, passes, log });
const coarseOfFine = exchangeCluster(classContextCounts(counts, fine, fineClasses), { classes: coarseClasses, passes, log });

const data: WordClusterData = { words, fine: Array.from(fine), coarseOfFine: Array.from(coarseOfFine) };
fs.writeFileSync(outFile, JSON.stringify(data));
log(`wrote ${outFile}`);
// A look at the result: the most frequent words of a few fine classes.
for (let c = 0; c < 12; c++) {
  const members = words.filter((_, i) => fine[i] === c * Math.floor(fineClasses / 12)).slice(0, 12);
  log(`class ${c * Math.floor(fineClasses / 12)} (coarse ${coarseOfFine[c * Math.floor(fineClasses / 12)]}): ${members.join(' ')}`);
}
