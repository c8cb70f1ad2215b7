import { CheckFailure, type HealthCheck } from '../check.js';
import { formatGoDurationMs } from '../../../../lib/go/go-duration.js';

export interface OutstandingRequests {
  outstanding(): number;
  longestRunningMs(): number;
}

export interface RouterHealthConfig {
  /** Default 1024. */
  maxOutstandingRequests?: number;
  /** Default 5 minutes. */
  maxOutstandingDurationMs?: number;
}

/** avalanchego ChainRouter.HealthCheck (snow/networking/router/chain_router.go). */
export function routerCheck(requests: OutstandingRequests, config: RouterHealthConfig = {}): HealthCheck {
  const maxRequests = config.maxOutstandingRequests ?? 1024;
  const maxDuration = config.maxOutstandingDurationMs ?? 5 * 60_000;
  return () => {
    const outstanding = requests.outstanding();
    const longest = requests.longestRunningMs();
    const details = { outstandingRequests: outstanding, longestRunningRequest: formatGoDurationMs(longest) };
    const reasons: string[] = [];
    if (outstanding > maxRequests) reasons.push(`number of outstanding requests ${outstanding} > ${maxRequests}`);
    if (longest > maxDuration) reasons.push(`time for outstanding requests ${formatGoDurationMs(longest)} > ${formatGoDurationMs(maxDuration)}`);
    if (reasons.length > 0) throw new CheckFailure(`the router is not healthy reason: ${reasons.join(', ')}`, details);
    return details;
  };
}
