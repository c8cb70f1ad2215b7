import type { EthMethods } from '../types.js';

export const txpoolMethods: EthMethods = {};
