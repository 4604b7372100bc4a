/**
 * English closed-class words, for keeping them out of equivalence sets and synonym substitutions. Owczarzak et al.
 * (2006, §3.4) found that equivalence from word alignment "is unlikely to extend to closed word classes like
 * prepositions or pronouns" (French *à* aligns to *to*, *in* and *at*, which are not synonyms) and excluded
 * prepositions in their experiment; whether to exclude more was left to future work. Hence two levels:
 *  - `prepositions`: what the paper excluded (its default here); particles that double as prepositions (up, out,
 *    off…) are included, `but` is not (the paper's own example substitutes *but* → *however*);
 *  - `closed-class`: also pronouns, determiners, conjunctions, auxiliaries and modals, and the negation particle.
 * Expressions made only of punctuation are excluded at both levels. The lists are hand-written for English, the
 * target language of the paper and of the WMT into-English test sets.
 */
export type ClosedClassExclusion = 'prepositions' | 'closed-class' | 'none';

export const CLOSED_CLASS_EXCLUSIONS: readonly ClosedClassExclusion[] = ['prepositions', 'closed-class', 'none'];

const PREPOSITIONS = [
  'aboard', 'about', 'above', 'across', 'after', 'against', 'along', 'alongside', 'amid', 'amidst', 'among', 'amongst',
  'around', 'as', 'at', 'atop', 'before', 'behind', 'below', 'beneath', 'beside', 'besides', 'between', 'beyond', 'by',
  'concerning', 'despite', 'down', 'during', 'except', 'for', 'from', 'in', 'inside', 'into', 'near', 'of', 'off', 'on',
  'onto', 'out', 'outside', 'over', 'per', 'regarding', 'since', 'than', 'through', 'throughout', 'till', 'to',
  'toward', 'towards', 'under', 'underneath', 'until', 'unto', 'up', 'upon', 'via', 'with', 'within', 'without', 'versus', 'vs',
];

const OTHER_CLOSED_CLASS = [
  // pronouns
  'i', 'me', 'my', 'mine', 'myself', 'you', 'your', 'yours', 'yourself', 'yourselves', 'he', 'him', 'his', 'himself',
  'she', 'her', 'hers', 'herself', 'it', 'its', 'itself', 'we', 'us', 'our', 'ours', 'ourselves', 'they', 'them',
  'their', 'theirs', 'themselves', 'this', 'that', 'these', 'those', 'who', 'whom', 'whose', 'which', 'what',
  'whoever', 'whatever', 'whichever', 'someone', 'somebody', 'something', 'anyone', 'anybody', 'anything', 'everyone',
  'everybody', 'everything', 'nobody', 'nothing', 'oneself',
  // determiners and quantifiers
  'a', 'an', 'the', 'some', 'any', 'no', 'every', 'each', 'either', 'neither', 'all', 'both', 'several', 'many', 'much',
  'few', 'more', 'most', 'less', 'least', 'other', 'another', 'such', 'enough',
  // conjunctions and complementisers
  'and', 'or', 'but', 'nor', 'so', 'yet', 'if', 'because', 'although', 'though', 'while', 'whereas', 'unless', 'whether',
  // auxiliaries and modals
  'be', 'am', 'is', 'are', 'was', 'were', 'been', 'being', 'have', 'has', 'had', 'having', 'do', 'does', 'did', 'will',
  'would', 'shall', 'should', 'can', 'could', 'may', 'might', 'must', 'ought',
  // negation, infinitive marker, clitics as tokenizers split them
  'not', "n't", "'s", "'re", "'ve", "'ll", "'d", "'m", 's', 't',
];

const PREPOSITION_SET = new Set(PREPOSITIONS);
const CLOSED_CLASS_SET = new Set([...PREPOSITIONS, ...OTHER_CLOSED_CLASS]);

/** A token with no letter and no digit (punctuation and symbols). */
export function isPunctuationToken(token: string): boolean {
  return !/[\p{L}\p{N}]/u.test(token);
}

/** Whether a lower-cased token belongs to the excluded classes (punctuation always does, unless `none`). */
export function isExcludedToken(token: string, exclusion: ClosedClassExclusion): boolean {
  if (exclusion === 'none') return false;
  if (isPunctuationToken(token)) return true;
  return exclusion === 'prepositions' ? PREPOSITION_SET.has(token) : CLOSED_CLASS_SET.has(token);
}

/** An expression is excluded when every one of its (lower-cased) tokens is: "bear on" stays, "on" and "in the" go under `closed-class`. */
export function isExcludedExpression(tokens: readonly string[], exclusion: ClosedClassExclusion): boolean {
  if (tokens.length === 0) return true;
  if (exclusion === 'none') return false;
  return tokens.every((token) => isExcludedToken(token, exclusion));
}
