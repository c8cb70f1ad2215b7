import type { FastifyInstance } from 'fastify';
import { nodeHasValidations } from '../../../../store/queries/primary-api/node-validations.js';
import { listValidatorsOfNode, type ValidationStatus } from '../../../../store/queries/primary/validators.js';
import { NotFoundError } from '../../../http/errors/http-errors.js';
import type { DataApiContext } from '../../index.js';
import { requirePChain, resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { parseNodeId } from '../params/ids.js';
import { networkParams, PAGE_TOKEN, pageSize, SORT_ORDER, VALIDATION_STATUS } from '../schemas/params.js';
import { nowSeconds, STAKING_LIMITS, validatorCursorFromWire, validatorCursorToWire, validatorWires, type ValidatorCursorWire } from './validator-page.js';

interface Query {
  pageToken?: string;
  pageSize: number;
  validationStatus?: ValidationStatus;
  sortOrder?: 'asc' | 'desc';
}

/**
 * GET /v1/networks/{network}/validators/{nodeId} (getSingleValidatorDetails): every validation of one node
 * (all subnets), newest first. A node that never validated is a 404; one whose validations the status
 * filter leaves out gets an empty list.
 */
export function getValidatorRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string; nodeId: string }; Querystring: Query }>('/v1/networks/:network/validators/:nodeId', {
    schema: {
      operationId: 'getSingleValidatorDetails',
      summary: 'Get single validator details',
      description: 'List validator details for a single validator. Filterable by validation status.',
      tags: ['Primary Network'],
      params: networkParams({ nodeId: { type: 'string', minLength: 1, maxLength: 100, description: 'A primary network (P or X chain) nodeId.', examples: ['NodeID-111111111111111111116DBWJs'] } }),
      querystring: { type: 'object', properties: { pageToken: PAGE_TOKEN, pageSize: pageSize(), validationStatus: VALIDATION_STATUS, sortOrder: SORT_ORDER } },
      response: { 200: { $ref: 'ListValidatorDetailsResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'clock' },
    ...sendAsBuilt,
  }, async (request) => {
    const q = request.query;
    const net = await resolveNetwork(ctx, request.params.network);
    const nodeId = parseNodeId('nodeId', request.params.nodeId);
    const P = await requirePChain(ctx, net);
    const now = nowSeconds(ctx.now);
    const page = openCursor<ValidatorCursorWire>(request);
    const result = await listValidatorsOfNode(ctx.db, {
      chain: P.id,
      now,
      limits: STAKING_LIMITS,
      nodeId,
      pageSize: page.pageSize,
      sortOrder: q.sortOrder ?? 'desc',
      ...(q.validationStatus ? { status: q.validationStatus } : {}),
      ...(page.cursor ? { cursor: validatorCursorFromWire(page.cursor) } : {}),
    });
    if (result.items.length === 0 && !page.cursor && !(await nodeHasValidations(ctx.db, P.id, nodeId))) {
      throw new NotFoundError(`Validator ${request.params.nodeId} not found: the node never validated on network ${net.requested}`);
    }
    await ctx.stakingClock.markAnswer(request, P.id, now);
    return {
      validators: await validatorWires(ctx.db, P.id, now, net.network.hrp, result.items),
      ...nextPageToken(page, result.next, validatorCursorToWire),
    };
  });
}
