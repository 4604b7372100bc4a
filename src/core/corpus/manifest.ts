import { getNodeValue, Node, ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { SettingSchema, settingValueProblem } from '../engine/setting-values';
import { manifestRoseModels } from '../meta/rose/rose-manifest';

/**
 * `understudy.json`: the evaluation a workspace holds — the task, the references, the optional source, the systems
 * (files or globs with display names), optional human judgments (carried along for meta-evaluation) and the metric
 * settings (same keys as the `understudy.*` settings). Paths are relative to the manifest's folder. The JSON schema
 * that editors use to complete and check it is resources/understudy.schema.json; this parser is what Understudy
 * itself trusts, and every problem it finds carries the manifest text range it concerns.
 */
export type ManifestTask = 'mt' | 'summarization';

/**
 * How a file (or folder) holds its segments: one per line, JSON Lines (one record per segment), or a DUC/TAC-style
 * folder of one file per summary (`<topic>.<id>`: model summaries have letter ids, peers numbers); `auto` decides
 * from the name (`*.jsonl`/`*.ndjson`, a folder, else lines).
 */
export type CorpusFormat = 'auto' | 'lines' | 'jsonl' | 'duc';
export const CORPUS_FORMATS: readonly CorpusFormat[] = ['auto', 'lines', 'jsonl', 'duc'];

/** Formats of human judgment files that the meta-evaluation reads (the editor only carries them along). */
export const JUDGMENT_FORMATS = ['wmt-da-seg', 'wmt-da-sys', 'mqm-tsv', 'summeval-jsonl', 'jsonl', 'csv', 'tsv'] as const;
export type JudgmentFormat = (typeof JUDGMENT_FORMATS)[number];

/** A range of the manifest's text (offsets into the file), for Diagnostics. */
export interface TextRange {
  readonly offset: number;
  readonly length: number;
}

export interface ManifestFileEntry {
  /** A file, a glob (`hyp.*.en`) or a folder, relative to the manifest's folder. */
  readonly path: string;
  /** Display name (systems, references); a glob's matches are named after what differs between their file names. */
  readonly name?: string;
  readonly format: CorpusFormat;
  /** JSONL text field; in a reference file a field holding a list of strings gives one reference per item. */
  readonly field?: string;
  readonly at: TextRange;
}

export interface ManifestJudgments {
  readonly path: string;
  readonly format: JudgmentFormat;
  /** What the scores are of: segments or whole systems (default: from the format). */
  readonly level?: 'segment' | 'system';
  readonly at: TextRange;
}

export interface Manifest {
  readonly name?: string;
  readonly task: ManifestTask;
  readonly references: readonly ManifestFileEntry[];
  readonly source?: ManifestFileEntry;
  readonly systems: readonly ManifestFileEntry[];
  readonly judgments: readonly ManifestJudgments[];
  /** Metric names (checked against the registry when the evaluation is opened), or undefined for the user's setting. */
  readonly metrics?: readonly string[];
  /** Where `metrics` is, so that an unknown metric can be shown there. */
  readonly metricsAt?: TextRange;
  /** Metric settings by their `understudy.*` key without the prefix (`bleu.smooth`), validated. */
  readonly settings: Readonly<Record<string, unknown>>;
}

export interface ManifestProblem {
  readonly message: string;
  readonly range: TextRange;
  readonly severity: 'error' | 'warning';
}

export interface ParsedManifest {
  /** Undefined when the problems leave nothing to evaluate (no references or no systems, or not JSON). */
  readonly manifest?: Manifest;
  readonly problems: readonly ManifestProblem[];
}

// `humanJudgments` (what Show Correlations correlates with) and `roseModels` (fitted ROSE combinations, computed there
// as metrics) are read by src/core/meta/correlation-manifest.ts.
const TOP_LEVEL_KEYS = ['$schema', 'name', 'task', 'references', 'source', 'systems', 'judgments', 'humanJudgments', 'metrics', 'settings', 'roseModels'];

const rangeOf = (node: Node): TextRange => ({ offset: node.offset, length: node.length });

function property(object: Node, key: string): Node | undefined {
  const found = object.children?.find((p) => p.type === 'property' && p.children?.[0]?.value === key);
  return found?.children?.[1];
}

/**
 * The metric settings a manifest may set, by key (`bleu.smooth`), with the JSON schema of each: the extension passes
 * its `understudy.*` settings' schemas; without them, setting values are taken as written.
 */
export interface ManifestSettingSchemas {
  readonly keys: readonly string[];
  schemaOf(key: string): SettingSchema | undefined;
}

/** Parses and checks a manifest. Every problem says what is wrong and what to write instead. */
export function parseManifest(text: string, settingSchemas?: ManifestSettingSchemas): ParsedManifest {
  const problems: ManifestProblem[] = [];
  const error = (node: Node | TextRange, message: string): void => {
    problems.push({ message, range: 'type' in node ? rangeOf(node) : node, severity: 'error' });
  };
  const warning = (range: TextRange, message: string): void => {
    problems.push({ message, range, severity: 'warning' });
  };
  if (text.trim() === '') {
    error({ offset: 0, length: 0 }, 'understudy.json is empty: write { "task": "mt", "references": [...], "systems": [...] }.');
    return { problems };
  }
  const syntax: ParseError[] = [];
  const root = parseTree(text, syntax, { allowTrailingComma: true, disallowComments: false });
  for (const e of syntax) {
    error({ offset: e.offset, length: Math.max(1, e.length) }, `understudy.json is not valid JSON here (${printParseErrorCode(e.error)}); fix the syntax.`);
  }
  if (!root || root.type !== 'object') {
    if (root) error(root, 'understudy.json must hold one JSON object: { "task": "mt", "references": [...], "systems": [...] }.');
    return { problems };
  }

  for (const p of root.children ?? []) {
    const key = p.children?.[0];
    if (key && typeof key.value === 'string' && !TOP_LEVEL_KEYS.includes(key.value)) {
      warning(rangeOf(key), `Unknown key "${key.value}" is ignored; the manifest knows ${TOP_LEVEL_KEYS.slice(1).join(', ')}.`);
    }
  }

  // `roseModels` is computed by the correlation panel; a broken entry is shown here, where the user edits it.
  const roseNode = property(root, 'roseModels');
  if (roseNode) {
    try {
      manifestRoseModels(getNodeValue(roseNode));
    } catch (problem) {
      warning(rangeOf(roseNode), `${(problem as Error).message} Show Correlations will refuse this manifest until it is fixed.`);
    }
  }

  const nameNode = property(root, 'name');
  let name: string | undefined;
  if (nameNode) {
    if (nameNode.type === 'string') name = nameNode.value as string;
    else error(nameNode, '"name" must be a string (the evaluation\'s display name).');
  }

  const taskNode = property(root, 'task');
  let task: ManifestTask = 'mt';
  if (!taskNode) warning({ offset: root.offset, length: 1 }, 'No "task": assuming "mt". Write "task": "mt" or "task": "summarization".');
  else if (taskNode.value === 'mt' || taskNode.value === 'summarization') task = taskNode.value;
  else error(taskNode, '"task" must be "mt" or "summarization".');

  const fileEntry = (node: Node, what: string, withName: boolean): ManifestFileEntry | undefined => {
    if (node.type === 'string') {
      const path = node.value as string;
      if (path.trim() === '') {
        error(node, `An empty path in ${what}: write a file, glob or folder relative to this manifest.`);
        return undefined;
      }
      return { path, format: 'auto', at: rangeOf(node) };
    }
    if (node.type !== 'object') {
      error(node, `Each of ${what} is a path ("hyp.*.en") or an object { "path": …${withName ? ', "name": …' : ''}, "format": …, "field": … }.`);
      return undefined;
    }
    const pathNode = property(node, 'path');
    if (!pathNode || pathNode.type !== 'string' || (pathNode.value as string).trim() === '') {
      error(pathNode ?? node, `An entry of ${what} needs a "path": a file, glob or folder relative to this manifest.`);
      return undefined;
    }
    for (const p of node.children ?? []) {
      const key = p.children?.[0]?.value;
      if (typeof key === 'string' && !['path', 'name', 'format', 'field'].includes(key)) warning(rangeOf(p.children![0]), `Unknown key "${key}" in ${what} is ignored (known: path, name, format, field).`);
    }
    let entryName: string | undefined;
    const nameValue = property(node, 'name');
    if (nameValue) {
      if (nameValue.type === 'string' && (nameValue.value as string).trim() !== '') entryName = nameValue.value as string;
      else error(nameValue, '"name" must be a non-empty string.');
    }
    let format: CorpusFormat = 'auto';
    const formatNode = property(node, 'format');
    if (formatNode) {
      if (typeof formatNode.value === 'string' && (CORPUS_FORMATS as readonly string[]).includes(formatNode.value)) format = formatNode.value as CorpusFormat;
      else error(formatNode, `Unknown format ${JSON.stringify(getNodeValue(formatNode))}: use "lines" (one segment per line), "jsonl" (one JSON record per line), "duc" (a folder of one file per summary) or "auto".`);
    }
    let field: string | undefined;
    const fieldNode = property(node, 'field');
    if (fieldNode) {
      if (fieldNode.type === 'string' && (fieldNode.value as string) !== '') field = fieldNode.value as string;
      else error(fieldNode, '"field" must name the JSONL text field, e.g. "summary".');
    }
    return { path: pathNode.value as string, name: entryName, format, field, at: rangeOf(node) };
  };

  const fileList = (key: string, what: string, withName: boolean): ManifestFileEntry[] | undefined => {
    const node = property(root, key);
    if (!node) return undefined;
    const items = node.type === 'array' ? (node.children ?? []) : [node];
    if (node.type === 'array' && items.length === 0) error(node, `"${key}" is empty: list ${what} (files, globs or folders relative to this manifest).`);
    return items.map((item) => fileEntry(item, what, withName)).filter((e): e is ManifestFileEntry => e !== undefined);
  };

  const references = fileList('references', 'the references', true);
  if (!references) error({ offset: root.offset, length: 1 }, 'No "references": list the reference files, e.g. "references": ["ref.A.en", "ref.B.en"].');
  const systems = fileList('systems', 'the systems', true);
  if (!systems) error({ offset: root.offset, length: 1 }, 'No "systems": list the system outputs, e.g. "systems": ["hyp.*.en"] or [{ "name": "Baseline", "path": "baseline.en" }].');

  let source: ManifestFileEntry | undefined;
  const sourceNode = property(root, 'source');
  if (sourceNode) source = fileEntry(sourceNode, 'the source', false);

  const judgments: ManifestJudgments[] = [];
  const judgmentsNode = property(root, 'judgments');
  if (judgmentsNode) {
    const items = judgmentsNode.type === 'array' ? (judgmentsNode.children ?? []) : [judgmentsNode];
    for (const item of items) {
      const pathNode = item.type === 'object' ? property(item, 'path') : undefined;
      const formatNode = item.type === 'object' ? property(item, 'format') : undefined;
      if (!pathNode || pathNode.type !== 'string') {
        error(pathNode ?? item, `Human judgments are { "path": "scores.csv", "format": one of ${JUDGMENT_FORMATS.join(', ')} }.`);
        continue;
      }
      if (!formatNode || typeof formatNode.value !== 'string' || !(JUDGMENT_FORMATS as readonly string[]).includes(formatNode.value)) {
        error(formatNode ?? item, `Unknown judgment format ${formatNode ? JSON.stringify(getNodeValue(formatNode)) : '(none)'}: use one of ${JUDGMENT_FORMATS.join(', ')}.`);
        continue;
      }
      const levelNode = property(item, 'level');
      let level: 'segment' | 'system' | undefined;
      if (levelNode) {
        if (levelNode.value === 'segment' || levelNode.value === 'system') level = levelNode.value;
        else error(levelNode, '"level" must be "segment" or "system".');
      }
      judgments.push({ path: pathNode.value as string, format: formatNode.value as JudgmentFormat, level, at: rangeOf(item) });
    }
  }

  const settings: Record<string, unknown> = {};
  let metrics: string[] | undefined;
  let metricsAt: TextRange | undefined;
  const readMetrics = (node: Node): void => {
    const values = node.type === 'array' ? (node.children ?? []) : [];
    if (node.type !== 'array' || values.length === 0 || values.some((v) => v.type !== 'string')) {
      error(node, '"metrics" is a non-empty list of metric names, e.g. ["bleu", "chrf", "ter"].');
      return;
    }
    metrics = values.map((v) => v.value as string);
    metricsAt = rangeOf(node);
  };
  const metricsNode = property(root, 'metrics');
  if (metricsNode) readMetrics(metricsNode);
  const settingsNode = property(root, 'settings');
  if (settingsNode) {
    if (settingsNode.type !== 'object') error(settingsNode, '"settings" is an object of metric settings named like the understudy.* settings, e.g. { "bleu.smooth": "exp" }.');
    for (const p of settingsNode.type === 'object' ? (settingsNode.children ?? []) : []) {
      const [keyNode, valueNode] = p.children ?? [];
      if (!keyNode || !valueNode) continue;
      const key = String(keyNode.value).replace(/^understudy\./, '');
      if (key === 'metrics') {
        if (metricsNode) warning(rangeOf(keyNode), '"metrics" is given twice; the top-level one is used.');
        else readMetrics(valueNode);
        continue;
      }
      const value = getNodeValue(valueNode) as unknown;
      const schema = settingSchemas?.schemaOf(key);
      if (settingSchemas && !schema) {
        error(keyNode, `Unknown setting "${key}"; the metric settings are metrics, ${settingSchemas.keys.join(', ')}.`);
        continue;
      }
      const problem = schema && settingValueProblem(key, value, schema);
      if (problem) error(valueNode, `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`);
      else settings[key] = value;
    }
  }

  if (!references || references.length === 0 || !systems || systems.length === 0) return { problems };
  return { manifest: { name, task, references, source, systems, judgments, metrics, metricsAt, settings }, problems };
}

/** The format a path is read in, when the manifest says `auto`. */
export function resolveFormat(format: CorpusFormat, path: string, isDirectory: boolean): Exclude<CorpusFormat, 'auto'> {
  if (format !== 'auto') return format;
  if (isDirectory) return 'duc';
  return /\.(jsonl|ndjson)$/i.test(path) ? 'jsonl' : 'lines';
}

/** True when a manifest path is a glob pattern rather than one file or folder. */
export function isGlob(path: string): boolean {
  return /[*?[\]{}]/.test(path);
}

/**
 * Display names for the files a glob matched: what differs between their names once the common prefix and suffix
 * are cut at separators (`hyp.Facebook-AI.en`, `hyp.Online-B.en` → `Facebook-AI`, `Online-B`); one match keeps its
 * file name.
 */
export function namesFromFiles(fileNames: readonly string[]): string[] {
  if (fileNames.length < 2) return fileNames.slice();
  const separators = /[._\-\s]/;
  let prefix = fileNames[0];
  for (const n of fileNames) while (!n.startsWith(prefix)) prefix = prefix.slice(0, -1);
  let suffix = fileNames[0];
  for (const n of fileNames) while (!n.endsWith(suffix)) suffix = suffix.slice(1);
  // Cut only at separators, so that `sys1.en` and `sys2.en` keep `sys1`/`sys2` rather than `1`/`2`.
  while (prefix.length > 0 && !separators.test(prefix[prefix.length - 1])) prefix = prefix.slice(0, -1);
  while (suffix.length > 0 && !separators.test(suffix[0])) suffix = suffix.slice(1);
  const names = fileNames.map((n) => n.slice(prefix.length, n.length - suffix.length));
  return names.some((n) => n === '') || new Set(names).size !== names.length ? fileNames.slice() : names;
}
