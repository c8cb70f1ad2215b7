import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { prefixEnd, utf8, type KvOp, type KvStore } from '../../storage/kv.js';
import type { FeeState } from './fees.js';
import { decodeConversion, decodeL1Validator, encodeConversion, encodeL1Validator, expiryFromKey, expiryKey, type ExpiryEntry, type L1Validator, type SubnetConversion } from './l1-records.js';
import { readOwnerInterface, type Owners } from './tx-codec.js';
import { decodeUtxo, encodeUtxo, utxoId, type Utxo } from './utxo.js';

/**
 * The P-chain state: UTXOs, current stakers, subnets, chains, supply, fee state and chain time. All of it lives
 * in memory (a devnet's state is small) and every change is written through a block's `StateDiff`, whose ops go
 * into the engine's batch; `PlatformState.load` rebuilds the memory image from the store on restart.
 */
export const PRIMARY_NETWORK_ID = new Uint8Array(32);

/** Current-staker priorities in AvalancheGo's order (txs/priorities.go): lower ends first at equal end time. */
export const PRIORITY = { subnetPermissionedValidator: 7, primaryDelegator: 10, primaryValidator: 11 } as const;

export interface Staker {
  txId: Uint8Array;
  nodeId: Uint8Array;
  subnetId: Uint8Array;
  weight: bigint;
  startTime: bigint;
  endTime: bigint;
  potentialReward: bigint;
  priority: number;
}

export interface SubnetRecord { id: Uint8Array; owner: Owners; createdAt: bigint }
export interface ChainRecord { id: Uint8Array; subnetId: Uint8Array; name: string; vmId: Uint8Array }

const hex = bytesToHex;
export const validatorKey = (subnetId: Uint8Array, nodeId: Uint8Array): string => hex(subnetId) + hex(nodeId);

export function isValidatorPriority(p: number): boolean {
  return p === PRIORITY.primaryValidator || p === PRIORITY.subnetPermissionedValidator;
}

/** Staker iterator order: end time, priority, tx id. */
export function compareStakers(a: Staker, b: Staker): number {
  if (a.endTime !== b.endTime) return a.endTime < b.endTime ? -1 : 1;
  if (a.priority !== b.priority) return a.priority - b.priority;
  const x = hex(a.txId), y = hex(b.txId);
  return x < y ? -1 : x > y ? 1 : 0;
}

const P = 'pvm/';
const K = {
  utxo: (id: Uint8Array) => utf8(`${P}u/${hex(id)}`),
  staker: (txId: Uint8Array) => utf8(`${P}s/${hex(txId)}`),
  subnet: (id: Uint8Array) => utf8(`${P}n/${hex(id)}`),
  chain: (id: Uint8Array) => utf8(`${P}c/${hex(id)}`),
  delegatee: (k: string) => utf8(`${P}d/${k}`),
  l1: (validationId: Uint8Array) => utf8(`${P}l/${hex(validationId)}`),
  conversion: (subnetId: Uint8Array) => utf8(`${P}k/${hex(subnetId)}`),
  expiry: (key: string) => utf8(`${P}e/${key}`),
  singletons: utf8(`${P}meta`),
};

function encodeStaker(s: Staker): Uint8Array {
  return new LinearWriter(128).fixed(s.txId, 32).fixed(s.nodeId, 20).fixed(s.subnetId, 32).u64(s.weight).u64(s.startTime).u64(s.endTime).u64(s.potentialReward).u8(s.priority).finish();
}
function decodeStaker(b: Uint8Array): Staker {
  const r = new LinearReader(b);
  return { txId: r.fixed(32).slice(), nodeId: r.fixed(20).slice(), subnetId: r.fixed(32).slice(), weight: r.u64(), startTime: r.u64(), endTime: r.u64(), potentialReward: r.u64(), priority: r.u8() };
}
function encodeSubnet(s: SubnetRecord): Uint8Array {
  return new LinearWriter(96).fixed(s.id, 32).u64(s.createdAt).raw(s.owner.bytes).finish();
}
function decodeSubnet(b: Uint8Array): SubnetRecord {
  const r = new LinearReader(b);
  return { id: r.fixed(32).slice(), createdAt: r.u64(), owner: readOwnerInterface(r) };
}
function encodeChain(c: ChainRecord): Uint8Array {
  return new LinearWriter(128).fixed(c.id, 32).fixed(c.subnetId, 32).fixed(c.vmId, 32).str(c.name).finish();
}
function decodeChain(b: Uint8Array): ChainRecord {
  const r = new LinearReader(b);
  return { id: r.fixed(32).slice(), subnetId: r.fixed(32).slice(), vmId: r.fixed(32).slice(), name: r.str() };
}

interface Singletons { timestamp: bigint; supply: bigint; fee: FeeState; accruedFees: bigint; l1Excess: bigint }

function encodeSingletons(s: Singletons): Uint8Array {
  return new LinearWriter(48).u64(s.timestamp).u64(s.supply).u64(s.fee.capacity).u64(s.fee.excess).u64(s.accruedFees).u64(s.l1Excess).finish();
}

/** The read side shared by the accepted state and a diff on top of it. */
export interface StateView {
  readonly timestamp: bigint;
  readonly supply: bigint;
  readonly fee: FeeState;
  getUtxo(id: Uint8Array): Utxo | undefined;
  getSubnet(id: Uint8Array): SubnetRecord | undefined;
  getChain(id: Uint8Array): ChainRecord | undefined;
  getValidator(subnetId: Uint8Array, nodeId: Uint8Array): Staker | undefined;
  /** Current stakers in iterator order. */
  stakers(): Staker[];
  delegateeReward(subnetId: Uint8Array, nodeId: Uint8Array): bigint;
  /** ACP-77: total continuous fees per validator since Etna, and the validator-fee excess. */
  readonly accruedFees: bigint;
  readonly l1Excess: bigint;
  getL1Validator(validationId: Uint8Array): L1Validator | undefined;
  /** Every current L1 validator (active and inactive). */
  l1Validators(): L1Validator[];
  getConversion(subnetId: Uint8Array): SubnetConversion | undefined;
  hasExpiry(e: ExpiryEntry): boolean;
  /** Expiries in timestamp order. */
  expiries(): ExpiryEntry[];
}

export class PlatformState implements StateView {
  timestamp = 0n;
  supply = 0n;
  fee: FeeState = { capacity: 0n, excess: 0n };
  readonly utxos = new Map<string, Utxo>();
  /** address hex → utxo id hex set. */
  readonly byAddress = new Map<string, Set<string>>();
  readonly currentStakers = new Map<string, Staker>();
  readonly validators = new Map<string, Staker>();
  readonly subnets = new Map<string, SubnetRecord>();
  readonly chains = new Map<string, ChainRecord>();
  readonly delegatee = new Map<string, bigint>();
  accruedFees = 0n;
  l1Excess = 0n;
  readonly l1 = new Map<string, L1Validator>();
  readonly conversions = new Map<string, SubnetConversion>();
  /** expiryKey → entry. */
  readonly expiry = new Map<string, ExpiryEntry>();
  private sorted: Staker[] | undefined;

  /** Loads the state written by earlier blocks; false when the store has none (genesis must be applied). */
  static async load(db: KvStore): Promise<{ state: PlatformState; initialized: boolean }> {
    const state = new PlatformState();
    const meta = await db.get(K.singletons);
    if (!meta) return { state, initialized: false };
    const r = new LinearReader(meta);
    state.timestamp = r.u64();
    state.supply = r.u64();
    state.fee = { capacity: r.u64(), excess: r.u64() };
    if (r.remaining >= 16) {
      state.accruedFees = r.u64();
      state.l1Excess = r.u64();
    }
    const scan = async (prefix: string, f: (k: string, v: Uint8Array) => void) => {
      const p = utf8(P + prefix);
      for await (const [k, v] of db.iterate({ gte: p, lt: prefixEnd(p) })) f(new TextDecoder().decode(k.subarray(p.length)), v);
    };
    await scan('u/', (_k, v) => state.putUtxo(decodeUtxo(v)));
    await scan('s/', (_k, v) => state.putStaker(decodeStaker(v)));
    await scan('n/', (_k, v) => { const s = decodeSubnet(v); state.subnets.set(hex(s.id), s); });
    await scan('c/', (_k, v) => { const c = decodeChain(v); state.chains.set(hex(c.id), c); });
    await scan('d/', (k, v) => state.delegatee.set(k, new DataView(v.buffer, v.byteOffset).getBigUint64(0)));
    await scan('l/', (_k, v) => { const l = decodeL1Validator(v); state.l1.set(hex(l.validationId), l); });
    await scan('k/', (_k, v) => { const c = decodeConversion(v); state.conversions.set(hex(c.subnetId), c); });
    await scan('e/', (k) => state.expiry.set(k, expiryFromKey(k)));
    return { state, initialized: true };
  }

  getUtxo(id: Uint8Array): Utxo | undefined { return this.utxos.get(hex(id)); }
  getSubnet(id: Uint8Array): SubnetRecord | undefined { return this.subnets.get(hex(id)); }
  getChain(id: Uint8Array): ChainRecord | undefined { return this.chains.get(hex(id)); }
  getValidator(subnetId: Uint8Array, nodeId: Uint8Array): Staker | undefined { return this.validators.get(validatorKey(subnetId, nodeId)); }
  delegateeReward(subnetId: Uint8Array, nodeId: Uint8Array): bigint { return this.delegatee.get(validatorKey(subnetId, nodeId)) ?? 0n; }
  getL1Validator(id: Uint8Array): L1Validator | undefined { return this.l1.get(hex(id)); }
  l1Validators(): L1Validator[] { return [...this.l1.values()]; }
  getConversion(subnetId: Uint8Array): SubnetConversion | undefined { return this.conversions.get(hex(subnetId)); }
  hasExpiry(e: ExpiryEntry): boolean { return this.expiry.has(expiryKey(e)); }
  expiries(): ExpiryEntry[] { return [...this.expiry.keys()].sort().map((k) => this.expiry.get(k)!); }

  stakers(): Staker[] {
    this.sorted ??= [...this.currentStakers.values()].sort(compareStakers);
    return this.sorted;
  }

  /** UTXO ids owned by an address, sorted (the order getUTXOs pages in). */
  utxoIdsOf(address: Uint8Array): string[] {
    return [...(this.byAddress.get(hex(address)) ?? [])].sort();
  }

  private putUtxo(u: Utxo): void {
    const id = hex(utxoId(u));
    this.utxos.set(id, u);
    for (const a of u.output.owners.addresses) {
      const k = hex(a);
      let set = this.byAddress.get(k);
      if (!set) this.byAddress.set(k, (set = new Set()));
      set.add(id);
    }
  }

  private deleteUtxo(idHex: string): void {
    const u = this.utxos.get(idHex);
    if (!u) return;
    this.utxos.delete(idHex);
    for (const a of u.output.owners.addresses) this.byAddress.get(hex(a))?.delete(idHex);
  }

  private putStaker(s: Staker): void {
    this.currentStakers.set(hex(s.txId), s);
    if (isValidatorPriority(s.priority)) this.validators.set(validatorKey(s.subnetId, s.nodeId), s);
    this.sorted = undefined;
  }

  private deleteStaker(s: Staker): void {
    this.currentStakers.delete(hex(s.txId));
    if (isValidatorPriority(s.priority)) this.validators.delete(validatorKey(s.subnetId, s.nodeId));
    this.sorted = undefined;
  }

  /** Applies an accepted diff to memory (after its ops are durable). */
  apply(d: StateDiff): void {
    this.timestamp = d.timestamp;
    this.supply = d.supply;
    this.fee = d.fee;
    for (const id of d.removedUtxos) this.deleteUtxo(id);
    for (const u of d.addedUtxos.values()) this.putUtxo(u);
    for (const s of d.removedStakers.values()) this.deleteStaker(s);
    for (const s of d.addedStakers.values()) this.putStaker(s);
    for (const [k, s] of d.subnets) this.subnets.set(k, s);
    for (const [k, c] of d.chains) this.chains.set(k, c);
    for (const [k, v] of d.delegatee) this.delegatee.set(k, v);
    this.accruedFees = d.accruedFees;
    this.l1Excess = d.l1Excess;
    for (const [k, v] of d.l1Modified) {
      if (v.weight === 0n) this.l1.delete(k);
      else this.l1.set(k, v);
    }
    for (const [k, c] of d.conversions) this.conversions.set(k, c);
    for (const k of d.removedExpiries) this.expiry.delete(k);
    for (const [k, e] of d.addedExpiries) this.expiry.set(k, e);
  }
}

/** A block's changes on top of the accepted state: what executors read through and write to. */
export class StateDiff implements StateView {
  timestamp: bigint;
  supply: bigint;
  fee: FeeState;
  readonly addedUtxos = new Map<string, Utxo>();
  readonly removedUtxos = new Set<string>();
  readonly addedStakers = new Map<string, Staker>();
  readonly removedStakers = new Map<string, Staker>();
  readonly subnets = new Map<string, SubnetRecord>();
  readonly chains = new Map<string, ChainRecord>();
  readonly delegatee = new Map<string, bigint>();
  accruedFees: bigint;
  l1Excess: bigint;
  /** validation ID hex → the validator's new record; weight 0 marks a removal. */
  readonly l1Modified = new Map<string, L1Validator>();
  readonly conversions = new Map<string, SubnetConversion>();
  readonly addedExpiries = new Map<string, ExpiryEntry>();
  readonly removedExpiries = new Set<string>();

  constructor(readonly parent: StateView) {
    this.timestamp = parent.timestamp;
    this.supply = parent.supply;
    this.fee = parent.fee;
    this.accruedFees = parent.accruedFees;
    this.l1Excess = parent.l1Excess;
  }

  /** A nested diff whose changes can be merged back with `commitInto` (one tx on top of a block). */
  child(): StateDiff { return new StateDiff(this); }

  getUtxo(id: Uint8Array): Utxo | undefined {
    const k = hex(id);
    if (this.removedUtxos.has(k)) return undefined;
    return this.addedUtxos.get(k) ?? this.parent.getUtxo(id);
  }
  getSubnet(id: Uint8Array): SubnetRecord | undefined { return this.subnets.get(hex(id)) ?? this.parent.getSubnet(id); }
  getChain(id: Uint8Array): ChainRecord | undefined { return this.chains.get(hex(id)) ?? this.parent.getChain(id); }
  getValidator(subnetId: Uint8Array, nodeId: Uint8Array): Staker | undefined {
    for (const s of this.addedStakers.values()) if (isValidatorPriority(s.priority) && validatorKey(s.subnetId, s.nodeId) === validatorKey(subnetId, nodeId)) return s;
    const v = this.parent.getValidator(subnetId, nodeId);
    return v && !this.removedStakers.has(hex(v.txId)) ? v : undefined;
  }
  stakers(): Staker[] {
    const base = this.parent.stakers().filter((s) => !this.removedStakers.has(hex(s.txId)));
    if (this.addedStakers.size === 0) return base;
    return [...base, ...this.addedStakers.values()].sort(compareStakers);
  }
  delegateeReward(subnetId: Uint8Array, nodeId: Uint8Array): bigint {
    return this.delegatee.get(validatorKey(subnetId, nodeId)) ?? this.parent.delegateeReward(subnetId, nodeId);
  }
  getL1Validator(id: Uint8Array): L1Validator | undefined {
    const m = this.l1Modified.get(hex(id));
    if (m) return m.weight === 0n ? undefined : m;
    return this.parent.getL1Validator(id);
  }
  l1Validators(): L1Validator[] {
    const out = this.parent.l1Validators().filter((v) => !this.l1Modified.has(hex(v.validationId)));
    for (const v of this.l1Modified.values()) if (v.weight !== 0n) out.push(v);
    return out;
  }
  getConversion(subnetId: Uint8Array): SubnetConversion | undefined { return this.conversions.get(hex(subnetId)) ?? this.parent.getConversion(subnetId); }
  hasExpiry(e: ExpiryEntry): boolean {
    const k = expiryKey(e);
    if (this.addedExpiries.has(k)) return true;
    return !this.removedExpiries.has(k) && this.parent.hasExpiry(e);
  }
  expiries(): ExpiryEntry[] {
    const all = new Map<string, ExpiryEntry>();
    for (const e of this.parent.expiries()) all.set(expiryKey(e), e);
    for (const k of this.removedExpiries) all.delete(k);
    for (const [k, e] of this.addedExpiries) all.set(k, e);
    return [...all.keys()].sort().map((k) => all.get(k)!);
  }

  addUtxo(u: Utxo): void {
    const k = hex(utxoId(u));
    this.removedUtxos.delete(k);
    this.addedUtxos.set(k, u);
  }
  consumeUtxo(id: Uint8Array): void {
    const k = hex(id);
    if (this.addedUtxos.delete(k) && !this.parent.getUtxo(id)) return;
    this.removedUtxos.add(k);
  }
  putStaker(s: Staker): void { this.addedStakers.set(hex(s.txId), s); }
  deleteStaker(s: Staker): void {
    const k = hex(s.txId);
    if (this.addedStakers.delete(k)) return;
    this.removedStakers.set(k, s);
  }
  putSubnet(s: SubnetRecord): void { this.subnets.set(hex(s.id), s); }
  putChain(c: ChainRecord): void { this.chains.set(hex(c.id), c); }
  setDelegateeReward(subnetId: Uint8Array, nodeId: Uint8Array, v: bigint): void { this.delegatee.set(validatorKey(subnetId, nodeId), v); }
  /** PutL1Validator: weight 0 removes the validator. */
  putL1Validator(v: L1Validator): void { this.l1Modified.set(hex(v.validationId), v); }
  putConversion(c: SubnetConversion): void { this.conversions.set(hex(c.subnetId), c); }
  putExpiry(e: ExpiryEntry): void {
    const k = expiryKey(e);
    this.removedExpiries.delete(k);
    this.addedExpiries.set(k, e);
  }
  deleteExpiry(e: ExpiryEntry): void {
    const k = expiryKey(e);
    if (this.addedExpiries.delete(k) && !this.parent.hasExpiry(e)) return;
    this.removedExpiries.add(k);
  }

  /** Merges a child diff's changes into this one. */
  absorb(c: StateDiff): void {
    this.timestamp = c.timestamp;
    this.supply = c.supply;
    this.fee = c.fee;
    for (const id of c.removedUtxos) this.consumeUtxo(hexToBytes(id));
    for (const u of c.addedUtxos.values()) this.addUtxo(u);
    for (const s of c.removedStakers.values()) this.deleteStaker(s);
    for (const s of c.addedStakers.values()) this.putStaker(s);
    for (const s of c.subnets.values()) this.putSubnet(s);
    for (const ch of c.chains.values()) this.putChain(ch);
    for (const [k, v] of c.delegatee) this.delegatee.set(k, v);
    this.accruedFees = c.accruedFees;
    this.l1Excess = c.l1Excess;
    for (const v of c.l1Modified.values()) this.putL1Validator(v);
    for (const cv of c.conversions.values()) this.putConversion(cv);
    for (const k of c.removedExpiries) this.deleteExpiry(expiryFromKey(k));
    for (const e of c.addedExpiries.values()) this.putExpiry(e);
  }

  /** The writes that persist this diff (applied to the accepted state). */
  ops(): KvOp[] {
    const ops: KvOp[] = [{ type: 'put', key: K.singletons, value: encodeSingletons(this) }];
    for (const id of this.removedUtxos) ops.push({ type: 'del', key: K.utxo(hexToBytes(id)) });
    for (const u of this.addedUtxos.values()) ops.push({ type: 'put', key: K.utxo(utxoId(u)), value: encodeUtxo(u) });
    for (const s of this.removedStakers.values()) ops.push({ type: 'del', key: K.staker(s.txId) });
    for (const s of this.addedStakers.values()) ops.push({ type: 'put', key: K.staker(s.txId), value: encodeStaker(s) });
    for (const s of this.subnets.values()) ops.push({ type: 'put', key: K.subnet(s.id), value: encodeSubnet(s) });
    for (const c of this.chains.values()) ops.push({ type: 'put', key: K.chain(c.id), value: encodeChain(c) });
    for (const [k, v] of this.delegatee) ops.push({ type: 'put', key: K.delegatee(k), value: new LinearWriter(8).u64(v).finish() });
    for (const v of this.l1Modified.values()) {
      ops.push(v.weight === 0n ? { type: 'del', key: K.l1(v.validationId) } : { type: 'put', key: K.l1(v.validationId), value: encodeL1Validator(v) });
    }
    for (const c of this.conversions.values()) ops.push({ type: 'put', key: K.conversion(c.subnetId), value: encodeConversion(c) });
    for (const k of this.removedExpiries) ops.push({ type: 'del', key: K.expiry(k) });
    for (const k of this.addedExpiries.keys()) ops.push({ type: 'put', key: K.expiry(k), value: new Uint8Array(0) });
    return ops;
  }
}

