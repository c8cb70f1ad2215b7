import type { EthMethods } from '../types.js';

export const debugMethods: EthMethods = {};
