import { describe, expect, it } from 'vitest';
import { HealthRegistry } from '../registry.js';
import { blsCheck } from './bls.js';
import { bootstrappedCheck, registerBootstrappedCheck } from './bootstrapped.js';
import { databaseCheck } from './database.js';
import { futureUpgradeCheck, INITIALLY_ACTIVE_TIME_MS } from './future-upgrade.js';

describe('bootstrapped', () => {
  it('returns [] when done and the subnet list with an error otherwise', async () => {
    let pending = ['11111111111111111111111111111111LpoYY'];
    const check = bootstrappedCheck({ bootstrappingSubnets: () => pending });
    expect(check).toThrow('subnets not bootstrapped');
    pending = [];
    expect(check()).toEqual([]);
  });

  it('is registered on readiness and health', async () => {
    const registry = new HealthRegistry();
    registerBootstrappedCheck(registry, { bootstrappingSubnets: () => [] });
    await registry.runAll();
    expect(registry.report('readiness').body).toMatch(/^\{"checks":\{"bootstrapped":\{"message":\[\],"timestamp":"[^"]+","duration":\d+\}\},"healthy":true\}$/);
    expect(registry.report('health').healthy).toBe(true);
  });
});

describe('database', () => {
  it('fails with "closed" once closed and passes the probe error through', async () => {
    let closed = false;
    let probeError: string | undefined = undefined;
    const check = databaseCheck({ isClosed: () => closed, probe: () => { if (probeError) throw new Error(probeError); } });
    await expect(check()).resolves.toBeUndefined();
    probeError = 'corrupted';
    await expect(check()).rejects.toThrow('corrupted');
    closed = true;
    await expect(check()).rejects.toThrow('closed');
  });
});

describe('bls', () => {
  const key = (b: number) => new Uint8Array(48).fill(b);
  it('reports the three passing messages and the mismatch error', () => {
    expect(blsCheck({ localPublicKey: () => key(1), registeredPublicKey: () => undefined })()).toBe('node is not a validator');
    expect(blsCheck({ localPublicKey: () => key(1), registeredPublicKey: () => null })()).toBe("validator doesn't have a BLS key");
    expect(blsCheck({ localPublicKey: () => key(1), registeredPublicKey: () => key(1) })()).toBe('node has the correct BLS key');
    expect(blsCheck({ localPublicKey: () => key(1), registeredPublicKey: () => key(2) }))
      .toThrow(`node has BLS key 0x${'01'.repeat(48)}, but is registered to the validator set with 0x${'02'.repeat(48)}`);
  });
});

describe('futureupgrade', () => {
  const now = Date.UTC(2026, 0, 1);
  const validators = () => [{ nodeId: 'A', weight: 60n }, { nodeId: 'B', weight: 40n }];

  it('on a single-node devnet (no peers) reports the zero mode time, 0% and is healthy', () => {
    const check = futureUpgradeCheck({ validators: () => [{ nodeId: 'self', weight: 1n }], peerUpgradeTimes: () => [] }, { localUpgradeTimeMs: INITIALLY_ACTIVE_TIME_MS, now: () => now });
    expect(check()).toEqual({ localUpgradeTime: '2020-12-05T05:00:00Z', modeUpgradeTime: '1970-01-01T00:00:00Z', modeUpgradeWeightPercentage: 0, numUpgradeTimes: 0 });
  });

  it('fails with no validators', () => {
    expect(futureUpgradeCheck({ validators: () => [], peerUpgradeTimes: () => [] }, { localUpgradeTimeMs: 0 })).toThrow('no validators in the current validator set');
  });

  it('escalates as an unknown upgrade backed by most stake approaches', () => {
    const at = (ms: number) => futureUpgradeCheck(
      { validators, peerUpgradeTimes: () => [{ nodeId: 'A', upgradeTime: Math.floor((now + ms) / 1000) }, { nodeId: 'B', upgradeTime: 0 }] },
      { localUpgradeTimeMs: INITIALLY_ACTIVE_TIME_MS, now: () => now });
    const far = at(10 * 86_400_000)() as Record<string, unknown>;
    expect(far).toMatchObject({ modeUpgradeWeightPercentage: 60, numUpgradeTimes: 2, timeUntilUpgrade: '240h0m0s' });
    expect(at(2 * 86_400_000)).toThrow(/^unknown network upgrade detected$/);
    expect(at(2 * 3_600_000)).toThrow('unknown network upgrade detected - update as soon as possible');
    expect(at(60_000)).toThrow('imminent network upgrade detected - update immediately');
  });
});
