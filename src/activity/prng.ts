import { sha256 } from '../lib/hash.js';

/**
 * A small deterministic PRNG (sfc32) seeded by sha256 of a text seed. `fork(label)` derives an independent
 * stream from the seed and a label, never from the current state, so one stream's draws cannot shift another's.
 */
export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(readonly seed: string) {
    const h = sha256(new TextEncoder().encode(seed));
    const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
    this.a = view.getUint32(0);
    this.b = view.getUint32(4);
    this.c = view.getUint32(8);
    this.d = view.getUint32(12) | 1;
    for (let i = 0; i < 12; i++) this.u32(); // mix the seed state (sfc32's usual warm-up)
  }

  static from(seed: string): Prng {
    return new Prng(seed);
  }

  fork(label: string): Prng {
    return new Prng(`${this.seed}/${label}`);
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 0x1_0000_0000;
  }

  /** Uniform integer in [0, n), without modulo bias. */
  below(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 0x1_0000_0000) throw new Error(`below(${n}): n must be an integer in 1..2^32`);
    const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
    for (;;) {
      const x = this.u32();
      if (x < limit) return x % n;
    }
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    if (max < min) throw new Error(`int(${min}, ${max}): empty range`);
    return min + this.below(max - min + 1);
  }

  /** Uniform bigint in [min, max]. */
  bigint(min: bigint, max: bigint): bigint {
    if (max < min) throw new Error(`bigint(${min}, ${max}): empty range`);
    const span = max - min + 1n;
    const bits = span.toString(2).length;
    for (;;) {
      let x = 0n;
      for (let i = 0; i < bits; i += 32) x = (x << 32n) | BigInt(this.u32());
      x &= (1n << BigInt(bits)) - 1n;
      if (x < span) return min + x;
    }
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.below(items.length)]!;
  }

  /** One key, with probability proportional to its weight (weights ≤ 0 never chosen). */
  weighted<K>(entries: readonly (readonly [K, number])[]): K {
    const live = entries.filter(([, w]) => w > 0);
    const total = live.reduce((s, [, w]) => s + w, 0);
    if (live.length === 0 || !(total > 0)) throw new Error('weighted pick with no positive weight');
    let x = this.float() * total;
    for (const [k, w] of live) {
      if (x < w) return k;
      x -= w;
    }
    return live[live.length - 1]![0];
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const x = this.u32();
      for (let j = 0; j < 4 && i + j < n; j++) out[i + j] = (x >>> (24 - 8 * j)) & 0xff;
    }
    return out;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** `count` distinct items (order random). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length));
  }
}
