import { PRIMARY_NETWORK_TX_TYPES } from '../wire/enums.js';

/** Parameter schemas the primary-network routes share (validated with coercion; names and limits of glacier.json). */

export const NETWORK_PARAM = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'Either mainnet or testnet/fuji, or the name of another network this server indexes (e.g. local).',
  examples: ['mainnet'],
} as const;

export const BLOCKCHAIN_ID_PARAM = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'A primary network blockchain id or alias: p-chain, x-chain, c-chain, or the cb58 id of the P-, X- or C-chain.',
  examples: ['p-chain'],
} as const;

export const X_CHAIN_ID_PARAM = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  description: 'The X-chain: x-chain or its cb58 blockchain id.',
  examples: ['x-chain'],
} as const;

export const PAGE_TOKEN = {
  type: 'string',
  maxLength: 4096,
  description: 'A page token, received from a previous list call. Provide this to retrieve the subsequent page.',
} as const;

export function pageSize(max = 100, fallback = 10) {
  return {
    type: 'integer',
    minimum: 1,
    maximum: max,
    default: fallback,
    description: `The maximum number of items to return. The minimum page size is 1. The maximum pageSize is ${max}.`,
    examples: [fallback],
  } as const;
}

export const SORT_ORDER = {
  type: 'string',
  enum: ['asc', 'desc'],
  description: 'The order by which to sort results. Use "asc" for ascending order, "desc" for descending order (the default).',
} as const;

export const TIMESTAMP = (what: string) => ({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: `Query param for retrieving items ${what} a specific timestamp.` }) as const;

export const TX_TYPES = {
  type: 'array',
  items: { type: 'string', enum: [...PRIMARY_NETWORK_TX_TYPES] },
  description: 'Query param for filtering items based on transaction types (repeated or comma-separated).',
} as const;

export const VALIDATION_STATUS = { type: 'string', enum: ['completed', 'active', 'pending', 'removed'], description: 'Validation status of the node.' } as const;

export const DELEGATION_STATUS = { type: 'string', enum: ['completed', 'active', 'pending'], description: 'Delegation status of the node.' } as const;

export const SUBNET_ID_QUERY = {
  type: 'string',
  description: 'The subnet ID to filter by. If not provided, then all subnets will be returned.',
  examples: ['11111111111111111111111111111111LpoYY'],
} as const;

export function networkParams<P extends Record<string, unknown>>(extra?: P) {
  return { type: 'object', properties: { network: NETWORK_PARAM, ...(extra ?? {}) }, required: ['network', ...Object.keys(extra ?? {})] } as const;
}
