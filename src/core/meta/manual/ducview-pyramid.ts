import { UnderstudyError } from '../../errors';
import { PeerAnnotation, Pyramid, PyramidScu } from './pyramid';
import { childElements, parseXml, textContent, XmlElement } from './xml-elements';

/**
 * DUCView's pyramid files, the format of the DUC 2005–2007 and TAC pyramids:
 *
 * - `.pyr`: `<pyramid>` with an optional `<startDocumentRegEx>` (CDATA, a Java regular expression matching the header
 *   that starts each model summary), `<text>` of `<line>`s (the model summaries one after the other) and `<scu uid
 *   label>` elements, each with `<contributor label>`s made of `<part label start end>`: character offsets into the
 *   lines joined with "\n" (end exclusive). A contributor belongs to the model summary its text lies in, so an SCU's
 *   weight is the number of distinct model summaries among its contributors.
 * - `.pan`: `<peerAnnotation>` holding a copy of that `<pyramid>` and an `<annotation>`: the peer's `<text>` and one
 *   `<peerscu uid label>` per pyramid SCU, with `<contributor>`s where the peer expresses it (none where it does not);
 *   DUCView writes the weight it computed at the start of the label ("(3) …"). The `peerscu` with uid 0 ("All
 *   non-matching SCUs go here") collects the peer's content that matches no SCU: each of its contributors is read as
 *   one unmatched content unit, which only the original pyramid score uses.
 */

export interface DucViewModelSpan {
  readonly model: string;
  readonly start: number;
  readonly end: number;
}

export interface DucViewPyramid {
  readonly pyramid: Pyramid;
  readonly spans: readonly DucViewModelSpan[];
  readonly warnings: readonly string[];
}

export interface DucViewPeer {
  readonly pyramid: DucViewPyramid;
  readonly annotation: PeerAnnotation;
  /** The peer's text (its lines joined with "\n"). */
  readonly text: string;
  readonly warnings: readonly string[];
}

export interface DucViewOptions {
  /** Overrides the file's startDocumentRegEx (a JavaScript regular expression source). */
  readonly documentPattern?: string;
  /** The topic name; by default the common prefix of the model names before ".M." (D0736-A), else the source. */
  readonly topic?: string;
}

function bad(source: string, message: string, line?: number): UnderstudyError {
  return new UnderstudyError('bad-annotations', `${source}${line ? `, line ${line}` : ''}: ${message}`, { file: source, ...(line ? { line } : {}) });
}

function joinedLines(element: XmlElement | undefined): string {
  if (!element) return '';
  return childElements(element, 'line').map(textContent).join('\n');
}

/** The model summaries' spans: each header the pattern matches starts one, named by its non-dash line. */
function modelSpans(text: string, pattern: string, source: string): DucViewModelSpan[] {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, 'g');
  } catch (error) {
    throw bad(source, `the document pattern ${JSON.stringify(pattern)} is not a valid regular expression (${(error as Error).message}).`);
  }
  const headers = [...text.matchAll(regex)].filter((m) => m[0].length > 0);
  return headers.map((match, i) => {
    const name = match[0]
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '' && !/^-+$/.test(l));
    const start = (match.index as number) + match[0].length;
    const end = i + 1 < headers.length ? (headers[i + 1].index as number) : text.length;
    return { model: name ?? `model ${i + 1}`, start, end };
  });
}

function topicFromModels(models: readonly string[], fallback: string): string {
  const prefixes = new Set(models.map((m) => /^(.+?)\.M\./.exec(m)?.[1]));
  const [only] = prefixes;
  return prefixes.size === 1 && only ? only : fallback;
}

function partOffsets(part: XmlElement, source: string): { start: number; end: number } {
  const start = Number(part.attributes.start);
  const end = Number(part.attributes.end);
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) {
    throw bad(source, `<part> needs integer start ≤ end offsets (found start="${part.attributes.start}" end="${part.attributes.end}").`, part.line);
  }
  return { start, end };
}

/** Reads a `<pyramid>` element (the root of a .pyr file, or inside a .pan file). */
export function readDucViewPyramidElement(element: XmlElement, source: string, options: DucViewOptions = {}): DucViewPyramid {
  const warnings: string[] = [];
  const text = joinedLines(childElements(element, 'text')[0]);
  const regexElement = childElements(element, 'startDocumentRegEx')[0];
  const pattern = options.documentPattern ?? (regexElement ? textContent(regexElement) : undefined);
  if (pattern === undefined) {
    throw bad(source, 'no <startDocumentRegEx>, so the model summaries cannot be told apart. Give the header pattern explicitly (--document-pattern).');
  }
  const spans = modelSpans(text, pattern, source);
  if (spans.length === 0) throw bad(source, `the document pattern ${JSON.stringify(pattern)} matches nothing in the pyramid text, so no model summary is found.`);
  const modelAt = (offset: number): string | undefined => spans.find((s) => offset >= s.start && offset < s.end)?.model;
  const seen = new Set<string>();
  const scus: PyramidScu[] = [];
  for (const scu of childElements(element, 'scu')) {
    const id = scu.attributes.uid;
    if (id === undefined) throw bad(source, '<scu> without a uid.', scu.line);
    if (seen.has(id)) throw bad(source, `two SCUs have uid ${id}.`, scu.line);
    seen.add(id);
    const models = new Set<string>();
    for (const contributor of childElements(scu, 'contributor')) {
      const parts = childElements(contributor, 'part').map((p) => ({ element: p, ...partOffsets(p, source) }));
      if (parts.length === 0) continue;
      for (const part of parts) {
        const label = part.element.attributes.label;
        if (label !== undefined && text.slice(part.start, part.end) !== label) {
          warnings.push(`${source}, line ${part.element.line}: SCU ${id}: the text at ${part.start}–${part.end} is not the part's label "${label}".`);
        }
      }
      const owners = new Set(parts.map((p) => modelAt(p.start)));
      const owner = modelAt(parts[0].start);
      if (owner === undefined) {
        warnings.push(`${source}, line ${contributor.line}: SCU ${id}: a contributor lies outside every model summary; it is not counted.`);
        continue;
      }
      if (owners.size > 1) warnings.push(`${source}, line ${contributor.line}: SCU ${id}: a contributor spans several model summaries; it counts for ${owner}.`);
      models.add(owner);
    }
    if (models.size === 0) warnings.push(`${source}, line ${scu.line}: SCU ${id} has no contributor in a model summary (weight 0).`);
    scus.push({ id, ...(scu.attributes.label !== undefined ? { label: scu.attributes.label } : {}), models: [...models] });
  }
  const models = spans.map((s) => s.model);
  const topic = options.topic ?? topicFromModels(models, source);
  return { pyramid: { topic, models, scus }, spans, warnings };
}

/** Reads a DUCView `.pyr` file's text. */
export function readDucViewPyramid(xml: string, source: string, options: DucViewOptions = {}): DucViewPyramid {
  const root = parseXml(xml, source);
  const element = root.name === 'pyramid' ? root : childElements(root, 'pyramid')[0];
  if (!element) throw bad(source, `expected a <pyramid> (a DUCView .pyr file) but the root is <${root.name}>.`);
  return readDucViewPyramidElement(element, source, options);
}

/** Reads a DUCView `.pan` file's text: the pyramid it was annotated against and the peer's SCUs. */
export function readDucViewPeer(xml: string, source: string, peer: string, options: DucViewOptions = {}): DucViewPeer {
  const root = parseXml(xml, source);
  if (root.name !== 'peerAnnotation') throw bad(source, `expected a <peerAnnotation> (a DUCView .pan file) but the root is <${root.name}>.`);
  const pyramidElement = childElements(root, 'pyramid')[0];
  const annotation = childElements(root, 'annotation')[0];
  if (!pyramidElement || !annotation) throw bad(source, 'a .pan file needs both a <pyramid> and an <annotation>.');
  const pyramid = readDucViewPyramidElement(pyramidElement, source, options);
  const warnings = [...pyramid.warnings];
  const weights = new Map(pyramid.pyramid.scus.map((s) => [s.id, s.models.length]));
  const scuIds: string[] = [];
  let unmatchedUnits: number | undefined;
  for (const peerScu of childElements(annotation, 'peerscu')) {
    const id = peerScu.attributes.uid;
    const contributors = childElements(peerScu, 'contributor').length;
    if (id === '0') {
      unmatchedUnits = contributors;
      continue;
    }
    if (id === undefined || !weights.has(id)) {
      warnings.push(`${source}, line ${peerScu.line}: peerscu uid ${id ?? '(none)'} is not an SCU of the pyramid; ignored.`);
      continue;
    }
    const stated = /^\((\d+)\)/.exec(peerScu.attributes.label ?? '');
    if (stated && Number(stated[1]) !== weights.get(id)) {
      warnings.push(`${source}, line ${peerScu.line}: SCU ${id} is labelled weight ${stated[1]} but its contributors come from ${weights.get(id)} model summaries.`);
    }
    if (contributors > 0) scuIds.push(id);
  }
  return {
    pyramid: { ...pyramid, warnings: [] },
    annotation: { peer, topic: pyramid.pyramid.topic, scuIds, ...(unmatchedUnits !== undefined ? { unmatchedUnits } : {}) },
    text: joinedLines(childElements(annotation, 'text')[0]),
    warnings,
  };
}
