import type { PrimaryTransaction } from '../../../../store/queries/primary/transactions.js';
import { assetAmountWire, assetAmountsWire, type AssetAmountWire } from './asset-amounts.js';
import { cb58, evmAddress, hex, memoText, seconds } from './format.js';
import { credentialsWire, xChainUtxoWire, type UtxoContext, type UtxoCredentialWire, type XChainUtxoWire } from './utxos.js';

interface CChainAtomicCommon {
  txHash: string;
  blockHeight: number;
  /** The C-chain block's Ethereum hash. */
  blockHash: string;
  timestamp: number;
  memo: string;
  amountUnlocked: AssetAmountWire[];
  amountCreated: AssetAmountWire[];
  sourceChain: string;
  destinationChain: string;
}

/** glacier.json CChainExportTransaction. */
export interface CChainExportTransactionWire extends CChainAtomicCommon {
  txType: 'ExportTx';
  evmInputs: { fromAddress: string; asset: AssetAmountWire; credentials: UtxoCredentialWire[] }[];
  emittedUtxos: XChainUtxoWire[];
}

/** glacier.json CChainImportTransaction. */
export interface CChainImportTransactionWire extends CChainAtomicCommon {
  txType: 'ImportTx';
  evmOutputs: { toAddress: string; asset: AssetAmountWire }[];
  consumedUtxos: XChainUtxoWire[];
}

export type CChainAtomicTransactionWire = CChainExportTransactionWire | CChainImportTransactionWire;

/** A C-chain atomic tx: an export (EVM inputs → UTXOs for P or X) or an import (UTXOs from P or X → EVM outputs). */
export function cChainTransactionWire(tx: PrimaryTransaction, ctx: UtxoContext): CChainAtomicTransactionWire {
  const common: CChainAtomicCommon = {
    txHash: cb58(tx.txId),
    blockHeight: Number(tx.blockHeight),
    blockHash: hex(tx.blockId),
    timestamp: seconds(tx.blockTimestamp),
    memo: memoText(tx.memo),
    amountUnlocked: assetAmountsWire(ctx.assets, tx.amounts.unlocked),
    amountCreated: assetAmountsWire(ctx.assets, tx.amounts.created),
    sourceChain: tx.sourceChain ? cb58(tx.sourceChain) : '',
    destinationChain: tx.destinationChain ? cb58(tx.destinationChain) : '',
  };
  if (tx.txType === 'ExportTx') {
    return {
      ...common,
      txType: 'ExportTx',
      evmInputs: (tx.details.evmInputs ?? []).map((i) => ({
        fromAddress: evmAddress(i.address), asset: assetAmountWire(ctx.assets, i.assetId, i.amount), credentials: credentialsWire(i.credentials ?? []),
      })),
      emittedUtxos: tx.emittedUtxos.map((u) => xChainUtxoWire(u, ctx)),
    };
  }
  return {
    ...common,
    txType: 'ImportTx',
    evmOutputs: (tx.details.evmOutputs ?? []).map((o) => ({ toAddress: evmAddress(o.address), asset: assetAmountWire(ctx.assets, o.assetId, o.amount) })),
    consumedUtxos: tx.consumedUtxos.map((u) => xChainUtxoWire(u, ctx)),
  };
}
