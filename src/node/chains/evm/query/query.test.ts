import { describe, it, expect } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { verifyMerkleProof } from '@ethereumjs/mpt';
import { hexToBytes } from '../../../../lib/hex.js';
import { openMemoryStore } from '../../../storage/kv.js';
import { keccak256 } from '../crypto.js';
import { EvmChain } from '../evm-chain.js';
import { FakeAcceptor, STORAGE_INITCODE, TEST_KEYS, fakeClock, silentLog, testGenesis } from '../testing.js';
import { bloomMayContain } from './bloom.js';
import { FilterRegistry } from './filter-registry.js';
import { getLogs } from './get-logs.js';
import { compileMatcher, parseLogCriteria } from './log-criteria.js';
import { LogIndex } from './log-index.js';
import { configureQueries } from './options.js';
import { getProof } from './proof.js';
import { feeHistory, parseBlockCount } from './fee-history.js';
import { callWithOverrides } from './call-overrides.js';
import { parseStateOverrides } from './overrides.js';

const ewoq = privateKeyToAccount(TEST_KEYS[0]);
const GWEI = 10n ** 9n;
const word = (n: number) => ('0x' + n.toString(16).padStart(64, '0')) as `0x${string}`;

async function newChain() {
  const db = openMemoryStore();
  const clock = fakeClock();
  const chain = await EvmChain.create({ db, blockchainId: new Uint8Array(32).fill(9), genesisJson: testGenesis(), acceptor: new FakeAcceptor(db), log: silentLog, now: clock.now });
  let nonce = 0;
  const send = async (tx: { to?: `0x${string}`; data?: `0x${string}`; gas?: bigint; value?: bigint }) => {
    clock.advance(2000);
    const raw = await ewoq.signTransaction({ type: 'eip1559', chainId: 43112, nonce: nonce++, gas: tx.gas ?? 200_000n, maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 1n, ...(tx.to ? { to: tx.to } : {}), ...(tx.data ? { data: tx.data } : {}), value: tx.value ?? 0n });
    return chain.sendRawTransaction(hexToBytes(raw));
  };
  await send({ data: STORAGE_INITCODE as `0x${string}` });
  const receipt = (await chain.getReceipt(keccak256(hexToBytes(await ewoq.signTransaction({ type: 'eip1559', chainId: 43112, nonce: 0, gas: 200_000n, maxFeePerGas: 2n * GWEI, maxPriorityFeePerGas: 1n, data: STORAGE_INITCODE as `0x${string}` })))))!;
  const contract = ('0x' + Buffer.from(receipt.receipt!.contractAddress!).toString('hex')) as `0x${string}`;
  return { chain, clock, send, contract };
}

describe('log criteria (geth FilterCriteria)', () => {
  it('parses single and OR addresses, null wildcards and OR topics', () => {
    const c = parseLogCriteria({ fromBlock: 'earliest', toBlock: 'latest', address: ['0x' + 'AB'.repeat(20)], topics: [null, [word(1), word(2)], [word(3), null]] }, 0);
    expect(c.fromBlock).toBe(0n);
    expect(c.toBlock).toBe(-2n);
    expect(c.addresses).toEqual(['0x' + 'ab'.repeat(20)]);
    expect(c.topics).toEqual([null, [word(1), word(2)], null]);
  });
  it('rejects bad input with geth wording', () => {
    expect(() => parseLogCriteria({ address: '0x12' }, 0)).toThrow('invalid argument 0: invalid address: hex has invalid length 1 after decoding; expected 20 for address');
    expect(() => parseLogCriteria({ address: [5] }, 0)).toThrow('non-string address at index 0');
    expect(() => parseLogCriteria({ topics: [5] }, 0)).toThrow('invalid argument 0: invalid topic(s)');
    expect(() => parseLogCriteria({ fromBlock: '0x01' }, 0)).toThrow('hex number with leading zero digits');
    expect(() => parseLogCriteria({ fromBlock: 'banana' }, 0)).toThrow('hex string without 0x prefix');
    expect(() => parseLogCriteria({ blockHash: word(1), fromBlock: '0x1' }, 0)).toThrow('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
    expect(() => parseLogCriteria({ address: Array.from({ length: 1001 }, () => '0x' + '11'.repeat(20)) }, 0)).toThrow('exceed max addresses');
  });
});

describe('bloom', () => {
  it('finds what the header bloom holds', async () => {
    const { chain, send, contract } = await newChain();
    await send({ to: contract, data: word(7) });
    const bloom = chain.headBlock.block.header.bloom;
    expect(bloomMayContain(bloom, hexToBytes(contract))).toBe(true);
    expect(bloomMayContain(bloom, hexToBytes(word(7)))).toBe(true);
    expect(bloomMayContain(bloom, hexToBytes(word(8)))).toBe(false);
  });
});

describe('log index and eth_getLogs', () => {
  it('answers ranges, topics and ORs, and follows a chain built before it existed', async () => {
    const { chain, send, contract } = await newChain();
    for (let i = 1; i <= 6; i++) await send({ to: contract, data: word(i % 3) });
    const all = await getLogs(chain, parseLogCriteria({ fromBlock: '0x0', address: contract }, 0));
    expect(all.map((l) => l.topics[0])).toEqual([1, 2, 0, 1, 2, 0].map(word));
    expect(all[0]).toMatchObject({ blockNumber: '0x2', logIndex: '0x0', transactionIndex: '0x0', removed: false, data: '0x' });
    const ors = await getLogs(chain, parseLogCriteria({ fromBlock: '0x3', toBlock: '0x6', topics: [[word(1), word(0)]] }, 0));
    expect(ors.map((l) => l.blockNumber)).toEqual(['0x4', '0x5']);
    const none = await getLogs(chain, parseLogCriteria({ fromBlock: '0x0', topics: [null, word(1)] }, 0));
    expect(none).toEqual([]);
    const byHash = await getLogs(chain, parseLogCriteria({ blockHash: all[1]!.blockHash }, 0));
    expect(byHash).toEqual([all[1]]);
    // the index follows new blocks
    await send({ to: contract, data: word(9) });
    expect((await getLogs(chain, parseLogCriteria({ topics: [word(9)] }, 0))).length).toBe(1);
  });

  it('uses coreth errors for bad ranges', async () => {
    const { chain } = await newChain();
    const run = (c: object) => getLogs(chain, parseLogCriteria(c, 0));
    await expect(run({ fromBlock: '0x5', toBlock: '0x2' })).rejects.toThrow('invalid block range params');
    await expect(run({ fromBlock: '0x63' })).rejects.toThrow('requested from block 99 after last accepted block 1');
    await expect(run({ toBlock: '0x63' })).rejects.toThrow('requested to block 99 after last accepted block 1');
    await expect(run({ fromBlock: 'pending', toBlock: 'latest' })).rejects.toThrow('invalid block range params');
    await expect(run({ fromBlock: 'latest', toBlock: '0x0' })).rejects.toThrow('begin block 1 is greater than end block 0');
    await expect(run({ blockHash: word(5) })).rejects.toThrow('unknown block');
    await expect(run({ topics: [null, null, null, null, null] })).rejects.toThrow('exceed max topics');
    expect(await run({ fromBlock: 'pending', toBlock: 'pending' })).toEqual([]);
    configureQueries(chain, { maxBlocksPerRequest: 1 });
    await expect(run({ fromBlock: '0x0', toBlock: '0x1' })).rejects.toThrow('requested too many blocks from 0 to 1, maximum is set to 1');
  });

  it('intersects posting lists and forgets rewound blocks', async () => {
    const { chain, send, contract } = await newChain();
    const idx = new LogIndex(chain);
    await send({ to: contract, data: word(1) });
    await send({ to: contract, data: word(2) });
    await idx.sync();
    const m = compileMatcher({ addresses: [contract], topics: [[word(2)]] });
    expect(idx.candidates(0, 10, m)).toEqual([3]);
    expect(idx.candidates(0, 10, compileMatcher({ addresses: [], topics: [] }))).toEqual([2, 3]);
    // a rewind the index only notices through the head
    (idx as unknown as { truncate(h: number): void }).truncate(2);
    expect(idx.indexedTop).toBe(2);
    await idx.sync();
    expect(idx.indexedTop).toBe(3);
    idx.close();
  });
});

describe('filters', () => {
  it('collects logs, blocks and pending txs until polled, then expires', async () => {
    const { chain, send, contract } = await newChain();
    let now = 0;
    const reg = new FilterRegistry(chain, () => now);
    const logs = reg.newLogFilter(parseLogCriteria({ address: contract }, 0));
    const blocks = reg.newBlockFilter();
    const pending = reg.newPendingTxFilter(false);
    const h = await send({ to: contract, data: word(4) });
    const changes = reg.changes(logs) as { topics: string[] }[];
    expect(changes.map((l) => l.topics[0])).toEqual([word(4)]);
    expect(reg.changes(logs)).toEqual([]);
    expect(reg.changes(blocks)).toEqual(['0x' + Buffer.from(chain.headBlock.hash).toString('hex')]);
    expect(reg.changes(pending)).toEqual(['0x' + Buffer.from(h).toString('hex')]);
    expect((await reg.logs(logs)).length).toBe(1);
    expect(() => reg.newLogFilter(parseLogCriteria({ fromBlock: '0x5', toBlock: '0x2' }, 0))).toThrow('invalid from and to block combination: from > to');
    expect(reg.uninstall(blocks)).toBe(true);
    expect(reg.uninstall(blocks)).toBe(false);
    expect(() => reg.changes(blocks)).toThrow('filter not found');
    now += 5 * 60_000;
    expect(() => reg.changes(logs)).toThrow('filter not found');
    reg.close();
  });
});

describe('eth_getProof', () => {
  it('proves an account and its storage against the block state root, within the window', async () => {
    const { chain, send, contract } = await newChain();
    await send({ to: contract, data: word(42) });
    const root = chain.headBlock.block.header.stateRoot;
    const p = await getProof(chain, hexToBytes(contract), [{ key: new Uint8Array(32), len: 32 }, { key: new Uint8Array(32), len: 1 }], { tag: 'latest' });
    expect(p.storageProof[0]).toMatchObject({ key: word(0), value: '0x2a' });
    expect(p.storageProof[1]!.key).toBe('0x0');
    // the proof starts at the block's state root and ends in the account's leaf
    expect(keccak256(hexToBytes(p.accountProof[0]!))).toEqual(root);
    const leaf = await verifyMerkleProof(hexToBytes(contract), p.accountProof.map(hexToBytes), { useKeyHashing: true });
    expect(leaf).not.toBeNull();
    const slot = await verifyMerkleProof(new Uint8Array(32), p.storageProof[0]!.proof.map(hexToBytes), { useKeyHashing: true });
    expect(slot).toEqual(new Uint8Array([0x2a]));
    const missing = await getProof(chain, hexToBytes('0x' + '77'.repeat(20)), [{ key: new Uint8Array(32), len: 32 }], { tag: 'latest' });
    expect(missing).toMatchObject({ balance: '0x0', nonce: '0x0', codeHash: word(0), storageHash: word(0), storageProof: [{ key: word(0), value: '0x0', proof: [] }] });
    configureQueries(chain, { pruning: true, stateHistory: 1 });
    await expect(getProof(chain, hexToBytes(contract), [], { number: 0n })).rejects.toThrow('historical proof query not allowed: block number 0 is before the oldest allowed block number 1 (window of 1 blocks)');
    configureQueries(chain, { pruning: false, historicalProofQueryWindow: 0 });
    expect((await getProof(chain, hexToBytes(contract), [], { number: 0n })).balance).toBe('0x0');
  });
});

describe('eth_call overrides and fee history', () => {
  it('applies state overrides (code, stateDiff) on a throw-away state', async () => {
    const { chain, contract } = await newChain();
    const slot0 = parseStateOverrides({ [contract]: { stateDiff: { [word(0)]: word(77) } } }, 2);
    expect(await callWithOverrides(chain, { to: hexToBytes(contract) }, { tag: 'latest' }, slot0)).toEqual(hexToBytes(word(77)));
    expect(await chain.call({ to: hexToBytes(contract) })).toEqual(hexToBytes(word(0)));
    const other = '0x' + '55'.repeat(20);
    const code = parseStateOverrides({ [other]: { code: '0x60056000526020' + '6000f3' } }, 2);
    expect(await callWithOverrides(chain, { to: hexToBytes(other) }, { tag: 'latest' }, code)).toEqual(hexToBytes(word(5)));
    const both = parseStateOverrides({ [other]: { state: {}, stateDiff: {} } }, 2);
    await expect(callWithOverrides(chain, { to: hexToBytes(other) }, { tag: 'latest' }, both)).rejects.toThrow("has both 'state' and 'stateDiff'");
  });

  it('returns coreth-shaped fee history', async () => {
    const { chain, send, contract } = await newChain();
    await send({ to: contract, data: word(1) });
    const h = await feeHistory(chain, 10n, { tag: 'latest' }, [10, 90]) as { oldestBlock: string; baseFeePerGas: string[]; gasUsedRatio: number[]; reward: string[][] };
    expect(h.oldestBlock).toBe('0x0');
    expect(h.baseFeePerGas).toHaveLength(3);
    expect(h.gasUsedRatio).toHaveLength(3);
    expect(h.reward[2]).toEqual(['0x1', '0x1']);
    expect(await feeHistory(chain, 1n, { tag: 'pending' }, [])).toEqual({ oldestBlock: '0x0', gasUsedRatio: null });
    await expect(feeHistory(chain, 1n, { number: 9n }, [])).rejects.toThrow('request beyond head block: requested 9, head 2');
    await expect(feeHistory(chain, 1n, { tag: 'latest' }, [20, 10])).rejects.toThrow('invalid reward percentile: #0:20.000000 >= #1:10.000000');
    expect(parseBlockCount('0x10', 0)).toBe(16n);
    expect(parseBlockCount(7, 0)).toBe(7n);
    expect(() => parseBlockCount('x', 0)).toThrow('invalid hex or decimal integer');
  });
});
