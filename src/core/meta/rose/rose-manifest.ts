import { findNodeAtLocation, FormattingOptions, getNodeValue, parseTree, ParseError, printParseErrorCode } from 'jsonc-parser';
import { parseRoseModel, RoseModel } from './rose-model';

/**
 * ROSE models in `understudy.json`: the key `roseModels` lists fitted combinations (each the JSON `understudy rose
 * --save` writes). Show Correlations computes each one as a metric wherever the metrics it combines can be scored.
 */
export const ROSE_MODELS_KEY = 'roseModels';

/** The `roseModels` of a manifest's JSON value (undefined when absent); a bad entry throws a message naming it. */
export function manifestRoseModels(value: unknown): RoseModel[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new RangeError(`"${ROSE_MODELS_KEY}" must be a list of ROSE models (each as \`understudy rose --save\` writes it).`);
  const models = value.map((entry, k) => {
    try {
      return parseRoseModel(entry);
    } catch (error) {
      throw new RangeError(`"${ROSE_MODELS_KEY}"[${k}]: ${(error as Error).message}`);
    }
  });
  const names = models.map((m) => m.name);
  const repeated = names.find((name, k) => names.indexOf(name) !== k);
  if (repeated !== undefined) throw new RangeError(`"${ROSE_MODELS_KEY}": two models are named "${repeated}"; give each its own name.`);
  return models;
}

/** The manifest text's indentation and line ends, so that an inserted model looks like the rest of the file. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indented?.startsWith('\t')) return { insertSpaces: false, tabSize: 4, eol };
  return { insertSpaces: true, tabSize: indented ? Math.min(8, indented.length) : 2, eol };
}

export type SaveModelOutcome =
  | { readonly kind: 'saved'; readonly text: string; readonly replaced: boolean }
  /** A model of that name is there and `replace` was not given: nothing changed. */
  | { readonly kind: 'exists'; readonly existing: RoseModel | undefined }
  /** The manifest cannot be edited safely (not JSON, or `roseModels` is not a list). */
  | { readonly kind: 'invalid'; readonly message: string };

/** The whitespace that starts the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** `value` as indented JSON whose lines after the first start with `indent` (it is inserted at that depth). */
function jsonAt(value: unknown, unit: string, indent: string, eol: string): string {
  return JSON.stringify(value, null, unit).split('\n').join(eol + indent);
}

const splice = (text: string, offset: number, length: number, content: string): string => text.slice(0, offset) + content + text.slice(offset + length);

/**
 * The manifest text with `model` added to `roseModels` (created when absent) by one insertion: everything else —
 * comments, key order, the formatting of other entries — stays byte for byte, and the new JSON follows the file's
 * indentation and line ends. (jsonc-parser's `modify` would reformat the neighbouring property's lines too.) An
 * existing model of the same name is replaced only with `replace` (the caller asked the user); otherwise the outcome
 * says it exists and the text is not touched.
 */
export function saveRoseModelText(text: string, model: RoseModel, options: { readonly replace?: boolean } = {}): SaveModelOutcome {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || !root || root.type !== 'object') {
    const first = errors[0];
    return { kind: 'invalid', message: first ? `not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset}); fix it first` : 'not a JSON object' };
  }
  const { insertSpaces, tabSize, eol = '\n' } = detectFormatting(text);
  const unit = insertSpaces ? ' '.repeat(tabSize ?? 2) : '\t';
  const value = JSON.parse(JSON.stringify(model)) as unknown;
  const list = findNodeAtLocation(root, [ROSE_MODELS_KEY]);
  if (!list) {
    const properties = root.children ?? [];
    const last = properties[properties.length - 1];
    if (!last) {
      const inner = unit;
      return { kind: 'saved', replaced: false, text: splice(text, root.offset + 1, root.length - 2, `${eol}${inner}"${ROSE_MODELS_KEY}": ${jsonAt([value], unit, inner, eol)}${eol}`) };
    }
    const indent = lineIndent(text, last.offset);
    const end = last.offset + last.length;
    return { kind: 'saved', replaced: false, text: splice(text, end, 0, `,${eol}${indent}"${ROSE_MODELS_KEY}": ${jsonAt([value], unit, indent, eol)}`) };
  }
  if (list.type !== 'array') return { kind: 'invalid', message: `"${ROSE_MODELS_KEY}" is not a list; fix it first` };
  const entries = list.children ?? [];
  const index = entries.findIndex((entry) => {
    const name = findNodeAtLocation(entry, ['name']);
    return name !== undefined && getNodeValue(name) === model.name;
  });
  if (index >= 0) {
    if (!options.replace) {
      let existing: RoseModel | undefined;
      try {
        existing = parseRoseModel(getNodeValue(entries[index]));
      } catch {
        existing = undefined;
      }
      return { kind: 'exists', existing };
    }
    const entry = entries[index];
    return { kind: 'saved', replaced: true, text: splice(text, entry.offset, entry.length, jsonAt(value, unit, lineIndent(text, entry.offset), eol)) };
  }
  const last = entries[entries.length - 1];
  if (last) {
    const indent = lineIndent(text, last.offset);
    return { kind: 'saved', replaced: false, text: splice(text, last.offset + last.length, 0, `,${eol}${indent}${jsonAt(value, unit, indent, eol)}`) };
  }
  const outer = lineIndent(text, list.offset);
  const inner = outer + unit;
  return { kind: 'saved', replaced: false, text: splice(text, list.offset, list.length, `[${eol}${inner}${jsonAt(value, unit, inner, eol)}${eol}${outer}]`) };
}

/** Model names that would clash with a metric of the registry (the correlation panel would show two of one name). */
export function roseModelNameProblem(name: string, metricNames: readonly string[]): string | undefined {
  if (!/^[A-Za-z][\w.+-]*$/.test(name)) return `"${name}" is not a usable metric name: start with a letter; letters, digits, _ . + - only`;
  if (metricNames.includes(name)) return `"${name}" is the name of a metric; choose another (e.g. rose-${name})`;
  return undefined;
}
