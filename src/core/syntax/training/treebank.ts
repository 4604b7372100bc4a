import * as fs from 'fs';
import { DependencySentence, parseConllu } from '../conllu';

/** Reads a CoNLL-U treebank file (UD English EWT's train/dev/test splits). */
export function readTreebank(file: string): DependencySentence[] {
  return parseConllu(fs.readFileSync(file, 'utf8'));
}

/** The joint tag the tagger predicts: UPOS and XPOS in one class ("VERB VBD"). */
export function jointTag(upos: string, xpos: string): string {
  return `${upos} ${xpos}`;
}

/** A list of names numbered in order of first appearance. */
export class Inventory {
  private readonly ids = new Map<string, number>();
  readonly names: string[] = [];

  constructor(names: readonly string[] = []) {
    for (const name of names) this.id(name);
  }

  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(name, id);
      this.names.push(name);
    }
    return id;
  }

  /** The id of a known name, or undefined. */
  lookup(name: string): number | undefined {
    return this.ids.get(name);
  }

  get size(): number {
    return this.names.length;
  }
}
