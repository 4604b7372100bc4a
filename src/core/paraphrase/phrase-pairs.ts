import { LinkList } from './symmetrize';

/**
 * Phrase pairs consistent with a word alignment (Och & Ney 2003; Koehn et al. 2003): a source span and a target
 * span such that no word inside either span is linked to a word outside the other, and at least one link joins them.
 * Spans are half-open word ranges [start, end).
 *
 * Two ways of reading "each source word or phrase aligned with target words or phrases" (Owczarzak et al. 2006):
 *  - `minimal`: the smallest consistent pairs — each group of words joined by links (a word with its one translation,
 *    or a many-to-many block such as *nous nous attendons* – *we would expect*), with the unaligned words inside the
 *    block; every word belongs to at most one such pair;
 *  - `all`: every consistent pair up to the length limit, including those that take in unaligned words at their edges
 *    (phrase-table extraction as Moses does it), so *maison* also yields *the house* when *the* is unaligned.
 */
export type PhraseExtraction = 'minimal' | 'all';

export const PHRASE_EXTRACTIONS: readonly PhraseExtraction[] = ['minimal', 'all'];

export interface PhrasePair {
  readonly sourceStart: number;
  readonly sourceEnd: number;
  readonly targetStart: number;
  readonly targetEnd: number;
}

/** The minimal consistent phrase pairs whose sides are at most `maxLength` words, in source order. */
export function minimalPhrasePairs(links: LinkList, maxLength: number): PhrasePair[] {
  const count = links.source.length;
  const done = new Uint8Array(count);
  const pairs: PhrasePair[] = [];
  const seen = new Set<string>();
  for (let start = 0; start < count; start++) {
    if (done[start]) continue;
    let sourceStart = links.source[start];
    let sourceEnd = sourceStart + 1;
    let targetStart = links.target[start];
    let targetEnd = targetStart + 1;
    // Grow the box until no link crosses its border: a link with one end inside must have both.
    for (let changed = true; changed; ) {
      changed = false;
      for (let l = 0; l < count; l++) {
        const i = links.source[l];
        const j = links.target[l];
        const sourceInside = i >= sourceStart && i < sourceEnd;
        const targetInside = j >= targetStart && j < targetEnd;
        if (sourceInside !== targetInside) {
          sourceStart = Math.min(sourceStart, i);
          sourceEnd = Math.max(sourceEnd, i + 1);
          targetStart = Math.min(targetStart, j);
          targetEnd = Math.max(targetEnd, j + 1);
          changed = true;
        }
      }
    }
    for (let l = 0; l < count; l++) {
      if (links.source[l] >= sourceStart && links.source[l] < sourceEnd) done[l] = 1;
    }
    const key = `${sourceStart}:${sourceEnd}:${targetStart}:${targetEnd}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (sourceEnd - sourceStart <= maxLength && targetEnd - targetStart <= maxLength) pairs.push({ sourceStart, sourceEnd, targetStart, targetEnd });
  }
  return pairs.sort((a, b) => a.sourceStart - b.sourceStart || a.targetStart - b.targetStart);
}

/**
 * Every consistent phrase pair with sides of at most `maxLength` words (the standard extraction: for each target
 * span, the source span its links reach, checked for consistency, then widened over unaligned source words).
 */
export function allPhrasePairs(links: LinkList, sourceLength: number, targetLength: number, maxLength: number): PhrasePair[] {
  const sourceAligned = new Uint8Array(sourceLength);
  for (let l = 0; l < links.source.length; l++) sourceAligned[links.source[l]] = 1;
  const pairs: PhrasePair[] = [];
  for (let targetStart = 0; targetStart < targetLength; targetStart++) {
    for (let targetEnd = targetStart + 1; targetEnd <= Math.min(targetLength, targetStart + maxLength); targetEnd++) {
      let sourceMin = sourceLength;
      let sourceMax = -1;
      for (let l = 0; l < links.source.length; l++) {
        const j = links.target[l];
        if (j >= targetStart && j < targetEnd) {
          sourceMin = Math.min(sourceMin, links.source[l]);
          sourceMax = Math.max(sourceMax, links.source[l]);
        }
      }
      if (sourceMax < 0) continue;
      // Consistency: no source word inside [sourceMin, sourceMax] may link outside the target span.
      let consistent = true;
      for (let l = 0; l < links.source.length && consistent; l++) {
        const i = links.source[l];
        const j = links.target[l];
        if (i >= sourceMin && i <= sourceMax && (j < targetStart || j >= targetEnd)) consistent = false;
      }
      if (!consistent) continue;
      for (let sourceStart = sourceMin; sourceStart >= 0 && (sourceStart === sourceMin || !sourceAligned[sourceStart]); sourceStart--) {
        for (let sourceEnd = sourceMax + 1; sourceEnd <= sourceLength && (sourceEnd === sourceMax + 1 || !sourceAligned[sourceEnd - 1]); sourceEnd++) {
          if (sourceEnd - sourceStart > maxLength) break;
          pairs.push({ sourceStart, sourceEnd, targetStart, targetEnd });
        }
      }
    }
  }
  return pairs.sort((a, b) => a.sourceStart - b.sourceStart || a.sourceEnd - b.sourceEnd || a.targetStart - b.targetStart || a.targetEnd - b.targetEnd);
}
