/**
 * Drops a parser model's smallest parser weights, to bring the file under a size limit without retraining:
 *
 *   npm run compile && node out/scripts/prune-parser-model.js --in FILE --out FILE --prune W [--data DIR]
 *
 * A weight is kept when its value (quantised × scale) is at least W in magnitude, as `train-parser --prune W`
 * keeps it (that compares the unquantised weight, so the two differ only for weights within half a quantisation
 * step of W); rows left empty are dropped. The tagger's tables are copied unchanged. The scores the model records
 * are measured again on the dev split of UD English EWT (DIR, by default ../shared/data/ud-english-ewt), as
 * `train-parser` measures them.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { readParserModelFile } from '../src/core/io/parser-model-file';
import { ParserModelData, writeModel } from '../src/core/syntax/model-format';
import { Parser } from '../src/core/syntax/parser';
import { SparseWeightData } from '../src/core/syntax/sparse-weights';
import { evaluateUd } from '../src/core/syntax/ud-evaluation';
import { readTreebank } from '../src/core/syntax/training/treebank';

function option(name: string, fallback?: string): string {
  const at = process.argv.indexOf(name);
  if (at >= 0 && at + 1 < process.argv.length) return process.argv[at + 1];
  if (fallback === undefined) throw new Error(`prune-parser-model: ${name} is required (--in FILE --out FILE --prune W [--data DIR])`);
  return fallback;
}

function prune(table: SparseWeightData, threshold: number): SparseWeightData {
  const keep = (k: number): boolean => Math.abs(table.weights[k] * table.scale) >= threshold;
  const keys: number[] = [];
  const rowStarts: number[] = [0];
  const classes: number[] = [];
  const weights: number[] = [];
  for (let row = 0; row < table.keys.length; row++) {
    const before = classes.length;
    for (let k = table.rowStarts[row]; k < table.rowStarts[row + 1]; k++) {
      if (!keep(k)) continue;
      classes.push(table.classes[k]);
      weights.push(table.weights[k]);
    }
    if (classes.length === before) continue;
    keys.push(table.keys[row]);
    rowStarts.push(classes.length);
  }
  return {
    classCount: table.classCount,
    keys: Uint32Array.from(keys),
    rowStarts: Uint32Array.from(rowStarts),
    classes: Uint8Array.from(classes),
    weights: Int16Array.from(weights),
    scale: table.scale,
  };
}

const inFile = option('--in');
const outFile = option('--out');
const threshold = Number(option('--prune'));
if (!(threshold >= 0)) throw new Error(`prune-parser-model: --prune takes a non-negative number, not "${option('--prune')}"`);
const dataDir = option('--data', path.join(__dirname, '..', '..', '..', 'shared', 'data', 'ud-english-ewt'));
const model = readParserModelFile(inFile);
const parser = prune(model.parser, threshold);
const pruned: ParserModelData = { ...model, parser };

// The dev scores, gold tokenization, as train-parser records them.
const dev = readTreebank(path.join(dataDir, 'en_ewt-ud-dev.conllu'));
const shipped = new Parser(() => pruned);
const predicted = dev.map((s) => ({ ...shipped.parseWords(s.words.map((w) => w.form)), multiwordTokens: s.multiwordTokens }));
const ud = evaluateUd(dev, predicted, dev.map((s) => s.text ?? '').join(' '));
const scores = { upos: ud.upos.f1, xpos: ud.xpos.f1, feats: ud.feats.f1, lemma: ud.lemma.f1, uas: ud.uas.f1, las: ud.las.f1 };

const bytes = zlib.gzipSync(writeModel({ ...pruned, metadata: { ...model.metadata, scores } }), { level: 9 });
fs.writeFileSync(outFile, bytes);
console.log(
  `${outFile}: ${(bytes.length / 1e6).toFixed(2)} MB; parser ${model.parser.keys.length} → ${parser.keys.length} features, ` +
    `${model.parser.weights.length} → ${parser.weights.length} weights; dev (gold tokenization) ` +
    Object.entries(scores)
      .map(([k, v]) => `${k.toUpperCase()} ${(100 * v).toFixed(2)}`)
      .join(' '),
);
