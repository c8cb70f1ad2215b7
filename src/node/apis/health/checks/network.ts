import { CheckFailure, type HealthCheck } from '../check.js';
import { formatGoDurationMs } from '../../../../lib/go/go-duration.js';

/** What the network check reads from the node's peer layer. */
export interface NetworkStatus {
  connectedPeers(): number;
  /** Fraction of sends that failed, 0..1. */
  sendFailRate(): number;
  /** Wall time (ms) a message was last received; undefined before the first one. */
  lastReceivedMs(): number | undefined;
  lastSentMs(): number | undefined;
  /** Only consulted after the no-ingress grace period. */
  primaryNetworkValidatorHealth?(): { ingressConnectionCount: number; primaryNetworkValidator: boolean };
}

export interface NetworkHealthConfig {
  /** avalanchego enables network health only with sybil protection on; disabled → never unhealthy. */
  enabled: boolean;
  minConnectedPeers?: number;
  maxTimeSinceMsgReceivedMs?: number;
  maxTimeSinceMsgSentMs?: number;
  maxSendFailRate?: number;
  /** `--network-no-ingress-connections-grace-period`, default 10 min. */
  noIngressGracePeriodMs?: number;
  /** When the network started (ms). */
  startedAtMs: number;
  now?: () => number;
}

/** avalanchego network.HealthCheck (network/network.go) with its defaults and exact reasons. */
export function networkCheck(status: NetworkStatus, config: NetworkHealthConfig): HealthCheck {
  const minPeers = config.minConnectedPeers ?? 1;
  const maxRecv = config.maxTimeSinceMsgReceivedMs ?? 60_000;
  const maxSent = config.maxTimeSinceMsgSentMs ?? 60_000;
  const maxFail = config.maxSendFailRate ?? 0.9;
  const grace = config.noIngressGracePeriodMs ?? 600_000;
  const now = config.now ?? Date.now;

  return () => {
    const t = now();
    const connected = status.connectedPeers();
    const details: Record<string, unknown> = { connectedPeers: connected };
    const isConnected = connected >= minPeers;

    const lastReceived = status.lastReceivedMs();
    const sinceReceived = lastReceived === undefined ? 0 : t - lastReceived;
    const receivedRecently = lastReceived !== undefined && sinceReceived <= maxRecv;
    if (lastReceived !== undefined) details.timeSinceLastMsgReceived = formatGoDurationMs(sinceReceived);

    const lastSent = status.lastSentMs();
    const sinceSent = lastSent === undefined ? 0 : t - lastSent;
    const sentRecently = lastSent !== undefined && sinceSent <= maxSent;
    if (lastSent !== undefined) details.timeSinceLastMsgSent = formatGoDurationMs(sinceSent);

    const failRate = status.sendFailRate();
    const failRateOk = failRate <= maxFail;
    details.sendFailRate = failRate;

    let reachable = true;
    if (t - config.startedAtMs > grace && status.primaryNetworkValidatorHealth) {
      const info = status.primaryNetworkValidatorHealth();
      details['primary network validator health'] = info;
      reachable = !(info.primaryNetworkValidator && info.ingressConnectionCount === 0);
    }

    const healthy = isConnected && receivedRecently && sentRecently && failRateOk && reachable;
    if (healthy || !config.enabled) return details;

    const reasons: string[] = [];
    if (!isConnected) reasons.push(`not connected to a minimum of ${minPeers} peer(s) only ${connected}`);
    if (lastReceived === undefined) reasons.push('no messages received from network');
    else if (!receivedRecently) reasons.push(`no messages from network received in ${formatGoDurationMs(sinceReceived)} > ${formatGoDurationMs(maxRecv)}`);
    if (lastSent === undefined) reasons.push('no messages sent to network');
    else if (!sentRecently) reasons.push(`no messages from network sent in ${formatGoDurationMs(sinceSent)} > ${formatGoDurationMs(maxSent)}`);
    if (!failRateOk) reasons.push(`messages failure send rate ${failRate} > ${maxFail}`);
    if (!reachable) reasons.push('primary network validator has no inbound connections');
    throw new CheckFailure(`network layer is unhealthy reason: ${reasons.join(', ')}`, details);
  };
}
