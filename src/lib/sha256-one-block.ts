/** The longest message SHA-256 hashes in one 64-byte block: the block also holds the 0x80 marker and the 8-byte length. */
export const ONE_BLOCK_MAX_BYTES = 55;

const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const H0 = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

// The message schedule, reused by every call (hashing never yields).
const W = new Int32Array(64);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/**
 * SHA-256 (FIPS 180-4) of a message of at most 55 bytes, as the digest's eight big-endian words (signed 32-bit),
 * written into `out`. Ids, checksums and addresses are hashed on every response and every indexed tx; for a 32-byte
 * id Node's one-shot crypto.hash took 2.1–3.5 µs a call on the bench host, nearly all of it the call into C++ and
 * the Buffer it returns, and this 0.5–0.9 µs (2026-12-02).
 */
export function sha256OneBlockWords(message: Uint8Array, out: Int32Array): void {
  const n = message.length;
  if (n > ONE_BLOCK_MAX_BYTES) throw new RangeError(`sha256OneBlockWords: ${n} bytes do not fit one block (at most ${ONE_BLOCK_MAX_BYTES})`);
  // The block: the message as big-endian words, then 0x80, zeros and the length in bits (under 2^32 here).
  const whole = n >> 2;
  for (let i = 0; i < whole; i++) {
    const j = i << 2;
    W[i] = (message[j]! << 24) | (message[j + 1]! << 16) | (message[j + 2]! << 8) | message[j + 3]!;
  }
  let tail = 0x80 << (24 - ((n & 3) << 3));
  for (let i = whole << 2; i < n; i++) tail |= message[i]! << (24 - ((i & 3) << 3));
  W[whole] = tail;
  for (let i = whole + 1; i < 15; i++) W[i] = 0;
  W[15] = n * 8;
  for (let i = 16; i < 64; i++) {
    const w15 = W[i - 15]!;
    const w2 = W[i - 2]!;
    const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
    const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
    W[i] = (W[i - 16]! + s0 + W[i - 7]! + s1) | 0;
  }
  let a = H0[0]!, b = H0[1]!, c = H0[2]!, d = H0[3]!, e = H0[4]!, f = H0[5]!, g = H0[6]!, h = H0[7]!;
  for (let i = 0; i < 64; i++) {
    const t1 = (h + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + W[i]!) | 0;
    const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  out[0] = (H0[0]! + a) | 0;
  out[1] = (H0[1]! + b) | 0;
  out[2] = (H0[2]! + c) | 0;
  out[3] = (H0[3]! + d) | 0;
  out[4] = (H0[4]! + e) | 0;
  out[5] = (H0[5]! + f) | 0;
  out[6] = (H0[6]! + g) | 0;
  out[7] = (H0[7]! + h) | 0;
}
