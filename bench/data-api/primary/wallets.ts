import { sha256 } from '../../../src/lib/hash.js';
import type { Owners, UtxoRow } from '../../../src/store/writers/primary/rows.js';

/** The three primary-network chains of the dataset, by role. */
export type Role = 'P' | 'X' | 'C';

/** An unspent output the simulation can spend: where it lives, who owns it, how much it holds. */
export interface Coin {
  utxoId: Uint8Array;
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  amount: bigint;
  /** Blockchain id of the chain that created it. */
  createdOn: Uint8Array;
  /** Account index of the single owner. */
  owner: number;
}

/** sha256(u64 outputIndex ‖ txId), as AvalancheGo's UTXOID.InputID. */
export function utxoIdOf(txId: Uint8Array, outputIndex: number): Uint8Array {
  const input = new Uint8Array(40);
  new DataView(input.buffer).setBigUint64(0, BigInt(outputIndex));
  input.set(txId, 8);
  return sha256(input);
}

export function singleOwner(address: Uint8Array): Owners {
  return { locktime: 0n, threshold: 1, addresses: [address] };
}

/** avax.UTXO bytes with a secp256k1 transfer output: `u16 0 | txID | u32 index | assetID | u32 7 | u64 amount | u64 locktime | u32 threshold | addresses`. */
export function utxoBytes(row: Pick<UtxoRow, 'txId' | 'outputIndex' | 'assetId' | 'amount' | 'locktime' | 'threshold' | 'addresses'>): Uint8Array {
  const out = new Uint8Array(2 + 32 + 4 + 32 + 4 + 8 + 8 + 4 + 4 + 20 * row.addresses.length);
  const view = new DataView(out.buffer);
  let at = 2;
  out.set(row.txId, at);
  at += 32;
  view.setUint32(at, row.outputIndex);
  at += 4;
  out.set(row.assetId, at);
  at += 32;
  view.setUint32(at, 7);
  at += 4;
  view.setBigUint64(at, row.amount);
  at += 8;
  view.setBigUint64(at, row.locktime);
  at += 8;
  view.setUint32(at, row.threshold);
  at += 4;
  view.setUint32(at, row.addresses.length);
  at += 4;
  for (const a of row.addresses) {
    out.set(a, at);
    at += 20;
  }
  return out;
}

/**
 * Who holds what on each chain, and what was exported towards each chain and not yet imported. Spending
 * takes an owner's oldest coins first.
 */
export class Wallets {
  private readonly unspent: Record<Role, Map<number, Coin[]>> = { P: new Map(), X: new Map(), C: new Map() };
  private readonly inFlight: Record<Role, Coin[]> = { P: [], X: [], C: [] };

  coins(role: Role, owner: number): Coin[] {
    return this.unspent[role].get(owner) ?? [];
  }

  add(role: Role, coin: Coin): void {
    const list = this.unspent[role].get(coin.owner);
    if (list) list.push(coin);
    else this.unspent[role].set(coin.owner, [coin]);
  }

  /** Takes coins of `owner` until they cover `amount` (all of them if they do not). */
  take(role: Role, owner: number, amount: bigint, maxInputs = 3): Coin[] {
    const list = this.unspent[role].get(owner);
    if (!list || list.length === 0) return [];
    const taken: Coin[] = [];
    let sum = 0n;
    while (list.length > 0 && sum < amount && taken.length < maxInputs) {
      const coin = list.shift()!;
      taken.push(coin);
      sum += coin.amount;
    }
    if (list.length === 0) this.unspent[role].delete(owner);
    return taken;
  }

  balance(role: Role, owner: number): bigint {
    return this.coins(role, owner).reduce((s, c) => s + c.amount, 0n);
  }

  export(to: Role, coin: Coin): void {
    this.inFlight[to].push(coin);
  }

  /** The oldest coin exported towards `role`, if any. */
  importable(role: Role): Coin | undefined {
    return this.inFlight[role].shift();
  }
}
