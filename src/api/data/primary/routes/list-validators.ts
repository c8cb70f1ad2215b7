import type { FastifyInstance } from 'fastify';
import { listValidators, type ValidationStatus, type ValidatorQuery, type ValidatorSortBy } from '../../../../store/queries/primary/validators.js';
import { BadRequestError } from '../../../http/errors/http-errors.js';
import type { DataApiContext } from '../../index.js';
import { requirePChain, resolveNetwork } from '../networks/resolve-network.js';
import { nextPageToken, openCursor, sendAsBuilt } from '../paging.js';
import { parseId, splitList } from '../params/ids.js';
import { networkParams, PAGE_TOKEN, pageSize, SORT_ORDER, SUBNET_ID_QUERY, VALIDATION_STATUS } from '../schemas/params.js';
import { nowSeconds, STAKING_LIMITS, validatorCursorFromWire, validatorCursorToWire, validatorWires, type ValidatorCursorWire } from './validator-page.js';

interface Query {
  pageToken?: string;
  pageSize: number;
  nodeIds?: string;
  sortBy?: ValidatorSortBy;
  sortOrder?: 'asc' | 'desc';
  validationStatus?: ValidationStatus;
  minDelegationCapacity?: string;
  maxDelegationCapacity?: string;
  minTimeRemaining?: number;
  maxTimeRemaining?: number;
  minFeePercentage?: number;
  maxFeePercentage?: number;
  minUptimePerformance?: number;
  maxUptimePerformance?: number;
  subnetId?: string;
}

const MAX_CAPACITY = 720_000_000_000_000_000n;
const MAX_TIME_REMAINING = 2_147_483_647;
const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';

const capacity = (bound: string) => ({
  type: 'string',
  description: `The ${bound} delegation capacity, in nAVAX, used to filter the set of nodes being returned. Accepts values between 0 and 720,000,000,000,000,000.`,
}) as const;
const timeRemaining = (bound: string) => ({ type: 'number', minimum: 0, maximum: MAX_TIME_REMAINING, description: `The ${bound} validation time remaining, in seconds, used to filter the set of nodes being returned.` }) as const;
const feePercentage = (bound: string) => ({
  type: 'number', minimum: 2, maximum: 100,
  description: `The ${bound} fee percentage, used to filter the set of nodes being returned. If this field is populated no subnet validations will be returned, as their fee percentage is null, since subnet delegations are not supported. Without it, no fee filter applies.`,
}) as const;
const uptime = (bound: string) => ({
  type: 'number', minimum: 0, maximum: 100,
  description: `The ${bound} node uptime performance percentage, used to filter the set of nodes being returned. Applies to validations whose uptime the node reported (active ones). Without it, no uptime filter applies.`,
}) as const;

function parseCapacity(name: string, text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,21}$/.test(text) || BigInt(text) > MAX_CAPACITY) throw new BadRequestError(`${name} must be an integer between 0 and 720000000000000000`);
  return BigInt(text);
}

function checkOrder<T extends number | bigint>(minName: string, min: T | undefined, maxName: string, max: T | undefined): void {
  if (min !== undefined && max !== undefined && min > max) throw new BadRequestError(`${minName} must not be greater than ${maxName}`);
}

/** The store query for a request's filters, after every rule of the seed is checked (a 400 otherwise). */
export function validatorFilters(q: Query, mainnet: boolean): Omit<ValidatorQuery, 'chain' | 'now' | 'limits'> {
  const minCapacity = parseCapacity('minDelegationCapacity', q.minDelegationCapacity);
  const maxCapacity = parseCapacity('maxDelegationCapacity', q.maxDelegationCapacity);
  checkOrder('minDelegationCapacity', minCapacity, 'maxDelegationCapacity', maxCapacity);
  checkOrder('minTimeRemaining', q.minTimeRemaining, 'maxTimeRemaining', q.maxTimeRemaining);
  checkOrder('minFeePercentage', q.minFeePercentage, 'maxFeePercentage', q.maxFeePercentage);
  checkOrder('minUptimePerformance', q.minUptimePerformance, 'maxUptimePerformance', q.maxUptimePerformance);
  const subnetId = q.subnetId === undefined || q.subnetId === '' ? undefined : parseId('subnetId', q.subnetId);
  if (q.sortBy === 'delegationFee' && (!mainnet || q.subnetId !== PRIMARY_NETWORK_ID)) {
    throw new BadRequestError(`sortBy=delegationFee is only available for mainnet primary-network validators: use network mainnet with subnetId=${PRIMARY_NETWORK_ID}`);
  }
  const nodeIds = splitList(q.nodeIds);
  return {
    ...(nodeIds.length > 0 ? { nodeIds } : {}),
    ...(q.validationStatus ? { status: q.validationStatus } : {}),
    ...(subnetId ? { subnetId } : {}),
    ...(minCapacity !== undefined ? { minDelegationCapacity: minCapacity } : {}),
    ...(maxCapacity !== undefined ? { maxDelegationCapacity: maxCapacity } : {}),
    ...(q.minTimeRemaining !== undefined ? { minTimeRemaining: BigInt(Math.ceil(q.minTimeRemaining)) } : {}),
    ...(q.maxTimeRemaining !== undefined ? { maxTimeRemaining: BigInt(Math.floor(q.maxTimeRemaining)) } : {}),
    ...(q.minFeePercentage !== undefined ? { minFeePercentage: q.minFeePercentage } : {}),
    ...(q.maxFeePercentage !== undefined ? { maxFeePercentage: q.maxFeePercentage } : {}),
    ...(q.minUptimePerformance !== undefined ? { minUptimePerformance: q.minUptimePerformance } : {}),
    ...(q.maxUptimePerformance !== undefined ? { maxUptimePerformance: q.maxUptimePerformance } : {}),
    ...(q.sortBy ? { sortBy: q.sortBy } : {}),
    sortOrder: q.sortOrder ?? 'desc',
  };
}

/** GET /v1/networks/{network}/validators (listValidators). */
export function listValidatorsRoute(app: FastifyInstance, ctx: DataApiContext): void {
  app.get<{ Params: { network: string }; Querystring: Query }>('/v1/networks/:network/validators', {
    schema: {
      operationId: 'listValidators',
      summary: 'List validators',
      description: `Lists details for validators: every validation (primary network and subnets, any status) by default, newest first.
The nodeIds parameter supports substring matching. Filterable by validation status, delegation capacity, time remaining, fee
percentage, uptime performance and subnet id; a filter applies only when given. Sortable by blockIndex (default), delegationCapacity,
timeRemaining, uptimePerformance and, for mainnet primary-network validators, delegationFee.`,
      tags: ['Primary Network'],
      params: networkParams(),
      querystring: {
        type: 'object',
        properties: {
          pageToken: PAGE_TOKEN,
          pageSize: pageSize(),
          nodeIds: { type: 'string', description: 'A comma separated list of node ids to filter by. Supports substring matching.', examples: ['NodeID-111111111111111111116DBWJs,NodeID-222222222222222222227DBWJs'] },
          sortBy: {
            type: 'string', enum: ['blockIndex', 'delegationCapacity', 'timeRemaining', 'delegationFee', 'uptimePerformance'],
            description: 'Which property to sort by, in conjunction with sortOrder. Note: Delegation fee is only available for mainnet validators. Set `subnetId` to `11111111111111111111111111111111LpoYY` to use this option.',
          },
          sortOrder: SORT_ORDER,
          validationStatus: VALIDATION_STATUS,
          minDelegationCapacity: capacity('minimum'),
          maxDelegationCapacity: capacity('maximum'),
          minTimeRemaining: timeRemaining('minimum'),
          maxTimeRemaining: timeRemaining('maximum'),
          minFeePercentage: feePercentage('minimum'),
          maxFeePercentage: feePercentage('maximum'),
          minUptimePerformance: uptime('minimum'),
          maxUptimePerformance: uptime('maximum'),
          subnetId: SUBNET_ID_QUERY,
        },
      },
      response: { 200: { $ref: 'ListValidatorDetailsResponse#' } },
    },
    config: { weight: 'medium', responseCache: 'clock' },
    ...sendAsBuilt,
  }, async (request) => {
    const net = await resolveNetwork(ctx, request.params.network);
    const filters = validatorFilters(request.query, !net.network.isTestnet);
    const P = await requirePChain(ctx, net);
    const now = nowSeconds(ctx.now);
    const page = openCursor<ValidatorCursorWire>(request);
    const result = await listValidators(ctx.db, {
      ...filters,
      chain: P.id,
      now,
      limits: STAKING_LIMITS,
      pageSize: page.pageSize,
      ...(page.cursor ? { cursor: validatorCursorFromWire(page.cursor) } : {}),
    });
    await ctx.stakingClock.markAnswer(request, P.id, now, [filters.minTimeRemaining, filters.maxTimeRemaining].filter((x): x is bigint => x !== undefined));
    return {
      validators: await validatorWires(ctx.db, P.id, now, net.network.hrp, result.items),
      ...nextPageToken(page, result.next, validatorCursorToWire),
    };
  });
}
