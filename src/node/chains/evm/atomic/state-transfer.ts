import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { Address } from '@ethereumjs/util';
import { X2C_RATE } from './gas.js';
import type { AtomicTx } from './tx-codec.js';

/** The part of the EVM state an atomic tx touches (coreth's atomic.StateDB, AVAX only: Banff forbids other assets). */
export interface AtomicStateDb {
  getBalance(address: Uint8Array): Promise<bigint>;
  getNonce(address: Uint8Array): Promise<bigint>;
  setBalance(address: Uint8Array, wei: bigint): Promise<void>;
  setNonce(address: Uint8Array, nonce: bigint): Promise<void>;
}

/**
 * EVMStateTransfer: an import credits each output (nAVAX × 10^9 wei); an export debits each input, which
 * needs the balance ("insufficient funds") and the account's current nonce ("invalid nonce"), then bumps
 * the nonce of every input address once.
 */
export async function applyStateTransfer(tx: AtomicTx, db: AtomicStateDb): Promise<void> {
  if (tx.kind === 'ImportTx') {
    for (const out of tx.outs) await db.setBalance(out.address, (await db.getBalance(out.address)) + out.amount * X2C_RATE);
    return;
  }
  const nonces = new Map<string, { address: Uint8Array; nonce: bigint }>();
  for (const input of tx.ins) {
    const amount = input.amount * X2C_RATE;
    const balance = await db.getBalance(input.address);
    if (balance < amount) throw new Error('insufficient funds');
    await db.setBalance(input.address, balance - amount);
    if ((await db.getNonce(input.address)) !== input.nonce) throw new Error('invalid nonce');
    nonces.set(Buffer.from(input.address).toString('hex'), { address: input.address, nonce: input.nonce });
  }
  for (const { address, nonce } of nonces.values()) await db.setNonce(address, nonce + 1n);
}

/** The block's own state: changes stay in the state manager's caches under the builder's checkpoint. */
export function stateManagerDb(state: MerkleStateManager): AtomicStateDb {
  const account = (a: Uint8Array) => state.getAccount(new Address(a));
  return {
    getBalance: async (a) => (await account(a))?.balance ?? 0n,
    getNonce: async (a) => (await account(a))?.nonce ?? 0n,
    setBalance: (a, wei) => state.modifyAccountFields(new Address(a), { balance: wei }),
    setNonce: (a, nonce) => state.modifyAccountFields(new Address(a), { nonce }),
  };
}

/** A throw-away overlay over read-only balances and nonces (verifying a tx at the tip). */
export function overlayDb(read: { balance(a: Uint8Array): Promise<bigint>; nonce(a: Uint8Array): Promise<bigint> }): AtomicStateDb {
  const balances = new Map<string, bigint>();
  const nonces = new Map<string, bigint>();
  const k = (a: Uint8Array) => Buffer.from(a).toString('hex');
  return {
    getBalance: async (a) => balances.get(k(a)) ?? read.balance(a),
    getNonce: async (a) => nonces.get(k(a)) ?? read.nonce(a),
    setBalance: async (a, wei) => { balances.set(k(a), wei); },
    setNonce: async (a, nonce) => { nonces.set(k(a), nonce); },
  };
}
