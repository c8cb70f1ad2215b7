import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeEvmRange, EvmRangeDecoder, type RawEvmBlock } from './evm-range.js';

const fixture = (name: string): any => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));
const hex = (b: Uint8Array | undefined) => (b ? '0x' + Buffer.from(b).toString('hex') : undefined);
const addr = (c: string) => '0x' + c.repeat(40);
const THIS_CHAIN = new Uint8Array(32).fill(0x0a);
const OTHER_CHAIN = '0x' + 'f0'.repeat(32);

const block42: RawEvmBlock = { block: fixture('coreth-block-42.json'), receipts: fixture('coreth-receipts-42.json'), traces: fixture('coreth-traces-42.json') };
const subnet = fixture('subnet-evm-block-43.json');
const block43: RawEvmBlock = { block: subnet.block, receipts: subnet.receipts };

describe('decodeEvmRange', () => {
  const { batch, contractsToProbe, mints } = decodeEvmRange([block42, block43], THIS_CHAIN);

  it('keeps the blocks in order, marking the one the node could not trace', () => {
    expect(batch.blocks.map((b) => [b.number, b.internalTxsIndexed])).toEqual([[42n, true], [43n, false]]);
    expect(batch.transactions).toHaveLength(7);
    expect(batch.logs).toHaveLength(8);
  });

  it('finds ERC-20, ERC-721 and ERC-1155 (single and batch) transfers and skips look-alikes', () => {
    expect(batch.tokenTransfers.map((t) => [t.logIndex, t.batchIndex, t.txIndex, t.standard, hex(t.token), hex(t.from), hex(t.to), t.tokenId, t.value])).toEqual([
      [0, 0, 1, 20, addr('3'), addr('1'), addr('2'), undefined, 1000n],
      [2, 0, 2, 721, addr('6'), addr('0'), addr('1'), 7n, 1n],
      [3, 0, 2, 1155, addr('7'), addr('0'), addr('2'), 1n, 10n],
      [3, 1, 2, 1155, addr('7'), addr('0'), addr('2'), 2n, 20n],
      [4, 0, 2, 1155, addr('7'), addr('2'), addr('1'), 2n, 5n],
      [5, 0, 2, 721, addr('6'), addr('1'), addr('2'), 7n, 1n],
    ]);
    expect(hex(batch.tokenTransfers[2]!.operator)).toBe(addr('4'));
    expect(batch.tokenTransfers[0]!.operator).toBeUndefined();
    expect(batch.tokenTransfers[0]!.blockTimestamp).toBe(1_763_600_000n);
  });

  it('flattens call trees below the top-level call, in pre-order with depth', () => {
    expect(batch.internalTransactions.map((t) => [t.txIndex, t.traceIndex, t.depth, t.callType, hex(t.from), hex(t.to), t.value, t.reverted])).toEqual([
      [2, 1, 1, 'CREATE2', addr('4'), addr('5'), 0n, false],
      [2, 2, 1, 'CALL', addr('4'), addr('9'), 5n, true],
      [2, 3, 2, 'CREATE', addr('9'), addr('a'), 0n, false],
      [2, 4, 1, 'STATICCALL', addr('4'), addr('3'), undefined, false],
      [4, 1, 1, 'CREATE', addr('3'), addr('b'), 0n, false],
    ]);
    expect(batch.internalTransactions[1]).toMatchObject({ gas: 100_000n, gasUsed: 40_000n, error: 'execution reverted' });
  });

  it('records the contracts that survived their transaction, with the deploying account and factory', () => {
    expect(contractsToProbe).toBe(batch.contracts);
    expect(batch.contracts.map((c) => [hex(c.address), c.txIndex, hex(c.deployer), hex(c.deployerContract), c.ercType])).toEqual([
      [addr('5'), 2, addr('1'), addr('4'), 'UNKNOWN'],
      [addr('8'), 3, addr('1'), undefined, 'UNKNOWN'],
    ]);
    expect(hex(batch.contracts[1]!.txHash)).toBe('0x' + 'a3'.repeat(32));
  });

  it('tracks each NFT once, with its ERC-721 owner after the last transfer, and lists the mints to read URIs for', () => {
    expect(batch.nftTokens.map((t) => [hex(t.contract), t.tokenId, t.ercType, hex(t.owner), t.firstBlock, t.lastBlock])).toEqual([
      [addr('6'), 7n, 'ERC-721', addr('2'), 42n, 42n],
      [addr('7'), 1n, 'ERC-1155', undefined, 42n, 42n],
      [addr('7'), 2n, 'ERC-1155', undefined, 42n, 42n],
    ]);
    expect(mints.map((m) => [hex(m.token.contract), m.token.tokenId, m.blockNumber])).toEqual([[addr('6'), 7n, 42n], [addr('7'), 1n, 42n], [addr('7'), 2n, 42n]]);
    expect(mints[0]!.token).toBe(batch.nftTokens[0]);
  });

  it('decodes Teleporter messages sent and received', () => {
    const [sent, received] = batch.teleporterMessages;
    expect(sent).toMatchObject({ logIndex: 1, txIndex: 1, direction: 'SOURCE_TRANSACTION', messageNonce: 5n, requiredGasLimit: 100_000n, feeAmount: 5000n });
    expect(hex(sent!.messageId)).toBe('0x' + '77'.repeat(32));
    expect(sent!.sourceBlockchainId).toEqual(THIS_CHAIN);
    expect(hex(sent!.destinationBlockchainId)).toBe(OTHER_CHAIN);
    expect([hex(sent!.originSender), hex(sent!.destinationAddress), hex(sent!.feeToken), hex(sent!.messenger)])
      .toEqual([addr('c'), addr('d'), addr('3'), '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf']);
    expect(received).toMatchObject({ logIndex: 7, txIndex: 5, direction: 'DESTINATION_TRANSACTION', messageNonce: 9n });
    expect(hex(received!.sourceBlockchainId)).toBe(OTHER_CHAIN);
    expect(received!.destinationBlockchainId).toEqual(THIS_CHAIN);
    expect([hex(received!.deliverer), hex(received!.rewardRedeemer)]).toEqual([addr('e'), addr('e')]);
  });
});

describe('EvmRangeDecoder', () => {
  it('decodes a range added a part at a time exactly as all at once', () => {
    const decoder = new EvmRangeDecoder(THIS_CHAIN);
    decoder.add([block42]);
    decoder.add([]);
    decoder.add([block43]);
    expect(decoder.finish()).toEqual(decodeEvmRange([block42, block43], THIS_CHAIN));
  });

  it('hands over the append-only rows decoded so far and keeps the rest', () => {
    const whole = decodeEvmRange([block42, block43], THIS_CHAIN);
    const decoder = new EvmRangeDecoder(THIS_CHAIN);
    decoder.add([block42]);
    const taken = decoder.takeAppendOnlyRows();
    decoder.add([block43]);
    const later = decoder.takeAppendOnlyRows();
    const rest = decoder.finish();
    for (const k of ['transactions', 'logs', 'tokenTransfers', 'internalTransactions', 'teleporterMessages'] as const) {
      expect([...taken[k], ...later[k]], k).toEqual(whole.batch[k]);
      expect(rest.batch[k], k).toEqual([]);
    }
    expect(taken.transactions.length).toBeGreaterThan(0);
    expect(later.transactions.length).toBeGreaterThan(0);
    expect({ blocks: rest.batch.blocks, contracts: rest.batch.contracts, nftTokens: rest.batch.nftTokens, mints: rest.mints })
      .toEqual({ blocks: whole.batch.blocks, contracts: whole.batch.contracts, nftTokens: whole.batch.nftTokens, mints: whole.mints });
  });

  it('checks that each part follows the one before', () => {
    const orphan = structuredClone(block43);
    (orphan.block as { parentHash: string }).parentHash = '0x' + '00'.repeat(32);
    const decoder = new EvmRangeDecoder(THIS_CHAIN);
    decoder.add([block42]);
    expect(() => decoder.add([orphan])).toThrow(/does not follow block 42/);
  });
});

describe('decodeEvmRange checks', () => {
  it('refuses blocks that do not chain', () => {
    const orphan = structuredClone(block43);
    (orphan.block as { parentHash: string }).parentHash = '0x' + '00'.repeat(32);
    expect(() => decodeEvmRange([block42, orphan], THIS_CHAIN)).toThrow(/does not follow block 42/);
  });

  it('gives a block none of its internal transactions when one of its txs could not be traced', () => {
    const traces = fixture('coreth-traces-42.json');
    traces[3] = { txHash: traces[3].txHash, error: 'execution timeout' };
    const { batch } = decodeEvmRange([{ ...block42, traces }], THIS_CHAIN);
    expect(batch.blocks[0]!.internalTxsIndexed).toBe(false);
    expect(batch.internalTransactions).toEqual([]);
    // the creation by the transaction itself is still known from its receipt
    expect(batch.contracts.map((c) => hex(c.address))).toEqual([addr('8')]);
  });

  it('refuses traces that are not the block’s', () => {
    const traces = fixture('coreth-traces-42.json');
    expect(() => decodeEvmRange([{ ...block42, traces: traces.slice(1) }], THIS_CHAIN)).toThrow(/5 traces for 6 transactions/);
    [traces[0], traces[1]] = [traces[1], traces[0]];
    expect(() => decodeEvmRange([{ ...block42, traces }], THIS_CHAIN)).toThrow(/trace of 0xa1/);
  });

  it('accepts traces without txHash (older geth)', () => {
    const traces = fixture('coreth-traces-42.json').map((t: { result: unknown }) => ({ result: t.result }));
    expect(decodeEvmRange([{ ...block42, traces }], THIS_CHAIN).batch.internalTransactions).toHaveLength(5);
  });
});
