import { UnderstudyError } from '../../errors';
import { HumanJudgmentsFile, JudgmentFormat, JudgmentSet } from './human-judgments';
import { jsonlRecords } from './jsonl-records';
import { isRealSummRecord, readRealSummJudgments } from './realsumm';
import { isSummEvalRecord, readSummEvalJudgments } from './summeval';
import { readTableJudgments } from './table-judgments';
import { readWmt17SegmentScores, readWmt17SystemScores } from './wmt17-da';
import { readWmt21SegmentScores, readWmt21SystemScores } from './wmt21-da';

/** A judgments file's spec and its text (read by the caller: the CLI from disk, the extension from the workspace). */
export interface JudgmentsInput {
  readonly spec: HumanJudgmentsFile;
  readonly text: string;
}

/** The format of a judgments file, recognised by its first line or first JSON record ('table' when nothing fits). */
export function detectJudgmentFormat(text: string, source: string): JudgmentFormat {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = body.split('\n').find((l) => l.trim() !== '')?.trim() ?? '';
  if (firstLine.startsWith('{')) {
    const first = jsonlRecords(firstLine, source)[0].value;
    if (isSummEvalRecord(first)) return 'summeval';
    if (isRealSummRecord(first)) return 'realsumm';
    throw new UnderstudyError(
      'bad-judgments',
      `${source}: JSON Lines judgments must be SummEval (summary + coherence/consistency/fluency/relevance) or REALSumm (system_summary + litepyramid_recall) records; the first record has ${Object.keys(first).join(', ')}.`,
      { file: source },
    );
  }
  const fields = firstLine.split(/\s+/);
  const line = fields.join(' ');
  if (line === 'SYS SID RAW.SCR Z.SCR N') return 'wmt21-seg';
  if (line === 'RAW.SCR Z.SCR N SYS N.ALL') return 'wmt21-sys';
  if (fields.length === 6 && fields.slice(0, 4).every((f) => Number.isFinite(Number(f)))) return 'wmt21-sys';
  if (line === 'LP DATA SYSTEM SID HUMAN') return 'wmt17-seg';
  if (line === 'LP HUMAN SYSTEM') return 'wmt17-sys';
  return 'table';
}

/** Reads one judgments file by its spec (`systemIds`: SYS.ID → NAME from a WMT21 ranking file read before). */
export function readJudgments(input: JudgmentsInput, systemIds?: Readonly<Record<string, string>>): JudgmentSet {
  const { spec, text } = input;
  const source = spec.file;
  const format = spec.format === undefined || spec.format === 'auto' ? detectJudgmentFormat(text, source) : spec.format;
  if (format !== 'table' && spec.columns) {
    throw new UnderstudyError('bad-option', `${source} is read as ${format}: --columns applies to --human-format table only.`, { file: source });
  }
  switch (format) {
    case 'wmt21-seg':
      return readWmt21SegmentScores(text, source, { exclude: spec.exclude, systemIds });
    case 'wmt21-sys':
      return readWmt21SystemScores(text, source, { exclude: spec.exclude, systemIds });
    case 'wmt17-seg':
      return readWmt17SegmentScores(text, source, { exclude: spec.exclude, languagePair: spec.languagePair });
    case 'wmt17-sys':
      return readWmt17SystemScores(text, source, { exclude: spec.exclude, languagePair: spec.languagePair });
    case 'summeval':
      return readSummEvalJudgments(text, source, { exclude: spec.exclude });
    case 'realsumm':
      return readRealSummJudgments(text, source, { exclude: spec.exclude });
    case 'table':
      return readTableJudgments(text, source, spec);
  }
}

/**
 * Reads every file of one human score. System-level files are read first, so that a WMT21 ranking file's
 * SYS.ID → NAME map names the systems of the segment file read with it. Returned in the inputs' order.
 */
export function readJudgmentFiles(inputs: readonly JudgmentsInput[]): JudgmentSet[] {
  if (inputs.length === 0) throw new UnderstudyError('bad-option', 'No human judgments given: name a file with --human.');
  const formats = inputs.map((i) => (i.spec.format === undefined || i.spec.format === 'auto' ? detectJudgmentFormat(i.text, i.spec.file) : i.spec.format));
  const sets: (JudgmentSet | undefined)[] = new Array(inputs.length).fill(undefined);
  let systemIds: Record<string, string> = {};
  formats.forEach((format, i) => {
    if (format !== 'wmt21-sys') return;
    const set = readJudgments({ spec: { ...inputs[i].spec, format }, text: inputs[i].text });
    systemIds = { ...systemIds, ...set.systemIds };
    sets[i] = set;
  });
  formats.forEach((format, i) => {
    if (sets[i] === undefined) sets[i] = readJudgments({ spec: { ...inputs[i].spec, format }, text: inputs[i].text }, systemIds);
  });
  return sets as JudgmentSet[];
}
