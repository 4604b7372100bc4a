import { JudgmentFormat } from './human-judgments';
import { JudgmentsInput, readJudgmentFiles } from './read-judgments';

/** What one judgments file holds, told before the (long) meta-evaluation runs, so that choices can be offered. */
export interface JudgmentFileSummary {
  readonly file: string;
  readonly format: JudgmentFormat;
  readonly level: 'segment' | 'system';
  /** Score columns the file has (what `--aspect` may name). */
  readonly aspects: readonly string[];
  /** The aspect used when none is named; undefined when the choice is the user's (SummEval). */
  readonly defaultAspect?: string;
  /** Judged systems (excluded ones left out) and judgment rows. */
  readonly systems: number;
  readonly judgments: number;
  readonly excluded: readonly string[];
}

/**
 * Reads the judgment files as the meta-evaluation will (so the same errors come out, e.g. a WMT17 file with several
 * language pairs and no pair chosen) and summarises each.
 */
export function summarizeJudgments(inputs: readonly JudgmentsInput[]): JudgmentFileSummary[] {
  return readJudgmentFiles(inputs).map((set) => ({
    file: set.source,
    format: set.format,
    level: set.level,
    aspects: set.aspects,
    defaultAspect: set.defaultAspect,
    systems: new Set(set.judgments.map((j) => j.system)).size,
    judgments: set.judgments.length,
    excluded: set.excluded.map((e) => e.name),
  }));
}

/** Aspects every file offers (a human score combines the same aspects across its files), in the first file's order. */
export function commonAspects(summaries: readonly JudgmentFileSummary[]): string[] {
  const [first, ...rest] = summaries;
  return first ? first.aspects.filter((a) => rest.every((s) => s.aspects.includes(a))) : [];
}
