import { sha256 } from '../../../lib/hash.js';
import type { EvmTransfer, PrimaryRows, PrimaryTxRow } from '../../../store/writers/primary/rows.js';
import { emptyPrimaryRows } from '../../../store/writers/primary/rows.js';
import { addressTxsOf, AssetSums, credentialSignatures, spendRowOf, utxoRowOf, type TxPlace } from '../platform/rows-common.js';
import { decodeCChainAtomicTxs, type AtomicTx } from './atomic-tx.js';

/** The C-chain (or another coreth chain) whose blocks carry the atomic txs. */
export interface AtomicChainContext {
  /** Store id of the C-chain. */
  chain: number;
  blockchainId: Uint8Array;
}

/** The block the atomic txs are in. */
export interface AtomicBlock {
  height: bigint;
  /** The Ethereum block hash. */
  hash: Uint8Array;
  timestamp: bigint;
  /** The block's extData (atomic txs); empty when it has none. */
  extData: Uint8Array;
  /** Whether ApricotPhase5 is active at the block (extData is a list); unknown: both layouts are tried. */
  apricotPhase5?: boolean;
}

/**
 * Rows for the atomic txs of C-chain blocks, for the EVM stream to write with `writePrimaryRows` in its own
 * transaction: the txs (ImportTx, ExportTx), the UTXOs exports create on the destination's side, the spends
 * imports make of UTXOs exported from the P- or X-chain, and the address links.
 */
export function cChainAtomicRows(ctx: AtomicChainContext, blocks: readonly AtomicBlock[]): PrimaryRows {
  const rows = emptyPrimaryRows();
  for (const block of blocks) {
    const txs = decodeCChainAtomicTxs(block.extData, block.apricotPhase5 === undefined ? {} : { batch: block.apricotPhase5 });
    txs.forEach((tx, txIndex) => addAtomicTx(rows, ctx, block, tx, txIndex));
  }
  return rows;
}

function addAtomicTx(rows: PrimaryRows, ctx: AtomicChainContext, block: AtomicBlock, tx: AtomicTx, txIndex: number): void {
  const u = tx.unsigned;
  const place: TxPlace = { chain: ctx.chain, blockchainId: ctx.blockchainId, txId: tx.id, txType: u.type, blockHeight: block.height, blockTimestamp: block.timestamp, txIndex };
  const unlocked = new AssetSums();
  const created = new AssetSums();
  const involved: Uint8Array[] = [];
  const row: PrimaryTxRow = {
    chain: ctx.chain, txId: tx.id, blockHeight: block.height, blockId: block.hash, blockTimestamp: block.timestamp, txIndex,
    txType: u.type, memo: new Uint8Array(0), bytes: tx.bytes, unsignedSize: tx.unsignedBytes.length, amounts: {}, details: {},
  };
  const digest = sha256(tx.unsignedBytes);
  if (u.type === 'ImportTx') {
    row.sourceChain = u.sourceChain;
    row.destinationChain = ctx.blockchainId;
    u.importedInputs.forEach((input, i) => {
      rows.spends.push(spendRowOf(place, input, i, u.sourceChain, credentialSignatures(tx.credentials[i], digest)));
      unlocked.add(input.assetId, input.amount);
    });
    const outputs: EvmTransfer[] = u.outputs.map((o) => ({ address: o.address, assetId: o.assetId, amount: o.amount }));
    for (const o of u.outputs) {
      created.add(o.assetId, o.amount);
      involved.push(o.address);
    }
    row.details.evmOutputs = outputs;
  } else {
    row.sourceChain = ctx.blockchainId;
    row.destinationChain = u.destinationChain;
    const inputs: EvmTransfer[] = u.inputs.map((input, i) => {
      const credentials = credentialSignatures(tx.credentials[i], digest);
      unlocked.add(input.assetId, input.amount);
      involved.push(input.address);
      return { address: input.address, assetId: input.assetId, amount: input.amount, nonce: input.nonce, ...(credentials ? { credentials } : {}) };
    });
    row.details.evmInputs = inputs;
    u.exportedOutputs.forEach((o, i) => {
      rows.utxos.push(utxoRowOf(place, { outputIndex: i, assetId: o.assetId, output: o.output, consumableOn: u.destinationChain }));
      created.add(o.assetId, o.output.amount);
      involved.push(...o.output.owners.addresses);
    });
  }
  row.amounts = { unlocked: unlocked.list(), created: created.list() };
  rows.txs.push(row);
  rows.addressTxs.push(...addressTxsOf(place, involved));
}
