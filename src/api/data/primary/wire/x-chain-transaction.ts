import type { PrimaryTransaction } from '../../../../store/queries/primary/transactions.js';
import { assetAmountsWire, type AssetAmountWire } from './asset-amounts.js';
import { enumOrUnknown, X_CHAIN_TX_TYPES } from './enums.js';
import { cb58, memoText, seconds } from './format.js';
import { xChainUtxoWire, type UtxoContext, type XChainUtxoWire } from './utxos.js';

/** glacier.json XChainAssetDetails. */
export interface XChainAssetDetailsWire {
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: 'secp256k1' | 'nft';
  createdAtTimestamp: number;
  cap: 'fixed' | 'variable';
}

/**
 * glacier.json XChainLinearTransaction. Every X-chain tx the store holds was accepted in a block (the indexer
 * follows the linear chain), so all are shown in the linear form.
 */
export interface XChainLinearTransactionWire {
  txHash: string;
  chainFormat: 'linear';
  timestamp: number;
  txType: (typeof X_CHAIN_TX_TYPES)[number];
  memo: string;
  consumedUtxos: XChainUtxoWire[];
  emittedUtxos: XChainUtxoWire[];
  amountUnlocked: AssetAmountWire[];
  amountCreated: AssetAmountWire[];
  sourceChain?: string;
  destinationChain?: string;
  assetCreated?: XChainAssetDetailsWire;
  blockHeight: number;
  blockHash: string;
}

export function xChainTransactionWire(tx: PrimaryTransaction, ctx: UtxoContext): XChainLinearTransactionWire {
  const out: XChainLinearTransactionWire = {
    txHash: cb58(tx.txId),
    chainFormat: 'linear',
    timestamp: seconds(tx.blockTimestamp),
    txType: enumOrUnknown(X_CHAIN_TX_TYPES, tx.txType),
    memo: memoText(tx.memo),
    consumedUtxos: tx.consumedUtxos.map((u) => xChainUtxoWire(u, ctx)),
    emittedUtxos: tx.emittedUtxos.map((u) => xChainUtxoWire(u, ctx)),
    amountUnlocked: assetAmountsWire(ctx.assets, tx.amounts.unlocked),
    amountCreated: assetAmountsWire(ctx.assets, tx.amounts.created),
    blockHeight: Number(tx.blockHeight),
    blockHash: cb58(tx.blockId),
  };
  if (tx.sourceChain) out.sourceChain = cb58(tx.sourceChain);
  if (tx.destinationChain) out.destinationChain = cb58(tx.destinationChain);
  const asset = tx.details.asset;
  if (asset) {
    out.assetCreated = {
      assetId: cb58(tx.txId), name: asset.name, symbol: asset.symbol, denomination: asset.denomination, type: asset.type,
      createdAtTimestamp: seconds(tx.blockTimestamp), cap: asset.cap,
    };
  }
  return out;
}
