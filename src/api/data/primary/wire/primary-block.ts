import type { PrimaryBlock, XChainVertex } from '../../../../store/queries/primary/blocks.js';
import { cb58, nodeIdText, seconds } from './format.js';

/** glacier.json ProposerDetails. */
export interface ProposerDetailsWire {
  proposerId?: string;
  proposerParentId?: string;
  proposerNodeId?: string;
  proposerPChainHeight?: number;
  proposerTimestamp?: number;
}

/** glacier.json PrimaryNetworkBlock (also GetPrimaryNetworkBlockResponse). */
export interface PrimaryNetworkBlockWire {
  blockNumber: string;
  blockHash: string;
  parentHash: string;
  blockTimestamp: number;
  blockType: string;
  txCount: number;
  transactions: string[];
  blockSizeBytes: number;
  currentSupply?: string;
  proposerDetails?: ProposerDetailsWire;
}

/** A P- or X-chain block; proposer details when the block came wrapped by the proposervm. */
export function primaryBlockWire(b: PrimaryBlock): PrimaryNetworkBlockWire {
  const out: PrimaryNetworkBlockWire = {
    blockNumber: b.height.toString(),
    blockHash: cb58(b.blockId),
    parentHash: cb58(b.parentId),
    blockTimestamp: seconds(b.timestamp),
    blockType: b.blockType,
    txCount: b.txCount,
    transactions: b.txIds.map(cb58),
    blockSizeBytes: b.size,
  };
  if (b.currentSupply !== undefined) out.currentSupply = b.currentSupply.toString();
  if (b.proposerId) {
    const p: ProposerDetailsWire = { proposerId: cb58(b.proposerId) };
    if (b.proposerParentId) p.proposerParentId = cb58(b.proposerParentId);
    if (b.proposerNodeId) p.proposerNodeId = nodeIdText(b.proposerNodeId);
    if (b.proposerPChainHeight !== undefined) p.proposerPChainHeight = Number(b.proposerPChainHeight);
    if (b.proposerTimestamp !== undefined) p.proposerTimestamp = seconds(b.proposerTimestamp);
    out.proposerDetails = p;
  }
  return out;
}

/** glacier.json XChainVertex. */
export interface XChainVertexWire {
  vertexHash: string;
  parentHashes: string[];
  vertexHeight: number;
  vertexIndex: number;
  vertexTimestamp: number;
  txCount: number;
  transactions: string[];
  vertexSizeBytes: number;
}

export function vertexWire(v: XChainVertex): XChainVertexWire {
  return {
    vertexHash: cb58(v.vertexId),
    parentHashes: v.parentIds.map(cb58),
    vertexHeight: Number(v.height),
    vertexIndex: Number(v.index),
    vertexTimestamp: seconds(v.timestamp),
    txCount: v.txIds.length,
    transactions: v.txIds.map(cb58),
    vertexSizeBytes: v.size,
  };
}
