import { RLP } from '@ethereumjs/rlp';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { idToString } from '../../../../lib/cb58.js';
import { bytesToHex, hexToBytes } from '../../../../lib/hex.js';
import { openMemoryStore, type KvStore } from '../../../storage/kv.js';
import { SharedMemory } from '../../shared-memory/shared-memory.js';
import { rewindLocked } from '../controls/rewind.js';
import { keccak256 } from '../crypto.js';
import { EvmChain } from '../evm-chain.js';
import { FakeAcceptor, fakeClock, silentLog, testGenesis } from '../testing.js';
import { AVAX, C_CHAIN, KEY, NETWORK_ID, OTHER_KEY, P_CHAIN, X_CHAIN, ethAddress, exportToC, exportTxBytes, importTxBytes, shortAddress } from './atomic.fixtures.js';
import { AtomicBackend } from './atomic-backend.js';
import { atomicGasUsed } from './gas.js';
import { parseAtomicBatch, parseAtomicTx, utxoInputId } from './tx-codec.js';

const GWEI = 1_000_000_000n;
const owner = shortAddress(KEY);
const alice = ethAddress(OTHER_KEY);
const ewoq = ethAddress(KEY);

async function open(db: KvStore = openMemoryStore(), mining: 'auto' | 'manual' = 'auto') {
  const clock = fakeClock();
  const chain = await EvmChain.create({ db, blockchainId: C_CHAIN, genesisJson: testGenesis(), acceptor: new FakeAcceptor(db), log: silentLog, now: clock.now, mining: { mode: mining } });
  const sharedMemory = new SharedMemory(db);
  const atomic = AtomicBackend.attach({
    db, chain, sharedMemory, networkId: NETWORK_ID, hrp: 'local', cChainId: C_CHAIN, xChainId: X_CHAIN, pChainId: P_CHAIN, avaxAssetId: AVAX, log: silentLog,
  });
  return { db, chain, sharedMemory, atomic, clock };
}

const utxo = (n: number, amount: bigint) => ({ txId: new Uint8Array(32).fill(n), outputIndex: n, amount, owner });

describe('AtomicBackend on an EvmChain', () => {
  it('imports AVAX into an EVM balance in a block of its own, with extra data, gas and shared memory', async () => {
    const { db, chain, sharedMemory, atomic } = await open();
    const u = utxo(1, 5n * GWEI);
    await exportToC(db, sharedMemory, u);
    const bytes = await importTxBytes({ utxos: [u], to: alice, fee: 1000n });
    const tx = parseAtomicTx(bytes);
    expect(await atomic.issueTx(bytes)).toEqual(tx.id);

    expect(chain.headNumber).toBe(1n);
    const block = chain.headBlock.block;
    expect(block.txs).toEqual([]);
    expect(parseAtomicBatch(block.extData).map((t) => t.id)).toEqual([tx.id]);
    expect(block.header.extDataHash).toEqual(keccak256(RLP.encode(block.extData)));
    expect(block.header.extDataGasUsed).toBe(atomicGasUsed(tx));
    expect(await chain.getBalance(alice)).toBe((5n * GWEI - 1000n) * GWEI);
    expect(await sharedMemory.has(C_CHAIN, X_CHAIN, [utxoInputId(u.txId, u.outputIndex)])).toEqual([false]);
    expect(await atomic.lookup(tx.id)).toEqual({ status: 'Accepted', bytes, height: 1n });

    // the UTXO is gone: the same import again is refused as coreth refuses it, and changes nothing
    await expect(atomic.issueTx(bytes)).rejects.toThrow(`failed to fetch import UTXOs from ${idToString(X_CHAIN)} due to: not found`);
    expect(chain.headNumber).toBe(1n);
  });

  it('exports from an EVM account: balance and nonce debited, the UTXO put for P with its owner', async () => {
    const { chain, sharedMemory, atomic } = await open();
    const before = await chain.getBalance(ewoq);
    const bytes = await exportTxBytes({ amount: 3n * GWEI, fee: 100n, nonce: 0n, to: owner });
    const tx = parseAtomicTx(bytes);
    await atomic.issueTx(bytes);
    expect(await chain.getBalance(ewoq)).toBe(before - (3n * GWEI + 100n) * GWEI);
    expect(await chain.getNonce(ewoq)).toBe(1n);
    const page = await sharedMemory.indexed(P_CHAIN, C_CHAIN, [owner], 10);
    expect(page.values).toHaveLength(1);
    expect(page.lastKey).toEqual(utxoInputId(tx.id, 0));
    // the avax API sees nothing for C itself: the UTXO is P's to import
    expect((await atomic.atomicUtxos(P_CHAIN, [owner], new Uint8Array(20), new Uint8Array(32), 10)).utxos).toEqual([]);

    await expect(atomic.issueTx(await exportTxBytes({ amount: GWEI, fee: 100n, nonce: 0n, to: owner }))).rejects.toThrow('invalid nonce');
    await expect(atomic.issueTx(await exportTxBytes({ amount: 10n ** 10n * GWEI, fee: 100n, nonce: 1n, to: owner }))).rejects.toThrow('insufficient funds');
  });

  it('pages the UTXOs exported to C by owner address', async () => {
    const { db, sharedMemory, atomic } = await open();
    for (const n of [1, 2, 3]) await exportToC(db, sharedMemory, utxo(n, GWEI));
    const zeroAddr = new Uint8Array(20);
    const zeroUtxo = new Uint8Array(32);
    const first = await atomic.atomicUtxos(X_CHAIN, [owner, owner], zeroAddr, zeroUtxo, 2);
    expect(first.utxos).toHaveLength(2);
    expect(first.endAddr).toEqual(owner);
    const rest = await atomic.atomicUtxos(X_CHAIN, [owner], first.endAddr, first.endUtxo, 2);
    expect(rest.utxos).toHaveLength(1);
    expect(new Set([...first.utxos, ...rest.utxos].map(bytesToHex)).size).toBe(3);
    expect((await atomic.atomicUtxos(P_CHAIN, [owner], zeroAddr, zeroUtxo, 2)).utxos).toEqual([]);
  });

  it('without automine a tx is Processing until a block is mined; an EVM tx taking its nonce drops it', async () => {
    const { chain, atomic } = await open(openMemoryStore(), 'manual');
    const bytes = await exportTxBytes({ amount: GWEI, fee: 100n, nonce: 0n, to: owner });
    const tx = parseAtomicTx(bytes);
    await atomic.issueTx(bytes);
    expect((await atomic.lookup(tx.id)).status).toBe('Processing');
    expect(chain.headNumber).toBe(0n);
    // an EVM tx from the same account at the same nonce runs first in the block: the export's nonce is stale
    const signer = privateKeyToAccount(bytesToHex(KEY) as `0x${string}`);
    await chain.sendRawTransaction(hexToBytes(await signer.signTransaction({ type: 'eip1559', chainId: 43112, nonce: 0, to: bytesToHex(alice) as `0x${string}`, value: 1n, gas: 21000n, maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 1n })));
    await chain.mine(1);
    expect(chain.headBlock.block.txs).toHaveLength(1);
    expect(chain.headBlock.block.extData).toHaveLength(0);
    expect((await atomic.lookup(tx.id)).status).toBe('Dropped');
    const next = await exportTxBytes({ amount: GWEI, fee: 100n, nonce: 1n, to: owner });
    await atomic.issueTx(next);
    await chain.mine(1);
    expect((await atomic.lookup(parseAtomicTx(next).id))).toMatchObject({ status: 'Accepted', height: 2n });
  });

  it('keeps accepted txs, balances and shared memory across a restart', async () => {
    const db = openMemoryStore();
    const first = await open(db);
    const u = utxo(1, 2n * GWEI);
    await exportToC(db, first.sharedMemory, u);
    const bytes = await importTxBytes({ utxos: [u], to: alice, fee: 1000n });
    await first.atomic.issueTx(bytes);
    await first.chain.close();
    const again = await open(db);
    expect(again.chain.headNumber).toBe(1n);
    expect(await again.chain.getBalance(alice)).toBe((2n * GWEI - 1000n) * GWEI);
    expect((await again.atomic.lookup(parseAtomicTx(bytes).id)).status).toBe('Accepted');
    await expect(again.atomic.issueTx(bytes)).rejects.toThrow('not found');
  });

  it('a devnet rewind gives imported UTXOs back, withdraws exports, and refuses once P imported one', async () => {
    const { db, chain, sharedMemory, atomic } = await open();
    const u = utxo(1, 2n * GWEI);
    const key = await exportToC(db, sharedMemory, u);
    const imp = await importTxBytes({ utxos: [u], to: alice, fee: 1000n });
    await atomic.issueTx(imp);
    const exp = await exportTxBytes({ amount: GWEI, fee: 100n, nonce: 0n, to: owner });
    await atomic.issueTx(exp);
    expect(chain.headNumber).toBe(2n);
    const x = chain.devnetAccess();
    const genesis = (await chain.getBlockByNumber(0n))!;
    const block1 = (await chain.getBlockByNumber(1n))!;
    await x.exclusive(() => rewindLocked(x, 1n, block1.block.header.stateRoot));
    expect((await atomic.lookup(parseAtomicTx(exp).id)).status).toBe('Unknown');
    expect((await sharedMemory.indexed(P_CHAIN, C_CHAIN, [owner], 10)).values).toEqual([]);
    await x.exclusive(() => rewindLocked(x, 0n, genesis.block.header.stateRoot));
    expect((await atomic.lookup(parseAtomicTx(imp).id)).status).toBe('Unknown');
    expect(await sharedMemory.has(C_CHAIN, X_CHAIN, [key])).toEqual([true]);
    expect((await atomic.atomicUtxos(X_CHAIN, [owner], new Uint8Array(20), new Uint8Array(32), 10)).utxos).toHaveLength(1);
    expect(await chain.getBalance(alice)).toBe(0n);

    // export again, and let P consume it: that block can no longer be rewound
    await atomic.issueTx(exp);
    const elementKey = utxoInputId(parseAtomicTx(exp).id, 0);
    await db.batch(await sharedMemory.applyOps(P_CHAIN, new Map([['C', { peer: C_CHAIN, removes: [elementKey], puts: [] }]])));
    await expect(x.exclusive(() => rewindLocked(x, 0n, genesis.block.header.stateRoot))).rejects.toThrow(/^cannot rewind past block 1: atomic tx .* exported UTXOs that .* has already imported$/);
    expect(chain.headNumber).toBe(1n);
  });
});
