import { sha256 } from '../../lib/hash.js';
import { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { expectEnd, readCodecVersion, WARP_CODEC_VERSION } from './unsigned-message.js';

/**
 * The P-chain's L1 messages (vms/platformvm/warp/message, own codec, version 0), carried in AddressedCall
 * payloads: 0 SubnetToL1Conversion, 1 RegisterL1Validator, 2 L1ValidatorRegistration, 3 L1ValidatorWeight.
 */
export interface PChainOwner {
  threshold: number;
  addresses: Uint8Array[];
}

export type L1Message =
  | { type: 'SubnetToL1Conversion'; id: Uint8Array }
  | {
      type: 'RegisterL1Validator';
      subnetId: Uint8Array;
      /** []byte in the message; 20 bytes when valid. */
      nodeId: Uint8Array;
      /** Compressed G1 key. */
      blsPublicKey: Uint8Array;
      expiry: bigint;
      remainingBalanceOwner: PChainOwner;
      disableOwner: PChainOwner;
      weight: bigint;
    }
  | { type: 'L1ValidatorRegistration'; validationId: Uint8Array; registered: boolean }
  | { type: 'L1ValidatorWeight'; validationId: Uint8Array; nonce: bigint; weight: bigint };

export type L1MessageType = L1Message['type'];
const TYPE_IDS: Record<L1MessageType, number> = { SubnetToL1Conversion: 0, RegisterL1Validator: 1, L1ValidatorRegistration: 2, L1ValidatorWeight: 3 };
const GO_TYPE: Record<L1MessageType, string> = {
  SubnetToL1Conversion: '*message.SubnetToL1Conversion',
  RegisterL1Validator: '*message.RegisterL1Validator',
  L1ValidatorRegistration: '*message.L1ValidatorRegistration',
  L1ValidatorWeight: '*message.L1ValidatorWeight',
};

export function readPChainOwner(r: LinearReader): PChainOwner {
  const threshold = r.u32();
  return { threshold, addresses: r.array((rr) => rr.fixed(20).slice()) };
}

export function writePChainOwner(w: LinearWriter, o: PChainOwner): LinearWriter {
  return w.u32(o.threshold).array(o.addresses, (ww, a) => ww.fixed(a, 20));
}

export function parseL1Message(bytes: Uint8Array): L1Message {
  const r = new LinearReader(bytes);
  readCodecVersion(r);
  const typeId = r.u32();
  let m: L1Message;
  switch (typeId) {
    case 0:
      m = { type: 'SubnetToL1Conversion', id: r.fixed(32).slice() };
      break;
    case 1:
      m = {
        type: 'RegisterL1Validator',
        subnetId: r.fixed(32).slice(),
        nodeId: r.bytesField().slice(),
        blsPublicKey: r.fixed(48).slice(),
        expiry: r.u64(),
        remainingBalanceOwner: readPChainOwner(r),
        disableOwner: readPChainOwner(r),
        weight: r.u64(),
      };
      break;
    case 2:
      m = { type: 'L1ValidatorRegistration', validationId: r.fixed(32).slice(), registered: r.bool() };
      break;
    case 3:
      m = { type: 'L1ValidatorWeight', validationId: r.fixed(32).slice(), nonce: r.u64(), weight: r.u64() };
      break;
    default:
      throw new Error(`couldn't unmarshal interface: unknown type ID ${typeId}`);
  }
  expectEnd(r);
  return m;
}

/** message.ParseX: parses and insists on one type ("wrong payload type: *message.Y" otherwise). */
export function parseL1MessageOf<T extends L1MessageType>(bytes: Uint8Array, type: T): Extract<L1Message, { type: T }> {
  const m = parseL1Message(bytes);
  if (m.type !== type) throw new Error(`wrong payload type: ${GO_TYPE[m.type]}`);
  return m as Extract<L1Message, { type: T }>;
}

export function encodeL1Message(m: L1Message): Uint8Array {
  const w = new LinearWriter(128).u16(WARP_CODEC_VERSION).u32(TYPE_IDS[m.type]);
  switch (m.type) {
    case 'SubnetToL1Conversion':
      w.fixed(m.id, 32);
      break;
    case 'RegisterL1Validator':
      w.fixed(m.subnetId, 32).bytes(m.nodeId).fixed(m.blsPublicKey, 48).u64(m.expiry);
      writePChainOwner(w, m.remainingBalanceOwner);
      writePChainOwner(w, m.disableOwner);
      w.u64(m.weight);
      break;
    case 'L1ValidatorRegistration':
      w.fixed(m.validationId, 32).bool(m.registered);
      break;
    case 'L1ValidatorWeight':
      w.fixed(m.validationId, 32).u64(m.nonce).u64(m.weight);
      break;
  }
  return w.finish();
}

/** RegisterL1Validator.ValidationID: sha256 of the message's bytes. */
export function registerL1ValidatorValidationId(messageBytes: Uint8Array): Uint8Array {
  return sha256(messageBytes);
}

/** ids.ID.Append(index): the validation ID of the index-th validator of a ConvertSubnetToL1Tx. */
export function conversionValidationId(subnetId: Uint8Array, index: number): Uint8Array {
  return sha256(new LinearWriter(36).fixed(subnetId, 32).u32(index).finish());
}

export interface SubnetToL1ConversionValidator {
  nodeId: Uint8Array;
  /** Compressed G1 key. */
  blsPublicKey: Uint8Array;
  weight: bigint;
}

export interface SubnetToL1ConversionData {
  subnetId: Uint8Array;
  managerChainId: Uint8Array;
  managerAddress: Uint8Array;
  validators: SubnetToL1ConversionValidator[];
}

/** message.SubnetToL1ConversionID: sha256 of the data struct in the message codec (no type ID). */
export function subnetToL1ConversionId(d: SubnetToL1ConversionData): Uint8Array {
  const w = new LinearWriter(256).u16(WARP_CODEC_VERSION).fixed(d.subnetId, 32).fixed(d.managerChainId, 32).bytes(d.managerAddress);
  w.array(d.validators, (ww, v) => ww.bytes(v.nodeId).fixed(v.blsPublicKey, 48).u64(v.weight));
  return sha256(w.finish());
}
