import { UnderstudyError } from '../../errors';
import { HumanScoreInfo } from '../correlation-report';
import { HumanCombineOptions, JudgmentFormat, JudgmentSet } from './human-judgments';

/**
 * One human score per (system, segment) and, where the judgments give one, per system; described by the fields the
 * report's HumanScoreInfo shows (`level` is 'segment' when any file has segment-level judgments).
 */
export interface HumanScores extends Omit<HumanScoreInfo, 'systemScores' | 'formats'> {
  readonly formats: readonly JudgmentFormat[];
  /** System → segment id → combined score (the mean over the judges or rows of that segment). */
  readonly segments: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** System → the system score a system-level file gives (WMT's official ranking); empty without such a file. */
  readonly official: ReadonlyMap<string, number>;
  /** Judged names standing for several identical systems (WMT17 `a+b`, REALSumm's BART). */
  readonly aliases: Readonly<Record<string, readonly string[]>>;
  readonly excluded: readonly { readonly name: string; readonly reason: string }[];
  readonly warnings: readonly string[];
}

/**
 * Combines judgment sets into one human score:
 * 1. aspects: the chosen score columns (default: the files' default aspect, e.g. WMT's 'z');
 * 2. 'z-per-judge': every judge's values of each aspect standardised, (x − mean)/sd with the sample standard deviation
 *    (n − 1, as R's `scale`, which WMT's DA scripts use); a judge whose values do not vary gets 0;
 * 3. per judgment row, the mean (default) or sum of its aspects; a row lacking one of them is skipped;
 * 4. per (system, segment), the mean over its rows (judges); per system, the system-level file's score if any.
 * The system score a view shows is `official` when present, else the mean of the system's segment scores.
 */
export function combineJudgments(sets: readonly JudgmentSet[], options: HumanCombineOptions = {}, label?: string): HumanScores {
  if (sets.length === 0) throw new UnderstudyError('bad-option', 'No human judgments given: name a file with --human.');
  const aspects = chooseAspects(sets, options.aspects);
  const aspectCombination = options.aspectCombination ?? 'mean';
  const normalization = options.normalization ?? 'raw';
  const warnings = sets.flatMap((s) => s.warnings);
  const systemSets = sets.filter((s) => s.level === 'system');
  const segmentSets = sets.filter((s) => s.level === 'segment');
  if (systemSets.length > 1) {
    throw new UnderstudyError(
      'bad-option',
      `Two system-level judgment files for one human score (${systemSets.map((s) => s.source).join(', ')}): give one, with the segment-level file if you have it.`,
    );
  }
  if (normalization === 'z-per-judge') {
    const withoutJudges = segmentSets.filter((s) => s.judgments.some((j) => j.judge === null));
    if (segmentSets.length === 0 || withoutJudges.length > 0) {
      throw new UnderstudyError(
        'bad-option',
        `z-per-judge normalisation needs a judge for every segment judgment; ${withoutJudges.map((s) => s.source).join(', ') || 'no segment-level file was given'} has none. ` +
          `Name the judge column (--columns judge=…), or use --normalize raw.`,
      );
    }
  }

  const values = new Map<string, Map<string, number[]>>();
  let incomplete = 0;
  const standardise = normalization === 'z-per-judge' ? judgeStandardisers(segmentSets, aspects, warnings) : undefined;
  for (const set of segmentSets) {
    for (const j of set.judgments) {
      if (j.item === null) continue;
      const parts = aspects.map((a) => j.scores[a]);
      if (parts.some((v) => v === undefined)) {
        incomplete++;
        continue;
      }
      const normalised = standardise ? parts.map((v, k) => standardise(j.judge as string, aspects[k], v as number)) : (parts as number[]);
      const sum = normalised.reduce((a, b) => a + b, 0);
      const value = aspectCombination === 'sum' ? sum : sum / normalised.length;
      let bySegment = values.get(j.system);
      if (!bySegment) values.set(j.system, (bySegment = new Map()));
      let list = bySegment.get(j.item);
      if (!list) bySegment.set(j.item, (list = []));
      list.push(value);
    }
  }
  if (incomplete > 0) warnings.push(`${incomplete} segment judgments lack one of ${aspects.join(', ')} and were left out.`);
  const segments = new Map<string, Map<string, number>>();
  for (const [system, bySegment] of values) {
    segments.set(system, new Map([...bySegment].map(([item, list]) => [item, list.reduce((a, b) => a + b, 0) / list.length])));
  }

  const official = new Map<string, number>();
  if (systemSets.length === 1 && normalization === 'z-per-judge') {
    warnings.push(`${systemSets[0].source}: its system scores are not normalised per judge, so the system column is the mean of the normalised segment scores instead.`);
  } else if (systemSets.length === 1) {
    for (const j of systemSets[0].judgments) {
      const parts = aspects.map((a) => j.scores[a]);
      if (parts.some((v) => v === undefined)) continue;
      const sum = (parts as number[]).reduce((a, b) => a + b, 0);
      if (official.has(j.system)) throw new UnderstudyError('bad-judgments', `${systemSets[0].source}, line ${j.line}: a second system score for ${j.system}.`, { file: systemSets[0].source });
      official.set(j.system, aspectCombination === 'sum' ? sum : sum / parts.length);
    }
  }

  return {
    label: label ?? defaultLabel(aspects, aspectCombination, normalization, sets),
    sources: sets.map((s) => s.source),
    formats: sets.map((s) => s.format),
    aspects,
    aspectCombination,
    normalization,
    level: segmentSets.length > 0 ? 'segment' : 'system',
    segments,
    official,
    aliases: Object.assign({}, ...sets.map((s) => s.aliases)) as Record<string, readonly string[]>,
    excluded: dedupeByName(sets.flatMap((s) => s.excluded)),
    warnings,
  };
}

function chooseAspects(sets: readonly JudgmentSet[], requested: readonly string[] | undefined): string[] {
  const available = [...new Set(sets.flatMap((s) => s.aspects))];
  if (requested && requested.length > 0) {
    for (const set of sets) {
      const missing = requested.filter((a) => !set.aspects.includes(a));
      if (missing.length > 0) {
        throw new UnderstudyError('bad-option', `${set.source} has no score "${missing.join('", "')}"; it has: ${set.aspects.join(', ')}. Choose with --aspect.`, { file: set.source });
      }
    }
    return [...requested];
  }
  const defaults = [...new Set(sets.map((s) => s.defaultAspect))];
  if (defaults.length !== 1 || defaults[0] === undefined) {
    throw new UnderstudyError('bad-option', `Choose the human score to correlate with --aspect (available: ${available.join(', ')}).`, { aspects: available });
  }
  return [defaults[0]];
}

/** Per judge and aspect: x ↦ (x − mean)/sd over that judge's values in every segment-level set. */
function judgeStandardisers(sets: readonly JudgmentSet[], aspects: readonly string[], warnings: string[]): (judge: string, aspect: string, value: number) => number {
  const moments = new Map<string, { mean: number; sd: number }>();
  const constantJudges = new Set<string>();
  for (const aspect of aspects) {
    const byJudge = new Map<string, number[]>();
    for (const set of sets) {
      for (const j of set.judgments) {
        const v = j.scores[aspect];
        if (v === undefined || j.judge === null) continue;
        let list = byJudge.get(j.judge);
        if (!list) byJudge.set(j.judge, (list = []));
        list.push(v);
      }
    }
    for (const [judge, list] of byJudge) {
      const mean = list.reduce((a, b) => a + b, 0) / list.length;
      const squares = list.reduce((a, b) => a + (b - mean) * (b - mean), 0);
      const sd = list.length > 1 ? Math.sqrt(squares / (list.length - 1)) : 0;
      if (!(sd > 0)) constantJudges.add(judge);
      moments.set(`${judge}\u0000${aspect}`, { mean, sd });
    }
  }
  if (constantJudges.size > 0) {
    warnings.push(`Judges whose scores do not vary (or who judged once) get z = 0: ${[...constantJudges].join(', ')}.`);
  }
  return (judge, aspect, value) => {
    const m = moments.get(`${judge}\u0000${aspect}`);
    return m && m.sd > 0 ? (value - m.mean) / m.sd : 0;
  };
}

/** "DA z", "expert coherence", "adequacy+fluency (mean), z per judge". */
function defaultLabel(aspects: readonly string[], combination: 'mean' | 'sum', normalization: 'raw' | 'z-per-judge', sets: readonly JudgmentSet[]): string {
  const names = [...new Set(sets.map((s) => s.scoreName))];
  const prefix = names.length === 1 && names[0] !== undefined ? `${names[0]} ` : '';
  const base = prefix + (aspects.length === 1 ? aspects[0] : `${aspects.join('+')} (${combination})`);
  return normalization === 'z-per-judge' ? `${base}, z per judge` : base;
}

function dedupeByName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.name) && (seen.add(i.name), true));
}

/** The system score shown for `system`: the official one when given, else the mean of its segment scores. */
export function systemHumanScore(scores: HumanScores, system: string): { value: number | null; segments: number } {
  const bySegment = scores.segments.get(system);
  const segments = bySegment?.size ?? 0;
  const official = scores.official.get(system);
  if (official !== undefined) return { value: official, segments };
  if (!bySegment || segments === 0) return { value: null, segments: 0 };
  let sum = 0;
  for (const v of bySegment.values()) sum += v;
  return { value: sum / segments, segments };
}
