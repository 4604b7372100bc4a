/**
 * Python's `str.lower()`. JavaScript's `toLowerCase()` is the same full Unicode mapping except for one rule:
 * JavaScript turns a capital sigma at the end of a word into final sigma (ς), Python always gives σ.
 */
export function pythonLower(text: string): string {
  const lower = text.toLowerCase();
  if (!text.includes('\u03A3')) return lower;
  // Map character by character (the only context-dependent mapping is the final sigma).
  let out = '';
  for (const ch of text) out += ch === '\u03A3' ? '\u03C3' : ch.toLowerCase();
  return out;
}
