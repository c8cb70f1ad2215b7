import { describe, expect, it } from 'vitest';
import { AVAX, KEY, ethAddress, exportTx, importTx, shortAddress, type TestUtxo } from './atomic.fixtures.js';
import { atomicBurned, atomicDynamicFee, atomicGasPrice, atomicGasUsed } from './gas.js';
import { parseAtomicTx } from './tx-codec.js';

const GWEI = 1_000_000_000n;
const owner = shortAddress(KEY);
const utxo = (n: number, amount: bigint): TestUtxo => ({ txId: new Uint8Array(32).fill(n), outputIndex: 0, amount, owner });

describe('atomic gas and fees', () => {
  it('charges bytes, signatures and the fixed 10,000, as avalanchejs estimates it', async () => {
    const imp = await importTx({ utxos: [utxo(1, 10n * GWEI), utxo(2, GWEI)], to: ethAddress(KEY), fee: 0n });
    const tx = parseAtomicTx(imp.bytes);
    expect(atomicGasUsed(tx)).toBe(BigInt(tx.unsignedBytes.length) + 2n * 1000n + 10_000n);
    expect(atomicGasUsed(tx)).toBe(imp.walletGas);
    const exp = await exportTx({ amount: GWEI, fee: 0n, nonce: 0n, to: owner });
    expect(atomicGasUsed(parseAtomicTx(exp.bytes))).toBe(exp.walletGas);
  });

  it('fee = ceil(gas × baseFee / 10^9) nAVAX; burned and effective gas price follow the tx', async () => {
    expect(atomicDynamicFee(12_345n, 1n)).toBe(1n);
    expect(atomicDynamicFee(12_345n, 25n * GWEI)).toBe(308_625n);
    expect(atomicDynamicFee(1n, 1_000_000_001n)).toBe(2n);
    const tx = parseAtomicTx((await importTx({ utxos: [utxo(1, 5000n)], to: ethAddress(KEY), fee: 300n })).bytes);
    expect(atomicBurned(tx, AVAX)).toBe(300n);
    expect(atomicGasPrice(tx, AVAX)).toBe((300n * GWEI) / atomicGasUsed(tx));
  });
});
