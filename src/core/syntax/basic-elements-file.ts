/**
 * Basic Elements files (Hovy, Lin & Zhou 2005) in the "SIMPLE" format ROUGE-1.5.5 scores with `-3 H|HM|HMR|…`
 * and the BE package writes: one element per line, `HEAD|MODIFIER|RELATION`, one file per summary, `NIL` for a
 * missing modifier or relation (head-only elements):
 *
 *   swept|hurricane|subj
 *   swept|dominican republic|toward
 *   09/11/1988|NIL|NIL
 *
 * Heads and modifiers may be several words ("dominican republic"). ROUGE-1.5.5 lower-cases each line before
 * splitting it (readBE/createBE), stems heads and modifiers with -m, and rejects a line without exactly three
 * fields; this reader keeps the text as written (the metric lower-cases and stems) and rejects the same lines,
 * with the line number. Blank lines, which ROUGE-1.5.5 would reject, are skipped.
 */
export interface BasicElement {
  readonly head: string;
  readonly modifier: string;
  readonly relation: string;
  /** 1-based line in the file. */
  readonly line: number;
}

export class BasicElementsError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`Basic Elements line ${line}: ${message}`);
    this.name = 'BasicElementsError';
  }
}

/** Whether a field is ROUGE's `NIL` (compared after lower-casing, as ROUGE-1.5.5 does). */
export function isNil(field: string): boolean {
  return field.toLowerCase() === 'nil';
}

/** The elements of one BE file, in order. */
export function parseBasicElements(text: string): BasicElement[] {
  const elements: BasicElement[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (raw.trim() === '') return;
    // Perl's split(/\|/) drops trailing empty fields, so "a|b|" has two fields there too.
    const fields = raw.split('|');
    while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
    if (fields.length !== 3) {
      throw new BasicElementsError(index + 1, `"${raw}" has ${fields.length} field${fields.length === 1 ? '' : 's'}; a Basic Element is HEAD|MODIFIER|RELATION (NIL for a missing modifier or relation)`);
    }
    elements.push({ head: fields[0], modifier: fields[1], relation: fields[2], line: index + 1 });
  });
  return elements;
}

/** The text of BE elements, one per line (what `parseBasicElements` reads back). */
export function formatBasicElements(elements: readonly Pick<BasicElement, 'head' | 'modifier' | 'relation'>[]): string {
  return elements.map((e) => `${e.head}|${e.modifier}|${e.relation}\n`).join('');
}
