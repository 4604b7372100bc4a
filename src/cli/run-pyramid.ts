import * as path from 'path';
import { UnderstudyError } from '../core/errors';
import { readTextFile } from '../core/io/read-text';
import { readDucViewPeer, readDucViewPyramid } from '../core/meta/manual/ducview-pyramid';
import { pyramidReportToText, realSummReportToText } from '../core/meta/manual/format-manual';
import { AverageCountRounding, Pyramid } from '../core/meta/manual/pyramid';
import { readPyramidJson } from '../core/meta/manual/pyramid-json';
import { pyramidReport, PyramidTopicInput } from '../core/meta/manual/pyramid-report';
import { readRealSummPyramids, realSummPyramidReport } from '../core/meta/manual/realsumm-pyramid';
import { pyramidTables, realSummTables } from '../core/meta/manual/manual-tables';
import { choice, EXPORT_OPTIONS, exportFormat, exportUsage, jsonText, parseManualArgs, runManual, tsvOf } from './manual-cli';
import type { CliOutput } from './run-cli';

export const PYRAMID_USAGE = `understudy pyramid — pyramid and modified pyramid scores from SCU annotations

Usage:
  understudy pyramid PEER.pan [PEER.pan ...] [--pyr TOPIC.pyr ...]   DUCView annotations (DUC/TAC); a peer is named by its file name
  understudy pyramid ANNOTATIONS.json                                  pyramids and peers as JSON (README: "Manual evaluation")
  understudy pyramid --realsumm DIR                                    REALSumm (SCUs_list.csv, selected_documents.md, summaries.jsonl)

Options:
  --no-jackknife            score peers against the pyramid of all models (default: mean over leave-one-model-out pyramids)
  --average-count exact|ceil|round   how the mean model SCU count X enters Max(X) (default exact, the formula; ceil = sacrerouge)
  --no-models               do not score the model summaries against the other models
  --document-pattern REGEX  the header that starts each model summary in a .pyr/.pan text (default: the file's startDocumentRegEx)
  --peer-name REGEX         the peer's name is the first capture group of REGEX on the .pan file name (default: the name
                            without .pan), e.g. '^D\\d+-[A-Z]\\.(\\w+)\\.pan$' for D0736-A.17.pan → 17
  --per-topic               also print every topic's tiers and every summary's scores
${exportUsage(['systems', 'summaries', 'tiers'])}                            (with --realsumm: systems, summaries, documents)
`;

const OPTIONS = {
  pyr: { type: 'string', multiple: true },
  realsumm: { type: 'string' },
  'no-jackknife': { type: 'boolean' },
  'average-count': { type: 'string' },
  'no-models': { type: 'boolean' },
  'document-pattern': { type: 'string' },
  'peer-name': { type: 'string' },
  'per-topic': { type: 'boolean' },
  ...EXPORT_OPTIONS,
} as const;

function sameWeights(a: Pyramid, b: Pyramid): boolean {
  const key = (p: Pyramid): string =>
    JSON.stringify(
      p.scus.map((s) => [s.id, [...s.models].sort()]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
  return key(a) === key(b);
}

/** The peer named by a .pan file: the first capture group of `pattern` on its base name, or the name without .pan. */
export function peerNameOf(file: string, pattern: string | undefined): string {
  const base = path.basename(file);
  if (pattern === undefined) return base.replace(/\.pan$/i, '');
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    throw new UnderstudyError('bad-option', `--peer-name ${pattern}: not a valid regular expression (${(error as Error).message}).`);
  }
  const match = regex.exec(base);
  if (!match || match[1] === undefined) throw new UnderstudyError('bad-option', `--peer-name ${pattern} does not match ${base} with a capture group; the group is the peer's name.`);
  return match[1];
}

/** DUCView files: .pan peers grouped by topic (checked to share one pyramid), plus .pyr pyramids without peers. */
function ducViewTopics(panFiles: readonly string[], pyrFiles: readonly string[], documentPattern: string | undefined, peerName: string | undefined, warnings: string[]): PyramidTopicInput[] {
  const topics = new Map<string, { pyramid: Pyramid; source: string; peers: PyramidTopicInput['peers'][number][] }>();
  for (const file of pyrFiles) {
    const read = readDucViewPyramid(readTextFile(file), file, { documentPattern });
    warnings.push(...read.warnings);
    topics.set(read.pyramid.topic, { pyramid: read.pyramid, source: file, peers: [] });
  }
  for (const file of panFiles) {
    const name = peerNameOf(file, peerName);
    const read = readDucViewPeer(readTextFile(file), file, name, { documentPattern });
    warnings.push(...read.warnings);
    const topic = read.pyramid.pyramid.topic;
    const entry = topics.get(topic);
    if (!entry) {
      topics.set(topic, { pyramid: read.pyramid.pyramid, source: file, peers: [read.annotation] });
      continue;
    }
    if (!sameWeights(entry.pyramid, read.pyramid.pyramid)) {
      throw new UnderstudyError(
        'bad-annotations',
        `${file}: its pyramid for topic ${topic} differs from the one in ${entry.source} (other SCUs or contributors). Score annotations made against different pyramids separately.`,
        { file },
      );
    }
    if (entry.peers.some((p) => p.peer === name)) throw new UnderstudyError('bad-annotations', `${file}: peer ${name} of topic ${topic} is given twice.`, { file });
    entry.peers.push(read.annotation);
  }
  return [...topics.values()].map((t) => ({ pyramid: t.pyramid, peers: t.peers }));
}

function execute(argv: string[]): { output: string; warnings: readonly string[] } | 'help' {
  const { values: v, positionals } = parseManualArgs('pyramid', argv, OPTIONS);
  if (v.help) return 'help';
  const format = exportFormat(v);
  const averageCountRounding = choice<AverageCountRounding>('average-count', v['average-count'], ['exact', 'ceil', 'round'], 'exact');
  if (v.realsumm !== undefined) {
    if (positionals.length > 0 || v.pyr) throw new UnderstudyError('bad-option', '--realsumm reads its own files; give no other annotation files with it.');
    const dir = v.realsumm;
    const files = {
      scuList: path.join(dir, 'human_annotations', 'SCUs_and_annotations', 'SCUs_list.csv'),
      selectedDocuments: path.join(dir, 'selected_docs_for_human_eval', 'selected_documents.md'),
      summaries: path.join(dir, 'summaries.jsonl'),
    };
    const data = readRealSummPyramids(
      { scuList: readTextFile(files.scuList), selectedDocuments: readTextFile(files.selectedDocuments), summaries: readTextFile(files.summaries) },
      files,
    );
    const report = realSummPyramidReport(data);
    const output = format === 'json' ? jsonText(report) : format === 'tsv' ? tsvOf(realSummTables(report), v.table) : realSummReportToText(report);
    return { output, warnings: report.warnings };
  }
  const warnings: string[] = [];
  const json = positionals.filter((f) => /\.json$/i.test(f));
  const pan = positionals.filter((f) => !/\.json$/i.test(f));
  const pyr = v.pyr ?? [];
  if (json.length + pan.length + pyr.length === 0) throw new UnderstudyError('bad-option', 'No annotations given: name .pan files, --pyr files, a JSON file or --realsumm DIR.');
  const inputs = [...json.flatMap((f) => readPyramidJson(readTextFile(f), f)), ...(pan.length + pyr.length > 0 ? ducViewTopics(pan, pyr, v['document-pattern'], v['peer-name'], warnings) : [])];
  const report = pyramidReport(inputs, { jackknife: !v['no-jackknife'], averageCountRounding, scoreModels: !v['no-models'] });
  const output = format === 'json' ? jsonText(report) : format === 'tsv' ? tsvOf(pyramidTables(report), v.table) : pyramidReportToText(report, v['per-topic'] ?? false);
  return { output, warnings: [...warnings, ...report.warnings] };
}

/** `understudy pyramid …` */
export function runPyramid(argv: string[], io: CliOutput): number {
  return runManual(argv, io, PYRAMID_USAGE, execute);
}
