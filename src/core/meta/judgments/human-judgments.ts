/**
 * Human judgments as Understudy reads them, and the options that say how to read and combine them.
 *
 * Every loader (WMT21 and WMT17 DA files, SummEval, REALSumm, the generic CSV/TSV mapper) turns a file's text into a
 * `JudgmentSet`: rows of (system, segment, judge, named scores). `combineJudgments` (combine-judgments.ts) then makes
 * one human score per system and segment from one or more sets. `HumanScoreSpec` is the JSON an `understudy.json`
 * `humanJudgments` entry carries, and what the CLI's `--human…` flags build.
 */

/** The file formats the loaders read. */
export type JudgmentFormat =
  /** WMT21 `ad-seg-scores-<lp>.csv`: space-separated, header `SYS SID RAW.SCR Z.SCR N`. */
  | 'wmt21-seg'
  /** WMT21 `ad-sys-ranking-<lp>-z-names.csv`: no header, columns `RAW Z N N.ALL SYS.ID NAME`. */
  | 'wmt21-sys'
  /** WMT17 `DA-seglevel.csv`: header `LP DATA SYSTEM SID HUMAN`, every language pair in one file. */
  | 'wmt17-seg'
  /** WMT17 `DA-syslevel.csv`: header `LP HUMAN SYSTEM`. */
  | 'wmt17-sys'
  /** SummEval JSONL (`summaries.jsonl`): doc_id, system, summary and the expert means of four aspects. */
  | 'summeval'
  /** REALSumm JSONL (`summaries.jsonl`): doc_id, group, system, system_summary, litepyramid_recall. */
  | 'realsumm'
  /** Any CSV/TSV/whitespace table, its columns named by `TableColumns`. */
  | 'table';

export const JUDGMENT_FORMATS: readonly JudgmentFormat[] = ['wmt21-seg', 'wmt21-sys', 'wmt17-seg', 'wmt17-sys', 'summeval', 'realsumm', 'table'];

/** One row of human judgment. */
export interface HumanJudgment {
  /** System name as the file writes it (after the loader's own normalisation, e.g. WMT21's `.id` suffix removed). */
  readonly system: string;
  /** Segment id: "1" is line 1 of the outputs (1-based, as WMT's SID), or a document id; null for a system score. */
  readonly item: string | null;
  /** Judge (annotator) id; null when the file has none (its scores are already means over judges). */
  readonly judge: string | null;
  /** Scores by aspect: 'z', 'raw', 'coherence', 'adequacy', … Missing values are left out of the record. */
  readonly scores: Readonly<Record<string, number>>;
  /** Individual judgments this row averages (WMT's N); 1 when the file does not say. */
  readonly count: number;
  /** 1-based line of the row in its file, for messages. */
  readonly line: number;
}

/** What a loader read from one file. */
export interface JudgmentSet {
  readonly source: string;
  readonly format: JudgmentFormat;
  readonly level: 'segment' | 'system';
  /** Score columns available. */
  readonly aspects: readonly string[];
  /** The aspect used when the user names none (WMT: 'z'); undefined when the choice is the user's (SummEval). */
  readonly defaultAspect?: string;
  readonly judgments: readonly HumanJudgment[];
  /**
   * Judged names that stand for several systems with identical output (WMT17's `a+b`): the name as written → the
   * systems, in the file's order. Judgments of such rows carry the written name.
   */
  readonly aliases: Readonly<Record<string, readonly string[]>>;
  /** Systems the loader left out on purpose, with the reason (e.g. WMT's HUMAN rows). */
  readonly excluded: readonly { readonly name: string; readonly reason: string }[];
  /** Things worth telling the user (rows with missing values skipped, …). */
  readonly warnings: readonly string[];
  /** What the scores are, for labels: 'DA' (WMT direct assessment), 'expert' (SummEval); none for generic tables. */
  readonly scoreName?: string;
  /** WMT21 ranking files: SYS.ID → NAME, which names the systems of the segment file read with it. */
  readonly systemIds?: Readonly<Record<string, string>>;
}

/**
 * System outputs and references that come inside a judgments data set (SummEval, REALSumm), aligned by document:
 * `hypotheses[i]` and every reference stream's `[i]` belong to `items[i]`.
 */
export interface JudgedCorpus {
  readonly items: readonly string[];
  readonly systems: readonly { readonly name: string; readonly hypotheses: readonly string[] }[];
  readonly references: readonly { readonly name: string; readonly segments: readonly string[] }[];
}

/** Columns of a generic table: names (with a header row) or 0-based indices. */
export interface TableColumns {
  readonly system: string | number;
  /** Segment id column; omit for system-level scores. */
  readonly item?: string | number;
  /** Judge column; omit when rows are already means over judges. */
  readonly judge?: string | number;
  /** One or more score columns; their header names (or `score<k>` for indices) become the aspects. */
  readonly scores: readonly (string | number)[];
}

/** How to read one judgments file. JSON-compatible: an `understudy.json` `humanJudgments[].files[]` entry. */
export interface HumanJudgmentsFile {
  /** Path (relative to the manifest or the working directory). */
  readonly file: string;
  /** Default 'auto': recognised by its header or fields; a table without a recognised shape needs `columns`. */
  readonly format?: JudgmentFormat | 'auto';
  /** WMT17 files hold every language pair: the pair to keep, e.g. 'cs-en' (required when the file has several). */
  readonly languagePair?: string;
  /** 'table': the columns to use. */
  readonly columns?: TableColumns;
  /** 'table': field separator (default: tab for *.tsv, comma for *.csv, else sniffed from the first line). */
  readonly delimiter?: ',' | '\t' | ';' | '|' | 'whitespace';
  /** 'table': whether the first row names the columns (default true). */
  readonly header?: boolean;
  /** 'table': keep only rows whose column has this value, e.g. { "lp": "cs-en" }. */
  readonly where?: Readonly<Record<string, string>>;
  /** 'table': the item column counts lines from 0 (default 1, as WMT's SID). */
  readonly itemBase?: 0 | 1;
  /**
   * Systems to leave out: exact names, or prefixes ending in '*'. Default for the WMT formats: ['HUMAN*'] (human
   * translations judged alongside the systems); none otherwise. Give [] to keep everything.
   */
  readonly exclude?: readonly string[];
}

/** How judgments become one score per segment and per system. */
export interface HumanCombineOptions {
  /** Aspects (score columns) to use; default: the format's default (WMT 'z'). Required for SummEval-like files. */
  readonly aspects?: readonly string[];
  /** Several aspects per judgment: their mean (default; METEOR's adequacy+fluency average) or sum (Liu & Gildea). */
  readonly aspectCombination?: 'mean' | 'sum';
  /**
   * 'z-per-judge': each judge's scores of each aspect standardised to mean 0 and standard deviation 1 before anything
   * else (as WMT's DA z-scores; Leusch et al.'s evaluator normalisation). Needs a judge column. Default 'raw'.
   */
  readonly normalization?: 'raw' | 'z-per-judge';
}

/**
 * One human score: the files it comes from (typically a segment-level file, a system-level file, or both) and how
 * they are combined. This is an `understudy.json` `humanJudgments` entry.
 */
export interface HumanScoreSpec {
  /** Display label (default: the aspects, e.g. "z", "coherence", "adequacy+fluency"). */
  readonly label?: string;
  readonly files: readonly HumanJudgmentsFile[];
  readonly combine?: HumanCombineOptions;
}
