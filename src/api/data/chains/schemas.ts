import { API_FEATURES } from './chain-info.js';

/** JSON schemas of the chain resources, named as in the reference OpenAPI document (glacier.json). */

export const CHAIN_ID_PARAM = {
  type: 'string',
  description: 'A supported EVM chain id or blockchain id. Use the `/chains` endpoint to get a list of supported chain ids.',
  examples: ['43114'],
} as const;

export const NETWORK_QUERY = {
  type: 'string',
  description: 'Either mainnet or testnet/fuji (testnet is fuji); an indexed network by its own name (e.g. local) or a configured alias.',
  examples: ['mainnet'],
} as const;

const FEATURES = { type: 'array', items: { type: 'string', enum: API_FEATURES } } as const;

export const networkTokenSchema = {
  $id: 'NetworkToken',
  type: 'object',
  properties: {
    name: { type: 'string', description: 'The token name.', examples: ['Avalanche'] },
    symbol: { type: 'string', description: 'The token symbol.', examples: ['AVAX'] },
    decimals: { type: 'number', description: 'The number of decimals the token uses.', examples: [18] },
    logoUri: { type: 'string', description: 'The logo uri for the token.' },
    description: { type: 'string' },
  },
  required: ['name', 'symbol', 'decimals'],
} as const;

const chainInfoProperties = {
  chainId: { type: 'string', description: 'The EVM chain id.' },
  status: { type: 'string', enum: ['OK', 'UNAVAILABLE'], description: 'OK when the chain\'s data is indexed; UNAVAILABLE before (requests for its data answer 503).' },
  chainName: { type: 'string' },
  description: { type: 'string' },
  platformChainId: { type: 'string', description: 'The blockchain id (cb58).' },
  subnetId: { type: 'string' },
  vmId: { type: 'string' },
  vmName: { type: 'string', enum: ['EVM', 'BITCOIN', 'ETHEREUM'] },
  explorerUrl: { type: 'string' },
  rpcUrl: { type: 'string' },
  wsUrl: { type: 'string' },
  isTestnet: { type: 'boolean' },
  utilityAddresses: { $ref: 'UtilityAddresses#' },
  networkToken: { $ref: 'NetworkToken#' },
  chainLogoUri: { type: 'string' },
  private: { type: 'boolean' },
  enabledFeatures: FEATURES,
} as const;

const CHAIN_INFO_REQUIRED = ['chainId', 'status', 'chainName', 'description', 'vmName', 'rpcUrl', 'isTestnet', 'networkToken'] as const;

export const CHAIN_SCHEMAS = [
  networkTokenSchema,
  { $id: 'UtilityAddresses', type: 'object', properties: { multicall: { type: 'string' } } },
  { $id: 'ChainInfo', type: 'object', properties: chainInfoProperties, required: CHAIN_INFO_REQUIRED },
  { $id: 'GetChainResponse', type: 'object', properties: chainInfoProperties, required: CHAIN_INFO_REQUIRED },
  { $id: 'ListChainsResponse', type: 'object', properties: { chains: { type: 'array', items: { $ref: 'ChainInfo#' } } }, required: ['chains'] },
];
