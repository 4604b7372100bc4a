import { ReferenceInput } from '../engine/score-systems';
import { UnderstudyError } from '../errors';
import { HumanScores, combineJudgments } from './judgments/combine-judgments';
import { HumanScoreSpec, JudgedCorpus } from './judgments/human-judgments';
import { readJudgmentFiles } from './judgments/read-judgments';
import { readRealSummCorpus } from './judgments/realsumm';
import { SummEvalReferences, readSummEvalCorpus } from './judgments/summeval';
import { MetaEvaluationSystem } from './meta-evaluation';

/** What a meta-evaluation starts from, with every file already read (by the CLI from disk, by the extension from the workspace). */
export interface CorrelationSources {
  /** The human score: its files' specs and how to combine them. */
  readonly human: HumanScoreSpec;
  /** The text of each of `human.files`, in order. */
  readonly judgmentTexts: readonly string[];
  /** Line-aligned references and system outputs; leave `systems` empty for judgments that carry their summaries. */
  readonly references: readonly ReferenceInput[];
  readonly systems: readonly MetaEvaluationSystem[];
  /** SummEval/REALSumm `docs.jsonl` (documents and references) when the systems come from the judgments file. */
  readonly docs?: { readonly file: string; readonly text: string };
  /** SummEval: all 11 references (default) or the original highlight. */
  readonly docReferences?: SummEvalReferences;
}

/** The inputs of `runMetaEvaluation` that come from the sources. */
export interface PreparedCorrelation {
  readonly human: HumanScores;
  readonly references: readonly ReferenceInput[];
  readonly systems: readonly MetaEvaluationSystem[];
  /** Segment ids (document ids of SummEval/REALSumm corpora); undefined for line files ("1", "2", …). */
  readonly items?: readonly string[];
  /** True when systems and references came from the judgments data set (then ROUGE is the natural default metric). */
  readonly summaries: boolean;
}

/** Reads and combines the judgments and, for SummEval/REALSumm without separate outputs, builds the corpus they carry. */
export function prepareCorrelation(sources: CorrelationSources): PreparedCorrelation {
  const files = sources.human.files;
  if (sources.judgmentTexts.length !== files.length) throw new Error(`${files.length} judgment files but ${sources.judgmentTexts.length} texts.`);
  const inputs = files.map((spec, i) => ({ spec, text: sources.judgmentTexts[i] }));
  const sets = readJudgmentFiles(inputs);
  const human = combineJudgments(sets, sources.human.combine, sources.human.label);
  if (sources.systems.length > 0) {
    if (sources.references.length === 0) throw new UnderstudyError('bad-option', 'No reference given: name one or more with --ref FILE.');
    return { human, references: sources.references, systems: sources.systems, summaries: false };
  }
  const embedded = sets.findIndex((s) => s.format === 'summeval' || s.format === 'realsumm');
  if (embedded < 0) throw new UnderstudyError('bad-option', 'No system outputs given: list the hypothesis files (with their references).');
  const { file } = inputs[embedded].spec;
  const { text } = inputs[embedded];
  if (!sources.docs) throw new UnderstudyError('bad-option', `${file} holds the summaries; give their documents and references with --docs docs.jsonl.`);
  const corpus: JudgedCorpus =
    sets[embedded].format === 'summeval'
      ? readSummEvalCorpus(text, file, sources.docs.text, sources.docs.file, sources.docReferences ?? 'refs11')
      : readRealSummCorpus(text, file, sources.docs.text, sources.docs.file);
  return {
    human,
    references: corpus.references.map((r) => ({ file: r.name, segments: [...r.segments] })),
    systems: corpus.systems.map((s) => ({ file: s.name, name: s.name, hypotheses: s.hypotheses })),
    items: corpus.items,
    summaries: true,
  };
}
