import { UnderstudyError } from '../../errors';

/**
 * A paraphrase table in METEOR's text format (ParaphraseTransducer in cmu-mtlab/meteor; `data/paraphrase-en.gz`):
 * three lines per entry — a probability (ignored by METEOR 1.5), a phrase, and a paraphrase of it, words separated by
 * whitespace. Phrases are stored in a trie over word ids so that every entry starting at a position of a line is found
 * in one walk, in table order, as METEOR's transducer finds them.
 */
export class MeteorParaphraseTable {
  private readonly vocabulary = new Map<string, number>();
  private readonly root = new TrieNode();
  private readonly paraphrases: Int32Array[] = [];

  /** Parses the table's text (already decompressed). */
  static parse(text: string, source = 'paraphrase table'): MeteorParaphraseTable {
    const table = new MeteorParaphraseTable();
    const lines = text.split(/\r\n|\n|\r/);
    if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    if (lines.length % 3 !== 0) {
      throw new UnderstudyError(
        'bad-option',
        `${source}: ${lines.length} lines is not a whole number of entries; METEOR's format has three lines per entry (probability, phrase, paraphrase).`,
        { file: source },
      );
    }
    for (let i = 0; i < lines.length; i += 3) {
      const phrase = table.ids(lines[i + 1]);
      const paraphrase = table.ids(lines[i + 2]);
      table.root.add(phrase, 0, table.paraphrases.length);
      table.paraphrases.push(paraphrase);
    }
    return table;
  }

  /** Number of entries. */
  get size(): number {
    return this.paraphrases.length;
  }

  /** The word's id in the table's vocabulary, or -1 when the table never uses it. */
  wordId(word: string): number {
    return this.vocabulary.get(word) ?? -1;
  }

  /**
   * Entries whose phrase starts at `start` of a line (given as word ids): `[phraseLength, entry, phraseLength, entry…]`,
   * shorter phrases first, entries of one phrase in table order.
   */
  phrasesAt(words: Int32Array, start: number): number[] {
    const out: number[] = [];
    let node: TrieNode | undefined = this.root;
    for (let i = 0; i < words.length - start; i++) {
      node = node.next.get(words[start + i]);
      if (node === undefined) break;
      for (const entry of node.entries) out.push(i + 1, entry);
    }
    return out;
  }

  /** The paraphrase (word ids) of an entry. */
  paraphrase(entry: number): Int32Array {
    return this.paraphrases[entry];
  }

  private ids(line: string): Int32Array {
    const words = line.split(/[ \t\n\r\f]+/).filter((w) => w !== '');
    const ids = new Int32Array(words.length);
    for (let k = 0; k < words.length; k++) {
      let id = this.vocabulary.get(words[k]);
      if (id === undefined) {
        id = this.vocabulary.size;
        this.vocabulary.set(words[k], id);
      }
      ids[k] = id;
    }
    return ids;
  }
}

class TrieNode {
  readonly next = new Map<number, TrieNode>();
  readonly entries: number[] = [];

  add(words: Int32Array, from: number, entry: number): void {
    let node: TrieNode = this;
    for (let k = from; k < words.length; k++) {
      let child = node.next.get(words[k]);
      if (!child) {
        child = new TrieNode();
        node.next.set(words[k], child);
      }
      node = child;
    }
    node.entries.push(entry);
  }
}
