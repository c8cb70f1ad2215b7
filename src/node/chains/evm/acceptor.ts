import type { InnerBlock } from '../../consensus/types.js';
import type { KvOp } from '../../storage/kv.js';

/**
 * What the EVM chain hands each built block to. The consensus engine wraps it (proposervm) and writes
 * `vmOps` together with its own records in one atomic batch; when `accept` resolves the block is durable.
 * `vmOps` holds everything the VM needs after a restart (block, receipts, tx lookups, head, state nodes).
 */
export interface BlockAcceptor {
  accept(inner: InnerBlock, vmOps: KvOp[]): Promise<void>;
  /**
   * Devnet rewind (evm_revert, anvil_reset): writes `vmOps` while the consensus engine forgets every block
   * above `height` (whose VM id is `innerId`), in one atomic batch.
   */
  rewind?(height: bigint, innerId: Uint8Array, vmOps: KvOp[]): Promise<void>;
}

export interface EvmLog {
  debug(m: string, f?: object): void;
  info(m: string, f?: object): void;
  warn(m: string, f?: object): void;
  error(m: string, f?: object): void;
}
