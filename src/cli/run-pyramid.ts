import { UnderstudyError } from '../core/errors';
import { AverageCountRounding } from '../core/meta/manual/pyramid';
import { manualAnalysis, realSummFiles } from '../core/meta/manual/manual-analysis';
import { choice, EXPORT_OPTIONS, exportFormat, exportUsage, manualOutput, parseManualArgs, readManualFile as read, runManual } from './manual-cli';
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

function execute(argv: string[]): { output: string; warnings: readonly string[] } | 'help' {
  const { values: v, positionals } = parseManualArgs('pyramid', argv, OPTIONS);
  if (v.help) return 'help';
  const format = exportFormat(v);
  const averageCount = choice<AverageCountRounding>('average-count', v['average-count'], ['exact', 'ceil', 'round'], 'exact');
  if (v.realsumm !== undefined) {
    if (positionals.length > 0 || v.pyr) throw new UnderstudyError('bad-option', '--realsumm reads its own files; give no other annotation files with it.');
    const files = realSummFiles(v.realsumm);
    const input = { kind: 'realsumm', dir: v.realsumm, scuList: read(files.scuList), selectedDocuments: read(files.selectedDocuments), summaries: read(files.summaries) } as const;
    return manualOutput(manualAnalysis(input), format, v.table);
  }
  const analysis = manualAnalysis({
    kind: 'pyramid',
    json: positionals.filter((f) => /\.json$/i.test(f)).map(read),
    pan: positionals.filter((f) => !/\.json$/i.test(f)).map(read),
    pyr: (v.pyr ?? []).map(read),
    options: {
      jackknife: !v['no-jackknife'],
      averageCount,
      scoreModels: !v['no-models'],
      documentPattern: v['document-pattern'],
      peerName: v['peer-name'],
      perTopic: v['per-topic'] ?? false,
    },
  });
  return manualOutput(analysis, format, v.table);
}

/** `understudy pyramid …` */
export function runPyramid(argv: string[], io: CliOutput): number {
  return runManual(argv, io, PYRAMID_USAGE, execute);
}
