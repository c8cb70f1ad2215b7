import { bytesToHex } from '../../lib/hex.js';
import { utf8, type KvStore } from '../storage/kv.js';

/**
 * Where a chain's emitted warp messages are looked up before its validators sign them (the role of coreth's
 * and subnet-evm's warp backends). The C-chain and L1 chains register one each; the P-chain's own messages
 * are checked against P-chain state instead.
 */
export interface WarpMessageSource {
  /** True when `chainId` emitted the unsigned message with this ID (a SendWarpMessage in an accepted block). */
  hasMessage(chainId: Uint8Array, messageId: Uint8Array): boolean | Promise<boolean>;
  /** True when `blockId` is an accepted block of `chainId` (Hash payloads attest block hashes). */
  hasAcceptedBlock?(chainId: Uint8Array, blockId: Uint8Array): boolean | Promise<boolean>;
}

/** Sources by chain ID. */
export class WarpMessageSources {
  private readonly byChain = new Map<string, WarpMessageSource>();

  /** Registers the source of a chain; the returned function unregisters it. */
  register(chainId: Uint8Array, source: WarpMessageSource): () => void {
    const k = bytesToHex(chainId);
    this.byChain.set(k, source);
    return () => {
      if (this.byChain.get(k) === source) this.byChain.delete(k);
    };
  }

  get(chainId: Uint8Array): WarpMessageSource | undefined {
    return this.byChain.get(bytesToHex(chainId));
  }
}

/**
 * Messages the devnet helper emitted on behalf of an L1's validator manager (devnet.registerL1ValidatorMessage
 * and friends): the devnet's validators treat them as emitted by the manager chain, so they sign them through
 * the ACP-118 endpoint too. Kept in the node's database so they survive a restart.
 */
export class DevnetMessageLog {
  constructor(private readonly db: KvStore) {}

  private key(messageId: Uint8Array): Uint8Array {
    return utf8(`warp/devnet/${bytesToHex(messageId)}`);
  }

  async record(messageId: Uint8Array, unsignedBytes: Uint8Array): Promise<void> {
    await this.db.put(this.key(messageId), unsignedBytes);
  }

  async has(messageId: Uint8Array): Promise<boolean> {
    return (await this.db.get(this.key(messageId))) !== undefined;
  }
}
