import { BLOCK_SCHEMAS } from './blocks.js';
import { COMMON_SCHEMAS } from './common.js';
import { SUBNET_SCHEMAS } from './subnets.js';
import { TRANSACTION_SCHEMAS } from './transactions.js';
import { VALIDATOR_SCHEMAS } from './validators.js';

/** Every shared schema of the primary-network routes, registered once (they become OpenAPI components). */
export const PRIMARY_SCHEMAS: readonly Record<string, unknown>[] = [...COMMON_SCHEMAS, ...SUBNET_SCHEMAS, ...TRANSACTION_SCHEMAS, ...BLOCK_SCHEMAS, ...VALIDATOR_SCHEMAS];

/** The chain info every list of a primary-network chain carries. */
export { NETWORK_ENUM } from './common.js';
