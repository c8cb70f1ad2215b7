import { sha256 } from '../../lib/hash.js';
import type { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { finish, openEnvelope, readTypeId, unknownTypeId } from '../container/envelope.js';
import { assertId, assertU64 } from '../container/int-range.js';
import { readEmbeddedSignedTx, writeEmbeddedSignedTx } from '../container/embedded-signed-tx.js';

export { txIdOf } from '../container/embedded-signed-tx.js';

/**
 * P-chain block envelopes (vms/platformvm/block), codec version 0. Txs are kept as standalone signed tx bytes
 * (with their `u16 0` codec version); inside a block they are written without it.
 */
export const PLATFORM_BLOCK_TYPE_IDS = {
  'apricot-proposal': 0,
  'apricot-abort': 1,
  'apricot-commit': 2,
  'apricot-standard': 3,
  'apricot-atomic': 4,
  'banff-proposal': 29,
  'banff-abort': 30,
  'banff-commit': 31,
  'banff-standard': 32,
} as const;

export type PlatformBlockType = keyof typeof PLATFORM_BLOCK_TYPE_IDS;

/** Block codec = NewDefaultManager: 256 KiB. */
export const PLATFORM_BLOCK_MAX_SIZE = 256 * 1024;

interface Common {
  parentId: Uint8Array;
  height: bigint;
}
interface Banff extends Common {
  /** Unix seconds. */
  time: bigint;
}

export type PlatformBlock =
  | (Common & { type: 'apricot-proposal'; tx: Uint8Array })
  | (Common & { type: 'apricot-abort' })
  | (Common & { type: 'apricot-commit' })
  | (Common & { type: 'apricot-standard'; txs: Uint8Array[] })
  | (Common & { type: 'apricot-atomic'; tx: Uint8Array })
  | (Banff & { type: 'banff-proposal'; decisionTxs: Uint8Array[]; tx: Uint8Array })
  | (Banff & { type: 'banff-abort' })
  | (Banff & { type: 'banff-commit' })
  | (Banff & { type: 'banff-standard'; txs: Uint8Array[] });

export type DecodedPlatformBlock = PlatformBlock & { id: Uint8Array };

/** Every tx of a block in execution order (Banff proposal: decision txs, then the proposal tx). */
export function platformBlockTxs(block: PlatformBlock): Uint8Array[] {
  switch (block.type) {
    case 'apricot-proposal':
    case 'apricot-atomic':
      return [block.tx];
    case 'apricot-standard':
    case 'banff-standard':
      return block.txs;
    case 'banff-proposal':
      return [...block.decisionTxs, block.tx];
    default:
      return [];
  }
}

export function encodePlatformBlock(block: PlatformBlock): { id: Uint8Array; bytes: Uint8Array } {
  const typeId = PLATFORM_BLOCK_TYPE_IDS[block.type];
  if (typeId === undefined) throw new Error(`unknown platform block type ${String((block as { type: unknown }).type)}`);
  const w = new LinearWriter(256);
  w.u16(0).u32(typeId);
  const common = (): void => {
    w.fixed(assertId('parentId', block.parentId), 32).u64(assertU64('height', block.height));
  };
  const txList = (txs: readonly Uint8Array[]): void => {
    w.u32(txs.length);
    txs.forEach((tx, i) => writeEmbeddedSignedTx(w, tx, i));
  };
  switch (block.type) {
    case 'apricot-proposal':
    case 'apricot-atomic':
      common();
      writeEmbeddedSignedTx(w, block.tx, 0);
      break;
    case 'apricot-abort':
    case 'apricot-commit':
      common();
      break;
    case 'apricot-standard':
      common();
      txList(block.txs);
      break;
    case 'banff-proposal':
      w.u64(assertU64('time', block.time));
      txList(block.decisionTxs);
      common();
      writeEmbeddedSignedTx(w, block.tx, block.decisionTxs.length);
      break;
    case 'banff-abort':
    case 'banff-commit':
      w.u64(assertU64('time', block.time));
      common();
      break;
    case 'banff-standard':
      w.u64(assertU64('time', block.time));
      common();
      txList(block.txs);
      break;
  }
  const bytes = w.finish();
  return { id: sha256(bytes), bytes };
}

export function decodePlatformBlock(bytes: Uint8Array): DecodedPlatformBlock {
  const { reader: r } = openEnvelope(bytes, PLATFORM_BLOCK_MAX_SIZE);
  const typeId = readTypeId(r);
  const id = sha256(bytes);
  const common = (): Common => ({ parentId: r.fixed(32).slice(), height: r.u64() });
  const tx = (index: number): Uint8Array => readEmbeddedSignedTx(r, 'PVM', index);
  let block: PlatformBlock;
  switch (typeId) {
    case 0:
      block = { type: 'apricot-proposal', ...common(), tx: tx(0) };
      break;
    case 1:
      block = { type: 'apricot-abort', ...common() };
      break;
    case 2:
      block = { type: 'apricot-commit', ...common() };
      break;
    case 3:
      block = { type: 'apricot-standard', ...common(), txs: readTxList(r, tx) };
      break;
    case 4:
      block = { type: 'apricot-atomic', ...common(), tx: tx(0) };
      break;
    case 29: {
      const time = r.u64();
      const decisionTxs = readTxList(r, tx);
      block = { type: 'banff-proposal', time, decisionTxs, ...common(), tx: tx(decisionTxs.length) };
      break;
    }
    case 30:
      block = { type: 'banff-abort', time: r.u64(), ...common() };
      break;
    case 31:
      block = { type: 'banff-commit', time: r.u64(), ...common() };
      break;
    case 32: {
      const time = r.u64();
      block = { type: 'banff-standard', time, ...common(), txs: readTxList(r, tx) };
      break;
    }
    default:
      throw unknownTypeId(typeId);
  }
  finish(r);
  return { ...block, id };
}

function readTxList(r: LinearReader, tx: (index: number) => Uint8Array): Uint8Array[] {
  const n = r.u32();
  // Each embedded tx is at least typeID + nCreds.
  if (n > r.remaining / 8) throw new Error(`couldn't unmarshal slice: ${n} txs cannot fit in ${r.remaining} bytes`);
  const txs: Uint8Array[] = [];
  for (let i = 0; i < n; i++) txs.push(tx(i));
  return txs;
}

/**
 * The P-chain genesis block (vms/platformvm/state init): ApricotCommitBlock{parent: sha256(genesis bytes), height 0}.
 * It is never indexed, but its ID is the parent of the height-1 block.
 */
export function platformGenesisBlock(genesisBytesHash: Uint8Array): { id: Uint8Array; bytes: Uint8Array } {
  return encodePlatformBlock({ type: 'apricot-commit', parentId: genesisBytesHash, height: 0n });
}
