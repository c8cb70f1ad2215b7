import type { TypedTransaction } from '@ethereumjs/tx';
import type { BlockCodec } from '../block-codec.js';
import { keccak256 } from '../crypto.js';
import type { FoundTx } from '../evm-chain.js';
import type { StoredReceipt } from '../receipts.js';
import type { JsonBytes } from '../../../../lib/json-bytes.js';
import { RawJson } from '../../../../lib/raw-json.js';
import type { StoredBlock, TxLocation } from '../block-store.js';
import { rpcTxOf, type RpcTx } from './rpc-tx.js';

/** Header fields only coreth blocks carry. */
export const CORETH_ONLY_FIELDS = ['extDataHash', 'extDataGasUsed', 'blockExtraData'] as const;

/** A found tx whose transaction is already an RpcTx (read straight from a stored block). */
export type RpcFoundTx = Omit<FoundTx, 'tx'> & { tx: RpcTx };

const isRpcTx = (tx: TypedTransaction | RpcTx): tx is RpcTx => 'feeMarket' in tx;
const asRpcTx = (tx: TypedTransaction | RpcTx): RpcTx => (isRpcTx(tx) ? tx : rpcTxOf(tx));
// a mined tx's `raw` is its encoding as stored in the block
const asRpcFound = (found: FoundTx | RpcFoundTx): RpcFoundTx =>
  (isRpcTx(found.tx) ? (found as RpcFoundTx) : { ...found, tx: rpcTxOf(found.tx, found.location ? found.raw : undefined) });

const parsed = (raw: RawJson): Record<string, unknown> => raw.toJSON() as Record<string, unknown>;

/**
 * coreth's RPCMarshalBlock (+ totalDifficulty = number, as difficulty is 1 per block), as JSON bytes. Go marshals
 * the block's map with sorted keys, so the fields are written in that order. Subnet-EVM's has no extDataHash,
 * extDataGasUsed or blockExtraData.
 */
export function blockReply(stored: StoredBlock, txs: readonly (TypedTransaction | RpcTx)[], receipts: StoredReceipt[] | undefined, fullTx: boolean, format: BlockCodec['format'] = 'coreth'): RawJson {
  return new RawJson((w) => writeBlock(w, stored, txs, receipts, fullTx, format));
}

/** blockReply as an object. */
export function blockJson(...args: Parameters<typeof blockReply>): Record<string, unknown> {
  return parsed(blockReply(...args));
}

function writeBlock(w: JsonBytes, stored: StoredBlock, txs: readonly (TypedTransaction | RpcTx)[], receipts: StoredReceipt[] | undefined, fullTx: boolean, format: BlockCodec['format']): void {
  const h = stored.block.header;
  const coreth = format !== 'subnet-evm';
  w.text('{');
  if (h.baseFee !== undefined) w.text('"baseFeePerGas":').quantity(h.baseFee).text(',');
  if (h.blobGasUsed !== undefined) w.text('"blobGasUsed":').quantity(h.blobGasUsed).text(',');
  if (coreth) w.text('"blockExtraData":').hex(stored.block.extData).text(',');
  if (h.blockGasCost !== undefined) w.text('"blockGasCost":').quantity(h.blockGasCost).text(',');
  w.text('"difficulty":').quantity(h.difficulty);
  if (h.excessBlobGas !== undefined) w.text(',"excessBlobGas":').quantity(h.excessBlobGas);
  if (coreth && h.extDataGasUsed !== undefined) w.text(',"extDataGasUsed":').quantity(h.extDataGasUsed);
  if (coreth) w.text(',"extDataHash":').hex(h.extDataHash);
  w.text(',"extraData":').hex(h.extra);
  w.text(',"gasLimit":').quantity(h.gasLimit);
  w.text(',"gasUsed":').quantity(h.gasUsed);
  w.text(',"hash":').hex(stored.hash);
  w.text(',"logsBloom":').hex(h.bloom);
  if (h.minDelayExcess !== undefined) w.text(',"minDelayExcess":').quantity(h.minDelayExcess);
  w.text(',"miner":').hex(h.coinbase);
  w.text(',"mixHash":').hex(h.mixHash);
  w.text(',"nonce":').hex(h.nonce);
  w.text(',"number":').quantity(h.number);
  if (h.parentBeaconRoot !== undefined) w.text(',"parentBeaconBlockRoot":').hex(h.parentBeaconRoot);
  w.text(',"parentHash":').hex(h.parentHash);
  w.text(',"receiptsRoot":').hex(h.receiptRoot);
  w.text(',"sha3Uncles":').hex(h.uncleHash);
  w.text(',"size":').quantity(stored.bytes.length);
  w.text(',"stateRoot":').hex(h.stateRoot);
  w.text(',"timestamp":').quantity(h.timestamp);
  if (h.timestampMs !== undefined) w.text(',"timestampMilliseconds":').quantity(h.timestampMs);
  w.text(',"totalDifficulty":').quantity(h.number);
  w.text(',"transactions":[');
  for (let i = 0; i < txs.length; i++) {
    if (i > 0) w.text(',');
    const tx = txs[i]!;
    if (fullTx) {
      const location = { blockHash: stored.hash, blockNumber: h.number, index: i };
      writeTx(w, { tx: asRpcTx(tx), raw: stored.block.txs[i]!, from: receipts?.[i]?.from ?? senderOf(tx), block: stored, location });
    } else {
      w.hex(isRpcTx(tx) ? tx.hash() : keccak256(stored.block.txs[i]!));
    }
  }
  w.text('],"transactionsRoot":').hex(h.txRoot);
  w.text(',"uncles":[]}');
}

/** The sender, recovered from the signature: only when no receipt says who it is. */
function senderOf(tx: TypedTransaction | RpcTx): Uint8Array {
  if (isRpcTx(tx)) throw new Error('the sender of a transaction without its receipt needs the decoded transaction');
  return tx.getSenderAddress().bytes;
}

/** geth's RPCTransaction (struct field order) as JSON bytes. */
export function txReply(input: FoundTx | RpcFoundTx): RawJson {
  const found = asRpcFound(input);
  return new RawJson((w) => writeTx(w, found));
}

/** txReply as an object. */
export function txJson(input: FoundTx | RpcFoundTx): Record<string, unknown> {
  return parsed(txReply(input));
}

function writeTx(w: JsonBytes, found: RpcFoundTx): void {
  const { tx, block, location } = found;
  const baseFee = block?.block.header.baseFee;
  w.text('{"blockHash":');
  if (location) w.hex(location.blockHash).text(',"blockNumber":').quantity(location.blockNumber);
  else w.text('null,"blockNumber":null');
  w.text(',"from":').hex(found.from);
  w.text(',"gas":').quantity(tx.gasLimit);
  if (tx.feeMarket) {
    // mined: the effective price; pending: the fee cap
    const tip = baseFee === undefined ? 0n : (tx.tipCap < tx.feeCap - baseFee ? tx.tipCap : tx.feeCap - baseFee);
    w.text(',"gasPrice":').quantity(location && baseFee !== undefined ? baseFee + tip : tx.feeCap);
    w.text(',"maxFeePerGas":').quantity(tx.feeCap);
    w.text(',"maxPriorityFeePerGas":').quantity(tx.tipCap);
  } else {
    w.text(',"gasPrice":').quantity(tx.feeCap);
  }
  w.text(',"hash":').hex(tx.hash());
  w.text(',"input":').hex(tx.data);
  w.text(',"nonce":').quantity(tx.nonce);
  w.text(',"to":');
  if (tx.to) w.hex(tx.to);
  else w.text('null');
  w.text(',"transactionIndex":');
  if (location) w.quantity(location.index);
  else w.text('null');
  w.text(',"value":').quantity(tx.value);
  w.text(',"type":').quantity(tx.type);
  if (tx.type !== 0) {
    w.text(',"accessList":[');
    const list = tx.accessList ?? [];
    for (let i = 0; i < list.length; i++) {
      const [address, keys] = list[i]!;
      w.text(i > 0 ? ',{"address":' : '{"address":').hex(address).text(',"storageKeys":[');
      for (let k = 0; k < keys.length; k++) {
        if (k > 0) w.text(',');
        w.hex(keys[k]!);
      }
      w.text(']}');
    }
    w.text(']');
  }
  if (tx.chainId !== undefined) w.text(',"chainId":').quantity(tx.chainId);
  w.text(',"v":').quantity(tx.v);
  w.text(',"r":').quantityBytes(tx.r);
  w.text(',"s":').quantityBytes(tx.s);
  if (tx.type !== 0) w.text(',"yParity":').quantity(tx.v);
  w.text('}');
}

/** geth's receipt map (sorted keys) as JSON bytes. `logIndexBase` = number of logs before this tx in its block. */
export function receiptReply(input: FoundTx | RpcFoundTx, logIndexBase: number): RawJson {
  const found = asRpcFound(input);
  return new RawJson((w) => writeReceipt(w, found, logIndexBase));
}

/** receiptReply as an object. */
export function receiptJson(input: FoundTx | RpcFoundTx, logIndexBase: number): Record<string, unknown> {
  return parsed(receiptReply(input, logIndexBase));
}

/** eth_getBlockReceipts' answer: the receipts of a block's txs, in order, as one JSON array. */
export function blockReceiptsReply(found: readonly RpcFoundTx[]): RawJson {
  return new RawJson((w) => {
    w.text('[');
    let logBase = 0;
    for (let i = 0; i < found.length; i++) {
      if (i > 0) w.text(',');
      writeReceipt(w, found[i]!, logBase);
      logBase += found[i]!.receipt!.logs.length;
    }
    w.text(']');
  });
}

function writeReceipt(w: JsonBytes, found: RpcFoundTx, logIndexBase: number): void {
  const r = found.receipt!;
  const loc = found.location!;
  const txHash = found.tx.hash();
  // the keys are written in sorted order
  w.text('{"blockHash":').hex(loc.blockHash);
  w.text(',"blockNumber":').quantity(loc.blockNumber);
  w.text(',"contractAddress":');
  if (r.contractAddress) w.hex(r.contractAddress);
  else w.text('null');
  w.text(',"cumulativeGasUsed":').quantity(r.cumulativeGasUsed);
  w.text(',"effectiveGasPrice":').quantity(r.effectiveGasPrice);
  w.text(',"from":').hex(r.from);
  w.text(',"gasUsed":').quantity(r.gasUsed);
  w.text(',"logs":[');
  for (let i = 0; i < r.logs.length; i++) {
    if (i > 0) w.text(',');
    writeLog(w, r.logs[i]!, loc, txHash, logIndexBase + i);
  }
  w.text('],"logsBloom":').hex(r.bloom);
  w.text(',"status":').quantity(r.status);
  w.text(',"to":');
  if (found.tx.to) w.hex(found.tx.to);
  else w.text('null');
  w.text(',"transactionHash":').hex(txHash);
  w.text(',"transactionIndex":').quantity(loc.index);
  w.text(',"type":').quantity(found.tx.type);
  w.text('}');
}

/** geth's types.Log JSON (struct field order). */
function writeLog(w: JsonBytes, log: StoredReceipt['logs'][number], loc: TxLocation, txHash: Uint8Array, logIndex: number): void {
  w.text('{"address":').hex(log[0]);
  w.text(',"topics":[');
  const topics = log[1];
  for (let i = 0; i < topics.length; i++) {
    if (i > 0) w.text(',');
    w.hex(topics[i]!);
  }
  w.text('],"data":').hex(log[2]);
  w.text(',"blockNumber":').quantity(loc.blockNumber);
  w.text(',"transactionHash":').hex(txHash);
  w.text(',"transactionIndex":').quantity(loc.index);
  w.text(',"blockHash":').hex(loc.blockHash);
  w.text(',"logIndex":').quantity(logIndex);
  w.text(',"removed":false}');
}
