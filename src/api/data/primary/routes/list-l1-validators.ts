import type { FastifyInstance } from 'fastify';
import { listL1Validators, type L1ValidatorCursor } from '../../../../store/queries/primary/l1-validators.js';
import { hexToBytes } from '../../../../lib/hex.js';
import type { DataApiContext } from '../../index.js';
import { requirePChain, resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { parseId, parseIdOrHex, parseNodeId } from '../params/ids.js';
import { networkParams, PAGE_TOKEN, pageSize, SUBNET_ID_QUERY } from '../schemas/params.js';
import { hex } from '../wire/format.js';
import { l1ValidatorWire } from '../wire/l1-validator.js';

interface Query {
  pageToken?: string;
  pageSize: number;
  l1ValidationId?: string;
  includeInactiveL1Validators?: boolean;
  nodeId?: string;
  subnetId?: string;
}

/** Page tokens: [block height, hex validation id]. */
type Cursor = [string, string];

/** GET /v1/networks/{network}/l1Validators (listL1Validators). */
export function listL1ValidatorsRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string }; Querystring: Query }>('/v1/networks/:network/l1Validators', {
    schema: {
      operationId: 'listL1Validators',
      summary: 'List L1 validators',
      description: 'Lists details for L1 validators, newest first. By default, returns details for all active L1 validators. Filterable by validator node id, subnet id, and validation id.',
      tags: ['Primary Network'],
      params: networkParams(),
      querystring: {
        type: 'object',
        properties: {
          pageToken: PAGE_TOKEN,
          pageSize: pageSize(),
          l1ValidationId: { type: 'string', description: 'The L1 Validator\'s validation ID to filter by (cb58 or 0x-hex).', examples: ['BsSpTd1SDvdhaoYAuKJvRj1WnoRyu8mAuMZeuz9g7brGj6KhX'] },
          includeInactiveL1Validators: { type: 'boolean', description: 'Also list validators that were disabled or whose weight was set to 0.' },
          nodeId: { type: 'string', description: 'A valid node ID in format \'NodeID-HASH\'.', examples: ['NodeID-111111111111111111116DBWJs'] },
          subnetId: SUBNET_ID_QUERY,
        },
      },
      response: { 200: { $ref: 'ListL1ValidatorsResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'data' },
    ...sendAsBuilt,
  }, async (request) => {
    const q = request.query;
    const net = await resolveNetwork(ctx, request.params.network);
    const validationId = q.l1ValidationId === undefined ? undefined : parseIdOrHex('l1ValidationId', q.l1ValidationId);
    const nodeId = q.nodeId === undefined ? undefined : parseNodeId('nodeId', q.nodeId, { anyLength: true });
    const subnetId = q.subnetId === undefined || q.subnetId === '' ? undefined : parseId('subnetId', q.subnetId);
    const P = await requirePChain(ctx, net);
    const page = openCursor<Cursor>(request);
    const result = await listL1Validators(ctx.db, {
      chain: P.id,
      pageSize: page.pageSize,
      ...(q.includeInactiveL1Validators ? { includeInactive: true } : {}),
      ...(validationId ? { validationId } : {}),
      ...(nodeId ? { nodeId } : {}),
      ...(subnetId ? { subnetId } : {}),
      ...(page.cursor ? { cursor: { blockHeight: BigInt(page.cursor[0]), validationId: hexToBytes(page.cursor[1]) } } : {}),
    });
    return {
      validators: result.items.map((v) => l1ValidatorWire(v, net.network.hrp)),
      blockHeight: result.blockHeight.toString(),
      ...nextPageToken(page, result.next, (c: L1ValidatorCursor): Cursor => [c.blockHeight.toString(), hex(c.validationId)]),
    };
  });
}
