import { DependencyTriple } from '../../syntax/lfg-triples';
import { SynonymMatcher, synonymPosOf } from '../../syntax/synonym-source';
import { KeyedUnit } from './unit-matching';

/**
 * The switches of the dependency-triple metrics (Owczarzak et al. 2007; DEPEVAL(summ), Owczarzak 2009), named as in
 * DEPEVAL(summ) and selected by suffixes of the metric name (`dep-f-pm-wn`, `depeval-one-norel`):
 * - `pm`    partial matching: a predicate triple rel(h, d) also gives rel(h, x) and rel(y, d) (P3's "var"); the
 *           full triple is kept beside them ('add', the default) or replaced by them ('replace': DEPEVAL "splits" it);
 * - `one`   every distinct triple counts once on each side;
 * - `wn`    heads and dependents also match their WordNet synonyms;
 * - `norel` relation labels are dropped: (resign, john);
 * - `pred`  predicate-only: atomic features (num, pers, tense, …) are left out.
 */
export type TripleSwitch = 'pm' | 'one' | 'wn' | 'norel' | 'pred';
export const TRIPLE_SWITCHES: readonly TripleSwitch[] = ['pm', 'one', 'wn', 'norel', 'pred'];

export interface TripleSwitches {
  readonly pm: boolean;
  readonly one: boolean;
  readonly wn: boolean;
  readonly norel: boolean;
  readonly pred: boolean;
}

export const NO_SWITCHES: TripleSwitches = { pm: false, one: false, wn: false, norel: false, pred: false };

/** 'pm' with the full predicate triple kept ('add') or replaced ('replace'). */
export type PartialMode = 'add' | 'replace';

/** The switches as written in a metric name and signatures, in DEPEVAL(summ)'s order: `pm-one-wn-norel-pred`, or `base`. */
export function switchesLabel(switches: TripleSwitches): string {
  const on = TRIPLE_SWITCHES.filter((s) => switches[s]);
  return on.length === 0 ? 'base' : on.join('-');
}

/** One unit to match: a triple after the switches, with the triple it came from (for spans and synonyms). */
export interface TripleUnit extends KeyedUnit {
  readonly relation: string;
  /** Undefined where partial matching put a variable. */
  readonly head: string | undefined;
  readonly dependent: string | undefined;
  readonly triple: DependencyTriple;
}

/** A unit as the paper prints it: `subj(resign, john)`, `subj(resign, x)`, `subj(y, john)`, `(resign, john)`. */
export function unitText(u: TripleUnit): string {
  return `${u.relation}(${u.head ?? 'y'}, ${u.dependent ?? 'x'})`;
}

const VARIABLE = '\u0002';

function unit(triple: DependencyTriple, head: string | undefined, dependent: string | undefined, norel: boolean): TripleUnit {
  const relation = norel ? '' : triple.relation;
  // The predicate flag keeps a feature (pers(john, 3)) apart from a relation (quant(john, 3)) once labels are gone.
  const key = `${relation}\u0001${triple.predicate ? 'p' : 'f'}\u0001${head ?? VARIABLE}\u0001${dependent ?? VARIABLE}`;
  return { key, relation, head, dependent, triple };
}

/** The units a line's triples give under the switches (`wn` and `one` act at matching time). */
export function tripleUnits(triples: readonly DependencyTriple[], switches: TripleSwitches, partialMode: PartialMode = 'add'): TripleUnit[] {
  const out: TripleUnit[] = [];
  for (const t of triples) {
    if (switches.pred && !t.predicate) continue;
    const split = switches.pm && t.predicate;
    if (!split || partialMode === 'add') out.push(unit(t, t.head, t.dependent, switches.norel));
    if (split) {
      out.push(unit(t, t.head, undefined, switches.norel));
      out.push(unit(t, undefined, t.dependent, switches.norel));
    }
  }
  return out;
}

/**
 * The `wn` similarity of two units: same relation (unless `norel`) and kind, and each word equal to or a synonym of
 * the other's (variables only match variables; a feature's value must be equal).
 */
export function synonymSimilarity(matcher: SynonymMatcher): (h: TripleUnit, r: TripleUnit) => boolean {
  return (h, r) => {
    if (h.relation !== r.relation || h.triple.predicate !== r.triple.predicate) return false;
    const word = (a: string | undefined, aPos: string, b: string | undefined, bPos: string): boolean => {
      if (a === undefined || b === undefined) return a === b;
      return matcher.matches(a, synonymPosOf(aPos), b, synonymPosOf(bPos));
    };
    if (!word(h.head, h.triple.headPos, r.head, r.triple.headPos)) return false;
    if (h.triple.dependentWord === 0 || r.triple.dependentWord === 0) return h.dependent === r.dependent && (h.triple.dependentWord === 0) === (r.triple.dependentWord === 0);
    return word(h.dependent, h.triple.dependentPos, r.dependent, r.triple.dependentPos);
  };
}
