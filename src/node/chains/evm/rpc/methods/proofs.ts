import type { EthMethods } from '../types.js';

export const proofMethods: EthMethods = {};
