import { ArcHybridState, NO_WORD } from './arc-hybrid';
import { hash1, hash2, hash3, hash4, stringHash } from './feature-hash';

/**
 * The dependency parser's features: the rich non-local feature set of Zhang & Nivre (2011) — words and tags of the
 * top of the stack and the front of the buffer, their pairs and triples, distance, valency, the words, tags and
 * labels of their leftmost and rightmost dependents, and the label sets of their dependents — adapted to arc-hybrid,
 * whose arcs are made between s1 and s0 as well as between s0 and b0 — plus the same positions' coarse tags (UPOS,
 * which the tagger gets right more often than the joint UPOS+XPOS tag) and word endings, so that a tagging error
 * or an unknown word does not leave the parser with nothing to go on. Shared by training and parsing.
 */
export const MAX_PARSER_FEATURES = 192;

const NONE = 0x5bd1e995;
const ROOT_WORD = 0x27d4eb2f;

/** The coarse tag (UPOS) id of each joint tag "UPOS XPOS", UPOS numbered in order of first appearance. */
export function coarseTagIds(tags: readonly string[]): Int32Array {
  const ids = new Map<string, number>();
  return Int32Array.from(tags.map((tag) => {
    const upos = tag.slice(0, tag.indexOf(' '));
    let id = ids.get(upos);
    if (id === undefined) ids.set(upos, (id = ids.size));
    return id;
  }));
}

/** Per-sentence word values: index 0 is the root, 1..n the words. */
export class ParserSentence {
  words = new Int32Array(0);
  tags = new Int32Array(0);
  coarse = new Int32Array(0);
  endings = new Int32Array(0);

  /** `coarseOfTag` maps a tag id to its coarse tag id (`coarseTagIds`). */
  constructor(private readonly coarseOfTag: Int32Array) {}

  set(forms: readonly string[], tags: ArrayLike<number>): void {
    const n = forms.length;
    this.words = new Int32Array(n + 1);
    this.tags = new Int32Array(n + 1);
    this.coarse = new Int32Array(n + 1);
    this.endings = new Int32Array(n + 1);
    this.words[0] = ROOT_WORD;
    this.tags[0] = 1001;
    this.coarse[0] = 1001;
    this.endings[0] = ROOT_WORD;
    for (let i = 0; i < n; i++) {
      const lower = forms[i].toLowerCase();
      this.words[i + 1] = stringHash(lower);
      this.tags[i + 1] = tags[i];
      this.coarse[i + 1] = this.coarseOfTag[tags[i]] ?? 1002;
      this.endings[i + 1] = stringHash(lower, Math.max(0, lower.length - 3));
    }
  }
}

/** Distance buckets: 1, 2, 3, 4, 5–6, 7–9, 10+. */
function distanceBucket(d: number): number {
  if (d <= 4) return d;
  if (d <= 6) return 5;
  if (d <= 9) return 6;
  return 7;
}

/** Writes the features of `state` over `sentence` into `out` and returns how many. */
export function extractParserFeatures(state: ArcHybridState, sentence: ParserSentence, out: Uint32Array): number {
  const { words, tags, coarse, endings } = sentence;
  const { labels } = state;
  const s0 = state.stackAt(0);
  const s1 = state.stackAt(1);
  const s2 = state.stackAt(2);
  const b0 = state.bufferAt(0);
  const b1 = state.bufferAt(1);
  const b2 = state.bufferAt(2);
  const w = (x: number): number => (x === NO_WORD ? NONE : words[x]);
  const p = (x: number): number => (x === NO_WORD ? 1000 : tags[x]);
  const u = (x: number): number => (x === NO_WORD ? 1000 : coarse[x]);
  const e = (x: number): number => (x === NO_WORD ? NONE : endings[x]);
  const l = (x: number): number => (x === NO_WORD ? 1000 : labels[x]);
  const lm = (x: number): number => (x === NO_WORD ? NO_WORD : state.leftmost[x]);
  const lm2 = (x: number): number => (x === NO_WORD ? NO_WORD : state.leftmost2[x]);
  const rm = (x: number): number => (x === NO_WORD ? NO_WORD : state.rightmost[x]);
  const rm2 = (x: number): number => (x === NO_WORD ? NO_WORD : state.rightmost2[x]);
  const lc = (x: number): number => (x === NO_WORD ? 99 : state.leftCount[x]);
  const rc = (x: number): number => (x === NO_WORD ? 99 : state.rightCount[x]);
  const ls = (x: number): number => (x === NO_WORD ? 7 : state.leftLabels[2 * x] ^ Math.imul(state.leftLabels[2 * x + 1], 0x9e3779b1));
  const rs = (x: number): number => (x === NO_WORD ? 7 : state.rightLabels[2 * x] ^ Math.imul(state.rightLabels[2 * x + 1], 0x9e3779b1));

  const s0w = w(s0), s0p = p(s0), s1w = w(s1), s1p = p(s1), s2p = p(s2), s2w = w(s2);
  const b0w = w(b0), b0p = p(b0), b1w = w(b1), b1p = p(b1), b2w = w(b2), b2p = p(b2);
  const s0l = lm(s0), s0l2 = lm2(s0), s0r = rm(s0), s0r2 = rm2(s0);
  const s1l = lm(s1), s1r = rm(s1), s1r2 = rm2(s1), s1l2 = lm2(s1);
  const b0l = lm(b0), b0l2 = lm2(b0);
  const d0 = s0 === NO_WORD || b0 === NO_WORD ? 0 : distanceBucket(b0 - s0);
  const d1 = s1 === NO_WORD || s0 === NO_WORD ? 0 : distanceBucket(s0 - s1);

  let n = 0;
  // Single positions.
  out[n++] = hash2(1, s0w, s0p);
  out[n++] = hash1(2, s0w);
  out[n++] = hash1(3, s0p);
  out[n++] = hash2(4, b0w, b0p);
  out[n++] = hash1(5, b0w);
  out[n++] = hash1(6, b0p);
  out[n++] = hash2(7, b1w, b1p);
  out[n++] = hash1(8, b1w);
  out[n++] = hash1(9, b1p);
  out[n++] = hash2(10, b2w, b2p);
  out[n++] = hash1(11, b2w);
  out[n++] = hash1(12, b2p);
  out[n++] = hash2(13, s1w, s1p);
  out[n++] = hash1(14, s1w);
  out[n++] = hash1(15, s1p);
  out[n++] = hash1(16, s2p);
  out[n++] = hash2(17, s2w, s2p);
  // Pairs: s0 with b0 (LEFT's arc), s1 with s0 (RIGHT's arc).
  out[n++] = hash4(20, s0w, s0p, b0w, b0p);
  out[n++] = hash3(21, s0w, s0p, b0w);
  out[n++] = hash3(22, s0w, b0w, b0p);
  out[n++] = hash3(23, s0w, s0p, b0p);
  out[n++] = hash3(24, s0p, b0w, b0p);
  out[n++] = hash2(25, s0w, b0w);
  out[n++] = hash2(26, s0p, b0p);
  out[n++] = hash2(27, b0p, b1p);
  out[n++] = hash4(30, s1w, s1p, s0w, s0p);
  out[n++] = hash3(31, s1w, s1p, s0w);
  out[n++] = hash3(32, s1w, s0w, s0p);
  out[n++] = hash3(33, s1w, s1p, s0p);
  out[n++] = hash3(34, s1p, s0w, s0p);
  out[n++] = hash2(35, s1w, s0w);
  out[n++] = hash2(36, s1p, s0p);
  out[n++] = hash2(37, s1w, b0w);
  out[n++] = hash2(38, s1p, b0p);
  // Triples of tags.
  out[n++] = hash3(40, b0p, b1p, b2p);
  out[n++] = hash3(41, s0p, b0p, b1p);
  out[n++] = hash3(42, s1p, s0p, b0p);
  out[n++] = hash3(43, s2p, s1p, s0p);
  out[n++] = hash3(44, s0p, p(s0l), b0p);
  out[n++] = hash3(45, s0p, p(s0r), b0p);
  out[n++] = hash3(46, s0p, b0p, p(b0l));
  out[n++] = hash3(47, s1p, p(s1r), s0p);
  out[n++] = hash3(48, s1p, s0p, p(s0l));
  out[n++] = hash3(49, s1p, p(s1l), s0p);
  out[n++] = hash3(50, s1p, s0p, p(s0r));
  out[n++] = hash4(51, s1p, s0p, b0p, b1p);
  out[n++] = hash3(52, s0w, b0p, b1p);
  out[n++] = hash3(53, s1p, s0w, b0p);
  // Distance.
  out[n++] = hash2(60, s0w, d0);
  out[n++] = hash2(61, s0p, d0);
  out[n++] = hash2(62, b0w, d0);
  out[n++] = hash2(63, b0p, d0);
  out[n++] = hash3(64, s0w, b0w, d0);
  out[n++] = hash3(65, s0p, b0p, d0);
  out[n++] = hash2(66, s1w, d1);
  out[n++] = hash2(67, s1p, d1);
  out[n++] = hash2(68, s0w, d1);
  out[n++] = hash2(69, s0p, d1);
  out[n++] = hash3(70, s1w, s0w, d1);
  out[n++] = hash3(71, s1p, s0p, d1);
  // Valency.
  out[n++] = hash2(80, s0w, rc(s0));
  out[n++] = hash2(81, s0p, rc(s0));
  out[n++] = hash2(82, s0w, lc(s0));
  out[n++] = hash2(83, s0p, lc(s0));
  out[n++] = hash2(84, b0w, lc(b0));
  out[n++] = hash2(85, b0p, lc(b0));
  out[n++] = hash2(86, s1w, rc(s1));
  out[n++] = hash2(87, s1p, rc(s1));
  out[n++] = hash2(88, s1w, lc(s1));
  out[n++] = hash2(89, s1p, lc(s1));
  // Dependents of s0, s1, b0: words, tags, labels.
  out[n++] = hash1(90, w(s0l));
  out[n++] = hash1(91, p(s0l));
  out[n++] = hash1(92, l(s0l));
  out[n++] = hash1(93, w(s0r));
  out[n++] = hash1(94, p(s0r));
  out[n++] = hash1(95, l(s0r));
  out[n++] = hash1(96, w(b0l));
  out[n++] = hash1(97, p(b0l));
  out[n++] = hash1(98, l(b0l));
  out[n++] = hash1(99, w(s1l));
  out[n++] = hash1(100, p(s1l));
  out[n++] = hash1(101, l(s1l));
  out[n++] = hash1(102, w(s1r));
  out[n++] = hash1(103, p(s1r));
  out[n++] = hash1(104, l(s1r));
  out[n++] = hash2(105, s0p, l(s0l));
  out[n++] = hash2(106, s0p, l(s0r));
  out[n++] = hash2(107, b0p, l(b0l));
  out[n++] = hash2(108, s1p, l(s1r));
  out[n++] = hash2(109, s1p, l(s1l));
  // Second dependents (third-order).
  out[n++] = hash1(110, w(s0l2));
  out[n++] = hash1(111, p(s0l2));
  out[n++] = hash1(112, l(s0l2));
  out[n++] = hash1(113, w(s0r2));
  out[n++] = hash1(114, p(s0r2));
  out[n++] = hash1(115, l(s0r2));
  out[n++] = hash1(116, w(b0l2));
  out[n++] = hash1(117, p(b0l2));
  out[n++] = hash1(118, l(b0l2));
  out[n++] = hash3(119, s0p, p(s0l), p(s0l2));
  out[n++] = hash3(120, s0p, p(s0r), p(s0r2));
  out[n++] = hash3(121, b0p, p(b0l), p(b0l2));
  out[n++] = hash3(122, s1p, p(s1r), p(s1r2));
  out[n++] = hash3(123, s1p, p(s1l), p(s1l2));
  out[n++] = hash2(124, l(s0l), l(s0l2));
  out[n++] = hash2(125, l(s0r), l(s0r2));
  // Label sets.
  out[n++] = hash2(130, s0w, rs(s0));
  out[n++] = hash2(131, s0p, rs(s0));
  out[n++] = hash2(132, s0w, ls(s0));
  out[n++] = hash2(133, s0p, ls(s0));
  out[n++] = hash2(134, b0w, ls(b0));
  out[n++] = hash2(135, b0p, ls(b0));
  out[n++] = hash2(136, s1w, rs(s1));
  out[n++] = hash2(137, s1p, rs(s1));
  out[n++] = hash2(138, s1p, ls(s1));
  // Words with their dependents.
  out[n++] = hash3(140, s0w, p(s0l), l(s0l));
  out[n++] = hash3(141, s0w, p(s0r), l(s0r));
  out[n++] = hash3(142, b0w, p(b0l), l(b0l));
  out[n++] = hash3(143, s1w, p(s1r), l(s1r));
  out[n++] = hash4(144, s0p, b0p, l(s0l), l(b0l));
  out[n++] = hash4(145, s1p, s0p, l(s1r), l(s0l));
  out[n++] = hash1(146, state.bufferEmpty ? 1 : 0);
  // Coarse tags and word endings.
  const s0u = u(s0), b0u = u(b0), s1u = u(s1), b1u = u(b1);
  out[n++] = hash1(150, s0u);
  out[n++] = hash1(151, b0u);
  out[n++] = hash1(152, s1u);
  out[n++] = hash1(153, b1u);
  out[n++] = hash2(154, s0u, b0u);
  out[n++] = hash2(155, s1u, s0u);
  out[n++] = hash3(156, s0u, b0u, b1u);
  out[n++] = hash3(157, s1u, s0u, b0u);
  out[n++] = hash3(158, u(s2), s1u, s0u);
  out[n++] = hash3(159, b0u, b1u, u(b2));
  out[n++] = hash1(160, e(s0));
  out[n++] = hash1(161, e(b0));
  out[n++] = hash1(162, e(s1));
  out[n++] = hash1(163, e(b1));
  out[n++] = hash2(164, e(s0), b0p);
  out[n++] = hash2(165, s0p, e(b0));
  out[n++] = hash2(166, e(s1), s0p);
  out[n++] = hash2(167, s1p, e(s0));
  out[n++] = hash3(168, s0u, l(s0l), l(s0r));
  out[n++] = hash2(169, b0u, l(b0l));
  return n;
}
