/**
 * The arc-hybrid transition system (Kuhlmann, Gómez-Rodríguez & Satta 2011), labelled, with the root at the bottom
 * of the stack. Words are numbered 1..n, 0 is the root; the buffer is always the words b..n.
 *
 *   SHIFT      move the buffer's first word b0 onto the stack
 *   LEFT(l)    s0 ← b0 with label l; pop s0
 *   RIGHT(l)   s1 → s0 with label l; pop s0
 *
 * RIGHT from the root is allowed only as the last transition (buffer empty, one word on the stack), so every parse
 * is a tree with exactly one word attached to the root, as UD requires.
 *
 * Actions are numbered 0 = SHIFT, 1 + 2l = LEFT(l), 2 + 2l = RIGHT(l).
 */
export const SHIFT = 0;

export function leftAction(label: number): number {
  return 1 + 2 * label;
}

export function rightAction(label: number): number {
  return 2 + 2 * label;
}

export function actionCount(labelCount: number): number {
  return 1 + 2 * labelCount;
}

export const NO_WORD = -1;

export class ArcHybridState {
  length = 0;
  readonly stack: Int32Array;
  stackSize = 0;
  /** The buffer's first word (length + 1 when the buffer is empty). */
  buffer = 1;
  readonly heads: Int32Array;
  readonly labels: Int32Array;
  /** Leftmost and second-leftmost, rightmost and second-rightmost dependents so far (NO_WORD when none). */
  readonly leftmost: Int32Array;
  readonly leftmost2: Int32Array;
  readonly rightmost: Int32Array;
  readonly rightmost2: Int32Array;
  readonly leftCount: Int32Array;
  readonly rightCount: Int32Array;
  /** Labels of the left and right dependents, as bit sets over label ids (two 32-bit words each). */
  readonly leftLabels: Int32Array;
  readonly rightLabels: Int32Array;

  constructor(readonly capacity: number) {
    const size = capacity + 2;
    this.stack = new Int32Array(size);
    this.heads = new Int32Array(size);
    this.labels = new Int32Array(size);
    this.leftmost = new Int32Array(size);
    this.leftmost2 = new Int32Array(size);
    this.rightmost = new Int32Array(size);
    this.rightmost2 = new Int32Array(size);
    this.leftCount = new Int32Array(size);
    this.rightCount = new Int32Array(size);
    this.leftLabels = new Int32Array(2 * size);
    this.rightLabels = new Int32Array(2 * size);
  }

  /** Starts a sentence of `length` words: the root alone on the stack, every word in the buffer. */
  reset(length: number): void {
    if (length > this.capacity) throw new Error(`ArcHybridState: ${length} words, capacity ${this.capacity}`);
    this.length = length;
    this.stack[0] = 0;
    this.stackSize = 1;
    this.buffer = 1;
    const size = length + 1;
    this.heads.fill(-1, 0, size);
    this.labels.fill(-1, 0, size);
    this.leftmost.fill(NO_WORD, 0, size);
    this.leftmost2.fill(NO_WORD, 0, size);
    this.rightmost.fill(NO_WORD, 0, size);
    this.rightmost2.fill(NO_WORD, 0, size);
    this.leftCount.fill(0, 0, size);
    this.rightCount.fill(0, 0, size);
    this.leftLabels.fill(0, 0, 2 * size);
    this.rightLabels.fill(0, 0, 2 * size);
  }

  /** Makes this state the same configuration as `other` (a beam item's successor starts as a copy of its parent). */
  copyFrom(other: ArcHybridState): void {
    const size = other.length + 1;
    if (other.length > this.capacity) throw new Error(`ArcHybridState: ${other.length} words, capacity ${this.capacity}`);
    this.length = other.length;
    this.stackSize = other.stackSize;
    this.buffer = other.buffer;
    this.stack.set(other.stack.subarray(0, other.stackSize));
    this.heads.set(other.heads.subarray(0, size));
    this.labels.set(other.labels.subarray(0, size));
    this.leftmost.set(other.leftmost.subarray(0, size));
    this.leftmost2.set(other.leftmost2.subarray(0, size));
    this.rightmost.set(other.rightmost.subarray(0, size));
    this.rightmost2.set(other.rightmost2.subarray(0, size));
    this.leftCount.set(other.leftCount.subarray(0, size));
    this.rightCount.set(other.rightCount.subarray(0, size));
    this.leftLabels.set(other.leftLabels.subarray(0, 2 * size));
    this.rightLabels.set(other.rightLabels.subarray(0, 2 * size));
  }

  get done(): boolean {
    return this.buffer > this.length && this.stackSize === 1;
  }

  get bufferEmpty(): boolean {
    return this.buffer > this.length;
  }

  /** Stack item k from the top (0 = s0), or NO_WORD. */
  stackAt(k: number): number {
    return k < this.stackSize ? this.stack[this.stackSize - 1 - k] : NO_WORD;
  }

  /** Buffer item k (0 = b0), or NO_WORD. */
  bufferAt(k: number): number {
    const word = this.buffer + k;
    return word <= this.length ? word : NO_WORD;
  }

  canShift(): boolean {
    return this.buffer <= this.length;
  }

  canLeft(): boolean {
    return this.stackSize >= 2 && this.buffer <= this.length;
  }

  /** RIGHT is allowed between two words, and from the root only to the last word left. */
  canRight(): boolean {
    if (this.stackSize < 2) return false;
    if (this.stack[this.stackSize - 2] !== 0) return true;
    return this.stackSize === 2 && this.buffer > this.length;
  }

  /** Whether RIGHT would attach s0 to the root (then its label must be the root label, and only then). */
  rightIsRoot(): boolean {
    return this.stackSize === 2 && this.stack[0] === 0;
  }

  apply(action: number): void {
    if (action === SHIFT) {
      this.stack[this.stackSize++] = this.buffer++;
      return;
    }
    const label = (action - 1) >> 1;
    const dependent = this.stack[--this.stackSize];
    const head = (action & 1) === 1 ? this.buffer : this.stack[this.stackSize - 1];
    this.attach(head, dependent, label);
  }

  private attach(head: number, dependent: number, label: number): void {
    this.heads[dependent] = head;
    this.labels[dependent] = label;
    const word = 2 * head + (label >> 5);
    const bit = 1 << (label & 31);
    if (dependent < head) {
      this.leftCount[head]++;
      this.leftLabels[word] |= bit;
      if (this.leftmost[head] === NO_WORD || dependent < this.leftmost[head]) {
        this.leftmost2[head] = this.leftmost[head];
        this.leftmost[head] = dependent;
      } else if (this.leftmost2[head] === NO_WORD || dependent < this.leftmost2[head]) {
        this.leftmost2[head] = dependent;
      }
    } else {
      this.rightCount[head]++;
      this.rightLabels[word] |= bit;
      if (this.rightmost[head] === NO_WORD || dependent > this.rightmost[head]) {
        this.rightmost2[head] = this.rightmost[head];
        this.rightmost[head] = dependent;
      } else if (this.rightmost2[head] === NO_WORD || dependent > this.rightmost2[head]) {
        this.rightmost2[head] = dependent;
      }
    }
  }
}
