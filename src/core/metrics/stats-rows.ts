import { markReassignable } from '../runtime/reassignable-fields';
/**
 * Fresh, zeroed statistics rows for a metric's `stats()`, carved out of shared buffers: creating a Float64Array with
 * its own buffer costs far more than filling it (an allocation and a backing store per row, 100,000 times for a
 * corpus), while a view on a shared buffer is one small object. Rows never overlap, so each stays the caller's to
 * keep; a buffer lives as long as any row on it (at most ROW_BUFFER_BYTES per row kept).
 */
export class StatsRows {
  private buffer = new ArrayBuffer(0);
  private used = 0;

  constructor(private readonly width: number) {
    markReassignable(this, 'buffer');
  }

  next(): Float64Array {
    const bytes = 8 * this.width;
    if (this.used + bytes > this.buffer.byteLength) {
      this.buffer = new ArrayBuffer(Math.max(ROW_BUFFER_BYTES, bytes));
      this.used = 0;
    }
    const row = new Float64Array(this.buffer, this.used, this.width);
    this.used += bytes;
    return row;
  }
}

const ROW_BUFFER_BYTES = 1 << 14;
