import { CorpusWarning } from '../errors';

/** A text file decoded into segments, one per line, with what was noticed on the way. */
export interface DecodedLines {
  readonly lines: string[];
  readonly warnings: CorpusWarning[];
}

/**
 * Byte offset of the first invalid UTF-8 sequence in `bytes`, or -1 when the bytes are valid UTF-8.
 * (TextDecoder with `fatal` only says *that* a file is invalid; users need to know *where*.)
 */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    if (i + need >= n) return i; // truncated sequence at the end of the file
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are invalid UTF-8.
    if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * Splits a file's bytes into lines the way the reference tools read text files (UTF-8, split on LF, the final LF
 * ends the last line, nothing else stripped), with the differences users' files bring:
 * - a UTF-8 byte-order mark at the start is removed (and reported);
 * - CRLF line ends are accepted: a CR right before the LF is removed; a file mixing LF and CRLF is reported;
 * - invalid UTF-8 is replaced by U+FFFD so the other lines can still be scored, and reported with its byte offset.
 */
export function decodeLines(bytes: Uint8Array, file: string): DecodedLines {
  const warnings: CorpusWarning[] = [];
  let body = bytes;
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) {
    body = body.subarray(3);
    warnings.push({ code: 'byte-order-mark', file, message: `${file} starts with a UTF-8 byte-order mark; it was removed before scoring.` });
  }
  const invalidAt = firstInvalidUtf8Offset(body);
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(body);
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  else if (text.length > 0) {
    warnings.push({ code: 'no-final-newline', file, message: `${file} does not end with a newline; its last line was read as a segment.` });
  }
  let crlf = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.length > 0 && line.charCodeAt(line.length - 1) === 13) {
      lines[i] = line.slice(0, -1);
      crlf++;
    }
  }
  if (crlf > 0 && crlf < lines.length) {
    warnings.push({
      code: 'mixed-line-endings',
      file,
      message: `${file} mixes CRLF (${crlf} lines) and LF (${lines.length - crlf} lines) line ends; both were accepted.`,
    });
  }
  if (invalidAt >= 0) {
    const offset = invalidAt + (body === bytes ? 0 : 3);
    const badLines: number[] = [];
    for (let i = 0; i < lines.length; i++) if (lines[i].includes('\uFFFD')) badLines.push(i);
    warnings.push({
      code: 'invalid-utf8',
      file,
      lines: badLines,
      message:
        `${file} is not valid UTF-8 (first invalid byte at offset ${offset}` +
        (badLines.length ? `, line ${badLines[0] + 1}` : '') +
        `). Invalid bytes were replaced by U+FFFD and the lines scored; re-encode the file as UTF-8 (e.g. iconv -f latin1 -t utf-8) for exact scores.`,
    });
  }
  const empty: number[] = [];
  for (let i = 0; i < lines.length; i++) if (lines[i].trim() === '') empty.push(i);
  if (empty.length > 0) {
    warnings.push({
      code: 'empty-lines',
      file,
      lines: empty,
      message: `${file} has ${empty.length} empty line(s) (first: line ${empty[0] + 1}); they are scored as empty segments.`,
    });
  }
  return { lines, warnings };
}
