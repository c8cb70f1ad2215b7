import { createTx } from '@ethereumjs/tx';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../../lib/hex.js';
import type { StoredBlock } from '../block-store.js';
import type { CorethHeader } from '../coreth-header.js';
import { createEvmCommon } from '../crypto.js';
import { blockJson, receiptJson, txJson } from './render.js';

const b = (n: number, fill: number) => new Uint8Array(n).fill(fill);
const header: CorethHeader = {
  parentHash: b(32, 1), uncleHash: b(32, 2), coinbase: b(20, 3), stateRoot: b(32, 4), txRoot: b(32, 5), receiptRoot: b(32, 6),
  bloom: b(256, 0), difficulty: 1n, number: 9n, gasLimit: 15_000_000n, gasUsed: 21_000n, timestamp: 1_700_000_000n, extra: b(4, 7),
  mixHash: b(32, 0), nonce: b(8, 0), extDataHash: b(32, 8), baseFee: 25n, extDataGasUsed: 0n, blockGasCost: 0n, blobGasUsed: 0n,
  excessBlobGas: 0n, parentBeaconRoot: b(32, 0), timestampMs: 1_700_000_000_123n, minDelayExcess: 4n,
};
const stored = { hash: b(32, 9), bytes: b(600, 0), block: { header, txs: [], extData: new Uint8Array() } } as unknown as StoredBlock;

describe('blockJson', () => {
  it('writes every header field of the latest fork, with its keys sorted as Go marshals a map', () => {
    const keys = Object.keys(blockJson(stored, [], undefined, false));
    expect(keys).toEqual([...keys].sort());
    expect(keys).toEqual([
      'baseFeePerGas', 'blobGasUsed', 'blockExtraData', 'blockGasCost', 'difficulty', 'excessBlobGas', 'extDataGasUsed', 'extDataHash',
      'extraData', 'gasLimit', 'gasUsed', 'hash', 'logsBloom', 'minDelayExcess', 'miner', 'mixHash', 'nonce', 'number',
      'parentBeaconBlockRoot', 'parentHash', 'receiptsRoot', 'sha3Uncles', 'size', 'stateRoot', 'timestamp', 'timestampMilliseconds',
      'totalDifficulty', 'transactions', 'transactionsRoot', 'uncles',
    ]);
  });

  it('leaves out the fields an older header or a subnet-EVM block does not have', () => {
    const old = { ...stored, block: { ...stored.block, header: { ...header, baseFee: undefined, extDataGasUsed: undefined, blockGasCost: undefined, blobGasUsed: undefined, excessBlobGas: undefined, parentBeaconRoot: undefined, timestampMs: undefined, minDelayExcess: undefined } } } as unknown as StoredBlock;
    const keys = Object.keys(blockJson(old, [], undefined, false, 'subnet-evm'));
    expect(keys).toEqual([...keys].sort());
    for (const k of ['baseFeePerGas', 'extDataHash', 'blockExtraData', 'extDataGasUsed', 'minDelayExcess']) expect(keys).not.toContain(k);
    expect(keys).toContain('transactions');
  });
});

describe('txJson', () => {
  const common = createEvmCommon(43112n);
  const key = new Uint8Array(32).fill(7);
  const to = new Uint8Array(20).fill(0xaa);
  const accessList = [{ address: `0x${'bb'.repeat(20)}` as const, storageKeys: [`0x${'01'.padStart(64, '0')}` as const] }];
  const txs = [
    createTx({ type: 0, nonce: 3, gasPrice: 25n * 10n ** 9n, gasLimit: 21_000, to, value: 10n ** 18n }, { common }),
    createTx({ type: 1, nonce: 9, gasPrice: 7n, gasLimit: 50_000, to, data: '0xa9059cbb', accessList, chainId: 43112n }, { common }),
    createTx({ type: 2, nonce: 0, maxFeePerGas: 30n, maxPriorityFeePerGas: 2n, gasLimit: 90_000, data: `0x${'00'.repeat(200)}` as const, chainId: 43112n }, { common }),
  ].map((tx) => tx.sign(key));

  it('writes each field as ethereumjs renders it, and the fields a block gives it', () => {
    for (const tx of txs) {
      const raw = tx.serialize();
      const mined = txJson({ tx, raw, from: b(20, 1), block: stored, location: { blockHash: b(32, 9), blockNumber: 9n, index: 3 } });
      const own = tx.toJSON();
      const fee = tx.type === 2 ? { maxFeePerGas: own.maxFeePerGas, maxPriorityFeePerGas: own.maxPriorityFeePerGas } : {};
      const expected = {
        blockHash: '0x' + '09'.repeat(32), blockNumber: '0x9', from: '0x' + '01'.repeat(20), gas: own.gasLimit,
        // a mined 1559 tx pays baseFee (25) + min(tip, feeCap - baseFee)
        gasPrice: tx.type === 2 ? '0x1b' : own.gasPrice, ...fee, hash: bytesToHex(tx.hash()), input: own.data, nonce: own.nonce,
        to: own.to ?? null, transactionIndex: '0x3', value: own.value, type: `0x${tx.type}`,
        ...(tx.type !== 0 ? { accessList: own.accessList } : {}), chainId: own.chainId, v: own.v, r: own.r, s: own.s,
        ...(tx.type !== 0 ? { yParity: own.v } : {}),
      };
      expect(mined).toEqual(expected);
      // geth's RPCTransaction struct order
      expect(Object.keys(mined)).toEqual(Object.keys(expected));
        const pending = txJson({ tx, raw, from: b(20, 1) });
      expect([pending.blockHash, pending.blockNumber, pending.transactionIndex]).toEqual([null, null, null]);
      expect(pending.gasPrice).toBe(tx.type === 2 ? own.maxFeePerGas : own.gasPrice);
    }
  });
});

describe('receiptJson', () => {
  it('numbers the logs from the block-wide index and writes a creation\'s contract address', () => {
    const tx = createTx({ type: 2, nonce: 0, maxFeePerGas: 30n, maxPriorityFeePerGas: 2n, gasLimit: 90_000, data: '0x00', chainId: 43112n }, { common: createEvmCommon(43112n) }).sign(new Uint8Array(32).fill(7));
    const receipt = {
      status: 0 as const, cumulativeGasUsed: 70_000n, gasUsed: 53_000n, effectiveGasPrice: 27n, from: b(20, 1), bloom: b(256, 0), contractAddress: b(20, 0xcc),
      logs: [[b(20, 2), [b(32, 3), b(32, 4)], new Uint8Array()], [b(20, 5), [], Uint8Array.of(1, 2)]] as [Uint8Array, Uint8Array[], Uint8Array][],
    };
    const json = receiptJson({ tx, raw: tx.serialize(), from: b(20, 1), block: stored, receipt, location: { blockHash: b(32, 9), blockNumber: 9n, index: 1 } }, 5);
    const txHash = bytesToHex(tx.hash());
    const log = { blockNumber: '0x9', transactionHash: txHash, transactionIndex: '0x1', blockHash: '0x' + '09'.repeat(32), removed: false };
    expect(json).toEqual({
      blockHash: '0x' + '09'.repeat(32), blockNumber: '0x9', contractAddress: '0x' + 'cc'.repeat(20), cumulativeGasUsed: '0x11170', effectiveGasPrice: '0x1b',
      from: '0x' + '01'.repeat(20), gasUsed: '0xcf08',
      logs: [
        { address: '0x' + '02'.repeat(20), topics: ['0x' + '03'.repeat(32), '0x' + '04'.repeat(32)], data: '0x', ...log, logIndex: '0x5' },
        { address: '0x' + '05'.repeat(20), topics: [], data: '0x0102', ...log, logIndex: '0x6' },
      ],
      logsBloom: '0x' + '00'.repeat(256), status: '0x0', to: null, transactionHash: txHash, transactionIndex: '0x1', type: '0x2',
    });
    expect(Object.keys(json)).toEqual(Object.keys(json).sort());
  });
});
