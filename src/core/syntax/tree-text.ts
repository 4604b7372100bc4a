import { DependencySentence } from './conllu';

/**
 * A dependency tree drawn in text, one word per row under its head, dependents in sentence order:
 *
 *   resigned  VERB  root
 *   ├─ John  PROPN  nsubj
 *   ├─ yesterday  NOUN  obl:tmod
 *   └─ .  PUNCT  punct
 *
 * Several roots (a line of several sentences) are drawn one after the other. Words whose head is unknown (`_`)
 * are listed at the end as unattached.
 */
export function formatDependencyTree(sentence: DependencySentence): string {
  const children = new Map<number, number[]>();
  for (const word of sentence.words) {
    if (word.head < 0) continue;
    const list = children.get(word.head);
    if (list) list.push(word.id);
    else children.set(word.head, [word.id]);
  }
  const rows: string[] = [];
  const label = (id: number): string => {
    const w = sentence.words[id - 1];
    return `${w.form}  ${w.upos}  ${w.deprel}`;
  };
  const visit = (id: number, prefix: string, connector: string, seen: Set<number>): void => {
    if (seen.has(id)) return;
    seen.add(id);
    rows.push(prefix + connector + label(id));
    const below = children.get(id) ?? [];
    const childPrefix = prefix + (connector === '' ? '' : connector === '└─ ' ? '   ' : '│  ');
    below.forEach((child, i) => visit(child, childPrefix, i === below.length - 1 ? '└─ ' : '├─ ', seen));
  };
  const seen = new Set<number>();
  for (const root of children.get(0) ?? []) visit(root, '', '', seen);
  const unattached = sentence.words.filter((w) => !seen.has(w.id));
  if (unattached.length > 0) rows.push(`(unattached: ${unattached.map((w) => w.form).join(' ')})`);
  return rows.join('\n');
}
