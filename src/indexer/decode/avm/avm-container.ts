import { unwrapContainer, type WrappedBlock } from '../platform/platform-container.js';
import { parseAvmBlock } from './avm-block.js';
import type { AvmTx } from './avm-tx.js';

export interface DecodedAvmContainer extends WrappedBlock {
  chain: 'X';
  blockType: 'StandardBlock';
  time: bigint;
  txs: AvmTx[];
}

/** An X-chain block as the index API (proposervm-wrapped) or avm.getBlockByHeight (bare) serves it. */
export function decodeAvmContainer(bytes: Uint8Array): DecodedAvmContainer {
  const { proposer, inner, innerBytes } = unwrapContainer(bytes, parseAvmBlock);
  return {
    chain: 'X',
    id: proposer?.id ?? inner.id,
    height: inner.height,
    size: bytes.length,
    innerSize: innerBytes.length,
    blockId: inner.id,
    parentId: inner.parentId,
    blockType: 'StandardBlock',
    time: inner.time,
    ...(proposer ? { proposer } : {}),
    txs: inner.txs,
  };
}
