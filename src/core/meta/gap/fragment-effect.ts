import { UNDERSTUDY_VERSION } from '../../version';
import { Statistic, statistic } from '../json-number';
import { Alternative, pairedTTest, twoSampleTTest } from '../stats/t-tests';
import { EndingCheck, EndingOptions, EndingVerdict, checkEnding, isFragment } from './truncation';

/** A score per output: systems × items (NaN = missing), for one metric or one human measure. */
export interface OutputMeasure {
  readonly name: string;
  readonly kind: 'metric' | 'human';
  readonly scores: Float64Array;
}

export interface FragmentInput {
  readonly systems: readonly string[];
  readonly items: number;
  /** texts[s][i]: the output whose ending is checked. */
  readonly texts: readonly (readonly string[])[];
  readonly measures: readonly OutputMeasure[];
}

export interface FragmentOptions extends EndingOptions {
  /** Which endings are fragments (default 'unterminated': cut or unterminated; see truncation.ts). */
  readonly fragmentWhen?: 'unterminated' | 'cut';
  /**
   * A system is a fragment system when at least this share of its outputs end in a fragment (default 0.5: the
   * majority; the paper does not say how systems were classified).
   */
  readonly systemThreshold?: number;
  /** Student's pooled-variance t-test (default; the paper's "Student T-test") or Welch's. */
  readonly equalVariance?: boolean;
  /** Default 'two-sided' (the paper does not say). 'greater': complete-ending outputs score higher. */
  readonly alternative?: Alternative;
}

export interface MeasureComparison {
  readonly measure: string;
  readonly kind: 'metric' | 'human';
  readonly completeMean: Statistic;
  readonly fragmentMean: Statistic;
  /** complete − fragment. */
  readonly difference: Statistic;
  /** The difference over the pooled standard deviation (Cohen's d): comparable between metrics and human scores. */
  readonly standardized: Statistic;
  readonly t: Statistic;
  readonly df: Statistic;
  readonly pvalue: Statistic;
  readonly nComplete: number;
  readonly nFragment: number;
}

export interface WithinSystemComparison {
  readonly measure: string;
  readonly kind: 'metric' | 'human';
  /** Mean over systems of (mean score of its complete outputs − mean of its fragment outputs). */
  readonly difference: Statistic;
  /** That difference in units of the measure's standard deviation over all outputs. */
  readonly standardized: Statistic;
  /** Paired t-test over the systems that have both kinds of outputs. */
  readonly t: Statistic;
  readonly pvalue: Statistic;
  readonly systems: number;
}

export interface FragmentEffectResult {
  readonly kind: 'understudy.fragment-effect';
  readonly version: 1;
  readonly options: {
    readonly fragmentWhen: 'unterminated' | 'cut';
    readonly systemThreshold: number;
    readonly test: 'student' | 'welch';
    readonly alternative: Alternative;
    readonly wordLimit: number | null;
  };
  /** Per system: its outputs' verdict counts, share of fragments, and its class. */
  readonly systems: readonly {
    readonly name: string;
    readonly complete: number;
    readonly unterminated: number;
    readonly cut: number;
    readonly fragmentShare: number;
    readonly fragmentSystem: boolean;
  }[];
  /** Seed 004 Table 4: system means of complete-ending systems against fragment-ending systems. */
  readonly systemLevel: readonly MeasureComparison[];
  /** Every output: complete-ending outputs against fragment-ending ones (pooled over systems). */
  readonly outputLevel: readonly MeasureComparison[];
  /** Within systems: the same comparison inside each system, averaged — free of differences between systems. */
  readonly withinSystem: readonly WithinSystemComparison[];
  /** A few examples of each verdict, for the view (system, item, reason, the ending). */
  readonly examples: readonly { readonly system: string; readonly item: number; readonly verdict: EndingVerdict; readonly reason: string; readonly ending: string }[];
  readonly notes: readonly string[];
  readonly signature: string;
}

function compare(measure: OutputMeasure, complete: number[], fragment: number[], options: { equalVariance: boolean; alternative: Alternative }): MeasureComparison {
  const t = twoSampleTTest(complete, fragment, options);
  const pooled = pooledSd(complete, fragment);
  return {
    measure: measure.name, kind: measure.kind,
    completeMean: statistic(t.meanA), fragmentMean: statistic(t.meanB), difference: statistic(t.meanA - t.meanB),
    standardized: statistic((t.meanA - t.meanB) / pooled),
    t: statistic(t.t), df: statistic(t.df), pvalue: statistic(t.pvalue), nComplete: t.nA, nFragment: t.nB,
  };
}

function pooledSd(a: number[], b: number[]): number {
  const ss = (v: number[]): number => {
    const m = v.reduce((x, y) => x + y, 0) / v.length;
    return v.reduce((x, y) => x + (y - m) * (y - m), 0);
  };
  const df = a.length + b.length - 2;
  return df > 0 && a.length > 0 && b.length > 0 ? Math.sqrt((ss(a) + ss(b)) / df) : NaN;
}

/**
 * The truncated-sentence effect (Conroy & Dang 2008, Table 4; digest D.8): classify every output's ending, then
 * compare complete-ending with fragment-ending outputs on each metric and each human score — across systems (the
 * paper's system-level test), across outputs, and within systems. The paper's finding is a human penalty (Q1,
 * responsiveness) that ROUGE does not show; standardized differences put metrics and humans on one scale.
 */
export function fragmentEffect(input: FragmentInput, options: FragmentOptions = {}): FragmentEffectResult {
  const S = input.systems.length;
  const N = input.items;
  if (input.texts.length !== S) throw new RangeError(`Texts are given for ${input.texts.length} systems, expected ${S}.`);
  for (const [s, texts] of input.texts.entries()) {
    if (texts.length !== N) throw new RangeError(`System ${input.systems[s]} has ${texts.length} outputs, expected ${N}.`);
  }
  for (const m of input.measures) {
    if (m.scores.length !== S * N) throw new RangeError(`Measure ${m.name} has ${m.scores.length} scores, expected systems × items = ${S * N}.`);
  }
  const fragmentWhen = options.fragmentWhen ?? 'unterminated';
  const threshold = options.systemThreshold ?? 0.5;
  const equalVariance = options.equalVariance ?? true;
  const alternative = options.alternative ?? 'two-sided';
  const testOptions = { equalVariance, alternative };
  const checks: EndingCheck[][] = input.texts.map((texts) => texts.map((t) => checkEnding(t, options)));
  const fragment = checks.map((row) => row.map((c) => isFragment(c.verdict, fragmentWhen)));

  const systems = input.systems.map((name, s) => {
    const counts = { complete: 0, unterminated: 0, cut: 0 };
    for (const c of checks[s]) counts[c.verdict]++;
    const share = fragment[s].filter(Boolean).length / N;
    return { name, ...counts, fragmentShare: share, fragmentSystem: share >= threshold };
  });

  const systemMean = (m: OutputMeasure, s: number): number => {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < N; i++) {
      const v = m.scores[s * N + i];
      if (Number.isFinite(v)) {
        sum += v;
        n++;
      }
    }
    return n > 0 ? sum / n : NaN;
  };
  const systemLevel = input.measures.map((m) => {
    const complete: number[] = [];
    const frag: number[] = [];
    systems.forEach((sys, s) => {
      const v = systemMean(m, s);
      if (Number.isFinite(v)) (sys.fragmentSystem ? frag : complete).push(v);
    });
    return compare(m, complete, frag, testOptions);
  });
  const outputLevel = input.measures.map((m) => {
    const complete: number[] = [];
    const frag: number[] = [];
    for (let s = 0; s < S; s++) {
      for (let i = 0; i < N; i++) {
        const v = m.scores[s * N + i];
        if (Number.isFinite(v)) (fragment[s][i] ? frag : complete).push(v);
      }
    }
    return compare(m, complete, frag, testOptions);
  });
  const withinSystem = input.measures.map((m): WithinSystemComparison => {
    const completeMeans: number[] = [];
    const fragmentMeans: number[] = [];
    const all: number[] = [];
    for (let s = 0; s < S; s++) {
      const c: number[] = [];
      const f: number[] = [];
      for (let i = 0; i < N; i++) {
        const v = m.scores[s * N + i];
        if (!Number.isFinite(v)) continue;
        all.push(v);
        (fragment[s][i] ? f : c).push(v);
      }
      if (c.length > 0 && f.length > 0) {
        completeMeans.push(c.reduce((a, b) => a + b, 0) / c.length);
        fragmentMeans.push(f.reduce((a, b) => a + b, 0) / f.length);
      }
    }
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    const sd = Math.sqrt(all.reduce((a, v) => a + (v - mean) * (v - mean), 0) / (all.length - 1));
    const paired = pairedTTest(completeMeans, fragmentMeans, alternative);
    const difference = completeMeans.length > 0 ? paired.meanA - paired.meanB : NaN;
    return {
      measure: m.name, kind: m.kind, difference: statistic(difference), standardized: statistic(difference / sd),
      t: statistic(paired.t), pvalue: statistic(paired.pvalue), systems: completeMeans.length,
    };
  });

  const examples: FragmentEffectResult['examples'][number][] = [];
  const perVerdict: Record<EndingVerdict, number> = { complete: 0, unterminated: 0, cut: 0 };
  for (let s = 0; s < S; s++) {
    for (let i = 0; i < N; i++) {
      const c = checks[s][i];
      if (perVerdict[c.verdict] >= 5) continue;
      perVerdict[c.verdict]++;
      const text = input.texts[s][i];
      examples.push({ system: input.systems[s], item: i, verdict: c.verdict, reason: c.reason, ending: text.slice(Math.max(c.lastSentence.start, c.lastSentence.end - 80), c.lastSentence.end) });
    }
  }
  const notes: string[] = [];
  const fragmentSystems = systems.filter((s) => s.fragmentSystem).length;
  if (fragmentSystems === 0 || fragmentSystems === S) notes.push(`All ${S} systems fall in one class at threshold ${threshold}: the system-level test is undefined.`);
  if (options.fragmentWhen === undefined) notes.push('Fragments: outputs without final punctuation, with or without evidence of a cut (the paper gives no rule).');
  if (options.systemThreshold === undefined) notes.push('A system ends with fragments when most (≥ 50%) of its outputs do (the paper does not say).');
  return {
    kind: 'understudy.fragment-effect',
    version: 1,
    options: { fragmentWhen, systemThreshold: threshold, test: equalVariance ? 'student' : 'welch', alternative, wordLimit: options.wordLimit ?? null },
    systems,
    systemLevel,
    outputLevel,
    withinSystem,
    examples,
    notes,
    signature: `fragments|when:${fragmentWhen}|threshold:${threshold}|test:${equalVariance ? 'student' : 'welch'}|alt:${alternative}|limit:${options.wordLimit ?? 'none'}|version:${UNDERSTUDY_VERSION}`,
  };
}
