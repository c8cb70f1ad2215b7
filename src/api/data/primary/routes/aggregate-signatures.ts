import type { FastifyInstance } from 'fastify';
import { BadRequestError, HttpError, InternalServerError, ServiceUnavailableError } from '../../../http/errors/http-errors.js';
import { AggregationFailed, type AggregationRequest, type SignatureAggregation } from '../../signature-aggregation/index.js';
import type { DataApiContext } from '../../index.js';
import { resolveNetwork } from '../networks/resolve-network.js';
import { sendAsBuilt } from '../paging.js';
import { parseIdOrHex } from '../params/ids.js';
import { decodeHexParam, unpackWarpMessage } from '../params/warp-message.js';
import { networkParams } from '../schemas/params.js';
import { parseUnsignedMessage } from '../../../../codec/warp/unsigned-message.js';

export interface SignatureAggregatorRequest {
  message?: string;
  justification?: string;
  signingSubnetId?: string;
  quorumPercentage?: number;
  quorumPercentageBuffer?: number;
  pChainHeight?: number;
}

/** Why aggregation answers 503 once a request is valid: no node to ask is configured. */
export const AGGREGATION_UNAVAILABLE = 'signature aggregation is not available on this server: no node URL is configured (--node-urls / FIRN_NODE_URLS; firn start sets its devnet)';

/** The configured aggregator, or the 503 saying none is. */
export function requireAggregation(ctx: DataApiContext): SignatureAggregation {
  if (!ctx.signatureAggregation) throw new ServiceUnavailableError(AGGREGATION_UNAVAILABLE);
  return ctx.signatureAggregation;
}

/** Runs an aggregation, turning its failures into the upstream's 500 text (data-api.md §10.2 step 10). */
export async function runAggregation(aggregation: SignatureAggregation, request: AggregationRequest): Promise<{ signedMessage: string }> {
  try {
    const result = await aggregation.aggregator.aggregate(request);
    return { signedMessage: Buffer.from(result.signedMessage).toString('hex') };
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if (e instanceof AggregationFailed) throw new InternalServerError(e.message);
    throw new InternalServerError(`failed to aggregate signatures. error: ${(e as Error).message}`);
  }
}

const percent = (description: string) => ({ type: 'integer', minimum: 0, maximum: 100, description }) as const;

/**
 * Checks a request as the upstream signature-aggregator does, in its order (data-api.md §10.2), each failure
 * a 400: hex of message and justification, the message as a warp message of this network, one of the two
 * present, quorum plus buffer at most 100, the signing subnet id.
 */
export function checkAggregationRequest(body: SignatureAggregatorRequest, networkId: number): AggregationRequest | undefined {
  const message = body.message === undefined ? new Uint8Array(0) : decodeHexParam(body.message);
  if (!message) throw new BadRequestError('Could not decode message: message must be hex (an optional 0x prefix, an even number of digits)');
  const justification = body.justification === undefined ? new Uint8Array(0) : decodeHexParam(body.justification);
  if (!justification) throw new BadRequestError('Could not decode justification: justification must be hex (an optional 0x prefix, an even number of digits)');
  const empty = (b: Uint8Array) => b.every((x) => x === 0);
  if (empty(message) && empty(justification)) throw new BadRequestError('Must provide either message or justification');
  let warp: ReturnType<typeof unpackWarpMessage>;
  if (!empty(message)) {
    warp = unpackWarpMessage(message);
    if (!warp) throw new BadRequestError('Error unpacking warp message: message must be an unsigned warp message or the data of a SendWarpMessage log');
    if (warp.networkId !== networkId) throw new BadRequestError(`Error unpacking warp message: it is for network ID ${warp.networkId}, this network's ID is ${networkId}`);
  }
  const quorum = body.quorumPercentage ?? 67;
  const buffer = body.quorumPercentageBuffer ?? 0;
  if ((quorum === 0 ? 67 : quorum) + buffer > 100) throw new BadRequestError('Invalid quorum buffer number: quorumPercentage + quorumPercentageBuffer must not exceed 100');
  let signingSubnetId: Uint8Array | undefined;
  if (body.signingSubnetId !== undefined) {
    try {
      signingSubnetId = parseIdOrHex('signingSubnetId', body.signingSubnetId);
    } catch {
      throw new BadRequestError(`Error parsing signing subnet ID: ${JSON.stringify(body.signingSubnetId)} is neither a cb58 nor a 0x-hex 32-byte id`);
    }
  }
  // A justification alone names no message to sign (upstream fails such a request while unpacking it).
  if (!warp) return undefined;
  return {
    message: parseUnsignedMessage(warp.bytes),
    justification,
    ...(signingSubnetId ? { signingSubnetId } : {}),
    quorumPercentage: quorum === 0 ? 67 : quorum,
    quorumPercentageBuffer: buffer,
    pChainHeight: BigInt(body.pChainHeight ?? 0),
  };
}

/** POST /v1/signatureAggregator/{network}/aggregateSignatures (aggregateSignatures). */
export function aggregateSignaturesRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.post<{ Params: { network: string }; Body: SignatureAggregatorRequest }>('/v1/signatureAggregator/:network/aggregateSignatures', {
    schema: {
      operationId: 'aggregateSignatures',
      summary: 'Aggregate Signatures',
      description: `Aggregates Signatures for a Warp message from Subnet validators: the signing subnet's validators at pChainHeight are
asked for their BLS signatures (ACP-118), and once the valid ones carry quorumPercentage of the weight (quorumPercentage +
quorumPercentageBuffer when they can) the signed message is returned. A 400 names what is wrong with a request; a 500
\`failed to aggregate signatures. error: …\` says why the quorum could not be reached.`,
      tags: ['Signature Aggregator'],
      params: networkParams(),
      body: {
        type: 'object',
        properties: {
          message: { type: 'string', description: 'Hex of the unsigned warp message (or the data of a SendWarpMessage log), optional 0x prefix. Either message or justification must be provided.' },
          justification: { type: 'string', description: 'Hex of the justification, optional 0x prefix. Either justification or message must be provided.' },
          signingSubnetId: { type: 'string', description: 'Subnet whose validators sign, in hex or cb58; defaults to the subnet of the source blockchain.' },
          quorumPercentage: percent('Share of the signing subnet\'s weight that must sign (default 67; 0 means the default).'),
          quorumPercentageBuffer: percent('Extra weight share to try to collect (default 0); quorumPercentage + quorumPercentageBuffer must not exceed 100.'),
          pChainHeight: { type: 'integer', minimum: 0, description: '0 (default): validators at the proposed height; otherwise validators at that P-chain height.' },
        },
      },
      response: { 201: { $ref: 'SignatureAggregationResponse#' } },
    },
    config: { weight: 'medium' },
    ...sendAsBuilt,
  }, async (request, reply) => {
    const net = await resolveNetwork(ctx, request.params.network);
    const body = (request.body ?? {}) as SignatureAggregatorRequest;
    const checked = checkAggregationRequest(body, net.network.networkId);
    if (!checked) throw new BadRequestError('Error unpacking warp message: a justification alone names no message to sign; send the message too');
    return reply.code(201).send(await runAggregation(requireAggregation(ctx), checked));
  });
}
