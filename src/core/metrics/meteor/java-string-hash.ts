/**
 * Java's `String.hashCode()` (s[0]·31^(n−1) + … + s[n−1] over UTF-16 units, in 32-bit arithmetic). METEOR 1.5 compares
 * words, stems and phrase words by these hashes rather than by the strings ("chance of collision statistically
 * insignificant", Stage.java), so two different words with the same hash match there; comparing the same hashes
 * reproduces that.
 */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}
