import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../store/database/database.js';
import type { ChainDirectory } from './chains/chain-directory.js';
import type { DataApiPresentation } from './chains/chain-info.js';
import { chainRoutes } from './chains/routes.js';
import { evmRoutes } from './evm/routes.js';
import { primaryNetworkRoutes } from './primary/index.js';
import type { StakingClock } from './primary/routes/staking-clock.js';
import type { SignatureAggregation } from './signature-aggregation/index.js';

/** What every Data API route needs: the store, the networks and chains it holds, and the clock. */
export interface DataApiContext {
  db: Queryable;
  /** Resolves `network`, `chainId` and `blockchainId` path parameters; knows each chain's status. */
  chains: ChainDirectory;
  /** How the operator presents the chains (token names, public URLs, logos, features). */
  presentation: DataApiPresentation;
  /** Milliseconds since the epoch (tests control it). */
  now: () => number;
  /** When validator and delegator answers next change by the clock alone (tells the response cache). */
  stakingClock: StakingClock;
  /** The signature aggregator and the node it asks; absent when no node URL is configured. */
  signatureAggregation?: SignatureAggregation;
}

/**
 * Registers every Data API route (seed 000) on `app`. Each group is a function adding its routes to the
 * root instance (not an encapsulated child), so their shared JSON schemas reach the OpenAPI document.
 */
export async function dataApiRoutes(app: FastifyInstance, ctx: DataApiContext): Promise<void> {
  // Chains and EVM chains: /v1/chains…
  await chainRoutes(app, ctx);
  await evmRoutes(app, ctx);

  // Primary network: /v1/networks/{network}/… and /v1/signatureAggregator/… (one line per route group below).
  await primaryNetworkRoutes(app, ctx);
}
