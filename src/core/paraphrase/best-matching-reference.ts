import { Token } from '../text/token';
import { ClosedClassExclusion, isExcludedExpression } from './closed-class-words';
import { ParaphraseTable } from './equivalence-sets';
import { findExpressions, paraphrasesOf } from './reference-expansion';
import { matchCase, SubstitutedLine, SubstitutionOrigin, SubstitutionRequest } from './substituted-line';
import { SynonymSource } from './synonym-source';

/**
 * A "best-matching reference" for one hypothesis (Kauchak & Barzilay 2006, as Owczarzak, van Genabith & Way 2007
 * used it with WordNet synonyms or bitext paraphrases; digest seed000 §2.8): reference words that the hypothesis
 * does not contain are replaced by an equivalent that it does contain, pushing the reference towards the wording of
 * the translation while keeping its meaning. One reference in, one reference out, for each hypothesis.
 *
 * The rules, in the order they apply:
 *  - the reference is read left to right in the tokens of the bitext tokenizer (lower-cased); at each position the
 *    longest replaceable expression is tried first; replaced stretches do not overlap;
 *  - an expression is replaceable when it does not occur in the hypothesis and is not excluded (closed-class-words.ts);
 *  - its candidates (WordNet: synonyms, most frequent sense first; paraphrases: the other members of the equivalence
 *    sets that contain it, no transitivity) must occur in the hypothesis and not in the reference, and not be
 *    excluded either; the first candidate that the hypothesis still has an unused occurrence of is put in, so a
 *    hypothesis word is never matched by more substitutions than it has occurrences;
 *  - the inserted text is the hypothesis's own spelling, in the case of the reference text it replaces (matchCase).
 * Kauchak & Barzilay also filtered substitutions with a context model; there is none here, and the signature says
 * `context:none`.
 */
export interface Replacement {
  readonly tokens: readonly string[];
  readonly origin: SubstitutionOrigin;
}

/** What may replace the expression at token `position` of a reference: expressions (longest first) and their candidates. */
export type ReplacementFinder = (tokens: readonly Token[], position: number) => readonly { readonly length: number; readonly candidates: readonly Replacement[] }[];

/** Where a token sequence occurs in a token list. */
function occurrences(tokens: readonly string[], sequence: readonly string[]): number[] {
  const found: number[] = [];
  for (let p = 0; p + sequence.length <= tokens.length; p++) {
    let same = true;
    for (let q = 0; q < sequence.length && same; q++) same = tokens[p + q] === sequence[q];
    if (same) found.push(p);
  }
  return found;
}

export function bestMatchingReference(
  reference: string,
  referenceTokens: readonly Token[],
  hypothesis: string,
  hypothesisTokens: readonly Token[],
  find: ReplacementFinder,
  exclusion: ClosedClassExclusion,
): SubstitutedLine {
  const refWords = referenceTokens.map((t) => t.text);
  const hypWords = hypothesisTokens.map((t) => t.text);
  const hypVocabulary = new Set(hypWords);
  const used = new Map<string, number>();
  const requests: SubstitutionRequest[] = [];
  for (let p = 0; p < referenceTokens.length; ) {
    let advanced = false;
    for (const { length, candidates } of find(referenceTokens, p)) {
      const expression = refWords.slice(p, p + length);
      if (isExcludedExpression(expression, exclusion)) continue;
      if (length === 1 ? hypVocabulary.has(expression[0]) : occurrences(hypWords, expression).length > 0) continue;
      for (const candidate of candidates) {
        if (candidate.tokens.length === 0 || isExcludedExpression(candidate.tokens, exclusion)) continue;
        if (!candidate.tokens.every((t) => hypVocabulary.has(t))) continue;
        if (occurrences(refWords, candidate.tokens).length > 0) continue;
        const key = candidate.tokens.join(' ');
        const inHypothesis = occurrences(hypWords, candidate.tokens);
        const taken = used.get(key) ?? 0;
        if (taken >= inHypothesis.length) continue;
        used.set(key, taken + 1);
        const at = inHypothesis[taken];
        const hypSurface = hypothesis.slice(hypothesisTokens[at].start, hypothesisTokens[at + candidate.tokens.length - 1].end);
        const span = { start: referenceTokens[p].start, end: referenceTokens[p + length - 1].end };
        requests.push({ original: span, replacement: matchCase(hypSurface, reference.slice(span.start, span.end), at === 0), origin: candidate.origin });
        p += length;
        advanced = true;
        break;
      }
      if (advanced) break;
    }
    if (!advanced) p++;
  }
  return new SubstitutedLine(reference, requests);
}

/** Single reference words replaced by their synonyms (multiword synonyms split on spaces and underscores). */
export function synonymFinder(source: SynonymSource): ReplacementFinder {
  const cache = new Map<string, Replacement[]>();
  return (tokens, position) => {
    const word = tokens[position].text;
    let candidates = cache.get(word);
    if (!candidates) {
      candidates = source.synonyms(word).map((synonym) => ({
        tokens: synonym.toLowerCase().split(/[\s_]+/).filter((t) => t.length > 0),
        origin: { kind: 'synonym', synonymSource: source.name } as const,
      }));
      cache.set(word, candidates);
    }
    return [{ length: 1, candidates }];
  };
}

/** Set members in the reference replaced by the other members of their sets. */
export function paraphraseFinder(table: ParaphraseTable): ReplacementFinder {
  let lastTokens: readonly Token[] | undefined;
  let byStart = new Map<number, { length: number; candidates: Replacement[] }[]>();
  return (tokens, position) => {
    if (tokens !== lastTokens) {
      lastTokens = tokens;
      byStart = new Map();
      for (const occurrence of findExpressions(tokens, table)) {
        const candidates: Replacement[] = paraphrasesOf(occurrence.expression, table).map(({ member, set }) => ({
          tokens: member.tokens,
          origin: { kind: 'paraphrase', setId: set.id, sourceExpression: set.source, probability: member.probability },
        }));
        const list = byStart.get(occurrence.tokenStart) ?? [];
        list.push({ length: occurrence.tokenEnd - occurrence.tokenStart, candidates });
        byStart.set(occurrence.tokenStart, list);
      }
      for (const list of byStart.values()) list.sort((a, b) => b.length - a.length);
    }
    return byStart.get(position) ?? [];
  };
}
