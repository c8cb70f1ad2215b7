import type { KvOp } from '../storage/kv.js';

/** A block the chain's VM has built and executed, ready to be accepted (inner = the VM's own block bytes). */
export interface InnerBlock {
  /** The VM's block id (P/X: sha256 of bytes; C: the Ethereum block hash). */
  id: Uint8Array;
  bytes: Uint8Array;
  height: bigint;
  /** Block timestamp, Unix seconds. */
  timestamp: bigint;
}

/** What the engine accepted: the proposervm (outer) block that wraps an inner block. */
export interface AcceptedContainer {
  chainAlias: string;
  chainId: Uint8Array;
  /** Outer (proposervm) id and bytes — what the index API serves and health reports. */
  id: Uint8Array;
  bytes: Uint8Array;
  /** Outer height = inner height on a chain that ran proposervm from genesis. */
  height: bigint;
  inner: InnerBlock;
  /** Node clock at accept, Unix nanoseconds. */
  acceptedAtNanos: bigint;
}

/**
 * Something that writes alongside every accepted block in the same atomic batch (e.g. the container
 * index). `prepare` returns the writes; `commit` runs after the batch is durable, to update memory.
 */
export interface AcceptSink {
  prepare(container: AcceptedContainer): { ops: KvOp[]; commit(): void; abort?(): void };
  /**
   * A devnet rewind (evm_revert, anvil_reset) drops every block above `height`: the writes that forget
   * what this sink recorded for them, for the engine's batch; `commit` runs once the batch is durable.
   */
  prepareRewind?(height: bigint): Promise<{ ops: KvOp[]; commit(): void }>;
}

/** Told after a rewind is durable: blocks above `height` are gone (later blocks will reuse their heights). */
export type RewindListener = (chainAlias: string, height: bigint) => void;

export type AcceptListener = (container: AcceptedContainer) => void;
