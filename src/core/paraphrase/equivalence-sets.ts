import { UnderstudyError } from '../errors';
import { Token } from '../text/token';
import { sacrebleuTokenizer, TokenizerName } from '../text/tokenizers/tokenizer';
import { bitextFromTokens } from './bitext';
import { ClosedClassExclusion, isExcludedExpression } from './closed-class-words';
import { allPhrasePairs, minimalPhrasePairs, PhraseExtraction } from './phrase-pairs';
import { LinkList } from './symmetrize';
import { alignBitext, AlignmentStatistics, BitextAlignment, DEFAULT_WORD_ALIGNMENT_OPTIONS, WordAlignmentOptions } from './word-alignment';

/**
 * Bitext-derived equivalence sets (Owczarzak, Groves, Van Genabith & Way 2006, "Contextual Bitext-Derived
 * Paraphrases in Automatic MT Evaluation"; digest seed000 §2.7): the test set's own source and reference translations
 * are word-aligned, and "for each source word or phrase f_i that is aligned with more than one target words or
 * phrases, its possible translations e_i1, …, e_in were placed in a list as equivalent expressions". From their
 * 2,000-sentence Fr→En Europarl bitext: 769 sets holding 1,658 expressions, two or three each.
 *
 * Where the paper is silent, the options below take its most likely reading as their default:
 *  - which phrase pairs: `minimal` (the words a link group joins, see phrase-pairs.ts), sides of up to 3 words — the
 *    longest expressions among the paper's examples ("we would expect", "are centred around") have 3;
 *  - `minProbability`: the paper notes that candidates come with probabilities and a threshold is possible, and ran
 *    without one (0). The probability is the relative frequency p(e | f) of the target expression among everything
 *    extracted for that source expression, before any exclusion;
 *  - `exclude`: `prepositions`, as in the paper's experiment (closed-class-words.ts);
 *  - lower-cased expressions (the paper's examples are lower-cased and tokenised), sacreBLEU's `intl` tokenizer for
 *    both languages (`zh` for Chinese or Japanese sources: it splits CJK characters and is `13a` elsewhere).
 * With several references per segment, every reference is aligned with the source (one bitext of segments ×
 * references sentence pairs), so a set can hold one reference's wording and another's.
 */
export interface ParaphraseOptions {
  readonly tokenize: TokenizerName;
  readonly lowercase: boolean;
  readonly phrases: PhraseExtraction;
  readonly maxPhraseLength: number;
  readonly minProbability: number;
  readonly exclude: ClosedClassExclusion;
  /** fast_align and symmetrisation settings (defaults: `-d -o`, 5 iterations, p0 0.08, grow-diag-final-and). */
  readonly alignment: Partial<WordAlignmentOptions>;
}

export const DEFAULT_PARAPHRASE_OPTIONS: ParaphraseOptions = {
  tokenize: 'intl',
  lowercase: true,
  phrases: 'minimal',
  maxPhraseLength: 3,
  minProbability: 0,
  exclude: 'prepositions',
  alignment: {},
};

/** One expression of a set: what the reference said for the set's source expression. */
export interface EquivalenceMember {
  /** Tokens joined by single spaces (lower-cased unless `lowercase` is off): the key matched in references. */
  readonly expression: string;
  readonly tokens: readonly string[];
  /** Times the source expression was aligned to it. */
  readonly count: number;
  /** p(expression | source expression), relative frequency over all its extracted translations. */
  readonly probability: number;
  /**
   * Its most frequent spelling in the references (the characters it spanned; spellings at a sentence start only when
   * it never occurs elsewhere), used when it is substituted in.
   */
  readonly surface: string;
}

export interface EquivalenceSet {
  /** 1-based, in order of the source expression's first occurrence in the bitext. */
  readonly id: number;
  /** The source word or phrase whose translations the set gathers (tokens joined by spaces). */
  readonly source: string;
  /** Two or more, most frequent first (ties: first seen first). */
  readonly members: readonly EquivalenceMember[];
}

export interface ParaphraseTableStatistics {
  readonly sets: number;
  /** Expressions over all sets (an expression in two sets counts twice, as in the paper's 1,658). */
  readonly expressions: number;
  readonly meanSetSize: number;
  /** Phrase pairs extracted from the alignment. */
  readonly phrasePairs: number;
  /** Source expressions with two or more translations before exclusions and threshold. */
  readonly ambiguousSources: number;
  /** Undefined for a table over given sets (nothing was aligned). */
  readonly alignment: AlignmentStatistics | undefined;
  readonly seconds: number;
}

/** The equivalence sets of a test set, indexed for reference expansion. */
export interface ParaphraseTable {
  readonly sets: readonly EquivalenceSet[];
  readonly options: ParaphraseOptions;
  readonly statistics: ParaphraseTableStatistics;
  /**
   * The symmetrised links the sets were learned from, one list per source/reference pair (reference by reference),
   * and their statistics; undefined for a table over given sets. The trained models are not kept.
   */
  readonly alignment: LearnedAlignment | undefined;
  /** The sets containing an expression (the only ones its paraphrases may come from: no transitivity). */
  setsOf(expression: string): readonly EquivalenceSet[];
  /** Every member expression, grouped by its first token, longest first (for matching in references). */
  expressionsStartingWith(token: string): readonly (readonly string[])[];
  /** Reproducibility string for signatures (comma-separated `key:value`, to sit inside a metric signature's field). */
  signature(): string;
}

/** A tokenizer for the bitext: tokens with their spans in the original line. */
export function paraphraseTokenizer(options: Pick<ParaphraseOptions, 'tokenize' | 'lowercase'>): (line: string) => Token[] {
  return sacrebleuTokenizer(options.tokenize, options.lowercase).tokens;
}

interface Candidate {
  count: number;
  tokens: readonly string[];
  surfaces: Map<string, number>;
  initialSurfaces: Map<string, number>;
  order: number;
}

function checkOptions(o: ParaphraseOptions): void {
  if (!(Number.isInteger(o.maxPhraseLength) && o.maxPhraseLength >= 1)) {
    throw new UnderstudyError('bad-option', `The longest paraphrase must be a whole number of words, at least 1 (got ${o.maxPhraseLength}).`);
  }
  if (!(o.minProbability >= 0 && o.minProbability <= 1)) {
    throw new UnderstudyError('bad-option', `The paraphrase probability threshold must be between 0 and 1 (got ${o.minProbability}).`);
  }
}

export type LearnedAlignment = Pick<BitextAlignment, 'links' | 'statistics'>;

/** One source/reference sentence pair with its word alignment, as the sets are gathered from it. */
export interface AlignedReference {
  readonly sourceWords: readonly string[];
  readonly referenceLine: string;
  /** The reference's tokens (texts as matched, spans in `referenceLine`). */
  readonly referenceTokens: readonly Token[];
  readonly links: LinkList;
}

export interface GatheredSets {
  readonly sets: EquivalenceSet[];
  readonly phrasePairs: number;
  readonly ambiguousSources: number;
}

/**
 * The equivalence sets of aligned sentence pairs: phrase pairs are extracted from each alignment, counted per source
 * expression, and every source expression with two or more distinct translations left after the threshold and the
 * exclusions gives a set.
 */
export function gatherEquivalenceSets(pairs: readonly AlignedReference[], options: Partial<ParaphraseOptions> = {}): GatheredSets {
  const o: ParaphraseOptions = { ...DEFAULT_PARAPHRASE_OPTIONS, ...options };
  checkOptions(o);
  // Source expression → target expression → counts, in order of first occurrence.
  const bySource = new Map<string, Map<string, Candidate>>();
  let phrasePairCount = 0;
  let order = 0;
  for (const sentence of pairs) {
    const targetWords = sentence.referenceTokens.map((t) => t.text);
    const extracted =
      o.phrases === 'minimal'
        ? minimalPhrasePairs(sentence.links, o.maxPhraseLength)
        : allPhrasePairs(sentence.links, sentence.sourceWords.length, targetWords.length, o.maxPhraseLength);
    phrasePairCount += extracted.length;
    for (const pair of extracted) {
      const sourceKey = sentence.sourceWords.slice(pair.sourceStart, pair.sourceEnd).join(' ');
      const tokens = targetWords.slice(pair.targetStart, pair.targetEnd);
      const targetKey = tokens.join(' ');
      let translations = bySource.get(sourceKey);
      if (!translations) {
        translations = new Map();
        bySource.set(sourceKey, translations);
      }
      let candidate = translations.get(targetKey);
      if (!candidate) {
        candidate = { count: 0, tokens, surfaces: new Map(), initialSurfaces: new Map(), order: order++ };
        translations.set(targetKey, candidate);
      }
      candidate.count++;
      const surface = sentence.referenceLine.slice(sentence.referenceTokens[pair.targetStart].start, sentence.referenceTokens[pair.targetEnd - 1].end);
      // Spellings at the start of a sentence say little about a word's case: they count only when there is no other.
      const surfaces = pair.targetStart === 0 ? candidate.initialSurfaces : candidate.surfaces;
      surfaces.set(surface, (surfaces.get(surface) ?? 0) + 1);
    }
  }

  const sets: EquivalenceSet[] = [];
  let ambiguousSources = 0;
  for (const [sourceKey, translations] of bySource) {
    if (translations.size < 2) continue;
    ambiguousSources++;
    let total = 0;
    for (const candidate of translations.values()) total += candidate.count;
    const members: (EquivalenceMember & { order: number })[] = [];
    for (const [expression, candidate] of translations) {
      const probability = candidate.count / total;
      if (probability < o.minProbability || isExcludedExpression(candidate.tokens, o.exclude)) continue;
      members.push({ expression, tokens: candidate.tokens, count: candidate.count, probability, surface: mostFrequent(candidate.surfaces.size > 0 ? candidate.surfaces : candidate.initialSurfaces), order: candidate.order });
    }
    if (members.length < 2) continue;
    members.sort((a, b) => b.count - a.count || a.order - b.order);
    sets.push({ id: sets.length + 1, source: sourceKey, members: members.map(({ order: _order, ...member }) => member) });
  }
  return { sets, phrasePairs: phrasePairCount, ambiguousSources };
}

/**
 * A table over given sets (learned here, or brought by the user or a test). `describe` is the signature's text;
 * `statistics` and `alignment` are filled when the sets were learned here.
 */
export function indexParaphraseTable(
  sets: readonly EquivalenceSet[],
  options: Partial<ParaphraseOptions>,
  describe: string,
  learned?: { statistics: ParaphraseTableStatistics; alignment: LearnedAlignment },
): ParaphraseTable {
  const o: ParaphraseOptions = { ...DEFAULT_PARAPHRASE_OPTIONS, ...options };
  const bySetMember = new Map<string, EquivalenceSet[]>();
  const byFirstToken = new Map<string, (readonly string[])[]>();
  let expressions = 0;
  for (const set of sets) {
    for (const member of set.members) {
      expressions++;
      let list = bySetMember.get(member.expression);
      if (!list) {
        list = [];
        bySetMember.set(member.expression, list);
        const first = member.tokens[0];
        const starting = byFirstToken.get(first) ?? [];
        starting.push(member.tokens);
        byFirstToken.set(first, starting);
      }
      list.push(set);
    }
  }
  for (const list of byFirstToken.values()) list.sort((a, b) => b.length - a.length);
  return {
    sets,
    options: o,
    statistics: learned?.statistics ?? {
      sets: sets.length,
      expressions,
      meanSetSize: sets.length === 0 ? 0 : expressions / sets.length,
      phrasePairs: 0,
      ambiguousSources: sets.length,
      alignment: undefined,
      seconds: 0,
    },
    alignment: learned?.alignment,
    setsOf: (expression) => bySetMember.get(expression) ?? [],
    expressionsStartingWith: (token) => byFirstToken.get(token) ?? [],
    signature: () => describe,
  };
}

/**
 * Aligns the source with every reference stream and gathers the equivalence sets. `source[i]` is the source of
 * segment i; `references[k][i]` its k-th reference.
 */
export function buildParaphraseTable(
  source: readonly string[],
  references: readonly (readonly string[])[],
  options: Partial<ParaphraseOptions> = {},
): ParaphraseTable {
  const started = performance.now();
  const o: ParaphraseOptions = { ...DEFAULT_PARAPHRASE_OPTIONS, ...options };
  checkOptions(o);
  for (const stream of references) {
    if (stream.length !== source.length) {
      throw new UnderstudyError(
        'line-count-mismatch',
        `The source has ${source.length} lines but a reference has ${stream.length}: the paraphrases are learned from source/reference line pairs, ` +
          `so both must have one line per segment. Check that the source file belongs to this test set.`,
        { counts: [source.length, stream.length] },
      );
    }
  }
  const tokenize = paraphraseTokenizer(o);
  const sourceWords = source.map((line) => tokenize(line).map((t) => t.text));
  const referenceTokens = references.map((stream) => stream.map((line) => tokenize(line)));
  const bitext = bitextFromTokens(
    references.flatMap(() => sourceWords),
    referenceTokens.flatMap((stream) => stream.map((tokens) => tokens.map((t) => t.text))),
  );
  const alignment = alignBitext(bitext, o.alignment);
  const pairs: AlignedReference[] = [];
  references.forEach((stream, k) => {
    stream.forEach((line, i) => {
      pairs.push({ sourceWords: sourceWords[i], referenceLine: line, referenceTokens: referenceTokens[k][i], links: alignment.links[k * source.length + i] });
    });
  });
  const gathered = gatherEquivalenceSets(pairs, o);
  const sets = gathered.sets;
  const expressions = sets.reduce((n, set) => n + set.members.length, 0);
  const statistics: ParaphraseTableStatistics = {
    sets: sets.length,
    expressions,
    meanSetSize: sets.length === 0 ? 0 : expressions / sets.length,
    phrasePairs: gathered.phrasePairs,
    ambiguousSources: gathered.ambiguousSources,
    alignment: alignment.statistics,
    seconds: (performance.now() - started) / 1000,
  };
  const a = { ...DEFAULT_WORD_ALIGNMENT_OPTIONS, ...o.alignment };
  // fast_align's own flags, so the alignment can be re-run with the tool: -d -o -v -I -q -T, then the atools heuristic.
  const alignFlags = `${a.favorDiagonal ? '-d' : ''}${a.optimizeTension ? '-o' : ''}${a.variationalBayes ? `-v-a${a.alpha}` : ''}-I${a.iterations}-q${a.nullProbability}-T${a.diagonalTension}${a.useNullWord ? '' : '-N'}`;
  const describe =
    `sets:${sets.length},tok:${o.tokenize}${o.lowercase ? '-lc' : ''},phrases:${o.phrases}${o.maxPhraseLength},minp:${o.minProbability},exclude:${o.exclude}` +
    `,align:fast_align${alignFlags}+${a.symmetrization}`;
  return indexParaphraseTable(sets, o, describe, { statistics, alignment: { links: alignment.links, statistics: alignment.statistics } });
}

function mostFrequent(counts: Map<string, number>): string {
  let best = '';
  let bestCount = -1;
  for (const [text, count] of counts) {
    if (count > bestCount) {
      best = text;
      bestCount = count;
    }
  }
  return best;
}
