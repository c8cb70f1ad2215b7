import type { ChainRef } from '../../../store/registry.js';
import { BadRequestError } from '../../http/errors/http-errors.js';
import { parseEvmAddress } from '../codecs/address.js';
import { parseBlockNumber, parseUint256 } from '../codecs/decimal.js';
import { parseHash32 } from '../codecs/hex.js';
import type { DataApiContext } from '../index.js';

/**
 * The EVM chain a data route's `chainId` names, ready to serve: 400 for a malformed id, 404 for a chain
 * not indexed here, 503 while none of its blocks is indexed. `chainId` is its EVM chain id as the wire shows it.
 */
export async function servedEvmChain(ctx: DataApiContext, chainIdParam: string): Promise<{ chain: ChainRef; chainId: string }> {
  const chain = await ctx.chains.evmChain(chainIdParam);
  await ctx.chains.requireAvailable(chain, chainIdParam);
  return { chain, chainId: (chain.evmChainId ?? 0n).toString() };
}

/** An address parameter (the real service's only published 400 text). */
export function addressParam(text: string): Uint8Array {
  const address = parseEvmAddress(text);
  if (!address) throw new BadRequestError('Invalid address format');
  return address;
}

export function txHashParam(text: string): Uint8Array {
  const hash = parseHash32(text);
  if (!hash) throw new BadRequestError('txHash must be a transaction hash: 0x and 64 hex digits');
  return hash;
}

/** A block id: a block number (base 10) or a block hash (0x and 64 hex digits). */
export function blockIdParam(text: string): { number: bigint } | { hash: Uint8Array } {
  const number = parseBlockNumber(text);
  if (number !== undefined) return { number };
  const hash = parseHash32(text);
  if (hash) return { hash };
  throw new BadRequestError('blockId must be a block number or a block hash (0x and 64 hex digits)');
}

export function tokenIdParam(text: string): bigint {
  const tokenId = parseUint256(text);
  if (tokenId === undefined) throw new BadRequestError('tokenId must be a token id in base 10 (0 to 2^256-1)');
  return tokenId;
}
