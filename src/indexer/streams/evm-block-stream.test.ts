import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChain, ensureNetwork, type ChainRef } from '../../store/registry.js';
import { openTestDatabase, type TestDatabase } from '../../store/testing.js';
import { node, resetFixtureNode, startFixtureNode, word } from '../sources/evm/fixture-node.fixtures.js';
import { EvmBlockStream } from './evm-block-stream.js';

let fixtureNode: { url: string; close: () => Promise<void> };
let t: TestDatabase;
let chain: ChainRef;

beforeAll(async () => {
  fixtureNode = await startFixtureNode();
  t = await openTestDatabase('pglite');
  const network = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: new Uint8Array(32) });
  chain = await ensureChain(t.db, {
    network, blockchainId: new Uint8Array(32).fill(0x0a), subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43114n, name: 'C', rpcUrl: fixtureNode.url,
  });
});
afterAll(async () => {
  await t?.dispose();
  await fixtureNode?.close();
});

describe('EvmBlockStream', () => {
  it('is only for EVM chains with an RPC URL', () => {
    expect(() => new EvmBlockStream({ ...chain, vm: 'avm' })).toThrow(/not an EVM chain/);
    expect(() => new EvmBlockStream({ ...chain, rpcUrl: undefined })).toThrow(/no RPC URL/);
    const stream = new EvmBlockStream(chain);
    expect([stream.name, stream.firstHeight]).toEqual(['blocks', 0n]);
  });

  it('fetches, probes and summarizes a range', async () => {
    resetFixtureNode();
    node.calls.set('0x' + '8'.repeat(40), '0x' + word(6)); // the deployed contract answers decimals() and totalSupply()
    const stream = new EvmBlockStream(chain, { retries: 0 });
    expect(await stream.head()).toBe(43n);
    const batch = await stream.fetch(42n, 43n);
    expect(batch.contracts.find((c) => c.address[0] === 0x88)).toMatchObject({ ercType: 'ERC-20', decimals: 6 });
    expect(stream.summarize(batch)).toEqual({
      firstHeight: 42n, firstParentHash: new Uint8Array(32).fill(0x41), lastHeight: 43n, lastHash: new Uint8Array(32).fill(0x43),
      blocks: 2, transactions: 7, rows: 2 + 7 + 8 + 6 + 5 + 2 + 3 + 2,
    });
    expect(() => stream.summarize({ ...batch, blocks: [] })).toThrow(/at least one block/);
    await expect(stream.fetch(43n, 42n)).rejects.toThrow(RangeError);
  });

  it('fetches a range a request’s worth of blocks at a time, with the same rows', async () => {
    resetFixtureNode();
    const whole = await new EvmBlockStream(chain, { retries: 0, traces: 'off', probeContracts: false }).fetch(42n, 43n);
    resetFixtureNode();
    const batch = await new EvmBlockStream(chain, { retries: 0, traces: 'off', probeContracts: false, maxBatchSize: 2 }).fetch(42n, 43n);
    expect(node.requests.map((r) => r.map((c) => `${c.method}(${String(c.params[0])})`))).toEqual([
      ['eth_getBlockByNumber(0x2a)', 'eth_getBlockReceipts(0x2a)'], ['eth_getBlockByNumber(0x2b)', 'eth_getBlockReceipts(0x2b)'],
    ]);
    expect(batch).toEqual(whole);
  });

  it('leaves probing out on request', async () => {
    resetFixtureNode();
    const stream = new EvmBlockStream(chain, { retries: 0, probeContracts: false, traces: 'off' });
    const batch = await stream.fetch(42n, 42n);
    expect(node.requests.flat().map((c) => c.method)).not.toContain('eth_call');
    // without traces only the creation by a transaction itself is seen, and nothing is asked of it
    expect(batch.contracts.map((c) => c.ercType)).toEqual(['UNKNOWN']);
    expect(batch.blocks[0]!.internalTxsIndexed).toBe(false);
  });

  it('writes a batch in the follower’s transaction, and only in order', async () => {
    const stream = new EvmBlockStream(chain, { retries: 0 });
    const genesis = await stream.fetch(0n, 0n);
    await t.db.transaction((tx) => stream.write(tx, genesis));
    const { rows } = await t.db.query<{ number: string; cumulative_tx_count: string }>('SELECT number, cumulative_tx_count FROM evm_blocks');
    expect(rows).toEqual([{ number: '0', cumulative_tx_count: '0' }]);
    const later = await stream.fetch(42n, 42n);
    await expect(t.db.transaction((tx) => stream.write(tx, later))).rejects.toThrow(/block 41 .* is not stored/);
  });
});

