import { Capability, type TypedTransaction } from '@ethereumjs/tx';
import type { BlockCodec } from '../block-codec.js';
import type { StoredBlock } from '../block-store.js';
import type { FoundTx } from '../evm-chain.js';
import type { StoredReceipt } from '../receipts.js';
import { feeCap, tipCap } from '../tx-pool.js';
import { toRpc } from './codec.js';

/** Header fields only coreth blocks carry. */
export const CORETH_ONLY_FIELDS = ['extDataHash', 'extDataGasUsed', 'blockExtraData'] as const;

const q = toRpc.quantity;
const d = toRpc.data;

/** Go marshals a map with sorted keys; coreth's block and receipt JSON are maps. */
function sorted(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) out[k] = o[k];
  return out;
}

/**
 * coreth's RPCMarshalBlock (+ totalDifficulty = number, as difficulty is 1 per block). Subnet-EVM's has no
 * extDataHash, extDataGasUsed or blockExtraData.
 */
export function blockJson(stored: StoredBlock, txs: TypedTransaction[], receipts: StoredReceipt[] | undefined, fullTx: boolean, format: BlockCodec['format'] = 'coreth'): Record<string, unknown> {
  const h = stored.block.header;
  const fields: Record<string, unknown> = {
    number: q(h.number), hash: d(stored.hash), parentHash: d(h.parentHash), nonce: d(h.nonce), mixHash: d(h.mixHash),
    sha3Uncles: d(h.uncleHash), logsBloom: d(h.bloom), stateRoot: d(h.stateRoot), miner: d(h.coinbase),
    difficulty: q(h.difficulty), extraData: d(h.extra), gasLimit: q(h.gasLimit), gasUsed: q(h.gasUsed),
    timestamp: q(h.timestamp), transactionsRoot: d(h.txRoot), receiptsRoot: d(h.receiptRoot), extDataHash: d(h.extDataHash),
    size: q(stored.bytes.length), blockExtraData: d(stored.block.extData), uncles: [], totalDifficulty: q(h.number),
  };
  if (h.baseFee !== undefined) fields.baseFeePerGas = q(h.baseFee);
  if (h.extDataGasUsed !== undefined) fields.extDataGasUsed = q(h.extDataGasUsed);
  if (h.blockGasCost !== undefined) fields.blockGasCost = q(h.blockGasCost);
  if (h.blobGasUsed !== undefined) fields.blobGasUsed = q(h.blobGasUsed);
  if (h.excessBlobGas !== undefined) fields.excessBlobGas = q(h.excessBlobGas);
  if (h.parentBeaconRoot !== undefined) fields.parentBeaconBlockRoot = d(h.parentBeaconRoot);
  if (h.timestampMs !== undefined) fields.timestampMilliseconds = q(h.timestampMs);
  if (h.minDelayExcess !== undefined) fields.minDelayExcess = q(h.minDelayExcess);
  if (format === 'subnet-evm') for (const k of CORETH_ONLY_FIELDS) delete fields[k];
  fields.transactions = fullTx
    ? txs.map((tx, i) => txJson({ tx, raw: stored.block.txs[i]!, from: receipts?.[i]?.from ?? tx.getSenderAddress().bytes, block: stored, location: { blockHash: stored.hash, blockNumber: h.number, index: i } }))
    : txs.map((tx) => d(tx.hash()));
  return sorted(fields);
}

/** geth's RPCTransaction, in its struct field order. */
export function txJson(found: FoundTx): Record<string, unknown> {
  const { tx, block, location } = found;
  const baseFee = block?.block.header.baseFee;
  const out: Record<string, unknown> = {
    blockHash: location ? d(location.blockHash) : null,
    blockNumber: location ? q(location.blockNumber) : null,
    from: d(found.from),
    gas: q(tx.gasLimit),
  };
  if (tx.supports(Capability.EIP1559FeeMarket)) {
    // mined: the effective price; pending: the fee cap
    const tip = baseFee === undefined ? 0n : (tipCap(tx) < feeCap(tx) - baseFee ? tipCap(tx) : feeCap(tx) - baseFee);
    out.gasPrice = q(location && baseFee !== undefined ? baseFee + tip : feeCap(tx));
    out.maxFeePerGas = q(feeCap(tx));
    out.maxPriorityFeePerGas = q(tipCap(tx));
  } else {
    out.gasPrice = q(feeCap(tx));
  }
  out.hash = d(tx.hash());
  out.input = d(tx.data);
  out.nonce = q(tx.nonce);
  out.to = tx.to ? d(tx.to.bytes) : null;
  out.transactionIndex = location ? q(location.index) : null;
  out.value = q(tx.value);
  out.type = q(tx.type);
  if (tx.type !== 0) {
    out.accessList = (tx as unknown as { accessList: [Uint8Array, Uint8Array[]][] }).accessList.map(([a, keys]) => ({ address: d(a), storageKeys: keys.map(d) }));
    out.chainId = q(tx.common.chainId());
  } else if (tx.supports(Capability.EIP155ReplayProtection)) {
    out.chainId = q(tx.common.chainId());
  }
  out.v = q(tx.v ?? 0n);
  out.r = q(tx.r ?? 0n);
  out.s = q(tx.s ?? 0n);
  if (tx.type !== 0) out.yParity = q(tx.v ?? 0n);
  return out;
}

/** geth's receipt map (sorted keys). `logIndexBase` = number of logs before this tx in its block. */
export function receiptJson(found: FoundTx, logIndexBase: number): Record<string, unknown> {
  const r = found.receipt!;
  const loc = found.location!;
  return sorted({
    blockHash: d(loc.blockHash),
    blockNumber: q(loc.blockNumber),
    contractAddress: r.contractAddress ? d(r.contractAddress) : null,
    cumulativeGasUsed: q(r.cumulativeGasUsed),
    effectiveGasPrice: q(r.effectiveGasPrice),
    from: d(r.from),
    gasUsed: q(r.gasUsed),
    logs: r.logs.map((log, i) => logJson(log, found, logIndexBase + i)),
    logsBloom: d(r.bloom),
    status: q(r.status),
    to: found.tx.to ? d(found.tx.to.bytes) : null,
    transactionHash: d(found.tx.hash()),
    transactionIndex: q(loc.index),
    type: q(found.tx.type),
  });
}

export function logJson(log: StoredReceipt['logs'][number], found: FoundTx, logIndex: number): Record<string, unknown> {
  const loc = found.location!;
  return {
    address: d(log[0]), topics: log[1].map(d), data: d(log[2]), blockNumber: q(loc.blockNumber),
    transactionHash: d(found.tx.hash()), transactionIndex: q(loc.index), blockHash: d(loc.blockHash),
    logIndex: q(logIndex), removed: false,
  };
}
