import type { L1Validator } from '../../../../store/queries/primary/l1-validators.js';
import { bech32, cb58, hex, nodeIdText, seconds } from './format.js';

export interface BalanceOwnerWire {
  addresses: string[];
  threshold: number;
}

/** glacier.json L1ValidatorDetailsFull. */
export interface L1ValidatorWire {
  validationId: string;
  validationIdHex: string;
  nodeId: string;
  subnetId: string;
  weight: number;
  remainingBalance: number;
  creationTimestamp: number;
  blsCredentials: { publicKey: string; proofOfPossession?: string };
  remainingBalanceOwner: BalanceOwnerWire;
  deactivationOwner: BalanceOwnerWire;
}

/**
 * An L1 validator. remainingBalance is the balance paid in (registration plus increases; 0 once disabled): the
 * store does not follow the continuous fee the P-chain deducts.
 */
export function l1ValidatorWire(v: L1Validator, hrp: string): L1ValidatorWire {
  const owner = (o: L1Validator['deactivationOwner']): BalanceOwnerWire => ({ addresses: o.addresses.map((a) => bech32(hrp, a)), threshold: o.threshold });
  return {
    validationId: cb58(v.validationId),
    validationIdHex: hex(v.validationId),
    nodeId: nodeIdText(v.nodeId),
    subnetId: cb58(v.subnetId),
    weight: Number(v.weight),
    remainingBalance: v.disabledAt !== undefined ? 0 : Number(v.balance),
    creationTimestamp: seconds(v.creationTimestamp),
    blsCredentials: { publicKey: hex(v.blsPublicKey), ...(v.proofOfPossession ? { proofOfPossession: hex(v.proofOfPossession) } : {}) },
    remainingBalanceOwner: owner(v.remainingBalanceOwner),
    deactivationOwner: owner(v.deactivationOwner),
  };
}
