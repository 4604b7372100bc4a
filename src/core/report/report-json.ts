import { MetricResult, ScoreReport } from '../engine/score-systems';
import { UNDERSTUDY_VERSION } from '../version';

/** Precision/recall/F of ROUGE-style results, which are reported as P/R/F rather than one number. */
export function precisionRecallF(result: MetricResult): { p: number; r: number; f: number } | undefined {
  const parts = result.parts as Record<string, unknown>;
  const p = parts.p ?? parts.precision;
  const r = parts.r ?? parts.recall;
  const f = parts.f ?? parts.fmeasure;
  return typeof p === 'number' && typeof r === 'number' && typeof f === 'number' ? { p, r, f } : undefined;
}

export interface JsonMetricResult {
  score: number;
  p?: number;
  r?: number;
  f?: number;
  signature: string;
  parts: MetricResult['parts'];
}

export interface JsonReport {
  understudy: string;
  systems: { file: string; scores: Record<string, JsonMetricResult> }[];
  segments?: ScoreReport['segments'];
  warnings?: ScoreReport['warnings'];
}

/**
 * The documented, stable JSON shape shared by `understudy score --json` and the extension's
 * `understudy.scoreAgainstReference` command result. Numbers are full precision; statistics are left out.
 */
export function reportToJsonObject(report: ScoreReport): JsonReport {
  const out: JsonReport = {
    understudy: UNDERSTUDY_VERSION,
    systems: report.systems.map((system) => ({
      file: system.file,
      scores: Object.fromEntries(
        Object.entries(system.scores).map(([name, result]) => [
          name,
          { score: result.score, ...precisionRecallF(result), signature: result.signature, parts: result.parts },
        ]),
      ),
    })),
  };
  if (report.segments) out.segments = report.segments;
  if (report.warnings.length > 0) out.warnings = report.warnings;
  return out;
}
