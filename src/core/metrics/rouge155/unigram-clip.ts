/**
 * The unigram budgets ROUGE-1.5.5's ROUGE-L and ROUGE-W clip LCS hits with (`%model_1grams`, `%peer_1grams`): the
 * token counts of the joined (`readText`) reading of model and peer. Every LCS hit spends one model and one peer
 * occurrence of its token; a marked LCS position whose token has run out on either side is not a hit.
 * Counts live in reusable arrays indexed by token id (JavaScript is single-threaded; calls never nest).
 */
let modelLeft = new Int32Array(1024);
let peerLeft = new Int32Array(1024);

function ensureSize(maxId: number): void {
  if (maxId < modelLeft.length) return;
  let size = modelLeft.length;
  while (size <= maxId) size *= 2;
  const m = new Int32Array(size);
  m.set(modelLeft);
  modelLeft = m;
  const p = new Int32Array(size);
  p.set(peerLeft);
  peerLeft = p;
}

export interface UnigramBudget {
  /** Spends one occurrence of `token` on both sides when both still have one; returns whether it did. */
  spend(token: number): boolean;
}

const budget: UnigramBudget = {
  spend(token: number): boolean {
    if (token < 0 || modelLeft[token] <= 0 || peerLeft[token] <= 0) return false;
    modelLeft[token]--;
    peerLeft[token]--;
    return true;
  },
};

/** Runs `body` with budgets filled from the two token streams, and clears them afterwards. */
export function withUnigramBudget<T>(modelTokens: Int32Array, peerTokens: Int32Array, body: (b: UnigramBudget) => T): T {
  let maxId = -1;
  for (let i = 0; i < modelTokens.length; i++) if (modelTokens[i] > maxId) maxId = modelTokens[i];
  ensureSize(maxId + 1);
  for (let i = 0; i < modelTokens.length; i++) modelLeft[modelTokens[i]]++;
  // Peer tokens unknown to every model (−1) or beyond the model's ids can never be spent.
  for (let i = 0; i < peerTokens.length; i++) {
    const t = peerTokens[i];
    if (t >= 0 && t <= maxId) peerLeft[t]++;
  }
  try {
    return body(budget);
  } finally {
    for (let i = 0; i < modelTokens.length; i++) modelLeft[modelTokens[i]] = 0;
    for (let i = 0; i < peerTokens.length; i++) {
      const t = peerTokens[i];
      if (t >= 0 && t <= maxId) peerLeft[t] = 0;
    }
  }
}
