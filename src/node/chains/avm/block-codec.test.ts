import { describe, expect, it } from 'vitest';
import { encodeAvmStandardBlock } from '../../../codec/avm/blocks.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { sha256 } from '../../../lib/hash.js';
import { parseAvmBlock } from './block-codec.js';
import { parseAvmTx } from './tx-codec.js';

const CHAIN = new Uint8Array(32).fill(3);
const ASSET = new Uint8Array(32).fill(4);
const OWNER = new Uint8Array(20).fill(5);
const SIG = new Uint8Array(65).fill(6);

/** A (unsigned-valid, not signature-valid) OperationTx transferring an NFT: a secp256k1fx and an nftfx credential. */
function nftTransferTx(memo: string): Uint8Array {
  const w = new LinearWriter(512);
  w.u16(0).u32(2).u32(12345).fixed(CHAIN, 32);
  w.u32(0); // outputs
  w.u32(0); // inputs
  w.bytes(new TextEncoder().encode(memo));
  w.u32(1).fixed(ASSET, 32).u32(1).fixed(ASSET, 32).u32(1); // one op on UTXO (ASSET, 1)
  w.u32(13).u32(1).u32(0); // nftfx.TransferOperation, input signature indices [0]
  w.u32(7).bytes(Uint8Array.of(1, 2, 3)).u64(0n).u32(1).u32(1).fixed(OWNER, 20); // output: group 7, payload, owners
  w.u32(2).u32(9).u32(1).raw(SIG).u32(14).u32(1).raw(SIG);
  return w.finish();
}

function baseTx(): Uint8Array {
  const w = new LinearWriter(256);
  w.u16(0).u32(0).u32(12345).fixed(CHAIN, 32);
  w.u32(1).fixed(ASSET, 32).u32(7).u64(10n).u64(0n).u32(1).u32(1).fixed(OWNER, 20);
  w.u32(1).fixed(ASSET, 32).u32(0).fixed(ASSET, 32).u32(5).u64(11n).u32(1).u32(0);
  w.u32(0);
  w.u32(1).u32(9).u32(1).raw(SIG);
  return w.finish();
}

describe('parseAvmBlock', () => {
  const txs = [nftTransferTx('a'), baseTx(), nftTransferTx('bc')];
  const block = encodeAvmStandardBlock({ parentId: new Uint8Array(32).fill(1), height: 9n, time: 1_700_000_000n, txs });

  it('reads the header and every tx as the standalone tx it was, nftfx credentials included', () => {
    const b = parseAvmBlock(block.bytes);
    expect(b.id).toEqual(block.id);
    expect(b.parentId).toEqual(new Uint8Array(32).fill(1));
    expect([b.height, b.time]).toEqual([9n, 1_700_000_000n]);
    expect(b.merkleRoot).toEqual(new Uint8Array(32));
    expect(b.txs.map((t) => t.bytes)).toEqual(txs);
    expect(b.txs.map((t) => t.id)).toEqual(txs.map(sha256));
    for (const [i, t] of b.txs.entries()) {
      const alone = parseAvmTx(txs[i]!);
      expect(t.unsignedBytes).toEqual(alone.unsignedBytes);
      expect(t.creds).toEqual(alone.creds);
    }
    expect(b.txs[0]!.creds.map((c) => c.fxIndex)).toEqual([0, 1]);
    expect(b.txs[0]!.ops![0]!.op).toMatchObject({ kind: 'nft-transfer-op', output: { groupId: 7, payload: Uint8Array.of(1, 2, 3) } });
  });

  it('rejects truncated blocks, trailing bytes and other types with AvalancheGo-style errors', () => {
    expect(() => parseAvmBlock(block.bytes.subarray(0, block.bytes.length - 1))).toThrow(/^couldn't unmarshal tx 2: /);
    expect(() => parseAvmBlock(Uint8Array.from([...block.bytes, 0]))).toThrow('trailing buffer space');
    const other = new Uint8Array(block.bytes);
    new DataView(other.buffer).setUint32(2, 21);
    expect(() => parseAvmBlock(other)).toThrow('unknown type ID 21');
    const countTooBig = new Uint8Array(block.bytes);
    new DataView(countTooBig.buffer).setUint32(86, 1_000_000);
    expect(() => parseAvmBlock(countTooBig)).toThrow(/txs cannot fit/);
  });
});
