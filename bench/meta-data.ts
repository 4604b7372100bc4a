import * as fs from 'fs';
import * as path from 'path';
import { dataRoot, readLines } from './data';

/** SummEval by document: systems (sorted names) × 100 documents, the 11 references, the expert means per aspect. */
export interface SummEvalTable {
  readonly systems: string[];
  readonly documents: string[];
  /** hypotheses[s][d] */
  readonly hypotheses: string[][];
  /** references[r][d]: refs11[r] of document d. */
  readonly references: string[][];
  /** human[aspect][s × documents + d] */
  readonly human: Record<'coherence' | 'consistency' | 'fluency' | 'relevance', Float64Array>;
}

export function summEvalTable(root = dataRoot().root): SummEvalTable {
  const docs = readLines(path.join(root, 'summeval/docs.jsonl')).map((l) => JSON.parse(l) as { doc_id: string; refs11: string[] });
  const records = readLines(path.join(root, 'summeval/summaries.jsonl')).map(
    (l) => JSON.parse(l) as { doc_id: string; system: string; summary: string; coherence: number; consistency: number; fluency: number; relevance: number },
  );
  const systems = [...new Set(records.map((r) => r.system))].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  const documents = docs.map((d) => d.doc_id);
  const docIndex = new Map(documents.map((d, i) => [d, i]));
  const sysIndex = new Map(systems.map((s, i) => [s, i]));
  const D = documents.length;
  const hypotheses = systems.map(() => new Array<string>(D).fill(''));
  const aspects = ['coherence', 'consistency', 'fluency', 'relevance'] as const;
  const human = Object.fromEntries(aspects.map((a) => [a, new Float64Array(systems.length * D).fill(NaN)])) as SummEvalTable['human'];
  for (const r of records) {
    const s = sysIndex.get(r.system)!;
    const d = docIndex.get(r.doc_id);
    if (d === undefined) throw new Error(`SummEval summary for unknown document ${r.doc_id}`);
    hypotheses[s][d] = r.summary;
    for (const a of aspects) human[a][s * D + d] = r[a];
  }
  const references = Array.from({ length: 11 }, (_, k) => docs.map((d) => d.refs11[k]));
  return { systems, documents, hypotheses, references, human };
}

/** System means of a systems × items matrix (NaN left out). */
export function systemMeans(matrix: Float64Array, systems: number, items: number): Float64Array {
  return Float64Array.from({ length: systems }, (_, s) => {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < items; i++) {
      const v = matrix[s * items + i];
      if (!Number.isNaN(v)) {
        sum += v;
        n++;
      }
    }
    return sum / n;
  });
}

/** WMT21 to-English pair with two references: systems with DA, their outputs, refs A and B, DA z per segment. */
export interface Wmt21Table {
  readonly systems: string[];
  readonly hypotheses: string[][];
  readonly references: string[][];
  /** z[s × segments + i], NaN where the segment was not judged. */
  readonly z: Float64Array;
  /** Official system z (ad-sys-ranking), in `systems` order. */
  readonly systemZ: Float64Array;
}

export function wmt21Table(pair: string, root = dataRoot().root): Wmt21Table {
  const base = path.join(root, 'wmt21-news');
  const ranking = readLines(path.join(base, `humaneval/newstest2021-toen/ad-sys-ranking-${pair}-z-names.csv`)).map((l) => l.trim().split(/\s+/));
  const judged = ranking.filter((f) => f[5] !== 'HUMAN');
  const systems = judged.map((f) => f[5]).filter((name) => fs.existsSync(path.join(base, `txt/system-outputs/newstest2021.${pair}.hyp.${name}.en`)));
  const idToName = new Map(ranking.map((f) => [f[4], f[5]]));
  const hypotheses = systems.map((name) => readLines(path.join(base, `txt/system-outputs/newstest2021.${pair}.hyp.${name}.en`)));
  const references = ['A', 'B'].map((r) => readLines(path.join(base, `txt/references/newstest2021.${pair}.ref.${r}.en`)));
  const segments = references[0].length;
  const z = new Float64Array(systems.length * segments).fill(NaN);
  const index = new Map(systems.map((s, i) => [s, i]));
  for (const line of readLines(path.join(base, `humaneval/newstest2021-toen/ad-seg-scores-${pair}.csv`)).slice(1)) {
    const [sys, sid, , zScore] = line.trim().split(/\s+/);
    const s = index.get(idToName.get(sys) ?? '');
    if (s !== undefined) z[s * segments + Number(sid) - 1] = Number(zScore);
  }
  const systemZ = Float64Array.from(systems, (name) => Number(judged.find((f) => f[5] === name)![1]));
  return { systems, hypotheses, references, z, systemZ };
}
