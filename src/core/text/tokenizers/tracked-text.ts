import { isPythonWhitespace, TrackedText, trackText } from './tokenizer-13a';
import { pythonLower } from '../python-lower';

/**
 * Building blocks for tokenizers that must report where each token came from: a TrackedText (tokenizer-13a.ts) is
 * a working copy of the line whose every UTF-16 unit remembers the span of the original line it stands for.
 */

export function emptyTrackedText(): TrackedText {
  return { codes: [], starts: [], ends: [] };
}

export function pushUnit(t: TrackedText, code: number, start: number, end: number): void {
  t.codes.push(code);
  t.starts.push(start);
  t.ends.push(end);
}

/** Copies units [from, to) of `source` into `out`. */
export function copyUnits(out: TrackedText, source: TrackedText, from: number, to: number): void {
  for (let i = from; i < to; i++) pushUnit(out, source.codes[i], source.starts[i], source.ends[i]);
}

export function trackedToString(t: TrackedText): string {
  let s = '';
  const chunk = 8192;
  for (let i = 0; i < t.codes.length; i += chunk) s += String.fromCharCode(...t.codes.slice(i, i + chunk));
  return s;
}

/**
 * The line as a TrackedText, lower-cased the way Python does it when `lowercase` is set. The whole line is lower-cased
 * at once (final sigma depends on context); each original character keeps its span even when its lower-case form is
 * longer (İ → i̇), since the length of a character's mapping does not depend on context.
 */
export function trackLine(line: string, lowercase: boolean): TrackedText {
  if (!lowercase) return trackText(line);
  const lowered = pythonLower(line);
  if (lowered.length === line.length) {
    const t = trackText(line);
    for (let i = 0; i < lowered.length; i++) t.codes[i] = lowered.charCodeAt(i);
    return t;
  }
  const out = emptyTrackedText();
  let i = 0;
  let at = 0;
  while (i < line.length) {
    const cp = line.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    const length = line.slice(i, i + width).toLowerCase().length;
    for (let k = 0; k < length; k++) pushUnit(out, lowered.charCodeAt(at + k), i, i + width);
    at += length;
    i += width;
  }
  return out;
}

/** Python's `str.rstrip()` / `str.strip()` on a TrackedText. */
export function stripTracked(t: TrackedText, left: boolean): TrackedText {
  let from = 0;
  let to = t.codes.length;
  while (to > 0 && isPythonWhitespace(t.codes[to - 1])) to--;
  if (left) while (from < to && isPythonWhitespace(t.codes[from])) from++;
  if (from === 0 && to === t.codes.length) return t;
  return { codes: t.codes.slice(from, to), starts: t.starts.slice(from, to), ends: t.ends.slice(from, to) };
}

/** One part of a regex replacement: a capture group's text or an inserted space. */
export type ReplacementPart = number | ' ';

/**
 * Python `re.sub(pattern, replacement, text)` on a TrackedText, for replacements made only of capture groups and
 * spaces (all sacreBLEU's tokenizer rules are). `pattern` must have the `g` and `d` flags.
 */
export function regexSubTracked(t: TrackedText, pattern: RegExp, replacement: readonly ReplacementPart[]): TrackedText {
  const text = trackedToString(t);
  pattern.lastIndex = 0;
  let match = pattern.exec(text);
  if (!match) return t;
  const out = emptyTrackedText();
  let position = 0;
  while (match) {
    copyUnits(out, t, position, match.index);
    const indices = match.indices as RegExpIndicesArray;
    for (const part of replacement) {
      if (part === ' ') pushUnit(out, 0x20, -1, -1);
      else {
        const group = indices[part];
        if (group) copyUnits(out, t, group[0], group[1]);
      }
    }
    position = match.index + match[0].length;
    if (match[0].length === 0) pattern.lastIndex++;
    match = pattern.exec(text);
  }
  copyUnits(out, t, position, t.codes.length);
  return out;
}
