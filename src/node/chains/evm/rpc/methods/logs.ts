import { getLogs } from '../../query/get-logs.js';
import { parseLogCriteria } from '../../query/log-criteria.js';
import { arity } from '../codec.js';
import type { EthMethods } from '../types.js';

export const logMethods: EthMethods = {
  async eth_getLogs(p, { chain }) {
    arity(p, 1, 1);
    return getLogs(chain, parseLogCriteria(p[0], 0));
  },
};
