import { createAvalancheRpcHandler, type RpcDispatchOptions } from '../../server/avalanche-rpc.js';
import type { Router } from '../../server/router.js';
import type { ContainerIndex, IndexKind } from './container-index.js';
import { createIndexService } from './index-service.js';

export interface MountedIndex {
  /** The chain's primary alias. */
  alias: 'C' | 'P' | 'X';
  kind: IndexKind;
  index: ContainerIndex;
}

/** Mounts each index at `/ext/index/<alias>/<kind>` (base `index/<alias>`, endpoint `/<kind>`), as AvalancheGo does. */
export function registerIndexRoutes(router: Router, indexes: MountedIndex[], opts: RpcDispatchOptions = {}): void {
  for (const { alias, kind, index } of indexes) {
    const handler = createAvalancheRpcHandler([createIndexService(index)], opts);
    router.addRoute(`index/${alias}`, `/${kind}`, { handler });
  }
}
