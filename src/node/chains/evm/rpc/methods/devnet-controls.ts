import type { EthMethods } from '../types.js';

export const devnetControlMethods: EthMethods = {};
