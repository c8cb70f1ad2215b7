import { describe, expect, it } from 'vitest';
import { idToString } from '../../../../lib/cb58.js';
import { openMemoryStore } from '../../../storage/kv.js';
import { SharedMemory } from '../../shared-memory/shared-memory.js';
import { AVAX, C_CHAIN, KEY, NETWORK_ID, OTHER_KEY, P_CHAIN, X_CHAIN, ethAddress, exportToC, exportTx, importTx, shortAddress, type TestUtxo } from './atomic.fixtures.js';
import { parseAtomicTx } from './tx-codec.js';
import { verifyAtomicSemantics, verifyAtomicSyntax, type AtomicVerifyContext } from './verifier.js';

const ctx: AtomicVerifyContext = { networkId: NETWORK_ID, chainId: C_CHAIN, avaxAssetId: AVAX, peers: [X_CHAIN, P_CHAIN], now: () => 1_700_000_000n };
const GWEI = 1_000_000_000n;
const owner = shortAddress(KEY);
const utxo = (n: number, amount: bigint, extra: Partial<TestUtxo> = {}): TestUtxo => ({ txId: new Uint8Array(32).fill(n), outputIndex: 0, amount, owner, ...extra });

async function setup(...utxos: TestUtxo[]) {
  const db = openMemoryStore();
  const sm = new SharedMemory(db);
  for (const u of utxos) await exportToC(db, sm, u);
  return { get: (peer: Uint8Array, ids: Uint8Array[]) => sm.get(C_CHAIN, peer, ids) };
}

describe('atomic tx verification', () => {
  it('accepts a signed import of UTXOs in shared memory, burning at least the fee', async () => {
    const u = utxo(1, 5000n);
    const sm = await setup(u);
    const tx = parseAtomicTx((await importTx({ utxos: [u], to: ethAddress(OTHER_KEY), fee: 1n })).bytes);
    await verifyAtomicSemantics(tx, ctx, 1n, sm.get);
    // at 25 gwei per gas the same tx burns too little
    await expect(verifyAtomicSemantics(tx, ctx, 25n * GWEI, sm.get)).rejects.toThrow('import tx flow check failed due to: insufficient funds');
  });

  it('refuses an import whose UTXO is not (or no longer) in shared memory', async () => {
    const sm = await setup();
    const tx = parseAtomicTx((await importTx({ utxos: [utxo(1, 5000n)], to: ethAddress(KEY), fee: 1n })).bytes);
    await expect(verifyAtomicSemantics(tx, ctx, 1n, sm.get)).rejects.toThrow(`failed to fetch import UTXOs from ${idToString(X_CHAIN)} due to: not found`);
  });

  it('refuses signatures from a key that does not own the UTXO, and time-locked UTXOs', async () => {
    const u = utxo(1, 5000n);
    const sm = await setup(u, utxo(2, 5000n, { locktime: 2_000_000_000n }));
    // the UTXO names KEY's address, the wallet signs with OTHER_KEY (matched as owner by avalanchejs through `owner`)
    const forged = parseAtomicTx((await importTx({ utxos: [{ ...u, owner: shortAddress(OTHER_KEY) }], to: ethAddress(KEY), fee: 1n, key: OTHER_KEY })).bytes);
    await expect(verifyAtomicSemantics(forged, ctx, 1n, sm.get)).rejects.toThrow(/^import tx transfer failed verification: wrong signature: expected signature from .* but got from /);
    const locked = parseAtomicTx((await importTx({ utxos: [utxo(2, 5000n)], to: ethAddress(KEY), fee: 1n })).bytes);
    await expect(verifyAtomicSemantics(locked, ctx, 1n, sm.get)).rejects.toThrow('import tx transfer failed verification: output is time locked');
  });

  it('refuses wrong network, wrong chain and chains outside the primary network', async () => {
    const u = utxo(1, 5000n);
    const tx = parseAtomicTx((await importTx({ utxos: [u], to: ethAddress(KEY), fee: 1n })).bytes);
    expect(() => verifyAtomicSyntax(tx, { ...ctx, networkId: 1 })).toThrow('tx was issued with a different network ID');
    expect(() => verifyAtomicSyntax(tx, { ...ctx, chainId: X_CHAIN })).toThrow('tx has wrong chain ID');
    expect(() => verifyAtomicSyntax(tx, { ...ctx, peers: [P_CHAIN] })).toThrow('tx has wrong chain ID');
    // avalanchejs leaves a zero output when the fee takes everything
    const nothing = parseAtomicTx((await importTx({ utxos: [u], to: ethAddress(KEY), fee: 5000n })).bytes);
    expect(() => verifyAtomicSyntax(nothing, ctx)).toThrow('EVM Output failed verification: output has no value');
  });

  it('checks an export: flow with the fee, and that the signer owns the EVM input address', async () => {
    const ok = parseAtomicTx((await exportTx({ amount: 10n * GWEI, fee: 1n, nonce: 0n, to: owner })).bytes);
    const sm = await setup();
    await verifyAtomicSemantics(ok, ctx, 1n, sm.get);
    const cheap = parseAtomicTx((await exportTx({ amount: 10n * GWEI, fee: 0n, nonce: 0n, to: owner })).bytes);
    await expect(verifyAtomicSemantics(cheap, ctx, 1n, sm.get)).rejects.toThrow('export tx flow check failed due to: insufficient funds');
    // swap the credential for another key's signature over the same bytes
    const other = parseAtomicTx((await exportTx({ amount: 10n * GWEI, fee: 1n, nonce: 0n, to: owner, key: OTHER_KEY })).bytes);
    const forged = { ...ok, creds: other.creds };
    await expect(verifyAtomicSemantics(forged, ctx, 1n, sm.get)).rejects.toThrow("signature doesn't match public key");
  });
});
