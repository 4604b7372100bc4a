import { LemmatizerData } from './lemmatizer';
import { MorphologyData } from './morphology';
import { SparseWeightData } from './sparse-weights';
import { TagLexiconData } from './tag-lexicon';

/**
 * The parser model file (`resources/parser/*.model`, gzip-compressed on disk; this module reads and writes the
 * uncompressed bytes):
 *
 *   magic "USPARSER" (8 bytes) · format version (uint32 LE) · JSON length (uint32 LE) · JSON (UTF-8)
 *   then three weight tables (tagger pass 1, tagger pass 2, parser), each:
 *     rows (uint32) · entries (uint32) · row keys as ascending deltas, LEB128 varints · row lengths (uint8 each)
 *     · classes (uint8 each) · weights (int16 LE each)
 *
 * The JSON holds the tag and label lists, the tagger's lexicon, the lemmatizer and morphology tables, each table's
 * class count and scale, and where the model comes from (training data, licence, scores).
 */
export const MODEL_MAGIC = 'USPARSER';
export const MODEL_FORMAT_VERSION = 2;

export interface ParserModelMetadata {
  /** What the model was trained on, and its licence (the training data's). */
  readonly trainedOn: string;
  readonly licence: string;
  readonly created: string;
  /** Development-set scores measured when the model was made, for the record. */
  readonly scores: Readonly<Record<string, number>>;
}

export interface ParserModelData {
  readonly metadata: ParserModelMetadata;
  /**
   * The feature templates the weights were trained with (`FEATURE_SET`): weights are keyed by hashes of features,
   * so a model is only usable by code that extracts the same features.
   */
  readonly featureSet: string;
  /** Joint tags "UPOS XPOS", indexed by the tagger's class. */
  readonly tags: readonly string[];
  /** Dependency relations, indexed by label id. */
  readonly labels: readonly string[];
  /** The tagger's ambiguity classes and fixed tags (`tag-lexicon.ts`). */
  readonly tagLexicon: TagLexiconData;
  readonly lemmatizer: LemmatizerData;
  readonly morphology: MorphologyData;
  readonly taggerFirstPass: SparseWeightData;
  readonly taggerSecondPass: SparseWeightData;
  readonly parser: SparseWeightData;
  /**
   * The beam width the parser's weights were trained for (1 or absent: greedy): globally trained weights parse
   * best with the beam they were trained with, greedily trained ones greedily.
   */
  readonly parserBeamWidth?: number;
}

export class ModelFormatError extends Error {
  constructor(message: string) {
    super(`parser model: ${message}`);
    this.name = 'ModelFormatError';
  }
}

interface TableHeader {
  readonly classCount: number;
  readonly scale: number;
}

interface ModelJson {
  readonly metadata: ParserModelMetadata;
  readonly featureSet: string;
  readonly tags: readonly string[];
  readonly labels: readonly string[];
  readonly tagLexicon: TagLexiconData;
  readonly lemmatizer: LemmatizerData;
  readonly morphology: MorphologyData;
  readonly tables: readonly TableHeader[];
  readonly parserBeamWidth?: number;
}

class ByteWriter {
  private bytes = new Uint8Array(1 << 16);
  length = 0;

  private reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }

  raw(data: Uint8Array): void {
    this.reserve(data.length);
    this.bytes.set(data, this.length);
    this.length += data.length;
  }

  uint32(value: number): void {
    this.reserve(4);
    new DataView(this.bytes.buffer).setUint32(this.length, value, true);
    this.length += 4;
  }

  varint(value: number): void {
    this.reserve(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.bytes[this.length++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.bytes[this.length++] = v;
  }

  int16s(values: Int16Array): void {
    this.reserve(2 * values.length);
    const view = new DataView(this.bytes.buffer);
    for (let i = 0; i < values.length; i++) view.setInt16(this.length + 2 * i, values[i], true);
    this.length += 2 * values.length;
  }

  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

class ByteReader {
  private readonly view: DataView;
  at = 0;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number): void {
    if (this.at + n > this.bytes.length) throw new ModelFormatError(`the file ends early (byte ${this.at} of ${this.bytes.length}, ${n} more needed)`);
  }

  raw(n: number): Uint8Array {
    this.need(n);
    const slice = this.bytes.subarray(this.at, this.at + n);
    this.at += n;
    return slice;
  }

  uint32(): number {
    this.need(4);
    const value = this.view.getUint32(this.at, true);
    this.at += 4;
    return value;
  }

  varint(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      this.need(1);
      const byte = this.bytes[this.at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
      if (shift > 28) throw new ModelFormatError(`a varint at byte ${this.at} is too long`);
    }
  }

  int16s(n: number): Int16Array {
    this.need(2 * n);
    let values: Int16Array;
    if (LITTLE_ENDIAN) {
      // A copy of the bytes is aligned, so it can be viewed as 16-bit integers directly (the file is little-endian).
      values = new Int16Array(this.bytes.slice(this.at, this.at + 2 * n).buffer);
    } else {
      values = new Int16Array(n);
      for (let i = 0; i < n; i++) values[i] = this.view.getInt16(this.at + 2 * i, true);
    }
    this.at += 2 * n;
    return values;
  }
}

function writeTable(writer: ByteWriter, table: SparseWeightData): void {
  const rows = table.keys.length;
  writer.uint32(rows);
  writer.uint32(table.classes.length);
  let previous = 0;
  for (let r = 0; r < rows; r++) {
    if (r > 0 && table.keys[r] <= previous) throw new Error('writeModel: table keys must be ascending and distinct');
    writer.varint(table.keys[r] - previous);
    previous = table.keys[r];
  }
  const lengths = new Uint8Array(rows);
  for (let r = 0; r < rows; r++) {
    const length = table.rowStarts[r + 1] - table.rowStarts[r];
    if (length > 255) throw new Error('writeModel: a row has more than 255 weights');
    lengths[r] = length;
  }
  writer.raw(lengths);
  writer.raw(table.classes);
  writer.int16s(table.weights);
}

function readTable(reader: ByteReader, header: TableHeader): SparseWeightData {
  const rows = reader.uint32();
  const entries = reader.uint32();
  const keys = new Uint32Array(rows);
  let key = 0;
  for (let r = 0; r < rows; r++) {
    key += reader.varint();
    keys[r] = key;
  }
  const lengths = reader.raw(rows);
  const rowStarts = new Uint32Array(rows + 1);
  for (let r = 0; r < rows; r++) rowStarts[r + 1] = rowStarts[r] + lengths[r];
  if (rowStarts[rows] !== entries) throw new ModelFormatError(`row lengths add up to ${rowStarts[rows]}, the table says ${entries} weights`);
  const classes = reader.raw(entries).slice();
  let largest = 0;
  for (let k = 0; k < entries; k++) if (classes[k] > largest) largest = classes[k];
  if (entries > 0 && largest >= header.classCount) throw new ModelFormatError(`class ${largest} in a table of ${header.classCount} classes`);
  const weights = reader.int16s(entries);
  return { classCount: header.classCount, keys, rowStarts, classes, weights, scale: header.scale };
}

/** The uncompressed bytes of a model. */
export function writeModel(model: ParserModelData): Uint8Array {
  const tables = [model.taggerFirstPass, model.taggerSecondPass, model.parser];
  const json: ModelJson = {
    metadata: model.metadata,
    featureSet: model.featureSet,
    tags: model.tags,
    labels: model.labels,
    tagLexicon: model.tagLexicon,
    lemmatizer: model.lemmatizer,
    morphology: model.morphology,
    tables: tables.map((t) => ({ classCount: t.classCount, scale: t.scale })),
    ...(model.parserBeamWidth !== undefined && model.parserBeamWidth !== 1 ? { parserBeamWidth: model.parserBeamWidth } : {}),
  };
  const writer = new ByteWriter();
  writer.raw(new TextEncoder().encode(MODEL_MAGIC));
  writer.uint32(MODEL_FORMAT_VERSION);
  const text = new TextEncoder().encode(JSON.stringify(json));
  writer.uint32(text.length);
  writer.raw(text);
  for (const table of tables) writeTable(writer, table);
  return writer.result();
}

/** Reads the uncompressed bytes of a model; throws `ModelFormatError` saying what is wrong. */
export function readModel(bytes: Uint8Array): ParserModelData {
  const reader = new ByteReader(bytes);
  const magic = new TextDecoder().decode(reader.raw(MODEL_MAGIC.length));
  if (magic !== MODEL_MAGIC) throw new ModelFormatError(`not a parser model (it starts with "${magic}", not "${MODEL_MAGIC}")`);
  const version = reader.uint32();
  if (version !== MODEL_FORMAT_VERSION) {
    throw new ModelFormatError(`format version ${version}; this Understudy reads version ${MODEL_FORMAT_VERSION} (retrain with scripts/train-parser, or use the model shipped with this version)`);
  }
  const json = JSON.parse(new TextDecoder().decode(reader.raw(reader.uint32()))) as ModelJson;
  if (json.tables.length !== 3) throw new ModelFormatError(`${json.tables.length} weight tables, 3 expected`);
  const [taggerFirstPass, taggerSecondPass, parser] = json.tables.map((header) => readTable(reader, header));
  if (reader.at !== bytes.length) throw new ModelFormatError(`${bytes.length - reader.at} bytes after the last table`);
  const beam = json.parserBeamWidth;
  if (beam !== undefined && !(Number.isInteger(beam) && beam >= 1)) throw new ModelFormatError(`parser beam width ${String(beam)}, a whole number ≥ 1 expected`);
  return {
    metadata: json.metadata,
    featureSet: json.featureSet,
    tags: json.tags,
    labels: json.labels,
    tagLexicon: json.tagLexicon,
    lemmatizer: json.lemmatizer,
    morphology: json.morphology,
    taggerFirstPass,
    taggerSecondPass,
    parser,
    ...(beam !== undefined ? { parserBeamWidth: beam } : {}),
  };
}
