import { Token } from '../text/token';
import { EquivalenceMember, EquivalenceSet, paraphraseTokenizer, ParaphraseTable } from './equivalence-sets';
import { matchCase, SubstitutedLine, SubstitutionRequest } from './substituted-line';

/**
 * Extra references from equivalence sets, as Owczarzak et al. (2006, §3.5–3.7) made them: "for each reference
 * sentence a string search replaces every eligible word or phrase with its equivalent(s) from the paraphrase list,
 * one at a time, and the resulting string is added to the array of references. The original string is added to
 * the array as well."
 *  - one substitution per new reference (no simultaneous substitutions: their example (3));
 *  - no transitivity: an expression is replaced only by the other members of the sets that contain it;
 *  - an expression is matched on whole tokens (of the bitext's tokenizer, lower-cased), and the inserted text is the
 *    other member's most frequent spelling in the references, in the case of the text it replaces (matchCase).
 * Open choice, with the literal reading of "one at a time" as default: an expression that occurs twice in a line
 * gives one reference per occurrence (`each`), or one reference with every occurrence replaced (`all`).
 */
export type OccurrenceMode = 'each' | 'all';

export const OCCURRENCE_MODES: readonly OccurrenceMode[] = ['each', 'all'];

/** An occurrence of a set member in a tokenized line. */
export interface ExpressionOccurrence {
  /** Token positions [start, end). */
  readonly tokenStart: number;
  readonly tokenEnd: number;
  readonly expression: string;
  /** Characters of the original line it covers. */
  readonly span: { readonly start: number; readonly end: number };
}

/** Every occurrence of every set member in the tokens of a line (overlapping occurrences included), in order. */
export function findExpressions(tokens: readonly Token[], table: ParaphraseTable): ExpressionOccurrence[] {
  const found: ExpressionOccurrence[] = [];
  for (let p = 0; p < tokens.length; p++) {
    for (const expression of table.expressionsStartingWith(tokens[p].text)) {
      if (p + expression.length > tokens.length) continue;
      let same = true;
      for (let q = 1; q < expression.length && same; q++) same = tokens[p + q].text === expression[q];
      if (!same) continue;
      found.push({
        tokenStart: p,
        tokenEnd: p + expression.length,
        expression: expression.join(' '),
        span: { start: tokens[p].start, end: tokens[p + expression.length - 1].end },
      });
    }
  }
  return found;
}

/** The paraphrases of an expression: other members of the sets containing it, each once (first set wins), set by set. */
export function paraphrasesOf(expression: string, table: ParaphraseTable): { member: EquivalenceMember; set: EquivalenceSet }[] {
  const result: { member: EquivalenceMember; set: EquivalenceSet }[] = [];
  const seen = new Set<string>([expression]);
  for (const set of table.setsOf(expression)) {
    for (const member of set.members) {
      if (seen.has(member.expression)) continue;
      seen.add(member.expression);
      result.push({ member, set });
    }
  }
  return result;
}

function request(line: string, span: { start: number; end: number }, member: EquivalenceMember, set: EquivalenceSet): SubstitutionRequest {
  return {
    original: span,
    replacement: matchCase(member.surface, line.slice(span.start, span.end)),
    origin: { kind: 'paraphrase', setId: set.id, sourceExpression: set.source, probability: member.probability },
  };
}

/** The new references one reference line gives (the original not included), in order of position, each text once. */
export function expandReferenceLine(line: string, table: ParaphraseTable, occurrences: OccurrenceMode = 'each', tokens?: readonly Token[]): SubstitutedLine[] {
  const lineTokens = tokens ?? paraphraseTokenizer(table.options)(line);
  const found = findExpressions(lineTokens, table);
  const results: SubstitutedLine[] = [];
  const texts = new Set<string>([line]);
  const add = (requests: SubstitutionRequest[]): void => {
    const substituted = new SubstitutedLine(line, requests);
    if (texts.has(substituted.text)) return;
    texts.add(substituted.text);
    results.push(substituted);
  };
  if (occurrences === 'each') {
    for (const occurrence of found) {
      for (const { member, set } of paraphrasesOf(occurrence.expression, table)) add([request(line, occurrence.span, member, set)]);
    }
    return results;
  }
  // `all`: every non-overlapping occurrence of the expression (leftmost first) replaced at once.
  const byExpression = new Map<string, ExpressionOccurrence[]>();
  for (const occurrence of found) {
    const list = byExpression.get(occurrence.expression) ?? [];
    if (list.length === 0 || list[list.length - 1].tokenEnd <= occurrence.tokenStart) list.push(occurrence);
    byExpression.set(occurrence.expression, list);
  }
  for (const [expression, list] of byExpression) {
    for (const { member, set } of paraphrasesOf(expression, table)) add(list.map((o) => request(line, o.span, member, set)));
  }
  return results;
}

/** How many new references a line gives, counted without building them (texts that coincide counted apart). */
export function countExpansions(line: string, table: ParaphraseTable, occurrences: OccurrenceMode = 'each', tokens?: readonly Token[]): number {
  const found = findExpressions(tokens ?? paraphraseTokenizer(table.options)(line), table);
  const expressions = occurrences === 'each' ? found.map((o) => o.expression) : [...new Set(found.map((o) => o.expression))];
  return expressions.reduce((n, expression) => n + paraphrasesOf(expression, table).length, 0);
}

/** New references per segment over a reference set, for telling users what an expansion will cost. */
export function expansionSummary(references: readonly (readonly string[])[], table: ParaphraseTable, occurrences: OccurrenceMode = 'each'): { mean: number; max: number } {
  const segments = references[0]?.length ?? 0;
  let total = 0;
  let max = 0;
  for (let i = 0; i < segments; i++) {
    let count = 0;
    for (const stream of references) count += countExpansions(stream[i], table, occurrences);
    total += count;
    max = Math.max(max, count);
  }
  return { mean: segments === 0 ? 0 : total / segments, max };
}

/** One reference of an expanded segment: the user's reference it came from and the substitution that made it. */
export interface ExpandedReference {
  readonly stream: number;
  readonly line: SubstitutedLine;
}

/**
 * A segment's references expanded: its original references first (index k is the user's reference k), then the new
 * references each of them gives, in order, leaving out any text the segment already has. Segments end up with
 * different numbers of references (the paper's "different number of reference sentences for every test sentence"),
 * so the engine scores each segment against its own set (engine/expanded-references-adapter.ts).
 */
export function expandSegmentReferences(references: readonly string[], table: ParaphraseTable, occurrences: OccurrenceMode = 'each'): ExpandedReference[] {
  const entries: ExpandedReference[] = references.map((text, k) => ({ stream: k, line: new SubstitutedLine(text) }));
  const texts = new Set(references);
  references.forEach((text, k) => {
    for (const line of expandReferenceLine(text, table, occurrences)) {
      if (texts.has(line.text)) continue;
      texts.add(line.text);
      entries.push({ stream: k, line });
    }
  });
  return entries;
}
