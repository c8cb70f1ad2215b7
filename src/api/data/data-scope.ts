import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../store/database/database.js';
import { DATA_SCOPE, readDataVersions } from '../../store/data-versions.js';
import { LatestRead, type DataVersionSource } from '../http/response-cache/data-version.js';
import type { ChainDirectory } from './chains/chain-directory.js';

/** Every scope: the answer may read anything (the chain list, which reads every chain's status and VM). */
const EVERY_SCOPE = undefined;

/**
 * The data scopes a Data API request's answer reads: an EVM chain's routes read that chain's tables and the registry;
 * primary-network routes the primary network's tables and the registry; anything else (the chain list and a chain's
 * details) every scope. A `chainId` the store does not know answers 400 or 404 whatever the scopes.
 */
export async function dataScopesOf(request: FastifyRequest, chains: ChainDirectory): Promise<readonly string[] | typeof EVERY_SCOPE> {
  const route = request.routeOptions.url ?? '';
  if (route.startsWith('/v1/networks/')) return [DATA_SCOPE.registry, DATA_SCOPE.allPrimary];
  if (route.startsWith('/v1/chains/:chainId/')) {
    const { chainId } = request.params as { chainId?: string };
    if (chainId === undefined) return EVERY_SCOPE;
    const chain = await chains.evmChain(chainId).catch(() => undefined);
    return chain ? [DATA_SCOPE.registry, DATA_SCOPE.anyEvm, DATA_SCOPE.evm(chain.id)] : EVERY_SCOPE;
  }
  return EVERY_SCOPE;
}

/**
 * The version of `scopes` (every scope when undefined) in the store's versions: changes when any of them does. A
 * scope ending in `*` stands for every scope it begins (`primary*`: `primary` and each `primary:<chain>`).
 */
export function versionOf(versions: ReadonlyMap<string, string>, scopes: readonly string[] | undefined): string {
  const matching = (prefix: string) => [...versions].filter(([scope]) => scope.startsWith(prefix)).map(([scope, v]) => `${scope}=${v}`).sort().join(',');
  if (scopes === undefined) return matching('');
  return scopes.map((scope) => (scope.endsWith('*') ? `[${matching(scope.slice(0, -1))}]` : `${scope}=${versions.get(scope) ?? '0'}`)).join(',');
}

/**
 * The response cache's version source for the Data API: the versions of the scopes a request reads, so a new block
 * of one chain leaves the kept answers of the others (the primary network's, other EVM chains') in place. It runs for
 * every request, hits included, so a route's scopes are worked out once per registry version and a scope list's
 * version string once per read of the versions.
 */
export function dataApiVersionSource(db: Queryable, chains: ChainDirectory): DataVersionSource {
  const versions = new LatestRead(() => readDataVersions(db));
  let scopesRegistry: string | undefined;
  const scopesByRoute = new Map<string, Promise<readonly string[] | undefined>>();
  const strings = new WeakMap<ReadonlyMap<string, string>, Map<readonly string[] | undefined, string>>();
  const scopesOf = (request: FastifyRequest, registry: string | undefined) => {
    if (registry !== scopesRegistry) {
      scopesByRoute.clear();
      scopesRegistry = registry;
    }
    const key = `${request.routeOptions.url ?? ''}\n${(request.params as { chainId?: string }).chainId ?? ''}`;
    let scopes = scopesByRoute.get(key);
    if (!scopes) {
      const found = dataScopesOf(request, chains);
      if (scopesByRoute.size >= 10_000) scopesByRoute.clear(); // chainId is the client's: bound what it can fill
      scopesByRoute.set(key, found);
      // A chainId not found (yet: the directory re-reads the registry at most once a second) is looked up again next
      // time, so a chain registered meanwhile gets its own scopes without waiting for the next registry write.
      void found.then((s) => {
        if (s === EVERY_SCOPE && request.routeOptions.url?.startsWith('/v1/chains/:chainId/') && scopesByRoute.get(key) === found) scopesByRoute.delete(key);
      });
      scopes = found;
    }
    return scopes;
  };
  return async (request) => {
    const current = await versions.current();
    const scopes = await scopesOf(request, current.get(DATA_SCOPE.registry));
    let byScopes = strings.get(current);
    if (!byScopes) strings.set(current, (byScopes = new Map()));
    let version = byScopes.get(scopes);
    if (version === undefined) byScopes.set(scopes, (version = versionOf(current, scopes)));
    return version;
  };
}
