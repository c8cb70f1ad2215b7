import type { EvmChain } from '../evm-chain.js';
import { submitUnsigned } from '../controls/impersonation.js';
import { buildUnsignedTx, fillTxDefaults, type TxArgs } from './tx-args.js';

/** Per chain and sender: the tail of the queue of eth_sendTransaction calls picking nonces. */
const nonceLocks = new WeakMap<EvmChain, Map<string, Promise<void>>>();

/**
 * eth_sendTransaction / personal_sendTransaction: fills the defaults, signs with the account's key and
 * submits. Calls from one sender pick nonces one at a time (geth's nonce lock), and the lock is held only
 * until the tx is in the pool, not while an automined block is being built.
 */
/** How the sender's txs get their signature: a dev key, or none for an impersonated address (anvil_impersonateAccount). */
export type SenderAuth = { key: Uint8Array } | { impersonated: true };

export async function sendFromAccount(chain: EvmChain, args: TxArgs, auth: SenderAuth): Promise<Uint8Array> {
  const sender = Buffer.from(args.from ?? new Uint8Array(20)).toString('hex');
  const locks = nonceLocks.get(chain) ?? new Map<string, Promise<void>>();
  nonceLocks.set(chain, locks);
  const previous = locks.get(sender) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  const tail = previous.then(() => mine);
  locks.set(sender, tail);
  await previous;
  try {
    const filled = await fillTxDefaults(chain, args);
    const unsigned = buildUnsignedTx(chain, filled);
    if ('impersonated' in auth) {
      release();
      return await submitUnsigned(chain, unsigned, filled.from ?? new Uint8Array(20));
    }
    const signed = unsigned.sign(auth.key);
    const hashHex = Buffer.from(signed.hash()).toString('hex');
    let stopWatching = () => {};
    const pooled = new Promise<void>((resolve) => {
      stopWatching = chain.onPendingTx((p) => { if (p.hashHex === hashHex) resolve(); });
    });
    const submitted = chain.sendRawTransaction(signed.serialize());
    await Promise.race([pooled, submitted.then(() => undefined, () => undefined)]);
    stopWatching();
    release();
    return await submitted;
  } finally {
    release();
    if (locks.get(sender) === tail) locks.delete(sender);
  }
}

export type { TxArgs };
