import type { HealthCheck } from '../check.js';
import { CheckFailure } from '../check.js';
import { formatGoDurationMs } from '../../../../lib/go/go-duration.js';
import { formatRfc3339Nano } from '../../../../lib/go/go-time.js';

export interface UpgradeView {
  /** Current primary-network validators and their weights. */
  validators(): { nodeId: string; weight: bigint }[];
  /**
   * Upgrade time (unix seconds) each *connected peer* announced, for the given validators. The node
   * itself is not a peer, so a single-node devnet returns nothing here.
   */
  peerUpgradeTimes(nodeIds: string[]): { nodeId: string; upgradeTime: number }[];
}

export interface FutureUpgradeConfig {
  /** This node's latest scheduled upgrade (Granite) activation time, epoch ms. */
  localUpgradeTimeMs: number;
  now?: () => number;
}

/** The local network's activation time for already-active upgrades (upgrade.InitiallyActiveTime). */
export const INITIALLY_ACTIVE_TIME_MS = Date.UTC(2020, 11, 5, 5, 0, 0);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** avalanchego's `futureupgrade` check: warns when most stake announces an upgrade this node does not know. */
export function futureUpgradeCheck(view: UpgradeView, config: FutureUpgradeConfig): HealthCheck {
  const now = config.now ?? Date.now;
  const localUnix = Math.floor(config.localUpgradeTimeMs / 1000);
  return () => {
    const validators = view.validators();
    const weights = new Map<string, bigint>();
    let total = 0n;
    for (const v of validators) {
      weights.set(v.nodeId, (weights.get(v.nodeId) ?? 0n) + v.weight);
      total += v.weight;
    }
    if (total === 0n) throw new Error('no validators in the current validator set');

    const byTime = new Map<number, bigint>();
    let modeTime = 0;
    let modeWeight = 0n;
    for (const peer of view.peerUpgradeTimes([...weights.keys()])) {
      const weight = (byTime.get(peer.upgradeTime) ?? 0n) + (weights.get(peer.nodeId) ?? 0n);
      byTime.set(peer.upgradeTime, weight);
      if (weight > modeWeight) { modeTime = peer.upgradeTime; modeWeight = weight; }
    }
    const portion = Number(modeWeight) / Number(total);
    const details: Record<string, unknown> = {
      localUpgradeTime: formatRfc3339Nano(BigInt(config.localUpgradeTimeMs) * 1_000_000n, 0),
      modeUpgradeTime: formatRfc3339Nano(BigInt(modeTime) * 1_000_000_000n, 0),
      modeUpgradeWeightPercentage: 100 * portion,
      numUpgradeTimes: byTime.size,
    };
    if (localUnix >= modeTime || portion < 0.5) return details;

    const untilMs = modeTime * 1000 - now();
    details.timeUntilUpgrade = formatGoDurationMs(untilMs);
    if (untilMs > DAY) {
      if (untilMs > 3 * DAY) return details; // logged only
      throw new CheckFailure('unknown network upgrade detected', details);
    }
    if (untilMs > HOUR) throw new CheckFailure('unknown network upgrade detected - update as soon as possible', details);
    throw new CheckFailure('imminent network upgrade detected - update immediately', details);
  };
}
