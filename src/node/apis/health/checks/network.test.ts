import { describe, expect, it } from 'vitest';
import { goJson } from '../../../../lib/go/go-json.js';
import { InProcessNetwork, PING_FREQUENCY_MS } from './in-process-network.js';
import { networkCheck, type NetworkStatus } from './network.js';

const START = 1_700_000_000_000;

function status(over: Partial<{ peers: number; rate: number; recv: number | undefined; sent: number | undefined }>): NetworkStatus {
  const s = { peers: 4, rate: 0, recv: START as number | undefined, sent: START as number | undefined, ...over };
  return { connectedPeers: () => s.peers, sendFailRate: () => s.rate, lastReceivedMs: () => s.recv, lastSentMs: () => s.sent };
}

async function run(check: () => unknown): Promise<{ details: unknown; error?: string }> {
  try {
    return { details: await check() };
  } catch (e) {
    return { details: (e as { details?: unknown }).details, error: (e as Error).message };
  }
}

describe('networkCheck', () => {
  it('reports peers, fail rate and times since the last messages', async () => {
    const check = networkCheck(status({}), { enabled: true, startedAtMs: START, now: () => START + 1_500 });
    const r = await run(check);
    expect(r.error).toBeUndefined();
    expect(goJson(r.details)).toBe('{"connectedPeers":4,"sendFailRate":0,"timeSinceLastMsgReceived":"1.5s","timeSinceLastMsgSent":"1.5s"}');
  });

  it('lists every reason in avalanchego order when enabled', async () => {
    const check = networkCheck(status({ peers: 0, rate: 0.95, recv: undefined, sent: START }), { enabled: true, startedAtMs: START, now: () => START + 90_000 });
    const r = await run(check);
    expect(r.error).toBe('network layer is unhealthy reason: not connected to a minimum of 1 peer(s) only 0, no messages received from network, '
      + 'no messages from network sent in 1m30s > 1m0s, messages failure send rate 0.95 > 0.9');
    expect(goJson(r.details)).toBe('{"connectedPeers":0,"sendFailRate":0.95,"timeSinceLastMsgSent":"1m30s"}');
  });

  it('is never unhealthy when network health is disabled (no sybil protection)', async () => {
    const r = await run(networkCheck(status({ peers: 0, recv: undefined, sent: undefined }), { enabled: false, startedAtMs: START, now: () => START }));
    expect(r.error).toBeUndefined();
  });

  it('adds the primary validator ingress report after the grace period', async () => {
    const s = { ...status({}), primaryNetworkValidatorHealth: () => ({ ingressConnectionCount: 0, primaryNetworkValidator: true }) };
    const now = START + 600_001;
    const r = await run(networkCheck({ ...s, lastReceivedMs: () => now, lastSentMs: () => now }, { enabled: true, startedAtMs: START, now: () => now }));
    expect(r.error).toBe('network layer is unhealthy reason: primary network validator has no inbound connections');
    expect((r.details as Record<string, unknown>)['primary network validator health']).toEqual({ ingressConnectionCount: 0, primaryNetworkValidator: true });
  });
});

describe('InProcessNetwork', () => {
  it('keeps the devnet healthy with sybil-protection rules: handshake at start, pings every 22.5 s', async () => {
    let now = START + 5_000;
    const net = new InProcessNetwork(4, START, () => now);
    const check = networkCheck(net, { enabled: true, startedAtMs: START, now: () => now });
    let r = await run(check);
    expect(r.error).toBeUndefined();
    expect(goJson(r.details)).toBe('{"connectedPeers":4,"sendFailRate":0,"timeSinceLastMsgReceived":"5s","timeSinceLastMsgSent":"5s"}');
    now = START + 3_600_000 + 1_000;
    r = await run(check);
    expect(r.error).toBeUndefined();
    const details = r.details as Record<string, unknown>;
    expect(details['primary network validator health']).toEqual({ ingressConnectionCount: 4, primaryNetworkValidator: true });
    expect(details.timeSinceLastMsgReceived).toBe(`${(3_601_000 % PING_FREQUENCY_MS) / 1000}s`);
    net.recordSent(now);
    expect(net.lastSentMs()).toBe(now);
    net.recordSendFailure();
    expect(net.sendFailRate()).toBe(0.5);
  });

  it('has no messages without peers', () => {
    const net = new InProcessNetwork(0, START, () => START + 1);
    expect(net.lastReceivedMs()).toBeUndefined();
  });
});
