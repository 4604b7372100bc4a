import { METEOR_CLI_USAGE } from './parse-meteor-args';

/** Help for the metric-setting flags `score` and `correlate` share (METRIC_SETTING_OPTIONS). */
export const METRIC_OPTIONS_HELP = `BLEU / sentbleu / WER / PER / GTM (sacreBLEU names):
  --tokenize 13a|intl|zh|char|none   (default 13a)      --lowercase, -l
  --smooth none|floor|add-k|exp|add-one (default exp)   --smooth-value V
  --effective-order       --ref-length closest|shortest|average (default closest)
chrF / chrF++:
  --chrf-char-order N (6)  --chrf-beta B (2)  --chrf-whitespace  --chrf-eps-smoothing
TER (tercom / sacreBLEU):
  --ter-case-sensitive  --ter-normalized  --ter-no-punct  --ter-asian-support
  --ter-compat sacrebleu|tercom   (default sacrebleu; tercom = tercom 0.10's tokenizer and shift search)
NIST (mteval-v13a):
  --nist-case-sensitive   (mteval -c; lower-cased by default)
ROUGE:
  --rouge-compat rouge155|rouge-score (default rouge155)
  --rouge-stem (-m)  --rouge-stopwords (-s)  --rouge-model-average A|B (-f)  --rouge-alpha P (-p, 0.5)
  --rouge-length-words N (-l)  --rouge-length-bytes N (-b)
  --rouge-jackknife       average over leave-one-out reference subsets (DUC style; not a ROUGE-1.5.5 flag)
  --rouge-sentence-split none|rule|summeval   how a summary line is split into sentences (default none)
WER / PER (Leusch et al. 2005):
  --wer-ref-length best|nearest|average|average-nearest   (default best)
GTM:
  --gtm-exponent E (default 1; 2 rewards contiguous runs)
${METEOR_CLI_USAGE}
Syntactic metrics (dep-f, depeval, be-hm, be, hwcm, dstm, dp-hwc, dp-or; stm):
  dep-f and depeval take switches as suffixes: dep-f-pm-wn, depeval-one-norel… (pm one wn norel pred)
  --dep-beta B (1)  --dep-partial add|replace (add)  --depeval-no-jackknife  --be-no-stem
  --hwcm-depth D (4, also dp-hwc)  --stm-depth D (4, also dstm)  --dp-hwc-items word|category|relation
  be-hm/be follow --rouge-model-average, --rouge-alpha and --rouge-jackknife; hwcm/dstm/dp-* follow --lowercase

Expanded references (Owczarzak et al. 2006/2007; Kauchak & Barzilay 2006), for any metric:
  --expand-references none|paraphrase|paraphrase-best|wordnet   (default none)
      paraphrase: the references plus one per substitution from equivalence sets learned by aligning the source
      with the references; paraphrase-best / wordnet: each reference rewritten towards the hypothesis
  --source FILE           the test set's source text, one line per segment (paraphrase modes)
  --synonyms FILE         synonym groups, one per line, tab- or comma-separated (wordnet mode; default: shipped WordNet 3.0)
  --paraphrase-tokenize 13a|intl|zh|char|none (intl)   --paraphrase-phrases minimal|all (minimal)
  --paraphrase-max-length N (3)  --paraphrase-min-prob P (0)  --paraphrase-exclude prepositions|closed-class|none
  --paraphrase-occurrences each|all (each)
`;
