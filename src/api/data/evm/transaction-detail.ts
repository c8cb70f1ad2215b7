import { idToString } from '../../../lib/cb58.js';
import type { EvmInternalTransaction, EvmTeleporterMessage, EvmTransactionDetail, TransferToken } from '../../../store/queries/evm/transaction-detail.js';
import type { NetworkTokenWire } from '../chains/chain-info.js';
import { checksumAddress, ZERO_ADDRESS } from '../codecs/address.js';
import { decimal } from '../codecs/decimal.js';
import { hexOf } from '../codecs/hex.js';
import { fullNativeTransactionOf, type FullNativeTransactionWire } from './native-transaction.js';
import { erc1155TokenOf, erc721TokenOf, type Erc1155TokenWire, type Erc721TokenWire } from './nft-token.js';
import { richAddress, type ContractLabels, type RichAddressWire } from './rich-address.js';

export interface Erc20TokenWire {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  ercType: 'ERC-20';
}

export interface Erc20TransferWire {
  from: RichAddressWire;
  to: RichAddressWire;
  logIndex: number;
  value: string;
  erc20Token: Erc20TokenWire;
}

export interface Erc721TransferWire {
  from: RichAddressWire;
  to: RichAddressWire;
  logIndex: number;
  erc721Token: Erc721TokenWire;
}

export interface Erc1155TransferWire {
  from: RichAddressWire;
  to: RichAddressWire;
  logIndex: number;
  value: string;
  erc1155Token: Erc1155TokenWire;
}

export type InternalTxType = 'CALL' | 'CALLCODE' | 'CREATE' | 'CREATE2' | 'CREATE3';

export interface InternalTransactionWire {
  from: RichAddressWire;
  to: RichAddressWire;
  internalTxType: InternalTxType;
  value: string;
  isReverted: boolean;
  gasUsed: string;
  gasLimit: string;
}

export interface TeleporterMessageInfoWire {
  teleporterMessageId: string;
  direction: 'SOURCE_TRANSACTION' | 'DESTINATION_TRANSACTION';
  sourceChainId?: string;
  destinationChainId?: string;
}

/** GetTransactionResponse (glacier.json). */
export interface TransactionDetailWire {
  erc20Transfers: Erc20TransferWire[];
  erc721Transfers: Erc721TransferWire[];
  erc1155Transfers: Erc1155TransferWire[];
  internalTransactions?: InternalTransactionWire[];
  networkTokenDetails: { networkToken: NetworkTokenWire };
  nativeTransaction: FullNativeTransactionWire;
  teleporterMessageInfo?: TeleporterMessageInfoWire;
}

/**
 * The internal transactions the Data API lists (glacier.json): CALL and CALLCODE frames that moved value,
 * and contract creations. Static and delegate calls, value-less calls and self-destructs are left out.
 */
export function listedInternalTransaction(frame: EvmInternalTransaction): frame is EvmInternalTransaction & { callType: InternalTxType } {
  switch (frame.callType) {
    case 'CALL':
    case 'CALLCODE':
      return (frame.value ?? 0n) > 0n;
    case 'CREATE':
    case 'CREATE2':
    case 'CREATE3':
      return true;
    default:
      return false;
  }
}

/** ERC-20 token fields are required: a token whose creation was not indexed shows "" and 0 decimals. */
function erc20TokenOf(token: TransferToken): Erc20TokenWire {
  return { address: checksumAddress(token.address), name: token.name ?? '', symbol: token.symbol ?? '', decimals: token.decimals ?? 0, ercType: 'ERC-20' };
}

function internalOf(frame: EvmInternalTransaction & { callType: InternalTxType }, labels: ContractLabels): InternalTransactionWire {
  return {
    from: richAddress(frame.from, labels),
    // a creation that failed has no address: the zero address stands in for the required field
    to: richAddress(frame.to ?? ZERO_ADDRESS, labels),
    internalTxType: frame.callType,
    value: decimal(frame.value ?? 0n),
    isReverted: frame.reverted,
    gasUsed: decimal(frame.gasUsed),
    gasLimit: decimal(frame.gas),
  };
}

/** The transaction's Teleporter message (its first, when it sent or received several); chain ids are blockchain ids. */
export function teleporterInfoOf(messages: readonly EvmTeleporterMessage[]): TeleporterMessageInfoWire | undefined {
  const m = messages[0];
  if (!m) return undefined;
  return m.direction === 'SOURCE_TRANSACTION'
    ? { teleporterMessageId: hexOf(m.messageId), direction: m.direction, destinationChainId: idToString(m.destinationBlockchainId) }
    : { teleporterMessageId: hexOf(m.messageId), direction: m.direction, sourceChainId: idToString(m.sourceBlockchainId) };
}

/**
 * A transaction's detail on the wire. Transfer lists are always present (empty when none);
 * internalTransactions is absent when the block could not be traced (unknown, not none).
 */
export function transactionDetailOf(detail: EvmTransactionDetail, chainId: string, networkToken: NetworkTokenWire, labels: ContractLabels): TransactionDetailWire {
  const teleporter = teleporterInfoOf(detail.teleporterMessages);
  return {
    erc20Transfers: detail.erc20Transfers.map((t) => ({
      from: richAddress(t.from, labels), to: richAddress(t.to, labels), logIndex: t.logIndex, value: decimal(t.value), erc20Token: erc20TokenOf(t.token),
    })),
    erc721Transfers: detail.erc721Transfers.map((t) => ({
      from: richAddress(t.from, labels),
      to: richAddress(t.to, labels),
      logIndex: t.logIndex,
      erc721Token: erc721TokenOf({ contract: t.token.address, tokenId: t.tokenId, contractName: t.token.name, contractSymbol: t.token.symbol, nft: t.nft }),
    })),
    erc1155Transfers: detail.erc1155Transfers.map((t) => ({
      from: richAddress(t.from, labels),
      to: richAddress(t.to, labels),
      logIndex: t.logIndex,
      value: decimal(t.value),
      erc1155Token: erc1155TokenOf({ contract: t.token.address, tokenId: t.tokenId, nft: t.nft }),
    })),
    ...(detail.internalTransactions ? { internalTransactions: detail.internalTransactions.filter(listedInternalTransaction).map((f) => internalOf(f, labels)) } : {}),
    networkTokenDetails: { networkToken },
    nativeTransaction: fullNativeTransactionOf(detail.transaction, chainId, labels),
    ...(teleporter ? { teleporterMessageInfo: teleporter } : {}),
  };
}
