import type { FastifyInstance } from 'fastify';
import { idToString } from '../../../lib/cb58.js';
import { listMetricsChains } from '../../../store/queries/metrics/chain-scope.js';
import { blockchainsOf, platformChainsOf } from '../../../store/queries/metrics/networks.js';
import { openMetricsPage, type MetricsContext } from '../metrics-context.js';
import { legacyTime, LEGACY_PAGING } from './legacy-evm-metrics.js';
import { checkRange } from './chain-metrics.js';
import { stakingPage, subnetIdParam } from './staking-metrics.js';

const LEGACY_NETWORK = { type: 'string', enum: ['mainnet', 'fuji'] } as const;
type LegacyNetwork = 'mainnet' | 'fuji';

/** The legacy /v1 staking, chain and subnet-mapping routes (metrics-api.md §9; response shapes inferred from the Legacy* schemas). */
export async function legacyNetworkRoutes(app: FastifyInstance, ctx: MetricsContext): Promise<void> {
  const metrics = { validators: { count: 'validatorCount', weight: 'validatorWeight' }, delegators: { count: 'delegatorCount', weight: 'delegatorWeight' } } as const;
  for (const role of ['validators', 'delegators'] as const) {
    for (const measure of ['count', 'weight'] as const) {
      const metric = metrics[role][measure];
      app.get<{ Params: { network: LegacyNetwork; subnetID: string }; Querystring: { from?: string; to?: string; pageToken?: string; startKey?: string; pageSize: number } }>(
        `/v1/${role}/network/:network/subnetId/:subnetID/${measure}`, {
          schema: {
            operationId: `legacy_${role}_${measure}`,
            summary: `Daily ${role} ${measure} of a subnet`,
            description: `Legacy route (see /v2/networks/{network}/metrics/${metric}).`,
            tags: ['Legacy'],
            params: { type: 'object', properties: { network: LEGACY_NETWORK, subnetID: { type: 'string' } }, required: ['network', 'subnetID'] },
            querystring: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, ...LEGACY_PAGING } },
            response: { 200: { $ref: 'StakingInformationResponse#' } },
          },
          config: { weight: 'small' },
        }, async (request) => {
          const q = request.query;
          const from = legacyTime(q.from, 'from');
          const to = legacyTime(q.to, 'to');
          checkRange(from, to);
          const subnetId = subnetIdParam(request.params.subnetID);
          const page = openMetricsPage(request, ctx);
          const result = await stakingPage(ctx, {
            network: request.params.network, metric, subnetId, pageSize: q.pageSize,
            ...(from !== undefined ? { startTimestamp: from } : {}),
            ...(to !== undefined ? { endTimestamp: to } : {}),
            ...(page.cursor !== undefined ? { cursor: page.cursor * 86_400 } : {}),
          });
          const subnetID = idToString(subnetId);
          const token = result.next !== undefined ? page.issue(result.next / 86_400) : undefined;
          return {
            results: result.points.map((p) => ({ ...p, subnetID })),
            status: 200,
            ...(token !== undefined ? { nextPageToken: token, nextPageStartKey: token } : {}),
          };
        });
    }
  }

  const chainsRoute = async (network: LegacyNetwork, subnetID: string | undefined) => {
    const blockchains = await blockchainsOf(ctx.db, await platformChainsOf(ctx.db, network), subnetID === undefined ? undefined : subnetIdParam(subnetID));
    return {
      results: blockchains.map((b) => ({
        subnetID: idToString(b.subnetId), timestamp: b.timestamp, blockchainID: idToString(b.blockchainId), vmID: idToString(b.vmId), chainName: b.name,
      })),
      status: 200,
    };
  };
  const chainsSchema = (withSubnet: boolean) => ({
    operationId: withSubnet ? 'legacy_chains_by_subnet' : 'legacy_chains',
    summary: withSubnet ? 'Blockchains of a subnet' : 'Blockchains of a network',
    description: 'Blockchains created on the network\'s indexed P-chain. Legacy route.',
    tags: ['Legacy'],
    params: {
      type: 'object',
      properties: { network: LEGACY_NETWORK, ...(withSubnet ? { subnetID: { type: 'string' } } : {}) },
      required: withSubnet ? ['network', 'subnetID'] : ['network'],
    },
    response: { 200: { $ref: 'ChainInformationResponse#' } },
  });
  app.get<{ Params: { network: LegacyNetwork } }>('/v1/chains/network/:network', { schema: chainsSchema(false), config: { weight: 'free' } },
    async (request) => chainsRoute(request.params.network, undefined));
  app.get<{ Params: { network: LegacyNetwork; subnetID: string } }>('/v1/chains/network/:network/subnetId/:subnetID', { schema: chainsSchema(true), config: { weight: 'free' } },
    async (request) => chainsRoute(request.params.network, request.params.subnetID));

  const mapping = async (subnetID: string | undefined) => {
    const subnet = subnetID === undefined ? undefined : idToString(subnetIdParam(subnetID));
    const chains = (await listMetricsChains(ctx.db)).filter((c) => subnet === undefined || idToString(c.subnetId) === subnet);
    const created = new Map<string, number>();
    for (const network of ['mainnet', 'testnet'] as const) {
      for (const b of await blockchainsOf(ctx.db, await platformChainsOf(ctx.db, network))) created.set(idToString(b.blockchainId), b.timestamp);
    }
    return {
      results: chains.map((c) => ({
        chainID: Number(c.evmChainId), subnetID: idToString(c.subnetId), timestamp: created.get(idToString(c.blockchainId)) ?? 0, network: c.isTestnet ? 'fuji' : 'mainnet',
      })),
      status: 200,
    };
  };
  const mappingSchema = (withSubnet: boolean) => ({
    operationId: withSubnet ? 'legacy_mapping_by_subnet' : 'legacy_mapping',
    summary: 'EVM chain id to subnet mappings',
    description: 'The indexed EVM chains with their subnets. Legacy route (see /v2/chains).',
    tags: ['Legacy'],
    ...(withSubnet ? { params: { type: 'object', properties: { subnetID: { type: 'string' } }, required: ['subnetID'] } } : {}),
    querystring: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, startKey: { type: 'string' } } },
    response: { 200: { $ref: 'SubnetMappingsResponse#' } },
  });
  app.get('/v1/mapping', { schema: mappingSchema(false), config: { weight: 'free' } }, async () => mapping(undefined));
  app.get<{ Params: { subnetID: string } }>('/v1/mapping/:subnetID', { schema: mappingSchema(true), config: { weight: 'free' } },
    async (request) => mapping(request.params.subnetID));
}
