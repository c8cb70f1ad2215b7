import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import { type KvOp, type KvStore, openMemoryStore } from '../../storage/kv.js';
import { ensureBlockLayout } from './block-layout.js';
import { EvmChain } from './evm-chain.js';
import { EvmKeys } from './keys.js';
import { FakeAcceptor, STORAGE_INITCODE, TEST_KEYS, fakeClock, silentLog, testGenesis } from './testing.js';

const CHAIN_ID = new Uint8Array(32).fill(9);
const keys = new EvmKeys(CHAIN_ID);
const ewoq = privateKeyToAccount(TEST_KEYS[0]);
const GWEI = 10n ** 9n;

async function open(db: KvStore) {
  return EvmChain.create({ db, blockchainId: CHAIN_ID, genesisJson: testGenesis(), acceptor: new FakeAcceptor(db), log: silentLog, now: fakeClock().now });
}

/** A chain of `blocks` blocks after genesis: a contract deployed, then one call to it per block (each with a trace). */
async function chainWith(blocks: number): Promise<KvStore> {
  const db = openMemoryStore();
  const chain = await open(db);
  const sign = (nonce: number, to: `0x${string}` | undefined, data: `0x${string}`) => ewoq.signTransaction({
    type: 'eip1559', chainId: 43112, nonce, ...(to ? { to } : {}), data, gas: 200_000n, maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 1n,
  });
  const deployed = await chain.sendRawTransaction(hexToBytes(await sign(0, undefined, STORAGE_INITCODE as `0x${string}`)));
  const contract = bytesToHex((await chain.getReceipt(deployed))!.receipt!.contractAddress!) as `0x${string}`;
  for (let i = 1; i < blocks; i++) await chain.sendRawTransaction(hexToBytes(await sign(i, contract, `0x${i.toString(16).padStart(64, '0')}`)));
  await chain.close();
  return db;
}

async function contents(db: KvStore): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for await (const [k, v] of db.iterate({ gte: new Uint8Array(0), lt: new Uint8Array(64).fill(255) })) all.set(bytesToHex(k), bytesToHex(v));
  return all;
}

/** Rewrites a layout-2 store as Firn wrote it before 2026-11-29: block, receipts and traces keyed by hash alone. */
async function toLayout1(db: KvStore): Promise<void> {
  const ops: KvOp[] = [{ type: 'del', key: keys.layout() }];
  for (let n = 0n; ; n++) {
    const hash = await db.get(keys.hashByNumber(n));
    if (!hash) break;
    ops.push({ type: 'del', key: keys.numberByHash(hash) });
    for (const [from, to] of [[keys.block(n, hash), keys.legacyBlock(hash)], [keys.receipts(n, hash), keys.legacyReceipts(hash)], [keys.callTraces(n, hash), keys.legacyCallTraces(hash)]] as const) {
      const value = await db.get(from);
      if (value) ops.push({ type: 'del', key: from }, { type: 'put', key: to, value });
    }
  }
  await db.batch(ops);
}

/** Fails the `failAt`-th batch (1-based) as a process killed mid-migration would leave it: nothing of that batch written. */
function failingAt(db: KvStore, failAt: number): KvStore {
  let batches = 0;
  return { ...db, get: db.get.bind(db), iterate: db.iterate.bind(db), batch: async (ops) => { if (++batches === failAt) throw new Error('killed'); await db.batch(ops); } };
}

describe('ensureBlockLayout', () => {
  it('moves a layout-1 store to number-first keys, byte for byte what layout 2 writes, and the chain reads it', async () => {
    const db = await chainWith(7);
    const written = await contents(db);
    const tracePrefix = bytesToHex(keys.callTraces(0n, new Uint8Array())).slice(0, -16);
    expect([...written.keys()].filter((k) => k.startsWith(tracePrefix)).length).toBe(7);
    await toLayout1(db);
    expect(await contents(db)).not.toEqual(written);

    expect(await ensureBlockLayout(db, keys, silentLog, 'C')).toBe(8);
    expect(await contents(db)).toEqual(written);
    expect(await ensureBlockLayout(db, keys, silentLog, 'C')).toBe(0);

    const chain = await open(db);
    expect(chain.headNumber).toBe(7n);
    const block = (await chain.getBlockByNumber(5n))!;
    expect(bytesToHex((await chain.getBlockByHash(block.hash))!.bytes)).toBe(bytesToHex(block.bytes));
    expect((await chain.getBlockReceipts(block))!.length).toBe(1);
    expect((await chain.recordedCallTraceJson(block))!.length).toBe(1);
    const tx = await chain.getTransaction((await chain.getBlockReceipts(block))![0]!.txHash!);
    expect(tx?.location?.blockNumber).toBe(5n);
    expect(tx?.block?.hash).toEqual(block.hash);
    await chain.close();
  });

  it('resumes a move killed between batches, with nothing lost or left twice', async () => {
    const db = await chainWith(9);
    const written = await contents(db);
    await toLayout1(db);
    await expect(ensureBlockLayout(failingAt(db, 3), keys, silentLog, 'C', 2)).rejects.toThrow('killed');
    const partly = await contents(db);
    expect(partly.has(bytesToHex(keys.layoutProgress()))).toBe(true);
    expect(partly.has(bytesToHex(keys.layout()))).toBe(false);
    expect(await ensureBlockLayout(db, keys, silentLog, 'C', 2)).toBe(10 - 4);
    expect(await contents(db)).toEqual(written);
  });

  it('marks a new store and refuses one of a layout it does not know', async () => {
    const db = openMemoryStore();
    expect(await ensureBlockLayout(db, keys, silentLog, 'C')).toBe(0);
    expect([...(await db.get(keys.layout()))!]).toEqual([2]);
    await db.put(keys.layout(), Uint8Array.of(3));
    await expect(ensureBlockLayout(db, keys, silentLog, 'C')).rejects.toThrow('block layout is version 3');
  });
});
