import { signerIndices } from '../../codec/warp/message.js';
import { bytesToHex } from '../../lib/hex.js';
import type { EvmChain } from '../chains/evm/evm-chain.js';
import { decodePredicateResults } from '../chains/evm/warp/predicate-results.js';
import { WARP_ADDRESS } from '../chains/subnet-evm/precompiles/addresses.js';
import type { EthMethods } from '../chains/evm/rpc/types.js';
import { EvmWarpBackend } from '../chains/evm/warp/warp-backend.js';
import { warpRpcMethods } from '../chains/evm/warp/warp-rpc.js';
import type { WarpChainContext } from '../chains/evm/warp/warp-predicates.js';
import type { PlatformVm } from '../chains/platform/platform-vm.js';
import type { KvStore } from '../storage/kv.js';
import { createEvmWarpApi } from './evm-warp-api.js';
import { evmPredicateVerifier } from './evm-verifier.js';
import type { WarpMessageSources } from './message-source.js';
import type { WarpSignatureService } from './signature-service.js';

const WARP_HEX = bytesToHex(WARP_ADDRESS);

/** What an EVM chain of this process needs to run warp: the P-chain, the node's signers, the source registry. */
export interface EvmWarpWiring {
  db: KvStore;
  platform: PlatformVm;
  signatures: WarpSignatureService;
  sources: WarpMessageSources;
}

/** Warp on one EVM chain: the context its VMs get (before the chain exists), then the chain-side services. */
export interface EvmWarp {
  context: WarpChainContext;
  /**
   * Attaches warp to the running chain: its accepted SendWarpMessage logs are stored and registered as the
   * chain's message source (the ACP-118 route signs them), and its `warp_*` RPC methods are returned.
   */
  attach(evm: EvmChain, onError: (e: Error) => void): { methods: EthMethods; close(): void };
}

/**
 * The warp precompile's snow context on `chainId`, verifying predicates against P-chain state and reading
 * mined txs' results from their headers' Extra after `feePrefixLength` bytes (24 on the C-chain, 80 on
 * subnet-EVM chains).
 */
export function createEvmWarp(w: EvmWarpWiring, chainId: Uint8Array, feePrefixLength: number): EvmWarp {
  let chain: EvmChain | undefined;
  const context: WarpChainContext = {
    networkId: w.platform.genesis.networkId,
    blockchainId: chainId,
    verify: evmPredicateVerifier(w.platform, chainId),
    async minedFailures(txHash) {
      const found = await chain?.getTransaction(txHash);
      if (!found?.block) return undefined;
      const bits = decodePredicateResults(found.block.block.header.extra.subarray(feePrefixLength)).get(bytesToHex(txHash))?.get(WARP_HEX);
      return bits ? new Set(signerIndices(bits)) : undefined;
    },
  };
  return {
    context,
    attach(evm, onError) {
      chain = evm;
      return attachEvmWarp(w, chainId, evm, onError);
    },
  };
}

function attachEvmWarp(w: EvmWarpWiring, chainId: Uint8Array, evm: EvmChain, onError: (e: Error) => void): { methods: EthMethods; close(): void } {
  const backend = new EvmWarpBackend({ db: w.db, chainId, chain: evm, onError });
  const unregister = w.sources.register(chainId, backend);
  const api = createEvmWarpApi({ platform: w.platform, signatures: w.signatures, backend, chainId });
  return {
    methods: warpRpcMethods(api),
    close() {
      unregister();
      backend.close();
    },
  };
}
