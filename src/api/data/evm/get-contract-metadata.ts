import type { FastifyInstance } from 'fastify';
import { batchLoadersByScope } from '../../../lib/batch-loader.js';
import { hexOf } from '../../../lib/hex.js';
import { getEvmContracts } from '../../../store/queries/evm/contracts.js';
import { NotFoundError } from '../../http/errors/http-errors.js';
import { CHAIN_ID_PARAM } from '../chains/schemas.js';
import type { DataApiContext } from '../index.js';
import { contractMetadataOf } from './contract-metadata.js';
import { addressParam, servedEvmChain } from './evm-params.js';

export const CONTRACT_ADDRESS_PARAM = {
  type: 'string',
  description: 'Contract address on the relevant chain.',
  examples: ['0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E'],
} as const;

/**
 * GET /v1/chains/{chainId}/addresses/{address} (getContractMetadata): an indexed contract, shaped by its
 * ERC type. 404 for an address where no contract creation was indexed (an account, or a genesis contract).
 */
export function getContractMetadataRoute(app: FastifyInstance, ctx: DataApiContext): void {
  // Lookups that arrive together (a burst of different contracts, none of them kept yet) share a statement.
  const loaderOf = batchLoadersByScope((chain: number, addresses: Uint8Array[]) => getEvmContracts(ctx.db, chain, addresses), { keyOf: hexOf });
  app.get<{ Params: { chainId: string; address: string } }>('/v1/chains/:chainId/addresses/:address', {
    schema: {
      operationId: 'getContractMetadata',
      summary: 'Get contract metadata',
      description: 'Gets metadata about the contract at the given address.',
      tags: ['EVM Contracts'],
      params: { type: 'object', properties: { chainId: CHAIN_ID_PARAM, address: CONTRACT_ADDRESS_PARAM }, required: ['chainId', 'address'] },
      response: {
        200: { oneOf: [{ $ref: 'Erc721Contract#' }, { $ref: 'Erc1155Contract#' }, { $ref: 'Erc20Contract#' }, { $ref: 'UnknownContract#' }] },
      },
    },
    config: { weight: 'medium', responseCache: 'data', etag: true },
  }, async (request) => {
    const address = addressParam(request.params.address);
    const { chain, chainId } = await servedEvmChain(ctx, request.params.chainId);
    const contract = await loaderOf(chain.id).load(address);
    if (!contract) throw new NotFoundError(`No contract deployment at ${request.params.address} is indexed on chain ${chainId}`);
    return contractMetadataOf(contract);
  });
}
