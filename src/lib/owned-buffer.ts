/**
 * `data` as a Buffer alone in its memory, for keeping: a copy when it is a view into a larger block. Node hands out
 * Buffers under 4 KiB (`Buffer.from`, `allocUnsafe`) as views into a shared 8 KiB pool, and zlib's sync output as a
 * view into its 16 KiB output chunk; a kept view keeps its whole block alive, with whatever else was allocated in it.
 * The response cache keeps bodies and their compressed copies by the byte, and kept such views: a Data API process
 * that filled its 64 MiB with first-time P-chain answers (3.6 KiB) held 106 MiB of ArrayBuffers, 281 MiB once each
 * was asked again with gzip (1.2 KiB copies), and 84 MiB for 40,000 block answers of 431 bytes (28 MiB counted);
 * with its own copies, 59, 60 and 17 MiB (2026-12-02).
 */
export function ownedBuffer(data: string | Buffer): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const out = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(out);
  return out;
}
