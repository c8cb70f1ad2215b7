import { CheckFailure, PRIMARY_NETWORK_ID, type HealthCheck } from '../check.js';
import { formatGoDurationMs } from '../../../../lib/go/go-duration.js';
import type { HealthRegistry } from '../registry.js';

/** What a chain's consensus engine exposes to its health check. Ids are cb58; the block is the proposervm (outer) one. */
export interface ChainStatus {
  lastAccepted(): { height: bigint; id: string };
  processing(): { count: number; longestMs: number };
}

/** Stake connectivity of the chain's validator set; a node counts itself as connected. */
export interface ChainNetworking {
  percentConnected(): number;
  /** NodeIDs (`NodeID-…`) of disconnected validators. */
  disconnectedValidators(): string[];
}

export interface ChainHealthConfig {
  networking?: ChainNetworking;
  /** snowball MaxOutstandingItems; default 256. */
  maxProcessingBlocks?: number;
  /** snowball MaxItemProcessingTime; default 30 s. */
  maxProcessingMs?: number;
  /** Subnet's MinPercentConnectedHealthy; default 0.8 (mainnet consensus parameters). */
  minPercentConnected?: number;
}

/** Every validator of the single-process devnet runs here, so all stake is connected. */
export const FULLY_CONNECTED: ChainNetworking = { percentConnected: () => 1, disconnectedValidators: () => [] };

/**
 * A chain's health check (snow/networking/handler/health.go + the snowman engine and topological
 * consensus): `{engine:{consensus:{…},vm:null},networking:{…}}`, with their errors combined as Go does.
 */
export function chainCheck(status: ChainStatus, config: ChainHealthConfig = {}): HealthCheck {
  const networking = config.networking ?? FULLY_CONNECTED;
  const maxProcessing = config.maxProcessingBlocks ?? 256;
  const maxMs = config.maxProcessingMs ?? 30_000;
  const minConnected = config.minPercentConnected ?? 0.8;
  return () => {
    const last = status.lastAccepted();
    const { count, longestMs } = status.processing();
    const consensus = {
      processingBlocks: count,
      longestProcessingBlock: formatGoDurationMs(longestMs),
      lastAcceptedID: last.id,
      lastAcceptedHeight: last.height,
    };
    const consensusErrors: string[] = [];
    if (count > maxProcessing) consensusErrors.push(`too many processing blocks: ${count} > ${maxProcessing}`);
    if (longestMs > maxMs) consensusErrors.push(`block processing too long: ${formatGoDurationMs(longestMs)} > ${formatGoDurationMs(maxMs)}`);
    // errors.Join separates with newlines.
    const engineError = consensusErrors.length > 0 ? consensusErrors.join('\n') : undefined;

    const percent = networking.percentConnected();
    const net = { percentConnected: percent, disconnectedValidators: [...networking.disconnectedValidators()].sort() };
    const networkingError = percent < minConnected
      ? `not connected to enough stake: connected to ${goPercent(percent)}%; required at least ${goPercent(minConnected)}%`
      : undefined;

    const details = { engine: { consensus, vm: null }, networking: net };
    if (engineError !== undefined && networkingError !== undefined) {
      throw new CheckFailure(`engine: ${engineError}; networking: ${networkingError}`, details);
    }
    const error = engineError ?? networkingError;
    if (error !== undefined) throw new CheckFailure(error, details);
    return details;
  };
}

/** Registers a chain check under its primary alias, tagged with its subnet id. */
export function registerChainCheck(registry: HealthRegistry, alias: string, status: ChainStatus, config: ChainHealthConfig & { subnetId?: string } = {}): void {
  registry.health.register(alias, chainCheck(status, config), [config.subnetId ?? PRIMARY_NETWORK_ID]);
}

/** Go's %f of a fraction × 100: six decimals. */
function goPercent(fraction: number): string {
  return (fraction * 100).toFixed(6);
}
