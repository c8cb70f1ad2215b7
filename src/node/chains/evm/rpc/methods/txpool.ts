import { toChecksumAddress } from '@ethereumjs/util';
import type { EvmChain } from '../../evm-chain.js';
import { feeCap, type PoolTx } from '../../tx-pool.js';
import { arity, fromRpc, toRpc } from '../codec.js';
import { txJson } from '../render.js';
import type { EthMethods } from '../types.js';

interface SenderTxs { address: Uint8Array; pending: PoolTx[]; queued: PoolTx[] }

/**
 * The pool split as geth's: per sender, `pending` = the contiguous nonces from its state nonce (what the
 * next block can take), `queued` = the rest (waiting for a gap to fill).
 */
async function poolBySender(chain: EvmChain, only?: Uint8Array): Promise<SenderTxs[]> {
  const groups = new Map<string, PoolTx[]>();
  for (const p of chain.pendingTransactions()) {
    if (only && Buffer.compare(Buffer.from(p.sender.bytes), Buffer.from(only)) !== 0) continue;
    const list = groups.get(p.senderHex) ?? [];
    list.push(p);
    groups.set(p.senderHex, list);
  }
  const out: SenderTxs[] = [];
  for (const list of groups.values()) {
    list.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
    const address = list[0]!.sender.bytes;
    let next = await chain.getNonce(address);
    const pending: PoolTx[] = [];
    const queued: PoolTx[] = [];
    for (const p of list) {
      if (p.nonce === next) { pending.push(p); next++; } else queued.push(p);
    }
    out.push({ address, pending, queued });
  }
  return out;
}

const checksum = (a: Uint8Array) => toChecksumAddress(toRpc.data(a));
const rpcTx = (p: PoolTx) => txJson({ tx: p.tx, raw: p.raw, from: p.sender.bytes });

/** geth's inspect line: `to: value wei + gas gas × price wei` (price = fee cap for dynamic-fee txs). */
function inspectLine(p: PoolTx): string {
  const tail = `${p.tx.value} wei + ${p.tx.gasLimit} gas × ${feeCap(p.tx)} wei`;
  return p.tx.to ? `${checksum(p.tx.to.bytes)}: ${tail}` : `contract creation: ${tail}`;
}

/** `{nonce (decimal): render(tx)}` for one sender's txs. */
function byNonce<T>(txs: PoolTx[], render: (p: PoolTx) => T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const p of txs) out[p.nonce.toString()] = render(p);
  return out;
}

function dump<T>(groups: SenderTxs[], render: (p: PoolTx) => T): { pending: Record<string, Record<string, T>>; queued: Record<string, Record<string, T>> } {
  const pending: Record<string, Record<string, T>> = {};
  const queued: Record<string, Record<string, T>> = {};
  for (const g of groups) {
    if (g.pending.length) pending[checksum(g.address)] = byNonce(g.pending, render);
    if (g.queued.length) queued[checksum(g.address)] = byNonce(g.queued, render);
  }
  return { pending, queued };
}

/** geth's txpool namespace (internal/ethapi TxPoolAPI). */
export const txpoolMethods: EthMethods = {
  async txpool_content(p, { chain }) {
    arity(p, 0, 0);
    return dump(await poolBySender(chain), rpcTx);
  },
  async txpool_contentFrom(p, { chain }) {
    arity(p, 1, 1);
    const [g] = await poolBySender(chain, fromRpc.address(p[0], 0));
    return { pending: byNonce(g?.pending ?? [], rpcTx), queued: byNonce(g?.queued ?? [], rpcTx) };
  },
  async txpool_inspect(p, { chain }) {
    arity(p, 0, 0);
    return dump(await poolBySender(chain), inspectLine);
  },
  async txpool_status(p, { chain }) {
    arity(p, 0, 0);
    let pending = 0;
    let queued = 0;
    for (const g of await poolBySender(chain)) { pending += g.pending.length; queued += g.queued.length; }
    return { pending: toRpc.quantity(pending), queued: toRpc.quantity(queued) };
  },
};
