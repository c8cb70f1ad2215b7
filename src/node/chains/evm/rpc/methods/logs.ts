import type { EthMethods } from '../types.js';

export const logMethods: EthMethods = {};
