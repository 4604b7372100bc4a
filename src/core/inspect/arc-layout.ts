/**
 * The geometry of a dependency tree drawn as arcs above its words (as displaCy and brat draw them): words on a
 * baseline left to right, each arc a curve from head to dependent whose height grows with the arcs nested under it,
 * so that no arc hides another's label. Pure: the webview turns it into SVG, the tests check it as numbers.
 */
export interface ArcLayoutOptions {
  /** Approximate width of one character of a word, in px. */
  readonly charWidth: number;
  /** Space between words, in px. */
  readonly gap: number;
  /** Height added per nesting level of an arc, in px. */
  readonly levelHeight: number;
  /** Space above the highest arc for its label, in px. */
  readonly top: number;
}

export const DEFAULT_ARC_LAYOUT: ArcLayoutOptions = { charWidth: 8, gap: 24, levelHeight: 28, top: 22 };

export interface LaidOutWord {
  /** Centre of the word, in px. */
  readonly x: number;
  readonly width: number;
}

export interface LaidOutArc {
  /** Index of the arc in the input. */
  readonly index: number;
  /** 1 for an arc between neighbours, one more than the highest arc nested under it otherwise. */
  readonly level: number;
  /** SVG path of the curve, from head to dependent. */
  readonly path: string;
  /** Where the arrow head and the label go. */
  readonly end: { readonly x: number; readonly y: number };
  readonly label: { readonly x: number; readonly y: number };
}

export interface ArcLayout {
  readonly width: number;
  readonly height: number;
  /** y of the words' baseline (arcs end just above it). */
  readonly baseline: number;
  readonly words: readonly LaidOutWord[];
  readonly arcs: readonly LaidOutArc[];
}

/** Words are indexed from 1 (0 is the root), as in CoNLL-U; `head` 0 gives a vertical root arc. */
export interface ArcInput {
  readonly head: number;
  readonly dependent: number;
}

/**
 * Lays out `words` (their texts) and `arcs`. An arc's level is 1 + the highest level of the arcs strictly inside
 * its span (sharing an end is inside), so nested arcs stack; the root arc rises above everything.
 */
export function layoutArcs(words: readonly string[], arcs: readonly ArcInput[], options: ArcLayoutOptions = DEFAULT_ARC_LAYOUT): ArcLayout {
  const laidWords: LaidOutWord[] = [];
  let x = options.gap / 2;
  for (const w of words) {
    const width = Math.max(1, [...w].length) * options.charWidth;
    laidWords.push({ x: x + width / 2, width });
    x += width + options.gap;
  }
  const width = Math.max(x - options.gap / 2, 1);
  const real = arcs.map((a, index) => ({ index, lo: Math.min(a.head, a.dependent), hi: Math.max(a.head, a.dependent), root: a.head === 0 })).filter((a) => a.lo >= 0 && a.hi <= words.length);
  const levels = new Map<number, number>();
  // Shorter arcs first: everything nested inside an arc is shorter than it.
  const nonRoot = real.filter((a) => !a.root && a.lo >= 1).sort((a, b) => a.hi - a.lo - (b.hi - b.lo));
  for (const a of nonRoot) {
    let inner = 0;
    for (const b of nonRoot) {
      if (b === a || !levels.has(b.index)) continue;
      if (b.lo >= a.lo && b.hi <= a.hi && b.hi - b.lo < a.hi - a.lo) inner = Math.max(inner, levels.get(b.index)!);
    }
    levels.set(a.index, inner + 1);
  }
  const maxLevel = Math.max(0, ...levels.values());
  const rootLevel = maxLevel + 1;
  const baseline = options.top + rootLevel * options.levelHeight + 8;
  const yOf = (level: number): number => baseline - 8 - level * options.levelHeight;
  const out: LaidOutArc[] = [];
  for (const a of real) {
    const arc = arcs[a.index];
    const to = laidWords[arc.dependent - 1];
    if (!to) continue;
    const y0 = baseline - 8;
    if (a.root) {
      const yTop = yOf(rootLevel);
      out.push({ index: a.index, level: rootLevel, path: `M${r(to.x)},${r(yTop)} L${r(to.x)},${r(y0)}`, end: { x: to.x, y: y0 }, label: { x: to.x, y: yTop - 4 } });
      continue;
    }
    const from = laidWords[arc.head - 1];
    if (!from) continue;
    const level = levels.get(a.index) ?? 1;
    const y = yOf(level);
    // Ends offset a little from the word centres so that arcs meeting at one word do not overlap.
    const dir = to.x > from.x ? 1 : -1;
    const x1 = from.x + dir * Math.min(6, from.width / 4);
    const x2 = to.x - dir * Math.min(6, to.width / 4);
    const bend = (x2 - x1) / 6;
    out.push({
      index: a.index,
      level,
      path: `M${r(x1)},${r(y0)} C${r(x1)},${r(y)} ${r(x1 + bend)},${r(y)} ${r((x1 + x2) / 2)},${r(y)} S${r(x2)},${r(y)} ${r(x2)},${r(y0)}`,
      end: { x: x2, y: y0 },
      label: { x: (x1 + x2) / 2, y: y - 4 },
    });
  }
  return { width, height: baseline + 20, baseline, words: laidWords, arcs: out };
}

const r = (v: number): string => String(Math.round(v * 10) / 10);
