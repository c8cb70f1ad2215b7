import type { FastifyInstance } from 'fastify';
import { listL1Validators } from '../../../../store/queries/primary/l1-validators.js';
import { getPrimaryTransaction } from '../../../../store/queries/primary/transactions.js';
import { BadRequestError, BadGatewayError, NotFoundError } from '../../../http/errors/http-errors.js';
import { NodeRpcError, NoWarpMessage, pChainTxMessage } from '../../signature-aggregation/index.js';
import type { DataApiContext } from '../../index.js';
import { requirePChain, resolveNetwork } from '../networks/resolve-network.js';
import { sendAsBuilt } from '../paging.js';
import { parseId } from '../params/ids.js';
import { networkParams } from '../schemas/params.js';
import { requireAggregation, runAggregation } from './aggregate-signatures.js';

/** The P-chain txs whose acceptance the P-chain attests with a warp message (L1 conversion and validator changes). */
export const WARP_EMITTING_TX_TYPES = ['ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx'];

/** GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash} (getAggregatedSignatures). */
export function getAggregatedSignaturesRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string; txHash: string } }>('/v1/signatureAggregator/:network/aggregateSignatures/:txHash', {
    schema: {
      operationId: 'getAggregatedSignatures',
      summary: 'Get Aggregated Signatures',
      description: `Get Aggregated Signatures for a P-Chain L1 related Warp Message: the message the P-chain attests for the tx
(ConvertSubnetToL1Tx → SubnetToL1Conversion; RegisterL1ValidatorTx → L1ValidatorRegistration; SetL1ValidatorWeightTx →
L1ValidatorWeight, or L1ValidatorRegistration{registered: false} once the validation is gone), signed by the L1's validators at the current P-chain height with a 67% quorum. An unknown tx is a 404,
another tx type a 400.`,
      tags: ['Signature Aggregator'],
      params: networkParams({ txHash: { type: 'string', minLength: 1, maxLength: 100, description: 'A primary network (P or X chain) transaction hash.', examples: ['3P91K6nuDFvDodcRuJTsgdf9SvYe5pMiKk38HppsoeAiEztCP'] } }),
      response: { 201: { $ref: 'SignatureAggregationResponse#' } },
    },
    config: { weight: 'medium' },
    ...sendAsBuilt,
  }, async (request, reply) => {
    const net = await resolveNetwork(ctx, request.params.network);
    const txId = parseId('txHash', request.params.txHash);
    const P = await requirePChain(ctx, net);
    const tx = await getPrimaryTransaction(ctx.db, P.id, txId) ?? (net.primary.X ? await getPrimaryTransaction(ctx.db, net.primary.X.id, txId) : undefined);
    if (!tx) throw new NotFoundError(`Transaction ${request.params.txHash} not found on the P-chain or the X-chain`);
    if (tx.chain !== P.id || !WARP_EMITTING_TX_TYPES.includes(tx.txType)) {
      throw new BadRequestError(`Transaction ${request.params.txHash} is a${tx.chain === P.id ? '' : 'n X-chain'} ${tx.txType}: only ${WARP_EMITTING_TX_TYPES.join(', ')} have P-chain warp messages`);
    }
    const aggregation = requireAggregation(ctx);
    let rebuilt;
    try {
      const origins = async (validationId: Uint8Array) =>
        (await listL1Validators(ctx.db, { chain: P.id, validationId, includeInactive: true, pageSize: 1 })).items[0];
      rebuilt = await pChainTxMessage(aggregation.node, net.network.networkId, tx.txType, txId, origins);
    } catch (e) {
      if (e instanceof NoWarpMessage) throw new BadRequestError(`Transaction ${request.params.txHash}: ${e.message}`);
      if (e instanceof NodeRpcError) throw new BadGatewayError(`Could not read transaction ${request.params.txHash} from the node: ${e.message}`);
      throw e;
    }
    const signed = await runAggregation(aggregation, { ...rebuilt, quorumPercentage: 67, quorumPercentageBuffer: 0, pChainHeight: 0n });
    return reply.code(201).send(signed);
  });
}
