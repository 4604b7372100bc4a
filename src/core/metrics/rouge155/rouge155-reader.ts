import { ReferenceSet } from '../metric';
import { Token } from '../../text/token';
import {
  Rouge155Limits, Rouge155TokenOptions, readRouge155Summary, rouge155SpanTokens,
} from './rouge155-summary';

/**
 * Summaries as integer token ids, for one reading configuration (stemming, stopwords, length limit).
 *
 * Model (reference) tokens get dense non-negative ids; peer tokens unseen in every model read so far get −1 (they can
 * match nothing), so the vocabulary does not grow with every edited hypothesis. Models are cached by text; recent peers
 * too (the same hypothesis is typically scored by several ROUGE variants). Readers are shared by all variants prepared
 * on the same ReferenceSet object with the same configuration, so ROUGE-1/2/L/SU4 tokenize and stem each text once.
 */
export interface SummaryTokens {
  /** Tokens of the joined (`readText`) reading. */
  readonly joined: readonly Token[];
  /** Tokens per LCS unit (`readText_LCS`). */
  readonly units: readonly (readonly Token[])[];
}

export interface SummaryIds {
  readonly joined: Int32Array;
  readonly units: readonly Int32Array[];
}

interface CachedPeer {
  readonly ids: SummaryIds;
  /** Vocabulary size when read; ids of unknown tokens (−1) go stale when the vocabulary grows. */
  readonly vocabularySize: number;
  readonly hasUnknown: boolean;
}

const PEER_CACHE_LIMIT = 20_000;

export class Rouge155Reader {
  private readonly vocabulary = new Map<string, number>();
  private readonly models = new Map<string, SummaryIds>();
  private readonly peers = new Map<string, CachedPeer>();

  constructor(private readonly limits: Rouge155Limits, private readonly tokenOptions: Rouge155TokenOptions) {}

  /** The tokens (with spans into `text`) ROUGE-1.5.5 evaluates in `text`. */
  tokens(text: string): SummaryTokens {
    const reading = readRouge155Summary(text, this.limits);
    const units = reading.units.map((s) => rouge155SpanTokens(text, s, this.tokenOptions));
    if (reading.units === reading.joined) return { joined: units.length === 1 ? units[0] : units.flat(), units };
    const joined: Token[] = [];
    for (const s of reading.joined) for (const t of rouge155SpanTokens(text, s, this.tokenOptions)) joined.push(t);
    return { joined, units };
  }

  /** Ids of a model summary (adds its words to the vocabulary). */
  model(text: string): SummaryIds {
    let ids = this.models.get(text);
    if (!ids) {
      ids = this.toSummaryIds(this.tokens(text), true);
      this.models.set(text, ids);
    }
    return ids;
  }

  /** Ids of a peer summary (words unknown to every model read so far are −1). */
  peer(text: string): SummaryIds {
    const cached = this.peers.get(text);
    if (cached && (!cached.hasUnknown || cached.vocabularySize === this.vocabulary.size)) return cached.ids;
    const ids = this.toSummaryIds(this.tokens(text), false);
    if (this.peers.size >= PEER_CACHE_LIMIT) this.peers.clear();
    let hasUnknown = false;
    for (let i = 0; i < ids.joined.length && !hasUnknown; i++) hasUnknown = ids.joined[i] < 0;
    for (const u of ids.units) for (let i = 0; i < u.length && !hasUnknown; i++) hasUnknown = u[i] < 0;
    this.peers.set(text, { ids, vocabularySize: this.vocabulary.size, hasUnknown });
    return ids;
  }

  /** Ids of tokens (−1 for words no model has). */
  lookup(tokens: readonly Token[]): Int32Array {
    return this.toIds(tokens, false);
  }

  private toSummaryIds(tokens: SummaryTokens, grow: boolean): SummaryIds {
    const units = tokens.units.map((u) => this.toIds(u, grow));
    if (tokens.units.length === 1 && tokens.joined === tokens.units[0]) return { joined: units[0], units };
    if (sameTokens(tokens)) {
      // No byte limit: the joined reading is the units one after the other.
      const joined = new Int32Array(tokens.joined.length);
      let at = 0;
      for (const u of units) {
        joined.set(u, at);
        at += u.length;
      }
      return { joined, units };
    }
    return { joined: this.toIds(tokens.joined, grow), units };
  }

  private toIds(tokens: readonly Token[], grow: boolean): Int32Array {
    const vocabulary = this.vocabulary;
    const ids = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      let id = vocabulary.get(tokens[i].text);
      if (id === undefined) {
        if (grow) {
          id = vocabulary.size;
          vocabulary.set(tokens[i].text, id);
        } else id = -1;
      }
      ids[i] = id;
    }
    return ids;
  }
}

/** Whether the joined tokens are exactly the units' tokens in order (the same objects). */
function sameTokens(tokens: SummaryTokens): boolean {
  let k = 0;
  for (const u of tokens.units) {
    for (const t of u) if (tokens.joined[k++] !== t) return false;
  }
  return k === tokens.joined.length;
}

const shared = new WeakMap<ReferenceSet, Map<string, Rouge155Reader>>();

/** The reader for `references` and this configuration, shared by every ROUGE-1.5.5 variant prepared on them. */
export function sharedRouge155Reader(
  references: ReferenceSet, limits: Rouge155Limits, tokenOptions: Rouge155TokenOptions,
): Rouge155Reader {
  const key = `${tokenOptions.stem}|${tokenOptions.removeStopwords}|${limits.words ?? 0}|${limits.bytes ?? 0}`;
  let readers = shared.get(references);
  if (!readers) {
    readers = new Map();
    shared.set(references, readers);
  }
  let reader = readers.get(key);
  if (!reader) {
    reader = new Rouge155Reader(limits, tokenOptions);
    readers.set(key, reader);
  }
  return reader;
}
