import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InProcessNetwork } from './checks/in-process-network.js';
import { INITIALLY_ACTIVE_TIME_MS } from './checks/future-upgrade.js';
import { registerNodeChecks } from './node-checks.js';
import { HealthRegistry } from './registry.js';
import { RequestTracker } from './request-tracker.js';

describe('registerNodeChecks', () => {
  it('wires the node-wide checks as application checks; a devnet is healthy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-health-'));
    try {
      const started = Date.now();
      const key = new Uint8Array(48).fill(7);
      const registry = new HealthRegistry();
      registerNodeChecks(registry, {
        network: { status: new InProcessNetwork(4, started), config: { enabled: true, startedAtMs: started } },
        router: { requests: new RequestTracker() },
        database: { isClosed: () => false },
        disk: { dataDir: dir, config: { warningPercent: 0, requiredPercent: 0 } },
        bls: { localPublicKey: () => key, registeredPublicKey: () => key },
        futureUpgrade: {
          view: { validators: () => [{ nodeId: 'self', weight: 2000n }], peerUpgradeTimes: () => [] },
          config: { localUpgradeTimeMs: INITIALLY_ACTIVE_TIME_MS },
        },
      });
      await registry.runAll();
      const report = registry.report('health', ['some-subnet']);
      const body = JSON.parse(report.body) as { checks: Record<string, { message?: unknown; error?: string }> };
      expect(Object.keys(body.checks)).toEqual(['bls', 'database', 'diskspace', 'futureupgrade', 'network', 'router']);
      expect(report.healthy).toBe(true);
      expect(body.checks.bls!.message).toBe('node has the correct BLS key');
      expect(body.checks.database).not.toHaveProperty('message');
      expect(body.checks.network!.message).toMatchObject({ connectedPeers: 4, sendFailRate: 0 });
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
