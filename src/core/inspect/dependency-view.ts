import { Explanation, SpanMatch } from '../metrics/explanation';
import { Span } from '../text/token';

/**
 * What the editor and the tree view show of the dependency metrics (dep-f, depeval, be-hm, be, hwcm, dp-…), from their
 * explanations alone: the trees (dep-f's `hypothesisTree` / `referenceTree`, written by syntactic-common.ts
 * `treeText`), the matched head–dependent pairs (span matches whose `kind` is the relation), and the matched and
 * unmatched triples grouped by relation. Pure: the extension host and the webview share it.
 */

/** Metric names whose matches are dependency units (head–dependent pairs, Basic Elements, chains). */
const DEPENDENCY_METRIC = /^(dep-f|depeval|be-hm|be|hwcm|dstm|dp-hwc|dp-or)(-|$)/;

export function isDependencyMetric(metric: string): boolean {
  return DEPENDENCY_METRIC.test(metric);
}

/** The dependency metrics among `metrics`, the shown ones first (the one drawn is the first). */
export function dependencyMetrics(explanations: Readonly<Record<string, Explanation>>, shown: readonly string[]): string[] {
  const names = Object.keys(explanations).filter(isDependencyMetric);
  return [...names.filter((m) => shown.includes(m)), ...names.filter((m) => !shown.includes(m))];
}

export interface TreeWord {
  /** 1-based within its sentence. */
  readonly id: number;
  readonly form: string;
  readonly lemma: string;
  readonly upos: string;
  /** 0 for the root. */
  readonly head: number;
  readonly deprel: string;
  /** Where the word is in the line (undefined when its form could not be found there). */
  readonly span?: Span;
}

export type TreeSentence = readonly TreeWord[];

const TREE_LINE = /^(\d+) (.*?) \((.*) (\S+)\) ← (\d+) (\S+)$/;

/**
 * The sentences of a tree in `treeText` form (`2 resigned (resign VERB) ← 0 root`, one word a line, a blank line between
 * sentences), each word given its span in `line` by finding the forms in order (skipping whatever lies between, as a
 * tokenizer drops spaces). Lines that are not in that form are left out.
 */
export function parseTreeText(text: string, line?: string): TreeSentence[] {
  const sentences: TreeWord[][] = [];
  let at = 0;
  for (const block of text.split(/\n\s*\n/)) {
    const words: TreeWord[] = [];
    for (const row of block.split('\n')) {
      const m = TREE_LINE.exec(row);
      if (!m) continue;
      let span: Span | undefined;
      if (line !== undefined) {
        const start = line.indexOf(m[2], at);
        if (start >= 0 && m[2].length > 0) {
          span = { start, end: start + m[2].length };
          at = span.end;
        }
      }
      words.push({ id: Number(m[1]), form: m[2], lemma: m[3], upos: m[4], head: Number(m[5]), deprel: m[6], ...(span ? { span } : {}) });
    }
    if (words.length > 0) sentences.push(words);
  }
  return sentences;
}

/** One arc of a tree: `dependent` of `head` (0: the root) in sentence `sentence`. */
export interface TreeArc {
  readonly sentence: number;
  readonly head: number;
  readonly dependent: number;
  readonly deprel: string;
  /** The metric's relations of the matched units joining the same two words (empty: unmatched). */
  readonly matchedAs: readonly string[];
}

const spanKey = (s: Span): string => `${s.start}:${s.end}`;

/**
 * The arcs of a tree, each marked matched when a matched unit covers exactly its two words (a relation of the
 * metric, e.g. LFG `subj` for UD `nsubj`); `spansOf` picks the match's spans on this side.
 */
export function treeArcs(sentences: readonly TreeSentence[], matches: readonly SpanMatch[], spansOf: (m: SpanMatch) => readonly Span[] | undefined): TreeArc[] {
  const byPair = new Map<string, string[]>();
  for (const m of matches) {
    const spans = spansOf(m);
    if (!spans || spans.length !== 2) continue;
    const key = [spanKey(spans[0]), spanKey(spans[1])].sort().join('|');
    byPair.set(key, [...(byPair.get(key) ?? []), m.kind ?? '']);
  }
  const arcs: TreeArc[] = [];
  sentences.forEach((words, s) => {
    for (const w of words) {
      const head = w.head > 0 ? words.find((x) => x.id === w.head) : undefined;
      let matchedAs: string[] = [];
      if (head?.span && w.span) matchedAs = byPair.get([spanKey(head.span), spanKey(w.span)].sort().join('|')) ?? [];
      arcs.push({ sentence: s, head: w.head, dependent: w.id, deprel: w.deprel, matchedAs });
    }
  });
  return arcs;
}

/** One side of the tree view: the line, its sentences and arcs. */
export interface DependencyTreeSide {
  readonly label: string;
  readonly line: string;
  readonly sentences: readonly TreeSentence[];
  readonly arcs: readonly TreeArc[];
}

export interface DependencyTreesView {
  readonly metric: string;
  readonly score: number;
  readonly hypothesis: DependencyTreeSide;
  /** The reference that decided the score (undefined when the segment has none). */
  readonly reference?: DependencyTreeSide;
  readonly referenceIndex?: number;
}

/** The metric whose explanation carries the trees (dep-f writes them), preferring `preferred`. */
export function treeExplanation(explanations: Readonly<Record<string, Explanation>>, preferred: readonly string[]): Explanation | undefined {
  const withTree = (m: string): boolean => typeof explanations[m]?.details?.hypothesisTree === 'string';
  const name = preferred.find(withTree) ?? Object.keys(explanations).find(withTree);
  return name ? explanations[name] : undefined;
}

/** Both trees of a segment with their matched arcs, from an explanation with trees (see treeExplanation). */
export function dependencyTreesView(explanation: Explanation, hypothesis: string, references: readonly string[], referenceLabel: (k: number) => string): DependencyTreesView | undefined {
  const hypTree = explanation.details.hypothesisTree;
  if (typeof hypTree !== 'string') return undefined;
  const hypSentences = parseTreeText(hypTree, hypothesis);
  const k = explanation.bestReference;
  const refTree = explanation.details.referenceTree;
  const hypothesisSide: DependencyTreeSide = { label: 'hypothesis', line: hypothesis, sentences: hypSentences, arcs: treeArcs(hypSentences, explanation.matches, (m) => m.hypothesis) };
  if (k === undefined || typeof refTree !== 'string' || references[k] === undefined) return { metric: explanation.metric, score: explanation.score, hypothesis: hypothesisSide };
  const refSentences = parseTreeText(refTree, references[k]);
  return {
    metric: explanation.metric,
    score: explanation.score,
    hypothesis: hypothesisSide,
    reference: { label: referenceLabel(k), line: references[k], sentences: refSentences, arcs: treeArcs(refSentences, explanation.matches, (m) => (m.referenceIndex === k ? m.reference : undefined)) },
    referenceIndex: k,
  };
}

/** The triples of one relation: matched, and left unmatched on either side. */
export interface RelationGroup {
  readonly relation: string;
  readonly matched: readonly string[];
  readonly unmatchedHypothesis: readonly string[];
  readonly unmatchedReference: readonly string[];
}

const list = (value: unknown): readonly string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The relation a unit is listed under: `subj(resign, john) ~ …` → `subj`; `(resign, john)` (norel) → `(no relation)`;
 * a Basic Element `sat|cat|nsubj ← model 1` → `nsubj`; a head-word chain `sat mat on` → `chain of 3 words`.
 */
export function relationOf(unit: string): string {
  const element = /^[^|(]*\|[^|]*\|([^|\s]*)/.exec(unit);
  if (element) return element[1] === '' ? '(no relation)' : element[1];
  const open = unit.indexOf('(');
  if (open < 0) {
    const words = unit.trim().split(/\s+/).length;
    return `chain of ${words} word${words === 1 ? '' : 's'}`;
  }
  const relation = unit.slice(0, open).trim();
  return relation === '' ? '(no relation)' : relation;
}

/** `sat|cat|nsubj ← model 1` → `sat|cat|nsubj`. */
const withoutModel = (unit: string): string => unit.replace(/ ← model \d+$/, '');

/** The units of `all` left after taking out one occurrence of each of `taken` (multisets). */
function remaining(all: readonly string[], taken: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const t of taken) left.set(t, (left.get(t) ?? 0) + 1);
  return all.filter((u) => {
    const n = left.get(u) ?? 0;
    if (n > 0) left.set(u, n - 1);
    return n === 0;
  });
}

/**
 * The explanation's units grouped by relation, relations in alphabetical order: dep-f's `matchedTriples`,
 * `unmatchedHypothesisTriples`, `unmatchedReferenceTriples`; DEPEVAL's `unmatchedCandidateTriples`; ROUGE-BE's
 * `matchedElements` (its unmatched ones: `hypothesisElements` less those); HWCM's `matchedUnits` and `unmatchedUnits`
 * by chain length. Empty for metrics without such lists.
 */
export function groupedTriples(explanation: Explanation): RelationGroup[] {
  const d = explanation.details;
  const elements = list(d.matchedElements);
  const matched = [...list(d.matchedTriples), ...elements, ...list(d.matchedUnits)];
  const hyp = [
    ...list(d.unmatchedHypothesisTriples),
    ...list(d.unmatchedCandidateTriples),
    ...remaining(list(d.hypothesisElements), elements.map(withoutModel)),
    ...list(d.unmatchedUnits),
  ];
  const ref = list(d.unmatchedReferenceTriples);
  const groups = new Map<string, { matched: string[]; unmatchedHypothesis: string[]; unmatchedReference: string[] }>();
  const add = (unit: string, field: 'matched' | 'unmatchedHypothesis' | 'unmatchedReference'): void => {
    const relation = relationOf(unit);
    let group = groups.get(relation);
    if (!group) groups.set(relation, (group = { matched: [], unmatchedHypothesis: [], unmatchedReference: [] }));
    group[field].push(unit);
  };
  matched.forEach((u) => add(u, 'matched'));
  hyp.forEach((u) => add(u, 'unmatchedHypothesis'));
  ref.forEach((u) => add(u, 'unmatchedReference'));
  return [...groups.keys()].sort().map((relation) => ({ relation, ...groups.get(relation)! }));
}

/** A tree as indented text for a hover: each word under its head, `nsubj → John (PROPN)`. */
export function indentedTree(sentences: readonly TreeSentence[]): string {
  const out: string[] = [];
  for (const words of sentences) {
    const children = new Map<number, TreeWord[]>();
    for (const w of words) children.set(w.head, [...(children.get(w.head) ?? []), w]);
    const walk = (head: number, depth: number, seen: Set<number>): void => {
      for (const w of children.get(head) ?? []) {
        if (seen.has(w.id)) continue; // a malformed (cyclic) tree is shown once
        seen.add(w.id);
        out.push(`${'  '.repeat(depth)}${w.deprel} → ${w.form} (${w.upos})`);
        walk(w.id, depth + 1, seen);
      }
    };
    if (out.length > 0) out.push('');
    walk(0, 0, new Set());
  }
  return out.join('\n');
}

/**
 * The words of the matched units that join two or more words (head–dependent pairs, chains; not a word's features such
 * as num(john, sg)), on each side, for underlining: the hypothesis, and reference `k`.
 */
export function matchedPairSpans(explanation: Explanation): { hypothesis: Span[]; reference: Map<number, Span[]> } {
  const hypothesis: Span[] = [];
  const reference = new Map<number, Span[]>();
  for (const m of explanation.matches) {
    if (m.order < 2) continue;
    hypothesis.push(...m.hypothesis);
    reference.set(m.referenceIndex, [...(reference.get(m.referenceIndex) ?? []), ...m.reference]);
  }
  const unique = (spans: Span[]): Span[] => [...new Map(spans.map((s) => [spanKey(s), s])).values()].sort((a, b) => a.start - b.start);
  return { hypothesis: unique(hypothesis), reference: new Map([...reference].map(([k, s]) => [k, unique(s)])) };
}
