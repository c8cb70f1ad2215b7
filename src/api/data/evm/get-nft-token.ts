import type { FastifyInstance } from 'fastify';
import { batchLoadersByScope } from '../../../lib/batch-loader.js';
import { getEvmNftTokens, nftTokenKey } from '../../../store/queries/evm/nft-tokens.js';
import { NotFoundError } from '../../http/errors/http-errors.js';
import { CHAIN_ID_PARAM } from '../chains/schemas.js';
import type { DataApiContext } from '../index.js';
import { addressParam, servedEvmChain, tokenIdParam } from './evm-params.js';
import { CONTRACT_ADDRESS_PARAM } from './get-contract-metadata.js';
import { erc1155TokenOf, erc721TokenOf } from './nft-token.js';

/**
 * GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId} (getTokenDetails): an NFT seen in an
 * indexed transfer, with its metadata as fetched so far; 404 for a token no transfer of which was indexed.
 */
export function getNftTokenRoute(app: FastifyInstance, ctx: DataApiContext): void {
  // Lookups that arrive together (a burst of different tokens, none of them kept yet) share a statement.
  const loaderOf = batchLoadersByScope(
    (chain: number, refs: { contract: Uint8Array; tokenId: bigint }[]) => getEvmNftTokens(ctx.db, chain, refs), { keyOf: nftTokenKey },
  );
  app.get<{ Params: { chainId: string; address: string; tokenId: string } }>('/v1/chains/:chainId/nfts/collections/:address/tokens/:tokenId', {
    schema: {
      operationId: 'getTokenDetails',
      summary: 'Get token details',
      description: 'Gets token details for a specific token of an NFT contract.',
      tags: ['NFTs'],
      params: {
        type: 'object',
        properties: { chainId: CHAIN_ID_PARAM, address: CONTRACT_ADDRESS_PARAM, tokenId: { type: 'string', description: 'TokenId on the contract', examples: ['145'] } },
        required: ['chainId', 'address', 'tokenId'],
      },
      response: { 200: { oneOf: [{ $ref: 'Erc721Token#' }, { $ref: 'Erc1155Token#' }] } },
    },
    config: { weight: 'medium', responseCache: 'data', etag: true },
  }, async (request) => {
    const address = addressParam(request.params.address);
    const tokenId = tokenIdParam(request.params.tokenId);
    const { chain, chainId } = await servedEvmChain(ctx, request.params.chainId);
    const nft = await loaderOf(chain.id).load({ contract: address, tokenId });
    if (!nft) throw new NotFoundError(`Token ${request.params.tokenId} of ${request.params.address} was not found on chain ${chainId}`);
    const ref = { contract: nft.contract, tokenId: nft.tokenId, nft };
    return nft.ercType === 'ERC-721' ? erc721TokenOf(ref) : erc1155TokenOf(ref);
  });
}
