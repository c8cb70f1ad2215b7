import { publicKeyFromBytes } from '../../codec/warp/bls.js';
import { encodeL1Message, registerL1ValidatorValidationId, type L1Message, type PChainOwner } from '../../codec/warp/l1-messages.js';
import { signerIndices } from '../../codec/warp/message.js';
import { encodeAddressedCall } from '../../codec/warp/payload.js';
import { encodeUnsignedMessage, parseUnsignedMessage, type UnsignedWarpMessage } from '../../codec/warp/unsigned-message.js';
import { encodeHexNoChecksum } from '../../codec/container/checksum-hex.js';
import { parseAddress } from '../../lib/bech32-address.js';
import { compareBytes } from '../../lib/bytes.js';
import { idFromString, idToString, nodeIdFromString } from '../../lib/cb58.js';
import { hexToBytes } from '../../lib/hex.js';
import type { PlatformVm } from '../chains/platform/platform-vm.js';
import type { RpcService } from '../server/avalanche-rpc.js';
import type { RpcArgs } from '../server/rpc-args.js';
import { aggregateInProcess } from './aggregator.js';
import type { DevnetMessageLog } from './message-source.js';
import type { WarpSignatureService } from './signature-service.js';

/**
 * The `devnet` JSON-RPC service at `/ext/bc/P` (Firn only): builds the warp messages an L1's validator
 * manager contract would emit — RegisterL1Validator and L1ValidatorWeight, as AddressedCalls from the manager
 * chain and address the conversion recorded — and has this devnet's validators sign them, so the whole ACP-77
 * flow runs without a deployed manager. Also aggregates signatures for any message they will sign.
 */
export interface DevnetServiceOptions {
  platform: PlatformVm;
  signatures: WarpSignatureService;
  log: DevnetMessageLog;
}

const DEFAULT_EXPIRY_SECONDS = 3600n;

function parseOwner(value: unknown, name: string): PChainOwner {
  if (value === undefined || value === null) return { threshold: 0, addresses: [] };
  if (typeof value !== 'object') throw new Error(`${name}: expected {threshold, addresses}`);
  const o = value as { threshold?: unknown; addresses?: unknown };
  const threshold = Number(o.threshold ?? 0);
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > 0xffffffff) throw new Error(`${name}.threshold: expected uint32`);
  const list = o.addresses ?? [];
  if (!Array.isArray(list)) throw new Error(`${name}.addresses: expected an array of addresses`);
  const addresses = list.map((a) => {
    if (typeof a !== 'string') throw new Error(`${name}.addresses: expected strings`);
    try {
      return parseAddress(a).shortId;
    } catch (e) {
      throw new Error(`couldn't parse address ${JSON.stringify(a)}: ${(e as Error).message}`);
    }
  });
  addresses.sort(compareBytes);
  return { threshold, addresses };
}

function hexArg(args: RpcArgs, name: string): Uint8Array {
  const text = args.string(name);
  try {
    return hexToBytes(text);
  } catch {
    throw new Error(`${name}: invalid hex`);
  }
}

export function createDevnetWarpService(o: DevnetServiceOptions): RpcService {
  const vm = o.platform;
  const networkId = vm.genesis.networkId;
  const height = () => vm.engine.lastAccepted().height;

  /** Emits `msg` from the subnet's manager (recorded by its conversion) and has the manager chain's validators sign it. */
  async function emitFromManager(subnetId: Uint8Array, msg: L1Message) {
    const conversion = vm.state.getConversion(subnetId);
    if (!conversion) throw new Error(`subnet ${JSON.stringify(idToString(subnetId))} has not been converted`);
    const payload = encodeL1Message(msg);
    const unsigned = encodeUnsignedMessage(networkId, conversion.chainId, encodeAddressedCall(conversion.address, payload));
    await o.log.record(unsigned.id, unsigned.bytes);
    const validators = await vm.store.setAt(vm.subnetOfChain(conversion.chainId), height());
    const signed = await aggregateInProcess(o.signatures, { message: unsigned, justification: new Uint8Array(0), validators, networkId });
    return { payload, unsigned, signed };
  }

  const describe = (unsigned: UnsignedWarpMessage, signed: { bytes: Uint8Array }) => ({
    messageID: idToString(unsigned.id),
    unsignedMessage: encodeHexNoChecksum(unsigned.bytes),
    signedMessage: encodeHexNoChecksum(signed.bytes),
  });

  const methods: RpcService['methods'] = {
    /** The BLS keys and proofs of possession of the validators this devnet runs (for ConvertSubnetToL1Tx). */
    getValidatorKeys: () => ({
      validators: o.signatures.signers.map((s) => ({ nodeID: s.nodeIdString, publicKey: encodeHexNoChecksum(s.publicKey), proofOfPossession: encodeHexNoChecksum(s.proofOfPossession) })),
    }),

    registerL1ValidatorMessage: async (args) => {
      const subnetId = args.id('subnetID');
      const nodeId = nodeIdFromString(args.string('nodeID'));
      const blsPublicKey = hexArg(args, 'blsPublicKey');
      publicKeyFromBytes(blsPublicKey);
      const weight = args.uint64('weight');
      if (weight === 0n) throw new Error('weight must be greater than 0');
      const expiry = args.uint64('expiry', vm.now() + DEFAULT_EXPIRY_SECONDS);
      const msg: L1Message = {
        type: 'RegisterL1Validator',
        subnetId,
        nodeId,
        blsPublicKey,
        expiry,
        remainingBalanceOwner: parseOwner(args.value('remainingBalanceOwner'), 'remainingBalanceOwner'),
        disableOwner: parseOwner(args.value('disableOwner'), 'disableOwner'),
        weight,
      };
      const { payload, unsigned, signed } = await emitFromManager(subnetId, msg);
      return { ...describe(unsigned, signed), validationID: idToString(registerL1ValidatorValidationId(payload)), expiry: expiry.toString() };
    },

    l1ValidatorWeightMessage: async (args) => {
      const validationId = args.id('validationID');
      const v = vm.state.getL1Validator(validationId);
      if (!v) throw new Error(`validation ${JSON.stringify(idToString(validationId))} does not exist`);
      const nonce = args.uint64('nonce', v.minNonce);
      const weight = args.uint64('weight');
      const { unsigned, signed } = await emitFromManager(v.subnetId, { type: 'L1ValidatorWeight', validationId, nonce, weight });
      return { ...describe(unsigned, signed), nonce: nonce.toString() };
    },

    aggregateSignatures: async (args) => {
      let message: UnsignedWarpMessage;
      try {
        message = parseUnsignedMessage(hexArg(args, 'message'));
      } catch (e) {
        throw new Error(`failed to parse warp unsigned message: ${(e as Error).message}`);
      }
      const justification = args.has('justification') ? hexArg(args, 'justification') : new Uint8Array(0);
      const subnetText = args.optionalString('signingSubnetID');
      const signingSubnet = subnetText ? idFromString(subnetText) : vm.subnetOfChain(message.sourceChainId);
      const quorum = Number(args.uint64('quorumPercentage', 67n));
      if (quorum === 0 || quorum > 100) throw new Error('Invalid quorum number');
      const at = args.has('pChainHeight') && args.uint64('pChainHeight') !== 0n ? args.uint64('pChainHeight') : height();
      const validators = await vm.store.setAt(signingSubnet, at);
      const signed = await aggregateInProcess(o.signatures, { message, justification, validators, networkId, quorumPercentage: quorum });
      return { ...describe(message, signed), signingSubnetID: idToString(signingSubnet), signers: signerIndices(signed.signature.signers) };
    },
  };
  return { name: 'devnet', methods };
}
