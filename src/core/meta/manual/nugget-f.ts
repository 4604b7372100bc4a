/**
 * Nugget F for TREC definition ("other") questions, the official definition quoted by Lin & Demner-Fushman 2005
 * (seed001 §2.11, their Figure 2):
 *
 *   r = vital nuggets returned, a = okay nuggets returned, R = vital nuggets in the answer key,
 *   l = non-whitespace characters in the entire answer string
 *   recall = r / R;  allowance α = 100 × (r + a);  precision = 1 if l < α, else 1 − (l − α) / l
 *   F(β) = (β² + 1) P R / (β² P + R);  β = 5 in TREC 2003, 3 in TREC 2004.
 *
 * Okay nuggets earn length allowance but no recall. A nugget found several times counts once. A run's score is the
 * mean F over the questions of the key; a question it did not answer scores 0.
 */

export type NuggetImportance = 'vital' | 'okay';

export interface AnswerKeyNugget {
  readonly question: string;
  readonly id: string;
  readonly importance: NuggetImportance;
  readonly text?: string;
}

/** A run's response to one question: its answer strings and the key nuggets an assessor found in them. */
export interface NuggetResponse {
  readonly question: string;
  readonly run: string;
  readonly strings: readonly string[];
  readonly nuggets: readonly string[];
}

export interface NuggetOptions {
  /** β of F(β) (default 3, TREC 2004). */
  readonly beta?: number;
  /** Characters of allowance per returned vital or okay nugget (default 100). */
  readonly allowancePerNugget?: number;
}

export interface NuggetScore {
  readonly question: string;
  readonly run: string;
  readonly answered: boolean;
  readonly vitalReturned: number;
  readonly okayReturned: number;
  readonly vitalInKey: number;
  readonly length: number;
  readonly allowance: number;
  readonly precision: number;
  /** null when the key has no vital nugget for the question (recall undefined). */
  readonly recall: number | null;
  readonly f: number | null;
  /** Returned nugget ids the key does not list for this question (ignored in the score). */
  readonly unknownNuggets: readonly string[];
}

export interface NuggetRunScore {
  readonly run: string;
  readonly questions: number;
  /** Mean F over the key's questions with a defined F (unanswered ones count 0). */
  readonly f: number | null;
  readonly meanRecall: number | null;
  readonly meanPrecision: number;
}

export interface NuggetReport {
  readonly beta: number;
  readonly allowancePerNugget: number;
  readonly scores: readonly NuggetScore[];
  readonly runs: readonly NuggetRunScore[];
  readonly warnings: readonly string[];
  readonly signature: string;
}

/** l: characters that are not whitespace (Unicode code points, so “curly quotes” count one each). */
export function nonWhitespaceLength(text: string): number {
  let count = 0;
  for (const ch of text) if (!/\s/u.test(ch)) count++;
  return count;
}

/** F(β) from precision and recall; 0 when both are 0. */
export function nuggetF(precision: number, recall: number, beta: number): number {
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  return denominator === 0 ? 0 : ((b2 + 1) * precision * recall) / denominator;
}

/** Scores one response against the key's nuggets for its question. */
export function scoreNuggetResponse(key: readonly AnswerKeyNugget[], response: NuggetResponse, options: NuggetOptions = {}): NuggetScore {
  const beta = options.beta ?? 3;
  const perNugget = options.allowancePerNugget ?? 100;
  const nuggets = new Map(key.filter((n) => n.question === response.question).map((n) => [n.id, n.importance]));
  const vitalInKey = [...nuggets.values()].filter((i) => i === 'vital').length;
  const returned = [...new Set(response.nuggets)];
  const vitalReturned = returned.filter((id) => nuggets.get(id) === 'vital').length;
  const okayReturned = returned.filter((id) => nuggets.get(id) === 'okay').length;
  const length = response.strings.reduce((sum, s) => sum + nonWhitespaceLength(s), 0);
  const allowance = perNugget * (vitalReturned + okayReturned);
  // The official formula says P = 1 when l < α; at l = α both branches give 1, and l = 0 (nothing returned) takes it.
  const precision = length <= allowance ? 1 : 1 - (length - allowance) / length;
  const recall = vitalInKey > 0 ? vitalReturned / vitalInKey : null;
  return {
    question: response.question,
    run: response.run,
    answered: response.strings.length > 0,
    vitalReturned,
    okayReturned,
    vitalInKey,
    length,
    allowance,
    precision,
    recall,
    f: recall === null ? null : nuggetF(precision, recall, beta),
    unknownNuggets: returned.filter((id) => !nuggets.has(id)),
  };
}

/** Every run on every question of the key (unanswered questions as empty responses), and each run's mean F. */
export function nuggetReport(key: readonly AnswerKeyNugget[], responses: readonly NuggetResponse[], options: NuggetOptions = {}): NuggetReport {
  const beta = options.beta ?? 3;
  const allowancePerNugget = options.allowancePerNugget ?? 100;
  const warnings: string[] = [];
  const questions = [...new Set(key.map((n) => n.question))];
  const known = new Set(questions);
  const runs = [...new Set(responses.map((r) => r.run))];
  const merged = new Map<string, { strings: string[]; nuggets: string[] }>();
  for (const r of responses) {
    if (!known.has(r.question)) {
      warnings.push(`run ${r.run}: question ${r.question} is not in the answer key; its response is not scored.`);
      continue;
    }
    const k = `${r.run}\u0000${r.question}`;
    const entry = merged.get(k) ?? { strings: [], nuggets: [] };
    entry.strings.push(...r.strings);
    entry.nuggets.push(...r.nuggets);
    merged.set(k, entry);
  }
  for (const q of questions) {
    if (!key.some((n) => n.question === q && n.importance === 'vital')) warnings.push(`question ${q}: the key has no vital nugget, so recall (and F) is undefined.`);
  }
  const scores: NuggetScore[] = [];
  for (const run of runs) {
    for (const question of questions) {
      const entry = merged.get(`${run}\u0000${question}`) ?? { strings: [], nuggets: [] };
      const score = scoreNuggetResponse(key, { question, run, ...entry }, { beta, allowancePerNugget });
      if (score.unknownNuggets.length > 0) warnings.push(`run ${run}, question ${question}: nugget(s) ${score.unknownNuggets.join(', ')} are not in the key; ignored.`);
      scores.push(score);
    }
  }
  const runScores = runs.map((run) => {
    const mine = scores.filter((s) => s.run === run);
    const defined = mine.filter((s) => s.f !== null);
    const mean = (xs: readonly number[]): number | null => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
    return {
      run,
      questions: mine.length,
      f: mean(defined.map((s) => s.f as number)),
      meanRecall: mean(defined.map((s) => s.recall as number)),
      meanPrecision: mean(mine.map((s) => s.precision)) ?? 1,
    };
  });
  runScores.sort((a, b) => (b.f ?? -1) - (a.f ?? -1) || a.run.localeCompare(b.run));
  return { beta, allowancePerNugget, scores, runs: runScores, warnings, signature: `nuggetF|beta:${beta}|allowance:${allowancePerNugget}|len:nonws|questions:${questions.length}` };
}
