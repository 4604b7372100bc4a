/**
 * Which output file is which judged system. Judgments name systems (`Facebook-AI`, `online-A.0`); outputs are files
 * (`newstest2021.cs-en.hyp.Facebook-AI.en`, `newstest2017.online-A.0.cs-en`). A system given an explicit name is
 * matched by that name only; otherwise the judged name must appear in the file's base name as a whole run of its
 * dot-separated parts ("online-A.0" in "newstest2017.online-A.0.cs-en", never "A" in "online-A"). The judged name
 * with the most parts wins; two equally good names, or one name claimed by two files, is ambiguous and matches
 * nothing (reported, never guessed).
 */

export interface OutputSystem {
  /** Explicit name (the manifest's or the CLI's `--names`), matched exactly. */
  readonly name?: string;
  readonly file: string;
}

export interface SystemMatching {
  /** matched[s]: the judged name output s stands for, or undefined. */
  readonly matched: readonly (string | undefined)[];
  readonly ambiguous: readonly { readonly system: string; readonly candidates: readonly string[] }[];
}

/** The file's base name (after the last / or \). */
export function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

function parts(text: string): string[] {
  return text.split('.').filter((p) => p.length > 0);
}

/** True when `needle`'s parts occur contiguously in `haystack`'s parts. */
function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let k = 0; k < needle.length; k++) if (haystack[start + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

export function matchSystems(outputs: readonly OutputSystem[], judgedNames: readonly string[]): SystemMatching {
  const names = [...new Set(judgedNames)];
  const nameParts = names.map(parts);
  const ambiguous: { system: string; candidates: string[] }[] = [];
  const matched: (string | undefined)[] = outputs.map((output) => {
    if (output.name !== undefined) return names.includes(output.name) ? output.name : undefined;
    const base = baseName(output.file);
    if (names.includes(base)) return base;
    const fileParts = parts(base);
    let best: string[] = [];
    let bestSize = 0;
    names.forEach((name, n) => {
      if (!containsRun(fileParts, nameParts[n])) return;
      const size = nameParts[n].length * 10000 + name.length;
      if (size > bestSize) {
        best = [name];
        bestSize = size;
      } else if (size === bestSize) best.push(name);
    });
    if (best.length > 1) {
      ambiguous.push({ system: output.file, candidates: best });
      return undefined;
    }
    return best[0];
  });
  // A judged name claimed by several outputs belongs to none of them.
  const claims = new Map<string, number[]>();
  matched.forEach((name, s) => {
    if (name === undefined) return;
    const list = claims.get(name) ?? [];
    list.push(s);
    claims.set(name, list);
  });
  for (const [name, claimants] of claims) {
    if (claimants.length < 2) continue;
    for (const s of claimants) {
      ambiguous.push({ system: outputs[s].file, candidates: [name] });
      matched[s] = undefined;
    }
  }
  return { matched, ambiguous };
}
