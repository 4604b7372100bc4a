/**
 * Lemmatization learned from a treebank: a lemma is the word with a few final characters replaced ("forces" →
 * strip 1 → "force", "went" → exception "go"), lower-cased or with its case kept. Rules are learned per XPOS tag and
 * word ending (the most frequent edit for the longest known ending wins); words the rules get wrong in the
 * training data are kept as exceptions.
 */
export interface LemmaRule {
  /** Keep the word's case (proper nouns, "I") or lower-case it first. */
  readonly keepCase: boolean;
  /** Characters removed from the end. */
  readonly strip: number;
  /** Then appended. */
  readonly append: string;
}

export interface LemmatizerData {
  /** Longest word ending consulted. */
  readonly maxSuffix: number;
  /** "XPOS\tending" → rule, for endings of 0..maxSuffix characters of the lower-cased word. */
  readonly rules: Readonly<Record<string, string>>;
  /** "lower-cased form\tXPOS" → lemma, where the rules are wrong. */
  readonly exceptions: Readonly<Record<string, string>>;
}

/** A rule written as text: `k|2|e` (keep case, strip 2, append "e") or `l|0|` (lower-case only). */
export function formatLemmaRule(rule: LemmaRule): string {
  return `${rule.keepCase ? 'k' : 'l'}|${rule.strip}|${rule.append}`;
}

export function parseLemmaRule(text: string): LemmaRule {
  const first = text.indexOf('|');
  const second = text.indexOf('|', first + 1);
  return { keepCase: text.slice(0, first) === 'k', strip: Number(text.slice(first + 1, second)), append: text.slice(second + 1) };
}

export function applyLemmaRule(form: string, rule: LemmaRule): string {
  const base = rule.keepCase ? form : form.toLowerCase();
  const kept = rule.strip >= base.length ? '' : base.slice(0, base.length - rule.strip);
  const lemma = kept + rule.append;
  return lemma === '' ? base : lemma;
}

/** The rule that turns `form` into `lemma`, preferring the lower-cased word when both work. */
export function lemmaRuleFor(form: string, lemma: string): LemmaRule {
  const lower = form.toLowerCase();
  const edit = (base: string): LemmaRule => {
    let common = 0;
    while (common < base.length && common < lemma.length && base[common] === lemma[common]) common++;
    return { keepCase: base === form && base !== lower, strip: base.length - common, append: lemma.slice(common) };
  };
  const lowered = edit(lower);
  const kept = edit(form);
  if (lowered.strip <= kept.strip && lowered.strip < lower.length) return { ...lowered, keepCase: false };
  return kept.strip < form.length ? { ...kept, keepCase: true } : { ...lowered, keepCase: false };
}

export class Lemmatizer {
  private readonly rules = new Map<string, LemmaRule>();
  private readonly exceptions: ReadonlyMap<string, string>;

  constructor(readonly data: LemmatizerData) {
    for (const [key, rule] of Object.entries(data.rules)) this.rules.set(key, parseLemmaRule(rule));
    this.exceptions = new Map(Object.entries(data.exceptions));
  }

  /** The rule the learned table gives `form` with `xpos` (before exceptions). */
  ruleFor(form: string, xpos: string): LemmaRule {
    const lower = form.toLowerCase();
    for (let n = Math.min(this.data.maxSuffix, lower.length); n >= 0; n--) {
      const rule = this.rules.get(`${xpos}\t${lower.slice(lower.length - n)}`);
      if (rule) return rule;
    }
    return { keepCase: xpos.startsWith('NNP'), strip: 0, append: '' };
  }

  lemmatize(form: string, xpos: string): string {
    const exception = this.exceptions.get(`${form.toLowerCase()}\t${xpos}`);
    if (exception !== undefined) return exception;
    return applyLemmaRule(form, this.ruleFor(form, xpos));
  }
}
