import { describe, expect, it } from 'vitest';
import type { EvmLogRecord, EvmTokenTransferRecord } from '../../../store/writers/evm/evm-batch.js';
import { decodeTokenTransfers, TRANSFER_BATCH_TOPIC, TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC } from './token-transfers.js';

const word = (n: bigint | number) => BigInt(n).toString(16).padStart(64, '0');
const bytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));
const addrTopic = (c: string) => bytes('00'.repeat(12) + c.repeat(40));
const log = (topics: Uint8Array[], data: string): EvmLogRecord => ({ blockNumber: 9n, logIndex: 3, txIndex: 1, address: bytes('ee'.repeat(20)), topics, data: bytes(data) });
const decode = (l: EvmLogRecord) => {
  const out: EvmTokenTransferRecord[] = [];
  decodeTokenTransfers(l, 100n, out);
  return out;
};

describe('decodeTokenTransfers', () => {
  it('tells ERC-20 from ERC-721 by the number of topics', () => {
    expect(decode(log([TRANSFER_TOPIC, addrTopic('1'), addrTopic('2')], word(5)))).toMatchObject([{ standard: 20, value: 5n, blockTimestamp: 100n }]);
    expect(decode(log([TRANSFER_TOPIC, addrTopic('1'), addrTopic('2'), bytes(word(5))], ''))).toMatchObject([{ standard: 721, tokenId: 5n, value: 1n }]);
  });

  it('skips Transfer logs of other shapes', () => {
    expect(decode(log([TRANSFER_TOPIC, addrTopic('1'), addrTopic('2')], ''))).toEqual([]);
    expect(decode(log([TRANSFER_TOPIC, addrTopic('1'), addrTopic('2'), bytes(word(5))], word(1)))).toEqual([]);
    expect(decode(log([TRANSFER_TOPIC, addrTopic('1')], word(1)))).toEqual([]);
    expect(decode(log([], ''))).toEqual([]);
  });

  it('splits a TransferBatch into one row per id', () => {
    const data = word(64) + word(160) + word(2) + word(11) + word(12) + word(2) + word(1) + word(2);
    expect(decode(log([TRANSFER_BATCH_TOPIC, addrTopic('3'), addrTopic('1'), addrTopic('2')], data)).map((t) => [t.batchIndex, t.tokenId, t.value]))
      .toEqual([[0, 11n, 1n], [1, 12n, 2n]]);
  });

  it('skips 1155 events with malformed data', () => {
    const mismatched = word(64) + word(128) + word(1) + word(11) + word(2) + word(1) + word(2);
    expect(decode(log([TRANSFER_BATCH_TOPIC, addrTopic('3'), addrTopic('1'), addrTopic('2')], mismatched))).toEqual([]);
    expect(decode(log([TRANSFER_SINGLE_TOPIC, addrTopic('3'), addrTopic('1'), addrTopic('2')], word(1)))).toEqual([]);
    expect(decode(log([TRANSFER_SINGLE_TOPIC, addrTopic('3'), addrTopic('1')], word(1) + word(1)))).toEqual([]);
  });
});
