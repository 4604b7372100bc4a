import { performance } from 'perf_hooks';
import { ALPHA_LEVELS, krippendorffAlpha, ReliabilityValue } from '../src/core/meta/manual/krippendorff-alpha';
import { identicalSummaryAgreement, identicalSummaryGroups } from '../src/core/meta/manual/identical-summaries';
import { readScoredSummaries } from '../src/core/meta/manual/scored-summaries-file';
import { PyramidScu } from '../src/core/meta/manual/pyramid';
import { pyramidReport, PyramidTopicInput } from '../src/core/meta/manual/pyramid-report';
import { readRealSummPyramids, realSummPyramidReport } from '../src/core/meta/manual/realsumm-pyramid';
import { dataRoot } from './data';
import type { BenchResult } from './cases';
import * as fs from 'fs';
import * as path from 'path';

/** A small seeded generator (mulberry32), so every run times the same data. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `units` units × `coders` coders; each value the unit's true score plus noise, 10% missing. */
function reliabilityData(units: number, coders: number, values: (r: () => number, truth: number) => number): ReliabilityValue[][] {
  const r = random(7);
  return Array.from({ length: units }, () => {
    const truth = r();
    return Array.from({ length: coders }, () => (r() < 0.1 ? null : values(r, truth)));
  });
}

function timed(name: string, metric: string, segments: number, note: string, run: () => unknown): BenchResult {
  const start = performance.now();
  run();
  return { name, metric, segments, seconds: (performance.now() - start) / 1000, note };
}

/**
 * TAC-sized pyramid data: `topics` topics × 4 models, ~35 SCUs per model (weights 1–4), `peers` peers per topic each
 * expressing a random third of the topic's SCUs plus a few unmatched units.
 */
export function pyramidTopics(topics: number, peers: number): PyramidTopicInput[] {
  const r = random(11);
  const models = ['A', 'B', 'C', 'D'];
  return Array.from({ length: topics }, (_, t) => {
    const scus: PyramidScu[] = Array.from({ length: 70 }, (_, i) => ({ id: String(i), models: models.filter(() => r() < 0.5) })).filter((s) => s.models.length > 0);
    return {
      pyramid: { topic: `D${t}`, models, scus },
      peers: Array.from({ length: peers }, (_, p) => ({ peer: String(p), topic: `D${t}`, scuIds: scus.filter(() => r() < 0.33).map((s) => s.id), unmatchedUnits: Math.floor(4 * r()) })),
    };
  });
}

export const MANUAL_CASES: Record<string, () => BenchResult[]> = {
  // Krippendorff's alpha over 100,000 units × 3 coders: DA-style 0–100 ratings (101 distinct values) at every level,
  // and continuous scores (≈270,000 distinct values) where the interval and ordinal metrics stay linear.
  'krippendorff-alpha': () => {
    const ratings = reliabilityData(100_000, 3, (r, t) => Math.max(0, Math.min(100, Math.round(100 * t + 15 * (r() - 0.5)))));
    const continuous = reliabilityData(100_000, 3, (r, t) => t + 0.1 * (r() - 0.5));
    return [
      ...ALPHA_LEVELS.map((level) => timed('krippendorff-alpha', `alpha ${level}`, 100_000, '100k units × 3 coders, 0–100 ratings, 10% missing', () => krippendorffAlpha(ratings, level))),
      ...(['interval', 'ordinal'] as const).map((level) =>
        timed('krippendorff-alpha', `alpha ${level}`, 100_000, '100k units × 3 coders, continuous scores (≈270k distinct values)', () => krippendorffAlpha(continuous, level)),
      ),
    ];
  },
  // The identical-summary consistency check on SummEval (1,600 summaries): grouping plus alpha for the four aspects.
  'identical-summaries': () => {
    const { root } = dataRoot();
    const text = fs.readFileSync(path.join(root, 'summeval/summaries.jsonl'), 'utf8');
    return [
      timed('identical-summaries', 'alpha interval ×4', 1600, 'SummEval: read, group identical summaries, alpha per aspect', () => {
        const { summaries, aspects } = readScoredSummaries(text, 'summeval');
        return identicalSummaryAgreement(identicalSummaryGroups(summaries, aspects), aspects);
      }),
    ];
  },
  // Jackknifed pyramid scores at TAC scale (48 topics × 55 peers, 4 models: 5 pyramids per peer), models scored too;
  // and REALSumm's 2,400 summaries read from ../shared/data (CSV, markdown, JSONL) and scored as one-model pyramids.
  pyramid: () => {
    const inputs = pyramidTopics(48, 55);
    const results = [timed('pyramid', 'jackknifed report', 48 * 55, '48 topics × 55 peers × 4 models, ~60 SCUs per topic', () => pyramidReport(inputs))];
    const { root, shared } = dataRoot();
    if (shared) {
      const dir = path.join(root, 'realsumm');
      const read = (p: string): string => fs.readFileSync(path.join(dir, p), 'utf8');
      results.push(
        timed('pyramid', 'REALSumm read + report', 2400, 'shared/data/realsumm: 100 documents, 24 systems', () =>
          realSummPyramidReport(
            readRealSummPyramids(
              { scuList: read('human_annotations/SCUs_and_annotations/SCUs_list.csv'), selectedDocuments: read('selected_docs_for_human_eval/selected_documents.md'), summaries: read('summaries.jsonl') },
              { scuList: 'SCUs_list.csv', selectedDocuments: 'selected_documents.md', summaries: 'summaries.jsonl' },
            ),
          ),
        ),
      );
    }
    return results;
  },
};
