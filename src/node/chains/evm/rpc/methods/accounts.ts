import type { EthMethods } from '../types.js';

export const accountMethods: EthMethods = {};
