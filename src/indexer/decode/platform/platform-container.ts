import type { PlatformBlockType } from '../../../codec/platformvm/blocks.js';
import { decodeProposerBlock, type DecodedProposerBlock } from '../../../codec/proposervm/block.js';
import type { DecodedContainer } from '../../sources/primary/block-source.js';
import { parsePlatformBlock, type ParsedPlatformBlock } from './platform-block.js';
import type { PlatformTx } from './platform-tx.js';

/** The proposervm wrapper of a block (absent for blocks from before ApricotPhase4 and from getBlockByHeight). */
export interface ProposerDetails {
  kind: DecodedProposerBlock['kind'];
  id: Uint8Array;
  parentId: Uint8Array;
  /** Signed blocks only. */
  nodeId?: Uint8Array;
  /** Post-fork blocks only (options carry none). */
  pChainHeight?: bigint;
  timestamp?: bigint;
}

export interface WrappedBlock extends DecodedContainer {
  proposer?: ProposerDetails;
  /** The VM's own block id and parent (what the chain's API and the Data API call the block hash). */
  blockId: Uint8Array;
  parentId: Uint8Array;
  innerSize: number;
}

export interface DecodedPlatformContainer extends WrappedBlock {
  chain: 'P';
  blockType: PlatformBlockType;
  /** Banff blocks carry their time; Apricot blocks do not. */
  time?: bigint;
  txs: PlatformTx[];
}

/** AvalancheGo's Go type names for the block kinds, as the Data API's blockType. */
export const PLATFORM_BLOCK_TYPE_NAMES: Record<PlatformBlockType, string> = {
  'apricot-proposal': 'ApricotProposalBlock',
  'apricot-abort': 'ApricotAbortBlock',
  'apricot-commit': 'ApricotCommitBlock',
  'apricot-standard': 'ApricotStandardBlock',
  'apricot-atomic': 'ApricotAtomicBlock',
  'banff-proposal': 'BanffProposalBlock',
  'banff-abort': 'BanffAbortBlock',
  'banff-commit': 'BanffCommitBlock',
  'banff-standard': 'BanffStandardBlock',
};

export function proposerDetailsOf(p: DecodedProposerBlock): ProposerDetails {
  return {
    kind: p.kind,
    id: p.id,
    parentId: p.parentId,
    ...(p.proposerNodeId ? { nodeId: p.proposerNodeId } : {}),
    ...(p.pChainHeight !== undefined ? { pChainHeight: p.pChainHeight } : {}),
    ...(p.timestamp !== undefined ? { timestamp: p.timestamp } : {}),
  };
}

/**
 * Unwraps a container: a proposervm block (post-fork, option or Granite) around the VM's block, or the VM's
 * block itself. The proposervm parse is tried first, as AvalancheGo's own index readers do; its type ids 0–2
 * overlap the Apricot block ids, so a bare block that is not also a valid proposervm block falls through.
 */
export function unwrapContainer<B>(bytes: Uint8Array, decodeInner: (inner: Uint8Array) => B): { proposer?: ProposerDetails; inner: B; innerBytes: Uint8Array } {
  let wrapped: DecodedProposerBlock | undefined;
  try {
    wrapped = decodeProposerBlock(bytes);
  } catch {
    wrapped = undefined;
  }
  if (wrapped) {
    try {
      return { proposer: proposerDetailsOf(wrapped), inner: decodeInner(wrapped.inner), innerBytes: wrapped.inner };
    } catch {
      // not a proposervm block after all
    }
  }
  return { inner: decodeInner(bytes), innerBytes: bytes };
}

export function decodePlatformContainer(bytes: Uint8Array): DecodedPlatformContainer {
  const { proposer, inner, innerBytes } = unwrapContainer(bytes, parsePlatformBlock);
  return platformContainerOf(inner, innerBytes.length, bytes.length, proposer);
}

function platformContainerOf(block: ParsedPlatformBlock, innerSize: number, size: number, proposer?: ProposerDetails): DecodedPlatformContainer {
  return {
    chain: 'P',
    id: proposer?.id ?? block.id,
    height: block.height,
    size,
    innerSize,
    blockId: block.id,
    parentId: block.parentId,
    blockType: block.type,
    ...(block.time !== undefined ? { time: block.time } : {}),
    ...(proposer ? { proposer } : {}),
    txs: block.txs,
  };
}
