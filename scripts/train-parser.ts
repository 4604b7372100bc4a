/**
 * Trains the built-in English parser on UD English EWT and writes the model the extension ships:
 *
 *   npm run compile && nice node out/scripts/train-parser.js [--data DIR] [--out FILE] [options]
 *
 * DIR holds en_ewt-ud-{train,dev}.conllu (default: ../shared/data/ud-english-ewt beside the repository); FILE
 * defaults to resources/parser/en_ewt.model.gz. Only the train split is learned from; dev chooses the epochs.
 * Steps: lemmatizer and feature tables; the two-pass tagger; the tagger again on k−1 of k folds to tag the
 * k-th (jackknifing), so the parser learns from tags as wrong as the ones it will see; the parser with the dynamic
 * oracle; pruning and quantisation; the model file. Options: --tagger-epochs N (8) --parser-epochs N (12)
 * --folds K (4) --fold-epochs N (5, for the jackknifing taggers) --prune W (weights below W dropped, 0.5) --seed S (1)
 * --cache FILE (keeps the tagging stage: the tagger and the jackknifed tags; read instead of retrained when it exists)
 * --beam K (1: the greedy parser trained with the dynamic oracle; K > 1: beam search of width K, trained globally
 * with the max-violation update, and the model records K as its width).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as v8 from 'v8';
import * as zlib from 'zlib';
import { DependencySentence } from '../src/core/syntax/conllu';
import { ParserModelData, writeModel } from '../src/core/syntax/model-format';
import { FEATURE_SET, Parser } from '../src/core/syntax/parser';
import { coarseTagIds } from '../src/core/syntax/parser-features';
import { PosTagger } from '../src/core/syntax/pos-tagger';
import { SparseWeightData, SparseWeights } from '../src/core/syntax/sparse-weights';
import { TagLexicon, TagLexiconData } from '../src/core/syntax/tag-lexicon';
import { evaluateUd } from '../src/core/syntax/ud-evaluation';
import { learnLemmatizer } from '../src/core/syntax/training/learn-lemmatizer';
import { learnMorphology } from '../src/core/syntax/training/learn-morphology';
import { trainBeamParser } from '../src/core/syntax/training/train-beam-parser';
import { ParserTrainingSentence, trainDependencyParser } from '../src/core/syntax/training/train-dependency-parser';
import { TaggedSentence, trainTagger } from '../src/core/syntax/training/train-tagger';
import { Inventory, jointTag, readTreebank } from '../src/core/syntax/training/treebank';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1] : fallback;
}

const repository = path.join(__dirname, '..', '..');
const dataDir = option('--data', path.join(repository, '..', 'shared', 'data', 'ud-english-ewt'));
const outFile = option('--out', path.join(repository, 'resources', 'parser', 'en_ewt.model.gz'));
const taggerEpochs = Number(option('--tagger-epochs', '8'));
const parserEpochs = Number(option('--parser-epochs', '12'));
const folds = Number(option('--folds', '4'));
const foldEpochs = Number(option('--fold-epochs', '5'));
const prune = Number(option('--prune', '0.5'));
const seed = Number(option('--seed', '1'));
const cacheFile = option('--cache', '');
const beamWidth = Number(option('--beam', '1'));

const started = Date.now();
const log = (message: string): void => {
  process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${message}\n`);
};

const train = readTreebank(path.join(dataDir, 'en_ewt-ud-train.conllu'));
const dev = readTreebank(path.join(dataDir, 'en_ewt-ud-dev.conllu'));
log(`read ${train.length} training and ${dev.length} development sentences from ${dataDir}`);

const tags = new Inventory();
const labels = new Inventory(['root']);
for (const sentence of train) {
  for (const word of sentence.words) {
    tags.id(jointTag(word.upos, word.xpos));
    labels.id(word.deprel);
  }
}
const tagIds = (sentence: DependencySentence): Int32Array => Int32Array.from(sentence.words.map((w) => tags.lookup(jointTag(w.upos, w.xpos)) ?? 0));
const tagged = (sentence: DependencySentence): TaggedSentence => ({ forms: sentence.words.map((w) => w.form), tags: tagIds(sentence) });
const trainTagged = train.map(tagged);
const devTagged = dev.map(tagged);

const lemmatizer = learnLemmatizer(train);
const morphology = learnMorphology(train);
log(`lemmatizer: ${Object.keys(lemmatizer.rules).length} rules, ${Object.keys(lemmatizer.exceptions).length} exceptions; features: ${Object.keys(morphology.byWord).length} word entries`);

/** The tagging stage's results: the shipped tagger and the jackknifed tags of the training sentences. */
interface TaggingStage {
  readonly taggerFirstPass: SparseWeightData;
  readonly taggerSecondPass: SparseWeightData;
  readonly tagLexicon: TagLexiconData;
  readonly jackknifed: Int32Array[];
}

function taggingStage(): TaggingStage {
  const tagger = trainTagger(trainTagged, devTagged, tags.size, { epochs: taggerEpochs, seed, log: (m) => log(m) });
  log(`tagger: epoch ${tagger.epoch} kept, dev joint-tag accuracy ${(100 * (tagger.devAccuracy ?? 0)).toFixed(2)}%`);
  // Jackknifing: the tags the parser trains on come from taggers that never saw those sentences.
  const jackknifed: Int32Array[] = new Array(train.length);
  for (let fold = 0; fold < folds; fold++) {
    const held = (i: number): boolean => i % folds === fold;
    const foldTagger = trainTagger(
      trainTagged.filter((_, i) => !held(i)),
      undefined,
      tags.size,
      { epochs: Math.min(foldEpochs, tagger.epoch), seed: seed + fold + 1 },
    );
    const predictor = new PosTagger(new SparseWeights(foldTagger.firstPass.compact(0)), new SparseWeights(foldTagger.secondPass.compact(0)), foldTagger.lexicon);
    let right = 0;
    let total = 0;
    trainTagged.forEach((sentence, i) => {
      if (!held(i)) return;
      jackknifed[i] = predictor.tag(sentence.forms);
      jackknifed[i].forEach((t, k) => (right += t === sentence.tags[k] ? 1 : 0));
      total += sentence.forms.length;
    });
    log(`jackknife fold ${fold + 1}/${folds}: held-out joint-tag accuracy ${((100 * right) / total).toFixed(2)}%`);
  }
  return {
    taggerFirstPass: tagger.firstPass.compact(prune / 4),
    taggerSecondPass: tagger.secondPass.compact(prune / 4),
    tagLexicon: tagger.lexicon.data,
    jackknifed,
  };
}

// The tagging stage takes a while and does not depend on the parser: --cache FILE keeps it for the next run.
let stage: TaggingStage;
if (cacheFile && fs.existsSync(cacheFile)) {
  stage = v8.deserialize(fs.readFileSync(cacheFile)) as TaggingStage;
  log(`tagging stage read from ${cacheFile}`);
} else {
  stage = taggingStage();
  if (cacheFile) fs.writeFileSync(cacheFile, v8.serialize(stage));
}
const { taggerFirstPass, taggerSecondPass, tagLexicon, jackknifed } = stage;
const shippedTagger = new PosTagger(new SparseWeights(taggerFirstPass), new SparseWeights(taggerSecondPass), new TagLexicon(tagLexicon));

const parserSentence = (sentence: DependencySentence, predictedTags: Int32Array): ParserTrainingSentence => ({
  forms: sentence.words.map((w) => w.form),
  tags: predictedTags,
  heads: Int32Array.from(sentence.words.map((w) => w.head)),
  labels: Int32Array.from(sentence.words.map((w) => labels.lookup(w.deprel) ?? labels.id('dep'))),
});
const parserTrain = train.map((s, i) => parserSentence(s, jackknifed[i]));
const parserDev = dev.map((s, i) => parserSentence(s, shippedTagger.tag(devTagged[i].forms)));
const modelOf = (parserWeights: SparseWeightData): ParserModelData => ({
  metadata: {
    trainedOn: 'Universal Dependencies English Web Treebank (UD_English-EWT) v2.15, train split; https://github.com/UniversalDependencies/UD_English-EWT',
    licence: "CC BY-SA 4.0 (the training data's licence; https://creativecommons.org/licenses/by-sa/4.0/)",
    created: new Date().toISOString().slice(0, 10),
    scores: {},
  },
  featureSet: FEATURE_SET,
  tags: tags.names,
  labels: labels.names,
  tagLexicon,
  lemmatizer,
  morphology,
  taggerFirstPass,
  taggerSecondPass,
  parser: parserWeights,
  parserBeamWidth: beamWidth,
});

/** Evaluates the model as the engine will use it (dev, gold tokenization) and writes it with those scores. */
function writeModelFile(model: ParserModelData): void {
  const shipped = new Parser(() => model);
  const predicted = dev.map((s) => ({ ...shipped.parseWords(s.words.map((w) => w.form)), multiwordTokens: s.multiwordTokens }));
  const scores = evaluateUd(dev, predicted, dev.map((s) => s.text ?? '').join(' '));
  const devScores = { upos: scores.upos.f1, xpos: scores.xpos.f1, feats: scores.feats.f1, lemma: scores.lemma.f1, uas: scores.uas.f1, las: scores.las.f1 };
  const bytes = zlib.gzipSync(writeModel({ ...model, metadata: { ...model.metadata, scores: devScores } }), { level: 9 });
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, bytes);
  log(
    `dev (gold tokenization, shipped model): ${Object.entries(devScores)
      .map(([k, v]) => `${k.toUpperCase()} ${(100 * v).toFixed(2)}`)
      .join(' ')}`,
  );
  log(
    `wrote ${outFile}: ${(bytes.length / 1e6).toFixed(2)} MB (${model.parser.keys.length} parser features, ${model.parser.classes.length} weights; ` +
      `tagger ${taggerFirstPass.keys.length}+${taggerSecondPass.keys.length} features)`,
  );
}

const onBest = (best: { weights: { compact(threshold: number): SparseWeightData } }): void => writeModelFile(modelOf(best.weights.compact(prune)));
const parser =
  beamWidth > 1
    ? trainBeamParser(parserTrain, parserDev, labels.size, 0, coarseTagIds(tags.names), { epochs: parserEpochs, seed, width: beamWidth, log: (m) => log(m), onBest })
    : trainDependencyParser(parserTrain, parserDev, labels.size, 0, coarseTagIds(tags.names), {
        epochs: parserEpochs,
        seed,
        exploreAfter: 1,
        exploreProbability: 0.9,
        log: (m) => log(m),
        onBest,
      });
log(`parser: epoch ${parser.epoch} kept`);
