import type { StoredBlock } from '../block-store.js';
import type { EvmChain } from '../evm-chain.js';
import type { BlockRef } from '../rpc/codec.js';

/** coreth's ErrUnfinalizedData: a height above the last accepted block (allow-unfinalized-queries is off). */
export const UNFINALIZED = 'cannot query unfinalized data';

/**
 * coreth's BlockByNumberOrHash as the block/tx/receipt readers use it: every tag (latest, pending, safe,
 * finalized, accepted) is the last accepted block; a number above it is an error; an unknown hash is
 * undefined (the method answers null).
 */
export async function blockByRef(chain: EvmChain, ref: BlockRef): Promise<StoredBlock | undefined> {
  if ('tag' in ref) return chain.headBlock;
  if ('number' in ref) {
    if (ref.number > chain.headNumber) throw new Error(UNFINALIZED);
    return chain.getBlockByNumber(ref.number);
  }
  return chain.getBlockByHash(ref.hash);
}

/** coreth's StateAndHeaderByNumberOrHash: the block whose state a query reads, or its error. */
export async function stateBlock(chain: EvmChain, ref: BlockRef): Promise<StoredBlock> {
  if ('hash' in ref) {
    const b = await chain.getBlockByHash(ref.hash);
    if (!b) throw new Error('header for hash not found');
    return b;
  }
  const b = await blockByRef(chain, ref);
  if (!b) throw new Error('header not found');
  return b;
}
