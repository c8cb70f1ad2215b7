import type { EvmLogRecord, EvmTokenTransferRecord, TokenStandard } from '../../../store/writers/evm/evm-batch.js';
import { addressWord, eventTopic, uint, uintArrayAt, wordAt } from './abi.js';
import { sameBytes } from '../../../lib/bytes.js';

export const TRANSFER_TOPIC = eventTopic('Transfer(address,address,uint256)');
export const TRANSFER_SINGLE_TOPIC = eventTopic('TransferSingle(address,address,address,uint256,uint256)');
export const TRANSFER_BATCH_TOPIC = eventTopic('TransferBatch(address,address,address,uint256[],uint256[])');

/**
 * The token movements of one log, appended to `out`: an ERC-20 Transfer (3 topics, value in data), an
 * ERC-721 Transfer (4 topics, tokenId indexed, no data), an ERC-1155 TransferSingle, or one row per
 * (id, value) of a TransferBatch. Logs that only look like these (wrong shape, non-address topics) are skipped.
 */
export function decodeTokenTransfers(log: EvmLogRecord, blockTimestamp: bigint, out: EvmTokenTransferRecord[]): void {
  const topics = log.topics;
  const topic0 = topics[0];
  if (!topic0) return;
  if (sameBytes(topic0, TRANSFER_TOPIC)) {
    const from = addressWord(topics[1]);
    const to = addressWord(topics[2]);
    if (!from || !to) return;
    if (topics.length === 3 && log.data.length === 32) {
      out.push(transfer(log, 0, blockTimestamp, 20, from, to, undefined, uint(log.data), undefined));
    } else if (topics.length === 4 && log.data.length === 0) {
      out.push(transfer(log, 0, blockTimestamp, 721, from, to, uint(topics[3]!), 1n, undefined));
    }
    return;
  }
  const single = sameBytes(topic0, TRANSFER_SINGLE_TOPIC);
  if (!single && !sameBytes(topic0, TRANSFER_BATCH_TOPIC)) return;
  if (topics.length !== 4) return;
  const operator = addressWord(topics[1]);
  const from = addressWord(topics[2]);
  const to = addressWord(topics[3]);
  if (!operator || !from || !to) return;
  if (single) {
    const id = wordAt(log.data, 0);
    const value = wordAt(log.data, 32);
    if (!id || !value || log.data.length !== 64) return;
    out.push(transfer(log, 0, blockTimestamp, 1155, from, to, uint(id), uint(value), operator));
    return;
  }
  const ids = uintArrayAt(log.data, 0, 0);
  const values = uintArrayAt(log.data, 0, 32);
  if (!ids || !values || ids.length !== values.length) return;
  for (let i = 0; i < ids.length; i++) out.push(transfer(log, i, blockTimestamp, 1155, from, to, ids[i]!, values[i]!, operator));
}

/** Every record built with the same shape (optional fields present as undefined) keeps the hot loops monomorphic. */
function transfer(
  log: EvmLogRecord, batchIndex: number, blockTimestamp: bigint, standard: TokenStandard, from: Uint8Array, to: Uint8Array,
  tokenId: bigint | undefined, value: bigint, operator: Uint8Array | undefined,
): EvmTokenTransferRecord {
  return {
    blockNumber: log.blockNumber, logIndex: log.logIndex, batchIndex, txIndex: log.txIndex, blockTimestamp, token: log.address, standard, from, to,
    tokenId, value, operator,
  };
}
