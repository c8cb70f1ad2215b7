import { filtersOf } from '../../query/filter-registry.js';
import { parseLogCriteria } from '../../query/log-criteria.js';
import { ParamError, arity, fromRpc } from '../codec.js';
import type { EthMethods } from '../types.js';

/** rpc.ID params are plain strings. */
function filterId(v: unknown, index: number): string {
  if (typeof v !== 'string') throw new ParamError(`invalid argument ${index}: json: cannot unmarshal ${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'object' ? 'object' : typeof v} into Go value of type rpc.ID`);
  return v;
}

export const filterMethods: EthMethods = {
  eth_newFilter(p, { chain }) {
    arity(p, 1, 1);
    return filtersOf(chain).newLogFilter(parseLogCriteria(p[0], 0));
  },
  eth_newBlockFilter(p, { chain }) {
    arity(p, 0, 0);
    return filtersOf(chain).newBlockFilter();
  },
  eth_newPendingTransactionFilter(p, { chain }) {
    arity(p, 0, 1);
    const full = p[0] === undefined || p[0] === null ? false : fromRpc.bool(p[0], 0);
    return filtersOf(chain).newPendingTxFilter(full);
  },
  eth_getFilterChanges(p, { chain }) {
    arity(p, 1, 1);
    return filtersOf(chain).changes(filterId(p[0], 0));
  },
  eth_getFilterLogs(p, { chain }) {
    arity(p, 1, 1);
    return filtersOf(chain).logs(filterId(p[0], 0));
  },
  eth_uninstallFilter(p, { chain }) {
    arity(p, 1, 1);
    return filtersOf(chain).uninstall(filterId(p[0], 0));
  },
};
