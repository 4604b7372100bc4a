/**
 * Python's `str.lower()`. Since Python 3.3 it applies the full Unicode lower-case mapping including the
 * context-dependent final sigma (Σ → ς at the end of a word), which is exactly what JavaScript's `toLowerCase()`
 * does; the two differ only on characters one Unicode version knows and the other does not.
 */
export function pythonLower(text: string): string {
  return text.toLowerCase();
}
