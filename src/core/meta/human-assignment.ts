import { HumanScores, systemHumanScore } from './judgments/combine-judgments';
import { OutputSystem, matchSystems } from './system-matching';

/** Each output system's human scores, and what could not be assigned (for the missing-data report). */
export interface HumanAssignment {
  /** matched[s]: the judged name output s stands for, or undefined. */
  readonly matched: readonly (string | undefined)[];
  /** human[s][i]: the human score of output s on segment i (mean of its judgments), NaN where not judged. */
  readonly human: readonly Float64Array[];
  /** Judged segments of each output. */
  readonly judgedSegments: readonly number[];
  /** System score of each output: the judgments' own system score when given, else the mean of its judged segments. */
  readonly systemScores: readonly (number | null)[];
  readonly judgedWithoutOutput: { readonly name: string; readonly human: number | null }[];
  readonly aliases: { readonly names: readonly string[]; readonly countedAs: string }[];
  /** Per output, judged segment ids the corpus does not have. */
  readonly unknownItems: ReadonlyMap<number, readonly string[]>;
  readonly ambiguous: readonly { readonly system: string; readonly candidates: readonly string[] }[];
}

/**
 * Matches output systems to the judged names (system-matching.ts) and gives every output its segment and system
 * scores. A judged name stands for its aliases (WMT17 "a+b": a, then b) and, last, for itself (REALSumm keeps the
 * merged name of identical systems as the name of their one output): its judgments go to the first of those with an
 * output, once. `items` are the corpus's segment ids, in order.
 */
export function assignHumanScores(outputs: readonly OutputSystem[], items: readonly string[], human: HumanScores): HumanAssignment {
  const judgedNames = [...new Set([...human.segments.keys(), ...human.official.keys()])];
  const aliasOf = new Map<string, readonly string[]>(judgedNames.map((name) => [name, [...new Set([...(human.aliases[name] ?? []), name])]]));
  const matching = matchSystems(outputs, [...new Set([...aliasOf.values()].flat())]);
  const outputOf = new Map<string, number>();
  matching.matched.forEach((name, s) => name !== undefined && outputOf.set(name, s));
  const itemIndex = new Map(items.map((id, i) => [id, i]));
  const lists = outputs.map(() => new Map<number, number[]>());
  const unknownItems = new Map<number, string[]>();
  const aliases: { names: string[]; countedAs: string }[] = [];
  const judgedWithoutOutput: { name: string; human: number | null }[] = [];
  for (const judged of judgedNames) {
    const member = (aliasOf.get(judged) ?? [judged]).find((m) => outputOf.has(m));
    if (member === undefined) {
      judgedWithoutOutput.push({ name: judged, human: systemHumanScore(human, judged).value });
      continue;
    }
    if (human.aliases[judged]) aliases.push({ names: [...human.aliases[judged]], countedAs: member });
    const s = outputOf.get(member) as number;
    for (const [item, value] of human.segments.get(judged) ?? []) {
      const i = itemIndex.get(item);
      if (i === undefined) append(unknownItems, s, item);
      else append(lists[s], i, value);
    }
  }
  const humanArrays = lists.map((bySegment) => {
    const values = new Float64Array(items.length).fill(NaN);
    bySegment.forEach((scores, i) => (values[i] = scores.reduce((a, b) => a + b, 0) / scores.length));
    return values;
  });
  const systemScores = outputs.map((_, s) => {
    const judged = matching.matched[s];
    const official = judged !== undefined ? human.official.get(judged) : undefined;
    if (official !== undefined) return official;
    if (lists[s].size === 0) return null;
    let sum = 0;
    humanArrays[s].forEach((v) => (sum += v === v ? v : 0));
    return sum / lists[s].size;
  });
  return {
    matched: matching.matched,
    human: humanArrays,
    judgedSegments: lists.map((l) => l.size),
    systemScores,
    judgedWithoutOutput,
    aliases,
    unknownItems,
    ambiguous: matching.ambiguous,
  };
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
