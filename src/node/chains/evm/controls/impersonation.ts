import { createTx, type TypedTransaction } from '@ethereumjs/tx';
import { Address } from '@ethereumjs/util';
import type { EvmChain } from '../evm-chain.js';
import { TxRejected, checkTxFee, validateStateless, validateWithState } from '../tx-validation.js';
import { hexOf } from '../../../../lib/hex.js';

const hex = (b: Uint8Array): string => hexOf(b);

/** Which senders may send without a signature (anvil_impersonateAccount, anvil_autoImpersonateAccount). */
export class Impersonation {
  private readonly accounts = new Set<string>();
  auto = false;

  add(address: Uint8Array): void { this.accounts.add(hex(address)); }
  remove(address: Uint8Array): void { this.accounts.delete(hex(address)); }
  clear(): void { this.accounts.clear(); this.auto = false; }
  isImpersonated(address: Uint8Array): boolean { return this.auto || this.accounts.has(hex(address)); }
}

/**
 * The placeholder signature an impersonated tx carries (r = s = 1, as anvil's): it gives the tx its
 * encoding and hash, but recovers to no useful address — the sender is the impersonated one, kept on the
 * tx object and in the receipt (`from`). Code replaying a stored block must take the sender from the receipt.
 */
export function isImpersonationSignature(tx: TypedTransaction): boolean {
  return tx.r === 1n && tx.s === 1n;
}

/** `tx` (unsigned) with the placeholder signature and `from` as its sender. */
export function withImpersonatedSender(tx: TypedTransaction, from: Uint8Array): TypedTransaction {
  const json = tx.toJSON() as Record<string, unknown>;
  delete json.v; delete json.r; delete json.s; delete json.yParity; delete json.hash;
  const v = tx.type === 0 ? tx.common.chainId() * 2n + 35n : 0n;
  const signed = createTx({ ...json, type: tx.type, v, r: 1n, s: 1n } as never, { common: tx.common, freeze: false });
  const sender = new Address(Uint8Array.from(from));
  Object.defineProperty(signed, 'getSenderAddress', { value: () => sender });
  return signed;
}

/**
 * Queues an unsigned tx from `from` without checking a signature (impersonated senders,
 * eth_sendUnsignedTransaction), with the pool's usual checks; in automine mode resolves once mined.
 * Returns the tx hash. Throws TxRejected with geth's wording.
 */
export async function submitUnsigned(chain: EvmChain, tx: TypedTransaction, from: Uint8Array): Promise<Uint8Array> {
  const x = chain.devnetAccess();
  const signed = withImpersonatedSender(tx, from);
  checkTxFee(signed);
  const raw = signed.serialize();
  const hash = signed.hash();
  const hashHex = hex(hash);
  if (x.pool.has(hashHex)) throw new TxRejected('already known');
  const next = chain.nextFees();
  validateStateless(signed, { blockGasLimit: next.gasLimit, minFeeCap: next.baseFee });
  const sender = signed.getSenderAddress();
  await x.exclusive(async () => {
    const acct = await x.state.getAccount(sender);
    validateWithState(signed, { nonce: acct?.nonce ?? 0n, balance: acct?.balance ?? 0n });
    try {
      x.addToPool({ tx: signed, raw, hash, hashHex, sender, senderHex: hex(sender.bytes), nonce: signed.nonce });
    } catch (e) {
      throw new TxRejected((e as Error).message);
    }
  });
  await x.automine();
  return hash;
}
