import { describe, expect, it } from 'vitest';
import { KEY, OTHER_KEY, ethAddress, exportTx, importTx, shortAddress, type TestUtxo } from './atomic.fixtures.js';
import { applyStateTransfer, overlayDb } from './state-transfer.js';
import { parseAtomicTx } from './tx-codec.js';

const GWEI = 1_000_000_000n;
const owner = shortAddress(KEY);
const utxo = (n: number, amount: bigint): TestUtxo => ({ txId: new Uint8Array(32).fill(n), outputIndex: 0, amount, owner });

describe('atomic state transfer', () => {
  const balances = new Map<string, bigint>();
  const read = { balance: async (a: Uint8Array) => balances.get(Buffer.from(a).toString('hex')) ?? 0n, nonce: async () => 2n };

  it('credits an import in wei and debits an export with its nonce', async () => {
    const to = ethAddress(OTHER_KEY);
    const imp = parseAtomicTx((await importTx({ utxos: [utxo(1, 5000n)], to, fee: 1n })).bytes);
    const db = overlayDb(read);
    await applyStateTransfer(imp, db);
    expect(await db.getBalance(to)).toBe(4999n * GWEI);
    const from = ethAddress(KEY);
    balances.set(Buffer.from(from).toString('hex'), 11n * GWEI * GWEI);
    const exp = parseAtomicTx((await exportTx({ amount: 10n * GWEI, fee: 1n, nonce: 2n, to: owner })).bytes);
    await applyStateTransfer(exp, db);
    expect(await db.getBalance(from)).toBe(11n * GWEI * GWEI - (10n * GWEI + 1n) * GWEI);
    expect(await db.getNonce(from)).toBe(3n);
  });

  it('refuses an export without the funds or at another nonce', async () => {
    balances.set(Buffer.from(ethAddress(KEY)).toString('hex'), GWEI * GWEI);
    const tooMuch = parseAtomicTx((await exportTx({ amount: 2n * GWEI, fee: 1n, nonce: 2n, to: owner })).bytes);
    await expect(applyStateTransfer(tooMuch, overlayDb(read))).rejects.toThrow('insufficient funds');
    const stale = parseAtomicTx((await exportTx({ amount: GWEI / 2n, fee: 1n, nonce: 1n, to: owner })).bytes);
    await expect(applyStateTransfer(stale, overlayDb(read))).rejects.toThrow('invalid nonce');
  });
});
