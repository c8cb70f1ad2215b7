/** Big-endian writer for AvalancheGo's linear codec (codec/linearcodec, utils/wrappers/packing.go). */
export class LinearWriter {
  private buf: Uint8Array;
  private view: DataView;
  private pos = 0;

  constructor(initialSize = 256) {
    this.buf = new Uint8Array(initialSize);
    this.view = new DataView(this.buf.buffer);
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): this { this.ensure(1); this.view.setUint8(this.pos, v); this.pos += 1; return this; }
  bool(v: boolean): this { return this.u8(v ? 1 : 0); }
  u16(v: number): this { this.ensure(2); this.view.setUint16(this.pos, v); this.pos += 2; return this; }
  u32(v: number): this { this.ensure(4); this.view.setUint32(this.pos, v); this.pos += 4; return this; }
  u64(v: bigint): this { this.ensure(8); this.view.setBigUint64(this.pos, v); this.pos += 8; return this; }
  i64(v: bigint): this { this.ensure(8); this.view.setBigInt64(this.pos, v); this.pos += 8; return this; }

  /** Fixed-size byte array ([N]byte): written raw, length checked. */
  fixed(bytes: Uint8Array, size: number): this {
    if (bytes.length !== size) throw new Error(`expected ${size} bytes but got ${bytes.length}`);
    return this.raw(bytes);
  }

  raw(bytes: Uint8Array): this { this.ensure(bytes.length); this.buf.set(bytes, this.pos); this.pos += bytes.length; return this; }
  /** []byte: u32 length + bytes. */
  bytes(bytes: Uint8Array): this { return this.u32(bytes.length).raw(bytes); }
  /** string: u16 length + UTF-8 bytes. */
  str(s: string): this {
    const b = new TextEncoder().encode(s);
    if (b.length > 0xffff) throw new Error('string too long');
    return this.u16(b.length).raw(b);
  }
  /** []T: u32 count + elements. */
  array<T>(items: readonly T[], write: (w: this, item: T) => void): this {
    this.u32(items.length);
    for (const item of items) write(this, item);
    return this;
  }

  get length(): number { return this.pos; }
  finish(): Uint8Array { return this.buf.slice(0, this.pos); }
}
