import { UnderstudyError } from '../errors';
import { EditStep, Explanation, ReferenceSubstitutionNote, SpanMatch } from '../metrics/explanation';
import { PreparedMetric, ReferenceSet } from '../metrics/metric';
import { bestMatchingReference, paraphraseFinder, ReplacementFinder, synonymFinder } from '../paraphrase/best-matching-reference';
import { buildParaphraseTable, DEFAULT_PARAPHRASE_OPTIONS, paraphraseTokenizer, ParaphraseOptions, ParaphraseTable } from '../paraphrase/equivalence-sets';
import { expandSegmentReferences, ExpandedReference, expansionSummary, OccurrenceMode } from '../paraphrase/reference-expansion';
import { SubstitutedLine, substitutionNote } from '../paraphrase/substituted-line';
import { SynonymSource } from '../paraphrase/synonym-source';
import { Span, Token } from '../text/token';

/**
 * Metrics computed against expanded references, for any metric of the registry (as withJackknife and
 * withSentenceSplit wrap any metric):
 *  - `paraphrase`: Owczarzak et al. (2006) — the references plus one new reference per paraphrase substitution, from
 *    equivalence sets learned by word-aligning the test set's source with its references ("BLEU+paraphrases");
 *  - `paraphrase-best`: Owczarzak et al. (2007) "d+p" — each reference rewritten towards the hypothesis with those
 *    same paraphrases (a best-matching reference per hypothesis);
 *  - `wordnet`: Kauchak & Barzilay (2006) as Owczarzak et al. (2007) used it — each reference rewritten towards the
 *    hypothesis with synonyms ("NIST+WN").
 * Explanations come back in terms of the ORIGINAL reference lines: reference indexes are the user's references,
 * spans are in their text, and a match that needed a substitution says which one (SpanMatch.substitutions).
 */
export type ReferenceExpansionMode = 'none' | 'paraphrase' | 'paraphrase-best' | 'wordnet';

export const REFERENCE_EXPANSION_MODES: readonly ReferenceExpansionMode[] = ['none', 'paraphrase', 'paraphrase-best', 'wordnet'];

export interface ReferenceExpansionSettings {
  readonly mode: ReferenceExpansionMode;
  readonly paraphrase: Partial<ParaphraseOptions>;
  readonly occurrences: OccurrenceMode;
}

/**
 * What expansion needs besides the references: the source text (paraphrase modes) and a synonym source (wordnet).
 * Equivalence sets are learned once per reference set and options, and shared by every metric prepared with the
 * same resources.
 */
export class ExpansionResources {
  private readonly tables = new WeakMap<ReferenceSet['streams'], Map<string, ParaphraseTable>>();

  /** `givenTable`: equivalence sets to use as they are, instead of learning them from `source`. */
  constructor(
    readonly source?: readonly string[],
    readonly synonyms?: SynonymSource,
    readonly givenTable?: ParaphraseTable,
  ) {}

  paraphraseTable(references: ReferenceSet, options: Partial<ParaphraseOptions>): ParaphraseTable {
    if (this.givenTable) return this.givenTable;
    if (!this.source) {
      throw new UnderstudyError(
        'bad-option',
        'Paraphrase expansion learns its paraphrases from the source text: give the source file (one line per segment) with --source FILE, or in the editor with the setting understudy.referenceExpansion.sourceFile.',
      );
    }
    let byOptions = this.tables.get(references.streams);
    if (!byOptions) {
      byOptions = new Map();
      this.tables.set(references.streams, byOptions);
    }
    const key = JSON.stringify({ ...DEFAULT_PARAPHRASE_OPTIONS, ...options });
    let table = byOptions.get(key);
    if (!table) {
      table = buildParaphraseTable(this.source, references.streams, options);
      byOptions.set(key, table);
      const { mean, max } = expansionSummary(references.streams, table);
      this.notes.push(
        `paraphrase expansion: ${table.statistics.sets} equivalence sets learned from ${table.statistics.alignment?.sentences ?? 0} source/reference pairs ` +
          `(${table.signature()}); a segment gets about ${mean.toFixed(1)} new references on average, up to ${max}.` +
          (mean > 50
            ? ' Every one is scored, so metrics that compare with each reference (TER) slow down accordingly; a threshold such as --paraphrase-min-prob 0.1, or --paraphrase-exclude closed-class, keeps the likeliest members only.'
            : ''),
      );
    }
    return table;
  }

  /** What learning the sets found worth telling the user (one line per table learned). */
  readonly notes: string[] = [];
}

/** Checks before any work that the resources a mode needs are there, with a message saying what to give. */
export function checkExpansionResources(mode: ReferenceExpansionMode, resources: ExpansionResources | undefined): void {
  if ((mode === 'paraphrase' || mode === 'paraphrase-best') && !resources?.source && !resources?.givenTable) {
    throw new UnderstudyError(
      'bad-option',
      `Reference expansion "${mode}" learns paraphrases from the test set's source text: give the source file (one line per segment) with --source FILE, or in the editor with the setting understudy.referenceExpansion.sourceFile.`,
    );
  }
  if (mode === 'wordnet' && !resources?.synonyms) {
    throw new UnderstudyError(
      'bad-option',
      'Reference expansion "wordnet" needs a synonym source: give a synonym list (one group of synonyms per line, separated by tabs or commas) with --synonyms FILE, or in the editor with the setting understudy.referenceExpansion.synonymsFile (the CLI and the editor use the shipped WordNet when none is given).',
    );
  }
}

/**
 * Segments whose expanded references (and the metric prepared on them) were used last. stats and explain of a line
 * come in turn, and scoring runs segment by segment, so a small window saves re-preparing without keeping every
 * segment's references in memory (the paper's method can give a segment hundreds of references).
 */
const RECENT_SEGMENTS = 16;

class RecentSegments<T> {
  private readonly entries = new Map<number, T>();

  constructor(private readonly capacity: number) {}

  get(segment: number): T | undefined {
    const entry = this.entries.get(segment);
    if (entry !== undefined) {
      this.entries.delete(segment);
      this.entries.set(segment, entry);
    }
    return entry;
  }

  set(segment: number, entry: T): void {
    this.entries.delete(segment);
    this.entries.set(segment, entry);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as number);
  }
}

/** A span of a rewritten reference line, with what it maps to in the original line. */
function mapReferenceSpans(line: SubstitutedLine, spans: readonly Span[]): { spans: Span[]; notes: ReferenceSubstitutionNote[] } {
  const notes: ReferenceSubstitutionNote[] = [];
  const seen = new Set<string>();
  const mapped = spans.map((span) => {
    for (const note of line.notesIn(span)) {
      const key = `${note.reference.start}:${note.reference.end}:${note.replacement}`;
      if (!seen.has(key)) {
        seen.add(key);
        notes.push(note);
      }
    }
    return line.toOriginal(span);
  });
  return { spans: mapped, notes };
}

/**
 * An explanation against rewritten references, restated against the originals: `lineOf(r)` is reference r's
 * rewritten line and the index of the user's reference it was made from.
 */
export function explanationAgainstOriginals(
  explanation: Explanation,
  lineOf: (referenceIndex: number) => { readonly stream: number; readonly line: SubstitutedLine },
  extraDetails: Readonly<Record<string, number | string | boolean | readonly string[]>>,
): Explanation {
  const used = new Set<string>();
  const matches: SpanMatch[] = explanation.matches.map((match) => {
    const { stream, line } = lineOf(match.referenceIndex);
    const { spans, notes } = mapReferenceSpans(line, match.reference);
    for (const note of notes) used.add(note.label);
    return { ...match, referenceIndex: stream, reference: spans, ...(notes.length > 0 ? { substitutions: notes } : {}) };
  });
  const best = explanation.bestReference === undefined ? undefined : lineOf(explanation.bestReference);
  const edits: EditStep[] | undefined = explanation.edits?.map((step) =>
    step.reference && best ? { ...step, reference: best.line.toOriginal(step.reference) } : step,
  );
  return {
    ...explanation,
    matches,
    ...(best ? { bestReference: best.stream } : {}),
    ...(edits ? { edits } : {}),
    details: {
      ...explanation.details,
      ...extraDetails,
      substitutionsUsed: [...used],
      ...(best ? { bestReferenceSubstitutions: best.line.substitutions.map((s) => substitutionNote(s).label) } : {}),
    },
  };
}

function paraphraseSignature(table: ParaphraseTable, extra: string): string {
  return `${table.signature()},${extra}`;
}

/** Wraps `prepare` so that the metric scores against the references expanded as `settings` says. */
export function withExpandedReferences(
  references: ReferenceSet,
  settings: ReferenceExpansionSettings,
  resources: ExpansionResources | undefined,
  prepare: (references: ReferenceSet) => PreparedMetric,
): PreparedMetric {
  if (settings.mode === 'none') return prepare(references);
  checkExpansionResources(settings.mode, resources);
  const available = resources as ExpansionResources;
  if (settings.mode === 'paraphrase') {
    const table = available.paraphraseTable(references, settings.paraphrase);
    // A segment's expansions do not depend on the hypothesis: kept for the segments used last.
    const expansions = new RecentSegments<ExpandedReference[]>(RECENT_SEGMENTS);
    return againstSegmentReferences(
      references,
      prepare,
      (_hypothesis, segment) => {
        let lines = expansions.get(segment);
        if (!lines) {
          lines = expandSegmentReferences(references.streams.map((stream) => stream[segment]), table, settings.occurrences);
          expansions.set(segment, lines);
        }
        return lines;
      },
      (lines) => ({ referenceExpansion: 'paraphrase', expandedReferences: lines.length - references.streams.length }),
      `|expand:paraphrase(${paraphraseSignature(table, `occurrences:${settings.occurrences}`)})`,
    );
  }

  // Best-matching references: rewritten for each hypothesis.
  let options: ParaphraseOptions = { ...DEFAULT_PARAPHRASE_OPTIONS, ...settings.paraphrase };
  let finder: ReplacementFinder;
  let suffix: string;
  if (settings.mode === 'wordnet') {
    const synonyms = available.synonyms as SynonymSource;
    finder = synonymFinder(synonyms);
    suffix = `|expand:wordnet(synonyms:${synonyms.name},tok:${options.tokenize}${options.lowercase ? '-lc' : ''},exclude:${options.exclude},context:none)`;
  } else {
    const table = available.paraphraseTable(references, settings.paraphrase);
    // Expressions are matched in the tokens the sets were learned in.
    options = table.options;
    finder = paraphraseFinder(table);
    suffix = `|expand:paraphrase-best(${paraphraseSignature(table, 'context:none')})`;
  }
  const tokenize = paraphraseTokenizer(options);
  const referenceTokens = new RecentSegments<Token[][]>(RECENT_SEGMENTS);
  return againstSegmentReferences(
    references,
    prepare,
    (hypothesis, segment) => {
      let tokens = referenceTokens.get(segment);
      if (!tokens) {
        tokens = references.streams.map((stream) => tokenize(stream[segment]));
        referenceTokens.set(segment, tokens);
      }
      const hypothesisTokens = tokenize(hypothesis);
      return references.streams.map((stream, k) => ({
        stream: k,
        line: bestMatchingReference(stream[segment], (tokens as Token[][])[k], hypothesis, hypothesisTokens, finder, options.exclude),
      }));
    },
    (lines) => ({
      referenceExpansion: settings.mode,
      substitutedWords: lines.reduce((n, e) => n + e.line.substitutions.length, 0),
      rewrittenReferences: lines.map((e) => e.line.text),
    }),
    suffix,
  );
}

/**
 * A metric whose segments are scored against references made for them (`referencesFor`): a segment whose references
 * come out unchanged is scored by the metric prepared on the user's references; any other against a one-segment set
 * standing for that segment of the corpus (ReferenceSet.corpus), prepared once for the references it was last given.
 * Corpus and sentence scores come from the summed statistics as usual.
 */
function againstSegmentReferences(
  references: ReferenceSet,
  prepare: (references: ReferenceSet) => PreparedMetric,
  referencesFor: (hypothesis: string, segment: number) => ExpandedReference[],
  details: (lines: readonly ExpandedReference[]) => Readonly<Record<string, number | string | boolean | readonly string[]>>,
  signatureSuffix: string,
): PreparedMetric {
  const full = prepare(references);
  const streamCount = references.streams.length;
  const prepared = new RecentSegments<{ key: string; metric: PreparedMetric }>(RECENT_SEGMENTS);
  const scoped = (hypothesis: string, segment: number): { lines: ExpandedReference[]; metric: PreparedMetric; index: number } => {
    const lines = referencesFor(hypothesis, segment);
    if (lines.length === streamCount && lines.every((e) => e.line.substitutions.length === 0)) return { lines, metric: full, index: segment };
    const key = lines.map((e) => e.line.text).join('\u0000');
    let entry = prepared.get(segment);
    if (!entry || entry.key !== key) {
      entry = { key, metric: prepare({ streams: lines.map((e) => [e.line.text]), corpus: { references, segment } }) };
      prepared.set(segment, entry);
    }
    return { lines, metric: entry.metric, index: 0 };
  };
  return {
    name: full.name,
    statsLayout: full.statsLayout,
    stats(hypothesis, segment) {
      const { metric, index } = scoped(hypothesis, segment);
      return metric.stats(hypothesis, index);
    },
    corpusScore: (totals, count) => full.corpusScore(totals, count),
    corpusScoreFromRows: full.corpusScoreFromRows ? (rows) => full.corpusScoreFromRows!(rows) : undefined,
    sentenceScore: (stats) => full.sentenceScore(stats),
    explain(hypothesis, segment) {
      const { metric, index, lines } = scoped(hypothesis, segment);
      return explanationAgainstOriginals(metric.explain(hypothesis, index), (r) => lines[r], details(lines));
    },
    signature: () => `${full.signature()}${signatureSuffix}`,
  };
}
