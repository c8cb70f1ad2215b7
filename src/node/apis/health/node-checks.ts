import { APPLICATION_TAG } from './check.js';
import { blsCheck, type BlsKeys } from './checks/bls.js';
import { databaseCheck, type DatabaseProbe } from './checks/database.js';
import { diskSpaceCheck, type DiskSpaceConfig } from './checks/diskspace.js';
import { futureUpgradeCheck, type FutureUpgradeConfig, type UpgradeView } from './checks/future-upgrade.js';
import { networkCheck, type NetworkHealthConfig, type NetworkStatus } from './checks/network.js';
import { routerCheck, type OutstandingRequests, type RouterHealthConfig } from './checks/router.js';
import type { HealthRegistry } from './registry.js';

export interface NodeCheckSources {
  network: { status: NetworkStatus; config: NetworkHealthConfig };
  router: { requests: OutstandingRequests; config?: RouterHealthConfig };
  database: DatabaseProbe;
  disk: { dataDir: string; config?: DiskSpaceConfig };
  bls: BlsKeys;
  futureUpgrade: { view: UpgradeView; config: FutureUpgradeConfig };
}

/**
 * The node-wide health checks avalanchego's initHealthAPI registers, in its order, all tagged
 * `application`. Chain checks and `bootstrapped` are registered later, when chains are created.
 */
export function registerNodeChecks(registry: HealthRegistry, s: NodeCheckSources): void {
  const tags = [APPLICATION_TAG];
  registry.health.register('network', networkCheck(s.network.status, s.network.config), tags);
  registry.health.register('router', routerCheck(s.router.requests, s.router.config), tags);
  registry.health.register('database', databaseCheck(s.database), tags);
  registry.health.register('diskspace', diskSpaceCheck(s.disk.dataDir, s.disk.config), tags);
  registry.health.register('bls', blsCheck(s.bls), tags);
  registry.health.register('futureupgrade', futureUpgradeCheck(s.futureUpgrade.view, s.futureUpgrade.config), tags);
}
