import * as fs from 'fs';
import * as path from 'path';

/** Where benchmark data comes from: ../shared/data when present (the full WMT21 and SummEval sets), else the fixtures. */
export const SHARED_DATA = path.resolve(__dirname, '../../../shared/data');
export const FIXTURE_DATA = path.resolve(__dirname, '../../test/fixtures/data');

export function dataRoot(): { root: string; shared: boolean } {
  return fs.existsSync(path.join(SHARED_DATA, 'wmt21-news')) ? { root: SHARED_DATA, shared: true } : { root: FIXTURE_DATA, shared: false };
}

export function readLines(file: string): string[] {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * WMT21 system outputs concatenated with their reference A lines, in a fixed order (pair, then system name),
 * cycled until `count` segments (only the fixtures' cs-en/de-en outputs are cycled when ../shared is absent).
 */
export function wmt21Segments(count: number): { hypotheses: string[]; references: string[]; files: number; cycled: boolean } {
  const { root } = dataRoot();
  const outputs = path.join(root, 'wmt21-news/txt/system-outputs');
  const refs = path.join(root, 'wmt21-news/txt/references');
  const hypotheses: string[] = [];
  const references: string[] = [];
  const files = fs.readdirSync(outputs).filter((f) => f.endsWith('.en')).sort();
  let cycled = false;
  while (hypotheses.length < count) {
    for (const file of files) {
      const pair = /newstest2021\.([a-z]{2}-en)\./.exec(file)?.[1];
      if (!pair) continue;
      const hyp = readLines(path.join(outputs, file));
      const ref = readLines(path.join(refs, `newstest2021.${pair}.ref.A.en`));
      for (let i = 0; i < hyp.length && hypotheses.length < count; i++) {
        hypotheses.push(hyp[i]);
        references.push(ref[i]);
      }
      if (hypotheses.length >= count) break;
    }
    if (hypotheses.length < count) cycled = true;
  }
  return { hypotheses, references, files: files.length, cycled };
}

/** SummEval: 1,600 summaries (100 documents × 16 systems), each with the document's 11 references. */
export function summEval(): { summaries: string[]; references: string[][] } {
  const { root } = dataRoot();
  const docs = readLines(path.join(root, 'summeval/docs.jsonl')).map((l) => JSON.parse(l) as { doc_id: string; refs11: string[] });
  const byId = new Map(docs.map((d) => [d.doc_id, d.refs11]));
  const summaries: string[] = [];
  const references: string[][] = Array.from({ length: 11 }, () => []);
  for (const line of readLines(path.join(root, 'summeval/summaries.jsonl'))) {
    const record = JSON.parse(line) as { doc_id: string; summary: string };
    const refs = byId.get(record.doc_id);
    if (!refs) throw new Error(`SummEval summary for unknown document ${record.doc_id}`);
    summaries.push(record.summary);
    refs.forEach((r, k) => references[k].push(r));
  }
  return { summaries, references };
}

/**
 * A 3,000-line candidate file with two references, as the editor benchmark opens: WMT21 cs-en, de-en and ru-en
 * (the to-English pairs with references A and B), Online-B's outputs (only cs-en and de-en, cycled, when
 * ../shared is absent).
 */
export function threeThousandLinesTwoRefs(): { hypotheses: string[]; references: [string[], string[]]; cycled: boolean } {
  const { root } = dataRoot();
  const txt = path.join(root, 'wmt21-news/txt');
  const pairs = ['cs-en', 'de-en', 'ru-en'].filter((pair) => fs.existsSync(path.join(txt, `references/newstest2021.${pair}.ref.B.en`)));
  const hypotheses: string[] = [];
  const references: [string[], string[]] = [[], []];
  let cycled = false;
  while (hypotheses.length < 3000) {
    for (const pair of pairs) {
      const hyp = readLines(path.join(txt, `system-outputs/newstest2021.${pair}.hyp.Online-B.en`));
      const a = readLines(path.join(txt, `references/newstest2021.${pair}.ref.A.en`));
      const b = readLines(path.join(txt, `references/newstest2021.${pair}.ref.B.en`));
      for (let i = 0; i < hyp.length && hypotheses.length < 3000; i++) {
        hypotheses.push(hyp[i]);
        references[0].push(a[i]);
        references[1].push(b[i]);
      }
    }
    if (hypotheses.length < 3000) cycled = true;
  }
  return { hypotheses, references, cycled };
}

/** One SummEval document: its 11 references and the 16 systems' summaries with the experts' mean scores. */
export interface SummEvalDocument {
  readonly id: string;
  readonly references: readonly string[];
  readonly summaries: readonly { readonly system: string; readonly summary: string; readonly relevance: number; readonly coherence: number; readonly consistency: number; readonly fluency: number }[];
}

/** SummEval grouped by document, in file order (the fixtures' copy is the full set; `root` defaults to `dataRoot()`). */
export function summEvalDocuments(root = dataRoot().root, limit = Infinity): SummEvalDocument[] {
  const docs = readLines(path.join(root, 'summeval/docs.jsonl'))
    .slice(0, limit)
    .map((l) => JSON.parse(l) as { doc_id: string; refs11: string[] });
  const byId = new Map(docs.map((d) => [d.doc_id, { id: d.doc_id, references: d.refs11, summaries: [] as SummEvalDocument['summaries'][number][] }]));
  for (const line of readLines(path.join(root, 'summeval/summaries.jsonl'))) {
    const record = JSON.parse(line) as SummEvalDocument['summaries'][number] & { doc_id: string };
    byId.get(record.doc_id)?.summaries.push({
      system: record.system,
      summary: record.summary,
      relevance: record.relevance,
      coherence: record.coherence,
      consistency: record.consistency,
      fluency: record.fluency,
    });
  }
  return [...byId.values()];
}
