import { sha256 } from '../../../lib/hash.js';
import type { AcceptedContainer } from '../../consensus/types.js';

/** A fake accepted block whose id is sha256(bytes), as for P/X proposervm blocks. */
export function fakeAccepted(chainId: Uint8Array, height: number, size = 64, acceptedAtNanos = 1_700_000_000_123_456_789n + BigInt(height)): AcceptedContainer {
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, height);
  bytes.fill(height & 0xff, 4);
  const id = sha256(bytes);
  return {
    chainAlias: 'P',
    chainId,
    id,
    bytes,
    height: BigInt(height),
    inner: { id, bytes, height: BigInt(height), timestamp: BigInt(height) },
    acceptedAtNanos,
  };
}

export const CHAIN_A = new Uint8Array(32).fill(0xaa);
export const CHAIN_B = new Uint8Array(32).fill(0xbb);
