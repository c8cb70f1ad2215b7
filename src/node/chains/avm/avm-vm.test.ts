import secp256k1 from 'secp256k1';
import { beforeAll, describe, expect, it } from 'vitest';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { compareBytes } from '../../../lib/bytes.js';
import { sha256 } from '../../../lib/hash.js';
import { hexToBytes } from '../../../lib/hex.js';
import { buildLocalGenesis, type NetworkGenesis } from '../../genesis/index.js';
import { openMemoryStore } from '../../storage/kv.js';
import { startStandaloneXNode, type StandaloneXNode } from './standalone-x-node.js';
import { inputIdOf, parseAvmTx } from './tx-codec.js';

const FEE = 1_000_000n;
let g: NetworkGenesis;
let key: Uint8Array;

interface Spend { txId: Uint8Array; index: number; amount: bigint }

function output(amount: bigint, to: Uint8Array, asset = g.avaxAssetId.id): Uint8Array {
  return new LinearWriter(80).fixed(asset, 32).u32(7).u64(amount).u64(0n).u32(1).u32(1).fixed(to, 20).finish();
}

/** A signed BaseTx spending `from` into `outs` (sorted unless told not to). */
function baseTx(from: Spend, outs: Uint8Array[], o: { sort?: boolean; memo?: Uint8Array; networkId?: number; creds?: number; signer?: Uint8Array } = {}): Uint8Array {
  const w = new LinearWriter(512);
  w.u16(0).u32(0).u32(o.networkId ?? g.networkId).fixed(g.xChainId.id, 32).u32(outs.length);
  for (const out of o.sort === false ? outs : [...outs].sort(compareBytes)) w.raw(out);
  w.u32(1).fixed(from.txId, 32).u32(from.index).fixed(g.avaxAssetId.id, 32).u32(5).u64(from.amount).u32(1).u32(0);
  w.bytes(o.memo ?? new Uint8Array(0));
  const unsigned = w.finish();
  const { signature, recid } = secp256k1.ecdsaSign(sha256(unsigned), o.signer ?? key);
  const creds = o.creds ?? 1;
  const s = new LinearWriter(unsigned.length + 80).raw(unsigned).u32(creds);
  for (let i = 0; i < creds; i++) s.u32(9).u32(1).raw(signature).u8(recid);
  return s.finish();
}

const someone = new Uint8Array(20).fill(9);

describe('AvmVm', () => {
  let node: StandaloneXNode;
  let genesisSpend: Spend;

  beforeAll(async () => {
    g = buildLocalGenesis();
    key = hexToBytes(g.ewoq.privateKeyHex);
    genesisSpend = { txId: g.avaxAssetId.id, index: 0, amount: g.ewoq.xBalance };
    node = await startStandaloneXNode(openMemoryStore(), g);
  }, 30_000);

  it('parses a tx into typed parts and refuses propertyfx types with a clear error', () => {
    const bytes = baseTx(genesisSpend, [output(5n, someone)]);
    const tx = parseAvmTx(bytes);
    expect(tx.kind).toBe('BaseTx');
    expect(tx.id).toEqual(sha256(bytes));
    expect(tx.outs[0]!.out.amount).toBe(5n);
    expect(tx.creds[0]!.sigs).toHaveLength(1);
    const withProperty = new Uint8Array(bytes);
    // The first output's type id (after version, tx type, network, chain, count, asset).
    new DataView(withProperty.buffer).setUint32(2 + 4 + 4 + 32 + 4 + 32, 16);
    expect(() => parseAvmTx(withProperty)).toThrow(/type ID 16 is a propertyfx type/);
    expect(() => parseAvmTx(new Uint8Array([...bytes, 0]))).toThrow(/^trailing buffer space/);
  });

  it('rejects syntactically bad txs with AvalancheGo messages', async () => {
    const ewoq = g.ewoq.shortId;
    const change = output(genesisSpend.amount - 10n - FEE, ewoq);
    await expect(node.vm.issueTx(baseTx(genesisSpend, [output(10n, someone), change], { memo: new Uint8Array(257) }))).rejects.toThrow('memo exceeds maximum length: 257 > 256');
    const unsorted = [output(10n, someone), change].sort(compareBytes).reverse();
    await expect(node.vm.issueTx(baseTx(genesisSpend, unsorted, { sort: false }))).rejects.toThrow('outputs not sorted');
    await expect(node.vm.issueTx(baseTx(genesisSpend, [output(10n, someone), change], { creds: 2 }))).rejects.toThrow('wrong number of credentials: 2 != 1');
    await expect(node.vm.issueTx(baseTx(genesisSpend, [output(0n, someone), change]))).rejects.toThrow('output has no value');
    await expect(node.vm.issueTx(baseTx({ ...genesisSpend, amount: genesisSpend.amount - 1n }, [output(10n, someone), output(genesisSpend.amount - 11n - FEE, ewoq)]))).rejects.toThrow(/^failed to verify transfer: utxo amount and input amount are not equal/);
    expect(node.vm.height).toBe(0n);
  });

  it('batches concurrent txs into blocks, and refuses a conflicting tx while the first is pending', async () => {
    const ewoq = g.ewoq.shortId;
    // Fan out to 20 UTXOs.
    const one = output(1_000_000_000n, ewoq);
    const changeOut = output(genesisSpend.amount - 20n * 1_000_000_000n - FEE, ewoq);
    const fanout = baseTx(genesisSpend, [...Array<Uint8Array>(20).fill(one), changeOut]);
    const fanId = parseAvmTx(fanout).id;
    await node.vm.issueTx(fanout);
    const firstOne = [...Array<Uint8Array>(20).fill(one), changeOut].sort(compareBytes).findIndex((o) => compareBytes(o, one) === 0);
    const spends: Spend[] = Array.from({ length: 20 }, (_, i) => ({ txId: fanId, index: firstOne + i, amount: 1_000_000_000n }));
    const h0 = node.vm.height;
    const txs = spends.map((s) => baseTx(s, [output(s.amount - FEE, someone)]));
    // A conflicting spend of the first UTXO, issued together with the rest.
    const conflict = baseTx(spends[0]!, [output(spends[0]!.amount - FEE - 1n, someone)]);
    const results = await Promise.allSettled([...txs, conflict].map((t) => node.vm.issueTx(t)));
    expect(results.slice(0, 20).every((r) => r.status === 'fulfilled')).toBe(true);
    const last = results[20]!;
    expect(last.status).toBe('rejected');
    expect(String((last as PromiseRejectedResult).reason.message)).toMatch(/^tx conflicts with other tx: |^failed to verify transfer: failed to get utxo .*: not found$/);
    const blocks = node.vm.height - h0;
    expect(blocks).toBeGreaterThanOrEqual(1n);
    expect(blocks).toBeLessThan(20n);
    // All spent, none left for `someone` but the 20 outputs.
    const mine = await node.vm.allUtxosOf(someone);
    expect(mine).toHaveLength(20);
    expect(await node.vm.state.getUtxo(inputIdOf({ txId: fanId, outputIndex: firstOne }))).toBeUndefined();
    // Every accepted tx is in X/tx, in block order.
    expect(node.txIndex.size).toBe(21n);
  });

  it('refuses a tx signed by a key that does not own the UTXO', async () => {
    const other = new Uint8Array(32).fill(3);
    const h = node.vm.height;
    const utxos = await node.vm.allUtxosOf(g.ewoq.shortId);
    const u = utxos.find((x) => x.out.kind === 'secp-transfer' && x.out.amount === 1_000_000_000n) ?? utxos[0]!;
    const amount = u.out.kind === 'secp-transfer' ? u.out.amount : 0n;
    await expect(node.vm.issueTx(baseTx({ txId: u.txId, index: u.outputIndex, amount }, [output(amount - FEE, someone)], { signer: other }))).rejects.toThrow(/^failed to verify transfer: wrong signature: expected signature from /);
    await expect(node.vm.issueTx(baseTx({ txId: u.txId, index: u.outputIndex, amount }, [output(amount - FEE, someone)], { networkId: 1 }))).rejects.toThrow('tx has wrong network ID');
    expect(node.vm.height).toBe(h);
  });
});
