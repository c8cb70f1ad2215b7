import type { EthMethods } from '../types.js';

export const filterMethods: EthMethods = {};
