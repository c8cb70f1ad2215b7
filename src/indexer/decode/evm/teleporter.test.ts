import { describe, expect, it } from 'vitest';
import { decodeTeleporterMessage, RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC, SEND_CROSS_CHAIN_MESSAGE_TOPIC } from './teleporter.js';

const hex = (b: Uint8Array | undefined) => (b ? '0x' + Buffer.from(b).toString('hex') : undefined);
const bytes = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));

describe('Teleporter events', () => {
  it('uses the TeleporterMessenger event signatures', () => {
    expect(hex(SEND_CROSS_CHAIN_MESSAGE_TOPIC)).toBe('0x2a211ad4a59ab9d003852404f9c57c690704ee755f3c79d2c2812ad32da99df8');
    expect(hex(RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC)).toBe('0x292ee90bbaf70b5d4936025e09d56ba08f3e421156b6a568cf3c2840d9343e34');
  });

  it('keeps the ids from the topics when the data is not a well-formed message', () => {
    const log = { blockNumber: 1n, logIndex: 0, txIndex: 0, address: bytes('11'.repeat(20)), topics: [SEND_CROSS_CHAIN_MESSAGE_TOPIC, bytes('aa'.repeat(32)), bytes('bb'.repeat(32))], data: bytes('') };
    const m = decodeTeleporterMessage(log, 5n, bytes('cc'.repeat(32)));
    expect(m).toMatchObject({ direction: 'SOURCE_TRANSACTION', blockTimestamp: 5n });
    expect([hex(m!.messageId), hex(m!.sourceBlockchainId), hex(m!.destinationBlockchainId)]).toEqual(['0x' + 'aa'.repeat(32), '0x' + 'cc'.repeat(32), '0x' + 'bb'.repeat(32)]);
    expect(m!.messageNonce).toBeUndefined();
  });

  it('ignores other events and wrong topic counts', () => {
    const base = { blockNumber: 1n, logIndex: 0, txIndex: 0, address: bytes('11'.repeat(20)), data: bytes('') };
    expect(decodeTeleporterMessage({ ...base, topics: [RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC, bytes('aa'.repeat(32)), bytes('bb'.repeat(32))] }, 0n, new Uint8Array(32))).toBeUndefined();
    expect(decodeTeleporterMessage({ ...base, topics: [bytes('dd'.repeat(32))] }, 0n, new Uint8Array(32))).toBeUndefined();
  });
});
