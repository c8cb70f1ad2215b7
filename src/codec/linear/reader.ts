/** Big-endian reader for AvalancheGo's linear codec, with bounds checks on every read. */
export class LinearReader {
  private readonly view: DataView;
  pos = 0;

  constructor(readonly bytes: Uint8Array, private readonly maxSliceLen = bytes.length) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  private need(n: number): void {
    if (n < 0 || this.pos + n > this.bytes.length) throw new Error(`insufficient length: need ${n} bytes at offset ${this.pos} of ${this.bytes.length}`);
  }

  u8(): number { this.need(1); return this.view.getUint8(this.pos++); }
  bool(): boolean {
    const v = this.u8();
    if (v > 1) throw new Error('invalid bool value');
    return v === 1;
  }
  u16(): number { this.need(2); const v = this.view.getUint16(this.pos); this.pos += 2; return v; }
  u32(): number { this.need(4); const v = this.view.getUint32(this.pos); this.pos += 4; return v; }
  u64(): bigint { this.need(8); const v = this.view.getBigUint64(this.pos); this.pos += 8; return v; }
  i64(): bigint { this.need(8); const v = this.view.getBigInt64(this.pos); this.pos += 8; return v; }
  fixed(n: number): Uint8Array { this.need(n); const v = this.bytes.subarray(this.pos, this.pos + n); this.pos += n; return v; }
  bytesField(): Uint8Array {
    const n = this.u32();
    if (n > this.maxSliceLen) throw new Error(`slice too large: ${n}`);
    return this.fixed(n);
  }
  str(): string { return new TextDecoder().decode(this.fixed(this.u16())); }
  array<T>(read: (r: this) => T): T[] {
    const n = this.u32();
    if (n > this.remaining) throw new Error(`array length ${n} exceeds remaining bytes`);
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(read(this));
    return out;
  }
  get remaining(): number { return this.bytes.length - this.pos; }
  rest(): Uint8Array { const v = this.bytes.subarray(this.pos); this.pos = this.bytes.length; return v; }
  /** Linear codec rejects trailing bytes. */
  end(): void { if (this.remaining !== 0) throw new Error('trailing buffer space'); }
}
