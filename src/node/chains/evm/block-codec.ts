import { type CorethBlock, decodeBlock, encodeBlock } from './coreth-block.js';
import { type CorethHeader, headerHash } from './coreth-header.js';

/**
 * How a chain's blocks are written and hashed. The C-chain uses coreth's layout (ExtDataHash,
 * ExtDataGasUsed and atomic ext data); subnet-EVM chains use geth's block with their own header fields.
 */
export interface BlockCodec {
  readonly format: 'coreth' | 'subnet-evm';
  encode(block: CorethBlock): Uint8Array;
  decode(bytes: Uint8Array): CorethBlock;
  headerHash(header: CorethHeader): Uint8Array;
}

export const CORETH_BLOCK_CODEC: BlockCodec = { format: 'coreth', encode: encodeBlock, decode: decodeBlock, headerHash };
