import { Span } from '../text/token';
import { splitSentences } from '../text/sentence-split';
import { DependencySentence, DependencyWord, MultiwordToken } from './conllu';
import { DependencyParser } from './dependency-parser';
import { EnglishToken, EnglishTokenizer } from './english-tokenizer';
import { Lemmatizer } from './lemmatizer';
import { ModelFormatError, ParserModelData } from './model-format';
import { Morphology } from './morphology';
import { coarseTagIds } from './parser-features';
import { PosTagger } from './pos-tagger';
import { SparseWeightData, SparseWeights, SparseWeightTable } from './sparse-weights';
import { TagLexicon } from './tag-lexicon';

/** A parsed line: its words as a UD tree, and each word's span in the line (words of "don't" share one). */
export interface ParsedLine {
  readonly sentence: DependencySentence;
  readonly spans: readonly Span[];
  /**
   * Index (0-based, into `sentence.words`) of the first word of each sentence found in the line: a line holding
   * several sentences (a summary) is parsed one sentence at a time, so it has one root word per sentence.
   */
  readonly sentenceStarts: readonly number[];
}

/**
 * The tagger's and parser's feature templates, recorded in the model: change it whenever `tagger-features.ts` or
 * `parser-features.ts` changes what they extract.
 */
export const FEATURE_SET = 'tagger-2/parser-2';

/** The three classifiers' weight tables, as laid out for scoring (on shared memory: see `Parser.sharedModel`). */
export interface ModelWeightTables {
  readonly taggerFirstPass: SparseWeightTable;
  readonly taggerSecondPass: SparseWeightTable;
  readonly parser: SparseWeightTable;
}

/** A loaded model as another thread takes it: the weights' tables shared, the rest (small) copied. */
export interface SharedParserModel {
  /** The model without its weight arrays (their tables are in `tables`). */
  readonly data: ParserModelData;
  readonly tables: ModelWeightTables;
}

/** The loaded model's parts, ready to use. */
class LoadedModel {
  readonly tagger: PosTagger;
  readonly parser: DependencyParser;
  readonly lemmatizer: Lemmatizer;
  readonly morphology: Morphology;
  readonly upos: string[];
  readonly xpos: string[];

  readonly tables: ModelWeightTables;

  constructor(
    readonly data: ParserModelData,
    beamWidth: number | undefined,
    tables: ModelWeightTables | undefined,
  ) {
    if (data.featureSet !== FEATURE_SET) {
      throw new ModelFormatError(`the model was trained with features "${data.featureSet}", this Understudy extracts "${FEATURE_SET}" (retrain with scripts/train-parser, or use the model shipped with this version)`);
    }
    const firstPass = new SparseWeights(tables?.taggerFirstPass ?? data.taggerFirstPass);
    const secondPass = new SparseWeights(tables?.taggerSecondPass ?? data.taggerSecondPass);
    const parser = new SparseWeights(tables?.parser ?? data.parser);
    this.tables = { taggerFirstPass: firstPass.table, taggerSecondPass: secondPass.table, parser: parser.table };
    this.tagger = new PosTagger(firstPass, secondPass, new TagLexicon(data.tagLexicon));
    const rootLabel = data.labels.indexOf('root');
    if (rootLabel < 0) throw new Error('parser model: no "root" label');
    this.parser = new DependencyParser(parser, data.labels.length, rootLabel, coarseTagIds(data.tags), beamWidth ?? data.parserBeamWidth ?? 1);
    this.lemmatizer = new Lemmatizer(data.lemmatizer);
    this.morphology = new Morphology(data.morphology);
    this.upos = data.tags.map((t) => t.slice(0, t.indexOf(' ')));
    this.xpos = data.tags.map((t) => t.slice(t.indexOf(' ') + 1));
  }
}

export interface ParserOptions {
  /**
   * The parser's beam width, overriding the model's (`parserBeamWidth`, the width it was trained with): 1 parses
   * greedily; a wider beam than the model's is slower and may or may not be more accurate.
   */
  readonly beamWidth?: number;
  /** The weights already laid out (another thread's `sharedModel().tables`): `loadModel`'s weight arrays are ignored. */
  readonly tables?: ModelWeightTables;
}

/**
 * The built-in English parser: tokenizer, part-of-speech tagger, lemmatizer, morphological features and labelled
 * dependency parser, producing the same `DependencySentence` model as users' own CoNLL-U files. The model is
 * loaded on first use (`loadModel` is called once), so creating a Parser costs nothing.
 */
export class Parser {
  private model: LoadedModel | undefined;
  private readonly tokenizer = new EnglishTokenizer();

  constructor(
    private readonly loadModel: () => ParserModelData,
    private readonly options: ParserOptions = {},
  ) {
    const width = options.beamWidth;
    if (width !== undefined && !(Number.isInteger(width) && width >= 1)) throw new Error(`Parser: beam width ${width}, a whole number ≥ 1 expected`);
  }

  /** The beam width parses are made with: the one given, else the model's (loads the model if not loaded yet). */
  get beamWidth(): number {
    return this.ensureModel().parser.beamWidth;
  }

  /** Whether the model has been loaded (by a parse, or `load`). */
  get loaded(): boolean {
    return this.model !== undefined;
  }

  /** Loads the model now, if not loaded yet (to move its cost off the first parse). */
  load(): void {
    this.ensureModel();
  }

  /** Where the model comes from and how it scored when it was made. */
  get metadata(): ParserModelData['metadata'] {
    return this.ensureModel().data.metadata;
  }

  /**
   * The loaded model (loaded now if need be) for parsers on other threads: `new Parser(() => shared.data, { tables:
   * shared.tables })` there parses as this one does, with the weights (nearly all of the model's memory) not copied.
   */
  sharedModel(): SharedParserModel {
    const model = this.ensureModel();
    const none = (w: SparseWeightData): SparseWeightData => ({ ...w, keys: new Uint32Array(0), rowStarts: new Uint32Array(1), classes: new Uint8Array(0), weights: new Int16Array(0) });
    const data = model.data;
    return { data: { ...data, taggerFirstPass: none(data.taggerFirstPass), taggerSecondPass: none(data.taggerSecondPass), parser: none(data.parser) }, tables: model.tables };
  }

  private ensureModel(): LoadedModel {
    if (!this.model) this.model = new LoadedModel(this.loadModel(), this.options.beamWidth, this.options.tables);
    return this.model;
  }

  /** Tokenizes and parses one line of raw text. */
  parseLine(line: string): ParsedLine {
    const tokens = this.tokenizer.tokenize(line);
    const sentenceSpans = splitSentences(line);
    // Each token goes to the sentence its first character is in (tokens between sentences join the next one).
    const groups: EnglishToken[][] = [];
    let current: EnglishToken[] = [];
    let sentence = 0;
    for (const token of tokens) {
      while (sentence < sentenceSpans.length - 1 && token.span.start >= sentenceSpans[sentence].end) {
        if (current.length > 0) groups.push(current);
        current = [];
        sentence++;
      }
      current.push(token);
    }
    if (current.length > 0) groups.push(current);

    const words: DependencyWord[] = [];
    const multiwordTokens: MultiwordToken[] = [];
    const spans: Span[] = [];
    const sentenceStarts: number[] = [];
    for (const group of groups) {
      sentenceStarts.push(words.length);
      const offset = words.length;
      const forms: string[] = [];
      const misc: Record<string, string>[] = [];
      for (const token of group) {
        const first = offset + forms.length + 1;
        for (const word of token.words) {
          forms.push(word);
          spans.push(token.span);
          misc.push({});
        }
        const tokenMisc: Record<string, string> = token.spaceAfter ? {} : { SpaceAfter: 'No' };
        if (token.words.length > 1) multiwordTokens.push({ first, last: first + token.words.length - 1, form: token.form, misc: tokenMisc });
        else misc[misc.length - 1] = tokenMisc;
      }
      words.push(...this.analyse(forms, offset, misc));
    }
    return { sentence: { text: line, comments: [`text = ${line}`], words, multiwordTokens, emptyNodes: [] }, spans, sentenceStarts };
  }

  /** `parseLine` for each line. */
  parseLines(lines: readonly string[]): ParsedLine[] {
    return lines.map((line) => this.parseLine(line));
  }

  /** Tags and parses words already tokenized (UD syntactic words), as one sentence. */
  parseWords(forms: readonly string[]): DependencySentence {
    return { comments: [], words: this.analyse(forms, 0, forms.map(() => ({}))), multiwordTokens: [], emptyNodes: [] };
  }

  /** Tags, parses, lemmatizes and adds features to one sentence's words; ids and heads are shifted by `offset`. */
  private analyse(forms: readonly string[], offset: number, misc: readonly Record<string, string>[]): DependencyWord[] {
    if (forms.length === 0) return [];
    const model = this.ensureModel();
    const tags = model.tagger.tag(forms);
    const { heads, labels } = model.parser.parse(forms, tags);
    const analysed = forms.map((form, i) => ({
      form,
      upos: model.upos[tags[i]],
      xpos: model.xpos[tags[i]],
      head: heads[i],
      deprel: model.data.labels[labels[i]],
    }));
    const feats = model.morphology.sentenceFeats(analysed);
    return analysed.map((word, i) => ({
      id: offset + i + 1,
      form: word.form,
      lemma: model.lemmatizer.lemmatize(word.form, word.xpos),
      upos: word.upos,
      xpos: word.xpos,
      feats: feats[i],
      head: word.head === 0 ? 0 : word.head + offset,
      deprel: word.deprel,
      deps: '_',
      misc: misc[i],
    }));
  }
}

/**
 * The sentences of a parsed line as separate CoNLL-U sentences (UD wants one root per sentence): ids renumbered
 * from 1 in each, `# sent_id` the line number (`12`, or `12.1`, `12.2` when the line holds several sentences) and
 * `# text` the sentence's own text.
 */
export function conlluSentencesOfLine(parsed: ParsedLine, lineNumber: number): DependencySentence[] {
  const { sentence, spans, sentenceStarts } = parsed;
  const line = sentence.text ?? '';
  return sentenceStarts.map((start, k) => {
    const end = k + 1 < sentenceStarts.length ? sentenceStarts[k + 1] : sentence.words.length;
    const words = sentence.words.slice(start, end).map((w) => ({ ...w, id: w.id - start, head: w.head === 0 ? 0 : w.head - start }));
    const multiwordTokens = sentence.multiwordTokens
      .filter((m) => m.first > start && m.last <= end)
      .map((m) => ({ ...m, first: m.first - start, last: m.last - start }));
    const text = line.slice(spans[start].start, spans[end - 1].end);
    const sentId = sentenceStarts.length === 1 ? String(lineNumber) : `${lineNumber}.${k + 1}`;
    return { sentId, text, comments: [`sent_id = ${sentId}`, `text = ${text}`], words, multiwordTokens, emptyNodes: [] };
  });
}
