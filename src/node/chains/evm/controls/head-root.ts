import { key, utf8, type KvOp } from '../../../storage/kv.js';
import type { EvmKeys } from '../keys.js';
import type { DevnetAccess } from './access.js';

/**
 * Devnet state edits (anvil_setBalance, ...) change the state on top of the head block without mining:
 * the head's effective state root then differs from its header's. The record `evm/<id>/devroot` →
 * head hash ‖ root keeps that root durable next to the head; it only applies while that block is the head
 * (the next block carries the edits in its own state root).
 */
export function headRootKey(keys: EvmKeys): Uint8Array {
  return key(keys.root, utf8('devroot'));
}

export function headRootOp(keys: EvmKeys, headHash: Uint8Array, root: Uint8Array): KvOp {
  const value = new Uint8Array(64);
  value.set(headHash, 0);
  value.set(root, 32);
  return { type: 'put', key: headRootKey(keys), value };
}

/** On start: moves the state to the edited root if the record belongs to the current head. */
export async function restoreHeadRoot(x: DevnetAccess): Promise<void> {
  const raw = await x.db.get(headRootKey(x.keys));
  if (!raw || raw.length !== 64) return;
  const head = x.head();
  if (Buffer.compare(Buffer.from(raw.subarray(0, 32)), Buffer.from(head.hash)) !== 0) return;
  const root = new Uint8Array(raw.subarray(32, 64));
  await x.setHead(head, root);
  x.log.info('C-chain devnet state edits restored', { root: '0x' + Buffer.from(root).toString('hex') });
}
