import { LinearWriter } from '../../codec/linear/writer.js';
import { sha256 } from '../../lib/hash.js';

export interface GenesisBlock {
  id: Uint8Array;
  bytes: Uint8Array;
}

/**
 * P-chain genesis block (platformvm state.init): an ApricotCommitBlock (type 2) at height 0 whose parent is
 * sha256(P genesis bytes). ID = sha256(block bytes).
 */
export function platformGenesisBlock(platformGenesisBytes: Uint8Array): GenesisBlock {
  const bytes = new LinearWriter(46).u16(0).u32(2).fixed(sha256(platformGenesisBytes), 32).u64(0n).finish();
  return { id: sha256(bytes), bytes };
}

/**
 * The X-chain stop vertex a fresh network generates when linearizing with no well-known stop vertex (avalanche
 * bootstrapper → BuildStopVertex): codec version 1, the X chain id, height 0, no parents.
 */
export function xChainStopVertex(xChainId: Uint8Array): GenesisBlock {
  const bytes = new LinearWriter(46).u16(1).fixed(xChainId, 32).u64(0n).u32(0).finish();
  return { id: sha256(bytes), bytes };
}

/**
 * X-chain genesis block (avm state.initializeChainState at Linearize): StandardBlock (type 20) at height 0 on the
 * stop vertex, timestamp = the Cortina activation time, zero merkle root, no txs.
 */
export function xChainGenesisBlock(xChainId: Uint8Array, cortinaTime: bigint): GenesisBlock & { stopVertex: GenesisBlock } {
  const stopVertex = xChainStopVertex(xChainId);
  const bytes = new LinearWriter(98)
    .u16(0)
    .u32(20)
    .fixed(stopVertex.id, 32)
    .u64(0n)
    .u64(cortinaTime)
    .fixed(new Uint8Array(32), 32)
    .u32(0)
    .finish();
  return { id: sha256(bytes), bytes, stopVertex };
}
