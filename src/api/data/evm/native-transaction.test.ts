import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import type { EvmTransaction } from '../../../store/queries/evm/transactions.js';
import { fullNativeTransactionOf, nativeTransactionOf, transactionAddresses } from './native-transaction.js';
import { labelKey } from '../../../store/queries/evm-api/contract-labels.js';

const filled = (b: number, n: number) => new Uint8Array(n).fill(b);
const FROM = filled(0xa1, 20);
const TO = filled(0x20, 20);

const tx: EvmTransaction = {
  blockNumber: 12n, blockHash: filled(0xb1, 32), blockTimestamp: 1_700_000_000, index: 3, hash: filled(0x7a, 32), status: 1, type: 2,
  from: FROM, to: TO, value: 2n ** 70n, nonce: 9n, gasLimit: 60_000n, gasPrice: 26_000_000_000n, maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1n,
  gasUsed: 51_000n, effectiveGasPrice: 26_000_000_000n, methodId: new Uint8Array([0x09, 0x5e, 0xa7, 0xb3]), input: new Uint8Array([0x09, 0x5e, 0xa7, 0xb3, 1]),
};

describe('nativeTransactionOf', () => {
  it('writes amounts as decimal strings, hashes as hex, addresses checksummed', () => {
    expect(nativeTransactionOf(tx, '43112')).toEqual({
      blockNumber: '12', blockTimestamp: 1_700_000_000, blockHash: '0x' + 'b1'.repeat(32), chainId: '43112', blockIndex: 3, txHash: '0x' + '7a'.repeat(32),
      txStatus: '1', txType: 2, gasLimit: '60000', gasUsed: '51000', gasPrice: '26000000000', nonce: '9',
      from: { address: getAddress('0x' + 'a1'.repeat(20)) }, to: { address: getAddress('0x' + '20'.repeat(20)) },
      method: { callType: 'CONTRACT_CALL', methodHash: '0x095ea7b3', methodName: 'approve(address,uint256)' }, value: (2n ** 70n).toString(),
    });
  });

  it('adds the Granite fields only when the block has them, and the labels of contracts', () => {
    const labels = new Map([[labelKey(TO), { ercType: 'ERC-20' as const, name: 'Firn Token', symbol: 'FIRN', decimals: 6 }]]);
    const wire = nativeTransactionOf({ ...tx, blockTimestampMs: 1_700_000_000_250, blockMinDelayExcess: 7_970_124n, status: 0 }, '43112', labels);
    expect(wire).toMatchObject({ blockTimestampMilliseconds: 1_700_000_000_250, blockMinDelayExcess: 7_970_124, txStatus: '0', to: { name: 'Firn Token', symbol: 'FIRN', decimals: 6 } });
  });

  it('shows a creation\'s contract as its target, the zero address when there is none', () => {
    const creation = { ...tx, to: undefined, methodId: undefined, contractAddress: filled(0xcc, 20) };
    expect(nativeTransactionOf(creation, '1').to.address).toBe(getAddress('0x' + 'cc'.repeat(20)));
    expect(nativeTransactionOf({ ...creation, contractAddress: undefined }, '1').to.address).toBe('0x0000000000000000000000000000000000000000');
    expect(transactionAddresses(creation)).toEqual([FROM, creation.contractAddress]);
  });
});

describe('fullNativeTransactionOf', () => {
  it('adds the input, the block base fee and the fee caps', () => {
    expect(fullNativeTransactionOf({ ...tx, blockBaseFee: 25_000_000_000n }, '43112')).toMatchObject({
      input: '0x095ea7b301', baseFeePerGas: '25000000000', maxFeePerGas: '50000000000', maxPriorityFeePerGas: '1',
    });
  });

  it('a legacy transaction in a block without base fee: "0", and no fee caps', () => {
    const wire = fullNativeTransactionOf({ ...tx, type: 0, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined, blockBaseFee: undefined }, '43112');
    expect(wire.baseFeePerGas).toBe('0');
    expect('maxFeePerGas' in wire || 'maxPriorityFeePerGas' in wire).toBe(false);
  });
});
