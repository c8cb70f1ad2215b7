import { expect } from 'vitest';

/** Deterministic xorshift32 so a failing fuzz case can be replayed. */
export function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

/**
 * Feeds a decoder random bytes, every truncation of each seed, and random byte flips / splices of the seeds.
 * The decoder may succeed or throw, but only ever an `Error` (never a TypeError from undefined access, a RangeError
 * from a bad allocation, or a non-Error value). Returns how many inputs decoded.
 */
export function fuzzDecoder(decode: (bytes: Uint8Array) => unknown, seeds: Uint8Array[], rounds = 3000, seed = 1): number {
  const rnd = prng(seed);
  const inputs: Uint8Array[] = [];
  for (const s of seeds) {
    const step = Math.max(1, Math.floor(s.length / 400));
    for (let n = 0; n < s.length; n += step) inputs.push(s.subarray(0, n));
  }
  for (let i = 0; i < rounds; i++) {
    const pick = seeds[Math.floor(rnd() * seeds.length)];
    const mode = pick ? Math.floor(rnd() * 4) : 0;
    if (mode === 0 || !pick) {
      inputs.push(new Uint8Array(Math.floor(rnd() * 300)).map(() => Math.floor(rnd() * 256)));
    } else if (mode === 1) {
      const m = pick.slice();
      const flips = 1 + Math.floor(rnd() * 4);
      for (let f = 0; f < flips; f++) m[Math.floor(rnd() * m.length)] = Math.floor(rnd() * 256);
      inputs.push(m);
    } else if (mode === 2) {
      const m = pick.slice();
      const value = [0, 1, 0xffffffff, 0x7fffffff, Math.floor(rnd() * 0x100000000)][Math.floor(rnd() * 5)] ?? 0;
      if (m.length >= 4) new DataView(m.buffer).setUint32(Math.floor(rnd() * (m.length - 3)), value);
      inputs.push(m);
    } else {
      const extra = new Uint8Array(1 + Math.floor(rnd() * 8)).map(() => Math.floor(rnd() * 256));
      const m = new Uint8Array(pick.length + extra.length);
      m.set(pick);
      m.set(extra, pick.length);
      inputs.push(m);
    }
  }
  let ok = 0;
  for (const input of inputs) {
    try {
      decode(input);
      ok++;
    } catch (err) {
      if (!(err instanceof Error) || err instanceof TypeError || err instanceof RangeError || err instanceof SyntaxError) {
        expect.fail(`decoder threw ${String(err)} on ${Buffer.from(input).toString('hex').slice(0, 400)}`);
      }
      expect((err as Error).message.length).toBeGreaterThan(0);
    }
  }
  return ok;
}
