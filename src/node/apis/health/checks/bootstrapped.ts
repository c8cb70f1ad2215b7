import { APPLICATION_TAG, CheckFailure, type HealthCheck } from '../check.js';
import type { HealthRegistry } from '../registry.js';

export interface BootstrapStatus {
  /** cb58 ids of subnets still bootstrapping; empty when done. */
  bootstrappingSubnets(): string[];
}

/** avalanchego's `bootstrapped` check: `[]` when done, else the subnet ids and `subnets not bootstrapped`. */
export function bootstrappedCheck(status: BootstrapStatus): HealthCheck {
  return () => {
    const pending = status.bootstrappingSubnets();
    if (pending.length > 0) throw new CheckFailure('subnets not bootstrapped', [...pending]);
    return [];
  };
}

/** Registers `bootstrapped` on readiness (monotonic) and health, both application checks, as the chain manager does. */
export function registerBootstrappedCheck(registry: HealthRegistry, status: BootstrapStatus): void {
  const check = bootstrappedCheck(status);
  registry.readiness.register('bootstrapped', check, [APPLICATION_TAG]);
  registry.health.register('bootstrapped', check, [APPLICATION_TAG]);
}
