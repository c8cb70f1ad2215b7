import type { PlatformVm } from '../chains/platform/platform-vm.js';
import type { RpcService } from '../server/avalanche-rpc.js';
import type { Router } from '../server/router.js';
import type { KvStore } from '../storage/kv.js';
import { registerAcp118Route } from './acp118-route.js';
import { createDevnetWarpService } from './devnet-service.js';
import { DevnetMessageLog, WarpMessageSources } from './message-source.js';
import { WarpSignatureService } from './signature-service.js';
import { warpSignersFrom } from './signers.js';

export { WarpMessageSources, DevnetMessageLog } from './message-source.js';
export type { WarpMessageSource } from './message-source.js';
export { WarpSignatureService } from './signature-service.js';

/**
 * Warp on the devnet: the genesis validators' BLS signers behind an ACP-118 endpoint, the registry where
 * EVM chains plug in their emitted messages, and the `devnet` service that plays an L1's validator manager.
 */
export interface WarpNode {
  sources: WarpMessageSources;
  signatures: WarpSignatureService;
  /** The `devnet` JSON-RPC service, served beside `platform` at the P-chain's endpoint. */
  devnetService: RpcService;
  /** Mounts `POST /ext/<base>/acp118` (base = the P-chain's `bc/<id>`; its aliases follow). */
  mount(router: Router, base: string): void;
}

export function createWarpNode(opts: { platform: PlatformVm; db: KvStore }): WarpNode {
  const { platform, db } = opts;
  const g = platform.genesis;
  const sources = new WarpMessageSources();
  const log = new DevnetMessageLog(db);
  const signatures = new WarpSignatureService({
    networkId: g.networkId,
    pChainId: g.pChainId.id,
    platformState: () => platform.state,
    signers: warpSignersFrom(g.validators),
    sources,
    devnetLog: log,
  });
  return {
    sources,
    signatures,
    devnetService: createDevnetWarpService({ platform, signatures, log }),
    mount: (router, base) => registerAcp118Route(router, base, signatures),
  };
}
