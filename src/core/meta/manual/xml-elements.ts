import { UnderstudyError } from '../../errors';

/**
 * A small, strict XML reader for annotation files (DUCView pyramids): elements, attributes, text, CDATA sections,
 * comments, processing instructions and a DOCTYPE with an internal subset (skipped). The five predefined entities and
 * numeric character references are decoded; other entities are an error. No namespaces, no external entities.
 */

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlNode[];
  /** 1-based line of the start tag. */
  readonly line: number;
}

export type XmlNode = XmlElement | string;

const PREDEFINED: Readonly<Record<string, string>> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

const START_TAG = /<([A-Za-z_][\w.:-]*)/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const TAG_CLOSE = /\s*(\/?)>/y;
const END_TAG = /<\/([A-Za-z_][\w.:-]*)\s*>/y;

class XmlReader {
  private position = 0;
  private readonly lineStarts: number[] = [0];

  constructor(
    private readonly text: string,
    private readonly source: string,
  ) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  private lineAt(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** Matches a sticky pattern at the current position (and moves past it) or returns null. */
  private take(pattern: RegExp): RegExpExecArray | null {
    pattern.lastIndex = this.position;
    const match = pattern.exec(this.text);
    if (match) this.position = pattern.lastIndex;
    return match;
  }

  private fail(message: string, offset = this.position): never {
    const line = this.lineAt(offset);
    throw new UnderstudyError('bad-annotations', `${this.source}, line ${line}: ${message}`, { file: this.source, line });
  }

  decode(raw: string, offset: number): string {
    return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);?/g, (match, body: string) => {
      if (!match.endsWith(';')) this.fail(`"${match}" is not a complete entity reference (write &amp; for a literal &).`, offset);
      if (body.startsWith('#x')) return String.fromCodePoint(parseInt(body.slice(2), 16));
      if (body.startsWith('#')) return String.fromCodePoint(parseInt(body.slice(1), 10));
      const value = PREDEFINED[body];
      if (value === undefined) this.fail(`unknown entity &${body}; (only &quot; &amp; &lt; &gt; &apos; and numeric references are read).`, offset);
      return value;
    });
  }

  /** Skips a comment or processing instruction starting here; false when there is none. */
  private skipCommentOrInstruction(): boolean {
    for (const [open, close, what] of [
      ['<!--', '-->', 'comment'],
      ['<?', '?>', 'processing instruction'],
    ] as const) {
      if (!this.text.startsWith(open, this.position)) continue;
      const end = this.text.indexOf(close, this.position + open.length);
      if (end < 0) this.fail(`unterminated ${what}.`);
      this.position = end + close.length;
      return true;
    }
    return false;
  }

  /** Skips the prolog: XML declaration, comments, processing instructions, DOCTYPE (with its internal subset). */
  private skipMisc(): void {
    for (;;) {
      while (this.position < this.text.length && /\s/.test(this.text[this.position])) this.position++;
      if (this.skipCommentOrInstruction()) continue;
      if (this.text.startsWith('<!DOCTYPE', this.position)) {
        let depth = 0;
        let i = this.position + 9;
        for (; i < this.text.length; i++) {
          const ch = this.text[i];
          if (ch === '[') depth++;
          else if (ch === ']') depth--;
          else if (ch === '>' && depth === 0) break;
        }
        if (i >= this.text.length) this.fail('unterminated DOCTYPE declaration.');
        this.position = i + 1;
      } else return;
    }
  }

  document(): XmlElement {
    if (this.text.charCodeAt(0) === 0xfeff) this.position = 1;
    this.skipMisc();
    if (this.text[this.position] !== '<') this.fail('expected the root element.');
    const root = this.element();
    this.skipMisc();
    if (this.position < this.text.length) this.fail('text after the root element.');
    return root;
  }

  private element(): XmlElement {
    const start = this.position;
    const open = this.take(START_TAG);
    if (!open) this.fail('expected a start tag.');
    const name = open[1];
    const attributes: Record<string, string> = {};
    for (let attribute = this.take(ATTRIBUTE); attribute; attribute = this.take(ATTRIBUTE)) {
      attributes[attribute[1]] = this.decode(attribute[2] ?? attribute[3], this.position);
    }
    const close = this.take(TAG_CLOSE);
    if (!close) this.fail(`malformed start tag <${name}>.`);
    const line = this.lineAt(start);
    if (close[1] === '/') return { name, attributes, children: [], line };
    const children: XmlNode[] = [];
    for (;;) {
      if (this.position >= this.text.length) this.fail(`<${name}> is never closed.`, start);
      if (this.text.startsWith('</', this.position)) {
        const at = this.position;
        const end = this.take(END_TAG);
        if (!end || end[1] !== name) this.fail(`expected </${name}>.`, at);
        return { name, attributes, children, line };
      }
      if (this.text.startsWith('<![CDATA[', this.position)) {
        const end = this.text.indexOf(']]>', this.position);
        if (end < 0) this.fail('unterminated CDATA section.');
        children.push(this.text.slice(this.position + 9, end));
        this.position = end + 3;
      } else if (this.skipCommentOrInstruction()) {
        continue;
      } else if (this.text[this.position] === '<') {
        children.push(this.element());
      } else {
        const next = this.text.indexOf('<', this.position);
        const end = next < 0 ? this.text.length : next;
        children.push(this.decode(this.text.slice(this.position, end), this.position));
        this.position = end;
      }
    }
  }
}

/** Parses an XML document; errors name the file and line. */
export function parseXml(text: string, source: string): XmlElement {
  return new XmlReader(text, source).document();
}

export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter((c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name));
}

/** The concatenated text (and CDATA) content of an element and its descendants. */
export function textContent(element: XmlElement): string {
  return element.children.map((c) => (typeof c === 'string' ? c : textContent(c))).join('');
}
