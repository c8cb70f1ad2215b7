import { sha256 } from '../../../lib/hash.js';
import type { AssetRow, PrimaryRows, PrimaryTxRow, TxDetails } from '../../../store/writers/primary/rows.js';
import { emptyPrimaryRows } from '../../../store/writers/primary/rows.js';
import type { SourcedBlock } from '../../sources/primary/block-source.js';
import { utxoIdOf } from '../platform/avax-components.js';
import { addressTxsOf, AssetSums, credentialSignatures, spendRowOf, utxoRowOf, type TxPlace } from '../platform/rows-common.js';
import type { DecodedAvmContainer } from './avm-container.js';
import { avmCreatedOutputs, type AvmTx, type AvmUnsignedTx } from './avm-tx.js';

export interface AvmChainContext {
  /** Store id of the X-chain. */
  chain: number;
  blockchainId: Uint8Array;
}

/** Rows for a range of X-chain blocks. Pure. */
export function avmRows(ctx: AvmChainContext, blocks: readonly SourcedBlock<DecodedAvmContainer>[]): PrimaryRows {
  const rows = emptyPrimaryRows();
  for (const { block: c, acceptedAt } of blocks) {
    rows.blocks.push({
      chain: ctx.chain, height: c.height, blockId: c.blockId, parentId: c.parentId, blockType: c.blockType, timestamp: c.time,
      size: c.size, innerSize: c.innerSize, txIds: c.txs.map((t) => t.id),
      ...(c.proposer ? {
        proposerId: c.proposer.id, proposerParentId: c.proposer.parentId,
        ...(c.proposer.nodeId ? { proposerNodeId: c.proposer.nodeId } : {}),
        ...(c.proposer.pChainHeight !== undefined ? { proposerPChainHeight: c.proposer.pChainHeight } : {}),
        ...(c.proposer.timestamp !== undefined ? { proposerTimestamp: c.proposer.timestamp } : {}),
      } : {}),
      ...(acceptedAt !== undefined ? { acceptedAt } : {}),
    });
    c.txs.forEach((tx, txIndex) => {
      addAvmTx(rows, { chain: ctx.chain, blockchainId: ctx.blockchainId, txId: tx.id, txType: tx.unsigned.type, blockHeight: c.height, blockTimestamp: c.time, txIndex }, c.blockId, tx);
    });
  }
  return rows;
}

/** The asset a CreateAssetTx makes: variable cap when it hands out mint rights, nft when it uses the nft fx. */
export function assetOf(u: Extract<AvmUnsignedTx, { type: 'CreateAssetTx' }>): { cap: 'fixed' | 'variable'; type: 'secp256k1' | 'nft' } {
  const outputs = u.initialStates.flatMap((s) => s.outputs);
  const cap = outputs.some((o) => o.kind === 'mint' || o.kind === 'nft-mint' || o.kind === 'property-mint') ? 'variable' : 'fixed';
  const type = outputs.some((o) => o.kind === 'nft-mint' || o.kind === 'nft-transfer') ? 'nft' : 'secp256k1';
  return { cap, type };
}

export function assetRowOf(chain: number, tx: AvmTx, blockHeight: bigint, blockTimestamp: bigint, genesis: boolean): AssetRow | undefined {
  const u = tx.unsigned;
  if (u.type !== 'CreateAssetTx') return undefined;
  const { cap, type } = assetOf(u);
  return { chain, assetId: tx.id, name: u.name, symbol: u.symbol, denomination: u.denomination, cap, assetType: type, createTxId: tx.id, blockHeight, blockTimestamp, genesis };
}

/** Adds one X-chain tx's rows; also used for genesis txs read from avm.getTx (then `genesis`: UTXOs and asset go to `known`). */
export function addAvmTx(rows: PrimaryRows, place: TxPlace, blockId: Uint8Array, tx: AvmTx, genesis = false): void {
  const u = tx.unsigned;
  const details: TxDetails = {};
  const unlocked = new AssetSums();
  const created = new AssetSums();
  const involved: Uint8Array[] = [];

  // Credentials sign the inputs in order (base, then imported), then the operations.
  let credential = 0;
  let inputIndex = 0;
  const digest = sha256(tx.unsignedBytes);
  const inputs = [...u.base.inputs.map((i) => ({ input: i, from: place.blockchainId }))];
  if (u.type === 'ImportTx') inputs.push(...u.importedInputs.map((i) => ({ input: i, from: u.sourceChain })));
  for (const { input, from } of inputs) {
    rows.spends.push(spendRowOf(place, input, inputIndex++, from, credentialSignatures(tx.credentials[credential++], digest)));
    unlocked.add(input.assetId, input.amount);
  }
  if (u.type === 'OperationTx') {
    for (const op of u.operations) {
      const credentials = credentialSignatures(tx.credentials[credential++], digest);
      for (const ref of op.utxoIds) {
        rows.spends.push({
          utxoId: utxoIdOf(ref.txId, ref.outputIndex), chain: place.chain, consumingTxId: place.txId, inputIndex: inputIndex++,
          blockHeight: place.blockHeight, blockTimestamp: place.blockTimestamp, consumedOn: place.blockchainId, createdOn: place.blockchainId,
          txId: ref.txId, outputIndex: ref.outputIndex, assetId: op.assetId, amount: 0n, ...(credentials ? { credentials } : {}),
        });
      }
    }
  }

  for (const o of avmCreatedOutputs(u, tx.id)) {
    const consumableOn = o.exported && u.type === 'ExportTx' ? u.destinationChain : place.blockchainId;
    const utxo = utxoRowOf(place, { outputIndex: o.outputIndex, assetId: o.assetId, output: o.output, consumableOn });
    (genesis ? rows.known.utxos : rows.utxos).push(utxo);
    involved.push(...o.output.owners.addresses);
    created.add(o.assetId, o.output.kind === 'nft-transfer' ? 1n : o.output.amount);
  }

  if (u.type === 'CreateAssetTx') {
    details.asset = { name: u.name, symbol: u.symbol, denomination: u.denomination, ...assetOf(u) };
    const asset = assetRowOf(place.chain, tx, place.blockHeight, place.blockTimestamp, genesis);
    if (asset) (genesis ? rows.known.assets : rows.assets).push(asset);
  }
  if (genesis) return;

  const row: PrimaryTxRow = {
    chain: place.chain, txId: tx.id, blockHeight: place.blockHeight, blockId, blockTimestamp: place.blockTimestamp, txIndex: place.txIndex,
    txType: u.type, memo: u.base.memo, bytes: tx.bytes, unsignedSize: tx.unsignedBytes.length, amounts: { unlocked: unlocked.list(), created: created.list() }, details,
    ...(u.type === 'ImportTx' ? { sourceChain: u.sourceChain } : {}),
    ...(u.type === 'ExportTx' ? { destinationChain: u.destinationChain } : {}),
  };
  rows.txs.push(row);
  rows.addressTxs.push(...addressTxsOf(place, involved));
}
