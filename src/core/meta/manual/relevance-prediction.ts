/**
 * Relevance-Prediction and LDC-Agreement (Dorr et al. 2005, seed001 §2.12), measures of how well a summary (a
 * "surrogate": headline, human summary…) lets a reader judge a document's relevance to an event.
 *
 * - Relevance-Prediction: for a summary/document pair (s, d), j(s, d) = 1 when the subject makes the same judgment on
 *   s as on the full document d, else 0; RP(i) = Σ_{(s,d) ∈ DS_i} j(s, d) / |DS_i| over the pairs of event i.
 * - LDC-Agreement: the share of a subject's judgments (on a surrogate or on the full text) equal to the "correct"
 *   judgments of the TDT annotators (LDC).
 *
 * Judgments are binary. Overall values pool all pairs (Dorr et al.'s Table 1 overall RP equals (Rel/Rel +
 * NonRel/NonRel) / 600 of their Table 6). The Surr/Doc confusion (Table 6) comes with the mean and population SD of
 * an optional per-judgment score (their ROUGE-1 of the surrogate) and of the judging time.
 */

export interface RelevanceJudgment {
  readonly subject: string;
  readonly event: string;
  readonly document: string;
  /** The condition: a surrogate's name or the full-text condition. */
  readonly condition: string;
  readonly relevant: boolean;
  /** The LDC annotators' label for (event, document), when known. */
  readonly gold?: boolean;
  readonly seconds?: number;
  /** Any per-judgment number to summarise per confusion cell (e.g. the surrogate's ROUGE-1). */
  readonly score?: number;
  readonly line?: number;
}

export interface RelevanceOptions {
  /** The condition in which subjects read the full document (default "DOC"). */
  readonly fullText?: string;
}

export interface Rate {
  readonly agree: number;
  readonly total: number;
  /** agree / total; null when there is nothing to count. */
  readonly rate: number | null;
}

export interface CellSummary {
  readonly count: number;
  readonly share: number;
  readonly meanScore: number | null;
  readonly sdScore: number | null;
  readonly meanSeconds: number | null;
}

export interface SurrogateResult {
  readonly condition: string;
  readonly relevancePrediction: { readonly overall: Rate; readonly byEvent: Readonly<Record<string, Rate>>; readonly bySubject: Readonly<Record<string, Rate>> };
  readonly ldcAgreement: { readonly overall: Rate; readonly byEvent: Readonly<Record<string, Rate>>; readonly bySubject: Readonly<Record<string, Rate>> };
  /** Surrogate judgment / full-text judgment: relRel, relNonRel, nonRelRel, nonRelNonRel (Dorr et al. Table 6). */
  readonly confusion: Readonly<Record<'relRel' | 'relNonRel' | 'nonRelRel' | 'nonRelNonRel', CellSummary>> & { readonly total: CellSummary };
  /** Surrogate judgments with no full-text judgment by the same subject on the same document (not in RP). */
  readonly unpaired: number;
  readonly meanSeconds: number | null;
}

export interface RelevanceReport {
  readonly fullText: string;
  readonly surrogates: readonly SurrogateResult[];
  /** LDC-Agreement of the full-text condition itself. */
  readonly fullTextLdcAgreement: { readonly overall: Rate; readonly byEvent: Readonly<Record<string, Rate>> } | null;
  readonly warnings: readonly string[];
}

function rate(agree: number, total: number): Rate {
  return { agree, total, rate: total > 0 ? agree / total : null };
}

function tally<T>(items: readonly T[], keyOf: (item: T) => string, agrees: (item: T) => boolean): Record<string, Rate> {
  const counts = new Map<string, [number, number]>();
  for (const item of items) {
    const k = keyOf(item);
    const c = counts.get(k) ?? [0, 0];
    c[0] += agrees(item) ? 1 : 0;
    c[1]++;
    counts.set(k, c);
  }
  return Object.fromEntries([...counts.entries()].sort((a, b) => a[0].localeCompare(b[0], undefined, { numeric: true })).map(([k, [a, t]]) => [k, rate(a, t)]));
}

function overall<T>(items: readonly T[], agrees: (item: T) => boolean): Rate {
  return rate(items.filter(agrees).length, items.length);
}

function meanAndPopulationSd(values: readonly number[]): { mean: number | null; sd: number | null } {
  if (values.length === 0) return { mean: null, sd: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return { mean, sd };
}

function cell(judgments: readonly RelevanceJudgment[], total: number): CellSummary {
  const scores = meanAndPopulationSd(judgments.filter((j) => j.score !== undefined).map((j) => j.score as number));
  const seconds = meanAndPopulationSd(judgments.filter((j) => j.seconds !== undefined).map((j) => j.seconds as number));
  return { count: judgments.length, share: total > 0 ? judgments.length / total : 0, meanScore: scores.mean, sdScore: scores.sd, meanSeconds: seconds.mean };
}

/** RP and LDC-Agreement per surrogate condition (per event, per subject, overall) and the Surr/Doc confusion. */
export function relevanceReport(judgments: readonly RelevanceJudgment[], options: RelevanceOptions = {}): RelevanceReport {
  const fullText = options.fullText ?? 'DOC';
  const warnings: string[] = [];
  const pairKey = (j: RelevanceJudgment): string => `${j.subject}\u0000${j.event}\u0000${j.document}`;
  const fullJudgments = judgments.filter((j) => j.condition === fullText);
  const fullByPair = new Map<string, RelevanceJudgment>();
  for (const j of fullJudgments) {
    const earlier = fullByPair.get(pairKey(j));
    if (earlier && earlier.relevant !== j.relevant) {
      warnings.push(`subject ${j.subject} judged document ${j.document} (event ${j.event}) in full text twice, differently; the first judgment is used.`);
    }
    if (!earlier) fullByPair.set(pairKey(j), j);
  }
  if (fullJudgments.length === 0) warnings.push(`no judgments in the full-text condition "${fullText}", so Relevance-Prediction cannot be computed (name it with --full-text).`);
  const conditions = [...new Set(judgments.map((j) => j.condition))].filter((c) => c !== fullText);
  const withGold = (js: readonly RelevanceJudgment[]): RelevanceJudgment[] => js.filter((j) => j.gold !== undefined);
  const surrogates = conditions.map((condition): SurrogateResult => {
    const mine = judgments.filter((j) => j.condition === condition);
    const paired = mine.filter((j) => fullByPair.has(pairKey(j))).map((j) => ({ surrogate: j, full: fullByPair.get(pairKey(j)) as RelevanceJudgment }));
    const same = (p: { surrogate: RelevanceJudgment; full: RelevanceJudgment }): boolean => p.surrogate.relevant === p.full.relevant;
    const gold = withGold(mine);
    const correct = (j: RelevanceJudgment): boolean => j.relevant === j.gold;
    const pick = (s: boolean, d: boolean): RelevanceJudgment[] => paired.filter((p) => p.surrogate.relevant === s && p.full.relevant === d).map((p) => p.surrogate);
    const total = paired.length;
    return {
      condition,
      relevancePrediction: {
        overall: overall(paired, same),
        byEvent: tally(paired, (p) => p.surrogate.event, same),
        bySubject: tally(paired, (p) => p.surrogate.subject, same),
      },
      ldcAgreement: { overall: overall(gold, correct), byEvent: tally(gold, (j) => j.event, correct), bySubject: tally(gold, (j) => j.subject, correct) },
      confusion: {
        relRel: cell(pick(true, true), total),
        relNonRel: cell(pick(true, false), total),
        nonRelRel: cell(pick(false, true), total),
        nonRelNonRel: cell(pick(false, false), total),
        total: cell(paired.map((p) => p.surrogate), total),
      },
      unpaired: mine.length - paired.length,
      meanSeconds: meanAndPopulationSd(mine.filter((j) => j.seconds !== undefined).map((j) => j.seconds as number)).mean,
    };
  });
  const fullGold = withGold(fullJudgments);
  const correct = (j: RelevanceJudgment): boolean => j.relevant === j.gold;
  return {
    fullText,
    surrogates,
    fullTextLdcAgreement: fullGold.length > 0 ? { overall: overall(fullGold, correct), byEvent: tally(fullGold, (j) => j.event, correct) } : null,
    warnings,
  };
}
