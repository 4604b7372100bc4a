/**
 * Splits a command line the way a POSIX shell splits what `shellQuote` (src/core/compare/command-line.ts) writes:
 * words separated by spaces, single-quoted words taken literally, `'\''` for a quote inside one. Enough to run the
 * command lines the panels show.
 */
export function shellWords(commandLine: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < commandLine.length; i++) {
    const c = commandLine[i];
    if (c === "'") {
      const end = commandLine.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated quote in ${commandLine}`);
      word += commandLine.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (c === '\\' && i + 1 < commandLine.length) {
      word += commandLine[++i];
      inWord = true;
    } else if (c === ' ') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}
