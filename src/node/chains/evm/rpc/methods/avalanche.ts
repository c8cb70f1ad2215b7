import type { EthMethods } from '../types.js';

export const avalancheMethods: EthMethods = {};
