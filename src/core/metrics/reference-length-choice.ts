/**
 * How an error rate picks the reference length I*_k and the distance of a segment with several references — the four
 * methods Leusch et al. (2005, §3.3) compare:
 * - `best` (default): the reference with the lowest relative error d_r/len_r; its distance and its length
 *   (their best choice for WER);
 * - `nearest`: min_r d_r, with the reference length closest to the hypothesis length (the shorter on ties; BLEU's);
 * - `average`: min_r d_r, with the mean reference length (NIST's convention);
 * - `average-nearest`: min_r d_r, with the mean length of the references that reach that minimum.
 */
export type ErrorRateReferenceLength = 'best' | 'nearest' | 'average' | 'average-nearest';

export function chooseErrorRateReference(
  distances: readonly number[], lengths: readonly number[], hypLength: number, choice: ErrorRateReferenceLength,
): { distance: number; refLength: number; best: number } {
  if (distances.length === 0) return { distance: hypLength, refLength: 0, best: -1 };
  let best = 0;
  for (let r = 1; r < distances.length; r++) {
    if (choice === 'best') {
      if (relative(distances[r], lengths[r]) < relative(distances[best], lengths[best])) best = r;
    } else if (distances[r] < distances[best]) best = r;
  }
  const distance = distances[best];
  switch (choice) {
    case 'best':
      return { distance, refLength: lengths[best], best };
    case 'average':
      return { distance, refLength: lengths.reduce((a, b) => a + b, 0) / lengths.length, best };
    case 'nearest': {
      let nearest = lengths[0];
      for (const length of lengths) {
        const dl = Math.abs(length - hypLength);
        const dn = Math.abs(nearest - hypLength);
        if (dl < dn || (dl === dn && length < nearest)) nearest = length;
      }
      return { distance, refLength: nearest, best };
    }
    case 'average-nearest': {
      const tied = lengths.filter((_, r) => distances[r] === distance);
      return { distance, refLength: tied.reduce((a, b) => a + b, 0) / tied.length, best };
    }
  }
}

function relative(distance: number, length: number): number {
  if (length > 0) return distance / length;
  return distance === 0 ? 0 : Infinity;
}
