import { ClientError } from '../../../../lib/errors.js';
import type { StoredBlock } from '../block-store.js';
import type { EvmChain } from '../evm-chain.js';
import type { BlockRef } from './codec.js';

/** The block a ref names, or undefined (latest/pending/safe/finalized are all the last accepted block). */
export async function resolveBlock(chain: EvmChain, ref: BlockRef): Promise<StoredBlock | undefined> {
  if ('tag' in ref) return chain.headBlock;
  if ('number' in ref) return chain.getBlockByNumber(ref.number);
  return chain.getBlockByHash(ref.hash);
}

/** The block number whose state a query reads; geth's errors when it does not exist. */
export async function stateNumber(chain: EvmChain, ref: BlockRef): Promise<bigint> {
  if ('tag' in ref) return chain.headNumber;
  if ('number' in ref) {
    if (ref.number > chain.headNumber) throw new ClientError('header not found');
    return ref.number;
  }
  const b = await chain.getBlockByHash(ref.hash);
  if (!b) throw new ClientError('header for hash not found');
  return b.block.header.number;
}
