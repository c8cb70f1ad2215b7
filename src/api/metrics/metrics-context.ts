import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../store/database/database.js';
import type { MetricsChain } from '../../store/queries/metrics/chain-scope.js';
import type { ChainListCache } from './chain-list-cache.js';
import { NotFoundError } from '../http/errors/http-errors.js';
import { queryFingerprint } from '../http/pagination/page-token.js';
import type { SealedSeriesCache } from '../../store/queries/metrics/sealed-series-cache.js';
import type { StakingCache } from './staking-cache.js';
import type { UuidPageTokens } from './uuid-page-tokens.js';

/** What the Metrics API's routes share. */
export interface MetricsContext {
  db: Queryable;
  tokens: UuidPageTokens;
  /** Milliseconds since the epoch (tests control it). */
  now: () => number;
  staking: StakingCache;
  /** The registry's EVM chains, re-read at most every second (new chain ids at once). */
  chains: ChainListCache;
  /** Values of sealed metric periods, kept between requests; absent when turned off. */
  series?: SealedSeriesCache;
}

/** Seconds since the epoch by the context's clock. */
export function nowSeconds(ctx: MetricsContext): number {
  return Math.floor(ctx.now() / 1000);
}

/** The page a request asks for: `pageToken` (or the SDK's legacy `startKey`), bound to the rest of its query. */
export function openMetricsPage(request: FastifyRequest, ctx: MetricsContext): { cursor?: number; issue: (cursor: number) => string } {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const parameters = { ...(request.params as Record<string, unknown>), ...query };
  const fingerprint = queryFingerprint(`GET ${request.routeOptions.url ?? ''}`, parameters, ['pageToken', 'startKey', 'pageSize', 'rltoken']);
  const token = [query.pageToken, query.startKey].find((t): t is string => typeof t === 'string' && t !== '');
  return {
    ...(token !== undefined ? { cursor: ctx.tokens.read(token, fingerprint) } : {}),
    issue: (cursor) => ctx.tokens.issue(cursor, fingerprint),
  };
}

/** The chains a `chainId` path parameter names, or a 404. */
export async function chainScopeOrNotFound(ctx: MetricsContext, chainId: string): Promise<MetricsChain[]> {
  const chains = await ctx.chains.scope(chainId);
  if (!chains) throw new NotFoundError(`Chain ${chainId} is not indexed by this Metrics API: use an EVM chain id from /v2/chains, or total, mainnet or testnet`);
  return chains;
}

/** Series cursors are period starts, which are whole hours: tokens carry the hour. */
export const cursorOfPeriod = (periodStart: number): number => periodStart / 3600;
export const periodOfCursor = (cursor: number): number => cursor * 3600;
