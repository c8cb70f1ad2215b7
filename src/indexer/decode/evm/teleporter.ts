import type { EvmLogRecord, EvmTeleporterMessageRecord } from '../../../store/writers/evm/evm-batch.js';
import { addressWord, eventTopic, smallUint, uint, wordAt } from './abi.js';
import { sameBytes } from '../../../lib/bytes.js';

// TeleporterMessage = (uint256 messageNonce, address originSenderAddress, bytes32 destinationBlockchainID,
//   address destinationAddress, uint256 requiredGasLimit, address[] allowedRelayerAddresses,
//   (uint256 receivedMessageNonce, address relayerRewardAddress)[] receipts, bytes message)
const MESSAGE = '(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes)';

/** SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage, TeleporterFeeInfo). */
export const SEND_CROSS_CHAIN_MESSAGE_TOPIC = eventTopic(`SendCrossChainMessage(bytes32,bytes32,${MESSAGE},(address,uint256))`);
/** ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage). */
export const RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC = eventTopic(`ReceiveCrossChainMessage(bytes32,bytes32,address,address,${MESSAGE})`);

/**
 * A Teleporter (ICM) message sent or received by this chain, from the TeleporterMessenger's event, or
 * undefined when the log is not one. Matched on the event signature, whatever the messenger's address
 * (each Teleporter version has its own). The message fields are read when the data is well-formed.
 */
export function decodeTeleporterMessage(log: EvmLogRecord, blockTimestamp: bigint, thisBlockchainId: Uint8Array): EvmTeleporterMessageRecord | undefined {
  const topic0 = log.topics[0];
  if (!topic0) return undefined;
  const send = sameBytes(topic0, SEND_CROSS_CHAIN_MESSAGE_TOPIC);
  if (!send && !sameBytes(topic0, RECEIVE_CROSS_CHAIN_MESSAGE_TOPIC)) return undefined;
  if (log.topics.length !== (send ? 3 : 4)) return undefined;
  const base = {
    blockNumber: log.blockNumber, logIndex: log.logIndex, txIndex: log.txIndex, blockTimestamp, messageId: log.topics[1]!, messenger: log.address,
  };
  let record: EvmTeleporterMessageRecord;
  let messageOffset: number | undefined;
  if (send) {
    record = { ...base, direction: 'SOURCE_TRANSACTION', sourceBlockchainId: thisBlockchainId, destinationBlockchainId: log.topics[2]! };
    messageOffset = smallUint(wordAt(log.data, 0));
    const feeToken = addressWord(wordAt(log.data, 32));
    const feeAmount = wordAt(log.data, 64);
    if (feeToken && feeAmount) {
      record.feeToken = feeToken;
      record.feeAmount = uint(feeAmount);
    }
  } else {
    record = { ...base, direction: 'DESTINATION_TRANSACTION', sourceBlockchainId: log.topics[2]!, destinationBlockchainId: thisBlockchainId };
    const deliverer = addressWord(log.topics[3]);
    if (deliverer) record.deliverer = deliverer;
    const redeemer = addressWord(wordAt(log.data, 0));
    if (redeemer) record.rewardRedeemer = redeemer;
    messageOffset = smallUint(wordAt(log.data, 32));
  }
  if (messageOffset !== undefined) readMessageHead(log.data, messageOffset, record);
  return record;
}

/** The static head of the TeleporterMessage tuple at `offset`. */
function readMessageHead(data: Uint8Array, offset: number, record: EvmTeleporterMessageRecord): void {
  const nonce = wordAt(data, offset);
  const origin = addressWord(wordAt(data, offset + 32));
  const destinationAddress = addressWord(wordAt(data, offset + 96));
  const gasLimit = wordAt(data, offset + 128);
  if (!nonce || !origin || !destinationAddress || !gasLimit) return;
  record.messageNonce = uint(nonce);
  record.originSender = origin;
  record.destinationAddress = destinationAddress;
  record.requiredGasLimit = uint(gasLimit);
}
