import { describeMetric } from '../engine/metric-descriptions';

/**
 * Finding the bad lines: a system's segments sorted worst first by any metric, narrowed by length bucket (the
 * hypothesis' words, in compare-mt's buckets) and by a score range.
 */
export interface SegmentRow {
  /** 0-based segment (line) index. */
  readonly index: number;
  /** Words in the hypothesis (whitespace-separated). */
  readonly words: number;
}

export interface LengthBucket {
  readonly label: string;
  /** Inclusive bounds in words. */
  readonly min: number;
  readonly max: number;
}

/** compare-mt's sentence length buckets (<10, 10–19, …, ≥60). */
export const LENGTH_BUCKETS: readonly LengthBucket[] = [
  { label: '< 10 words', min: 0, max: 9 },
  { label: '10–19 words', min: 10, max: 19 },
  { label: '20–29 words', min: 20, max: 29 },
  { label: '30–39 words', min: 30, max: 39 },
  { label: '40–49 words', min: 40, max: 49 },
  { label: '50–59 words', min: 50, max: 59 },
  { label: '≥ 60 words', min: 60, max: Number.POSITIVE_INFINITY },
];

export interface ScoreRange {
  readonly metric: string;
  /** Bounds (inclusive unless marked exclusive); either may be infinite. */
  readonly min: number;
  readonly max: number;
  readonly minExclusive?: boolean;
  readonly maxExclusive?: boolean;
}

export interface SegmentFilter {
  readonly length?: LengthBucket;
  readonly score?: ScoreRange;
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/**
 * A score range as users type it: `10-20` / `10..20` (inclusive), `<20`, `<=20`, `>50`, `>=50`, or one number
 * (that score exactly). Undefined when it cannot be read.
 */
export function parseScoreRange(metric: string, text: string): ScoreRange | undefined {
  const t = text.trim().replace(/,/g, '.');
  const number = '(-?\\d+(?:\\.\\d*)?|-?\\.\\d+)';
  let m = new RegExp(`^${number}\\s*(?:-|–|\\.\\.|to)\\s*${number}$`).exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    return { metric, min: Math.min(a, b), max: Math.max(a, b) };
  }
  m = new RegExp(`^(<=|≤|<|>=|≥|>)\\s*${number}$`).exec(t);
  if (m) {
    const value = Number(m[2]);
    const exclusive = m[1] === '<' || m[1] === '>';
    if (m[1].startsWith('<') || m[1] === '≤') return { metric, min: Number.NEGATIVE_INFINITY, max: value, maxExclusive: exclusive };
    return { metric, min: value, max: Number.POSITIVE_INFINITY, minExclusive: exclusive };
  }
  m = new RegExp(`^${number}$`).exec(t);
  return m ? { metric, min: Number(m[1]), max: Number(m[1]) } : undefined;
}

export function describeScoreRange(range: ScoreRange): string {
  const label = describeMetric(range.metric).label;
  const fmt = (v: number): string => String(Number(v.toPrecision(10)));
  if (range.min === Number.NEGATIVE_INFINITY) return `${label} ${range.maxExclusive ? '<' : '≤'} ${fmt(range.max)}`;
  if (range.max === Number.POSITIVE_INFINITY) return `${label} ${range.minExclusive ? '>' : '≥'} ${fmt(range.min)}`;
  return `${label} ${fmt(range.min)}–${fmt(range.max)}`;
}

export function inScoreRange(value: number, range: ScoreRange): boolean {
  if (!Number.isFinite(value)) return false;
  const aboveMin = range.minExclusive ? value > range.min : value >= range.min;
  const belowMax = range.maxExclusive ? value < range.max : value <= range.max;
  return aboveMin && belowMax;
}

/** Rows passing the filter. */
export function filterSegments<R extends SegmentRow>(rows: readonly R[], filter: SegmentFilter, scoreOf: (metric: string, index: number) => number): R[] {
  return rows.filter((row) => {
    if (filter.length && (row.words < filter.length.min || row.words > filter.length.max)) return false;
    if (filter.score) {
      const value = scoreOf(filter.score.metric, row.index);
      if (!inScoreRange(value, filter.score)) return false;
    }
    return true;
  });
}

/** Worst first by `metric` (lowest for BLEU-like metrics, highest for error rates); ties in line order; unscored last. */
export function sortWorstFirst<R extends SegmentRow>(rows: readonly R[], metric: string, scoreOf: (metric: string, index: number) => number): R[] {
  const sign = describeMetric(metric).higherIsBetter ? 1 : -1;
  const key = (row: R): number => {
    const value = scoreOf(metric, row.index);
    return Number.isFinite(value) ? sign * value : Number.POSITIVE_INFINITY;
  };
  return rows
    .map((row) => ({ row, key: key(row) }))
    .sort((a, b) => a.key - b.key || a.row.index - b.row.index)
    .map((entry) => entry.row);
}

/**
 * The next segment after `from` (or before it, with direction −1) for which `isLow` holds, wrapping around the
 * file; undefined when there is none.
 */
export function nextLowSegment(count: number, from: number, direction: 1 | -1, isLow: (index: number) => boolean): number | undefined {
  for (let step = 1; step <= count; step++) {
    const index = (((from + direction * step) % count) + count) % count;
    if (isLow(index)) return index;
  }
  return undefined;
}
