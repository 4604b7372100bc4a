import { UnderstudyError } from '../errors';
import { parse, ParseError, printParseErrorCode } from 'jsonc-parser';
import { HumanScoreSpec, JUDGMENT_FORMATS } from './judgments/human-judgments';
import { manifestRoseModels } from './rose/rose-manifest';
import { RoseModel } from './rose/rose-model';

/** The name of the manifest file at the root of a workspace folder (or anywhere, opened explicitly). */
export const MANIFEST_FILE = 'understudy.json';

/** One system output of a manifest: a path (relative to the manifest), or a glob in its file name (`hyp.*.en`). */
export interface ManifestSystem {
  readonly file: string;
  /** The name the judgments use for the system, when the file name does not say it (as `--names`). */
  readonly name?: string;
}

/**
 * An evaluation described by `understudy.json`: what "Understudy: Show Correlations" opens without asking.
 *
 * ```json
 * { "name": "WMT21 cs-en",
 *   "references": ["ref.A.en"],
 *   "systems": ["hyp.*.en", { "file": "out/nemo.txt", "name": "NVIDIA-NeMo" }],
 *   "metrics": ["bleu", "chrf", "ter"],
 *   "humanJudgments": { "files": [{ "file": "ad-seg-scores-cs-en.csv" }, { "file": "ad-sys-ranking-cs-en-z-names.csv" }] } }
 * ```
 *
 * `humanJudgments` is one `HumanScoreSpec` or a list of them (the command asks which); paths are relative to the
 * manifest's folder. `metrics` defaults to the `understudy.metrics` setting.
 *
 * It is the same file the editor reads (src/core/corpus/manifest.ts), so the editor's forms are read too: reference
 * and system entries as `{ "path", "name" }`, and, without `humanJudgments`, its `judgments` list (`{ "path" }`
 * entries) as one human score over those files, each recognised by its header or fields. Keys only the editor uses
 * (task, source, settings) are left to it.
 */
export interface CorrelationManifest {
  readonly name?: string;
  readonly references: readonly string[];
  readonly systems: readonly ManifestSystem[];
  readonly metrics?: readonly string[];
  readonly humanJudgments: readonly HumanScoreSpec[];
  /** Fitted ROSE combinations (`roseModels`, as the ROSE view saves them): computed as metrics when they can be. */
  readonly roseModels?: readonly RoseModel[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function fail(source: string, message: string): never {
  throw new UnderstudyError('bad-option', `${source}: ${message}`);
}

/** A file entry's path: the string itself, or its `file` (this reader's form) or `path` (the editor's form). */
function entryPath(entry: unknown): unknown {
  if (!isObject(entry)) return entry;
  return entry.file ?? entry.path;
}

/** The editor's `judgments` (an entry or a list of `{ "path", "format"?, "level"? }`) as one human score. */
function editorJudgments(judgments: unknown, source: string): { files: { file: string }[] } {
  const list = Array.isArray(judgments) ? judgments : [judgments];
  const files = list.map((entry, k) => {
    const file = entryPath(entry);
    if (!isText(file)) fail(source, `"judgments"[${k}] must be a path or { "path": judgments file }.`);
    // The editor's format names describe the file, not a loader: each file is recognised by its header or fields.
    return { file };
  });
  return { files };
}

function humanScore(value: unknown, where: string, source: string): HumanScoreSpec {
  if (!isObject(value)) fail(source, `${where} must be an object with "files" (see the README, "Correlation with human judgments").`);
  if (value.label !== undefined && !isText(value.label)) fail(source, `${where}.label must be a non-empty string.`);
  if (!Array.isArray(value.files) || value.files.length === 0) fail(source, `${where}.files must list at least one judgments file, e.g. [{ "file": "ad-seg-scores-cs-en.csv" }].`);
  value.files.forEach((file: unknown, k) => {
    if (!isObject(file) || !isText(file.file)) fail(source, `${where}.files[${k}] must be an object with "file" (a path relative to the manifest).`);
    const format = file.format;
    if (format !== undefined && format !== 'auto' && !(JUDGMENT_FORMATS as readonly unknown[]).includes(format)) {
      fail(source, `${where}.files[${k}].format "${String(format)}" is not one of auto, ${JUDGMENT_FORMATS.join(', ')}.`);
    }
  });
  if (value.combine !== undefined && !isObject(value.combine)) fail(source, `${where}.combine must be an object.`);
  // The judgment readers check the remaining fields (columns, delimiter, aspects…) with their own messages.
  return value as unknown as HumanScoreSpec;
}

/**
 * Reads an `understudy.json` text. Throws a `bad-option` UnderstudyError naming the field that is wrong (and what it
 * should be) rather than failing later in the worker. `source` names the file in messages.
 */
export function parseCorrelationManifest(text: string, source: string = MANIFEST_FILE): CorrelationManifest {
  // JSON with comments, as VS Code edits it (and as the editor's reader, src/core/corpus/manifest.ts, reads it).
  const errors: ParseError[] = [];
  const json: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) fail(source, `not valid JSON (${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset}).`);
  if (!isObject(json)) fail(source, 'expected a JSON object with "references", "systems" and "humanJudgments".');
  if (json.name !== undefined && !isText(json.name)) fail(source, '"name" must be a non-empty string.');
  const referenceList = typeof json.references === 'string' || isObject(json.references) ? [json.references] : json.references;
  const references = Array.isArray(referenceList) ? referenceList.map(entryPath) : undefined;
  if (!references || references.length === 0 || !references.every(isText)) fail(source, '"references" must list the reference files (paths relative to the manifest).');
  const systems = typeof json.systems === 'string' ? [json.systems] : json.systems;
  if (!Array.isArray(systems) || systems.length === 0) fail(source, '"systems" must list the system outputs: paths, globs such as "hyp.*.en", or { "file", "name" }.');
  const parsedSystems = systems.map((s: unknown, k): ManifestSystem => {
    if (isText(s)) return { file: s };
    const file = entryPath(s);
    if (isObject(s) && isText(file) && (s.name === undefined || isText(s.name))) return { file, ...(s.name !== undefined && { name: s.name }) };
    return fail(source, `"systems"[${k}] must be a path or { "file": path, "name": judged name }.`);
  });
  if (json.metrics !== undefined && (!Array.isArray(json.metrics) || json.metrics.length === 0 || !json.metrics.every(isText))) {
    fail(source, '"metrics" must list metric names, e.g. ["bleu", "chrf", "ter"].');
  }
  if (json.humanJudgments === undefined && json.judgments !== undefined) json.humanJudgments = editorJudgments(json.judgments, source);
  if (json.humanJudgments === undefined) fail(source, 'no "humanJudgments": say which files hold the human scores to correlate with.');
  const human = Array.isArray(json.humanJudgments) ? json.humanJudgments : [json.humanJudgments];
  if (human.length === 0) fail(source, '"humanJudgments" is empty.');
  let roseModels: RoseModel[] | undefined;
  try {
    roseModels = manifestRoseModels(json.roseModels);
  } catch (error) {
    fail(source, (error as Error).message);
  }
  return {
    ...(roseModels !== undefined && { roseModels }),
    ...(json.name !== undefined && { name: json.name as string }),
    references: references as string[],
    systems: parsedSystems,
    ...(json.metrics !== undefined && { metrics: json.metrics as string[] }),
    humanJudgments: human.map((h: unknown, k) => humanScore(h, Array.isArray(json.humanJudgments) ? `"humanJudgments"[${k}]` : '"humanJudgments"', source)),
  };
}

/** Whether a manifest path is a glob (only `*` and `?` in its last part are supported). */
export const isFileGlob = (file: string): boolean => /[*?]/.test(file.split(/[\\/]/).pop() ?? '');

/** A file-name glob (`*`, `?`) as a regular expression over one file name. */
export function fileGlobPattern(glob: string): RegExp {
  const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${escaped}$`);
}
