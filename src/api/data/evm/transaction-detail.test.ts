import { describe, expect, it } from 'vitest';
import { idToString } from '../../../lib/cb58.js';
import type { EvmInternalTransaction, EvmTeleporterMessage } from '../../../store/queries/evm/transaction-detail.js';
import { listedInternalTransaction, teleporterInfoOf } from './transaction-detail.js';

const frame = (callType: string, value?: bigint): EvmInternalTransaction => ({
  traceIndex: 1, depth: 1, callType, from: new Uint8Array(20), to: new Uint8Array(20).fill(1), ...(value !== undefined ? { value } : {}), gas: 1n, gasUsed: 1n, reverted: false,
});

describe('listedInternalTransaction', () => {
  it('keeps value-moving CALL and CALLCODE frames and every creation', () => {
    expect(['CALL', 'CALLCODE', 'CREATE', 'CREATE2', 'CREATE3'].map((t) => listedInternalTransaction(frame(t, 1n)))).toEqual([true, true, true, true, true]);
    expect(listedInternalTransaction(frame('CREATE', 0n))).toBe(true);
  });

  it('drops value-less calls, static and delegate calls, self-destructs', () => {
    expect(listedInternalTransaction(frame('CALL', 0n))).toBe(false);
    expect(listedInternalTransaction(frame('CALL'))).toBe(false);
    expect(listedInternalTransaction(frame('CALLCODE', 0n))).toBe(false);
    expect(listedInternalTransaction(frame('STATICCALL'))).toBe(false);
    expect(listedInternalTransaction(frame('DELEGATECALL', 5n))).toBe(false);
    expect(listedInternalTransaction(frame('SELFDESTRUCT', 5n))).toBe(false);
  });
});

describe('teleporterInfoOf', () => {
  const message = (direction: EvmTeleporterMessage['direction'], id: number): EvmTeleporterMessage => ({
    logIndex: id, messageId: new Uint8Array(32).fill(id), direction, sourceBlockchainId: new Uint8Array(32).fill(0x50), destinationBlockchainId: new Uint8Array(32).fill(0xde),
    messenger: new Uint8Array(20),
  });

  it('a received message names its source chain', () => {
    expect(teleporterInfoOf([message('DESTINATION_TRANSACTION', 4)])).toEqual({
      teleporterMessageId: '0x' + '04'.repeat(32), direction: 'DESTINATION_TRANSACTION', sourceChainId: idToString(new Uint8Array(32).fill(0x50)),
    });
  });

  it('a sent message names its destination; the first of several wins; none gives nothing', () => {
    expect(teleporterInfoOf([message('SOURCE_TRANSACTION', 1), message('DESTINATION_TRANSACTION', 2)])).toEqual({
      teleporterMessageId: '0x' + '01'.repeat(32), direction: 'SOURCE_TRANSACTION', destinationChainId: idToString(new Uint8Array(32).fill(0xde)),
    });
    expect(teleporterInfoOf([])).toBeUndefined();
  });
});
