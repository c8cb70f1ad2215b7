import { bytesToHex } from '../../../lib/hex.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { utf8, type KvOp, type KvStore } from '../../storage/kv.js';
import { decodeUtxo, encodeUtxo, type Utxo } from './utxo.js';

/**
 * What the P-chain keeps besides its state: accepted txs with their status, blocks by id and height, reward
 * UTXOs per staker tx, and the validator sets at the heights where they changed (getValidatorsAt).
 */
export type TxStatus = 'Committed' | 'Aborted';
const STATUS_CODE: Record<TxStatus, number> = { Committed: 4, Aborted: 5 };

export interface StoredTx { status: TxStatus; height: bigint; bytes: Uint8Array }
export interface StoredBlock { id: Uint8Array; height: bigint; bytes: Uint8Array }
export interface SetEntry { nodeId: Uint8Array; weight: bigint; publicKey?: Uint8Array }

const P = 'pvm/';
const K = {
  tx: (id: Uint8Array) => utf8(`${P}tx/${bytesToHex(id)}`),
  block: (id: Uint8Array) => utf8(`${P}b/${bytesToHex(id)}`),
  height: (h: bigint) => utf8(`${P}h/${h.toString().padStart(20, '0')}`),
  reward: (id: Uint8Array) => utf8(`${P}r/${bytesToHex(id)}`),
  set: (subnet: Uint8Array, h: bigint) => utf8(`${P}v/${bytesToHex(subnet)}/${h.toString().padStart(20, '0')}`),
};

export class ChainStore {
  constructor(private readonly db: KvStore) {}

  txOps(id: Uint8Array, bytes: Uint8Array, status: TxStatus, height: bigint): KvOp {
    return { type: 'put', key: K.tx(id), value: new LinearWriter(bytes.length + 9).u8(STATUS_CODE[status]).u64(height).raw(bytes).finish() };
  }

  async getTx(id: Uint8Array): Promise<StoredTx | undefined> {
    const raw = await this.db.get(K.tx(id));
    if (!raw) return undefined;
    const r = new LinearReader(raw);
    const code = r.u8();
    return { status: code === STATUS_CODE.Aborted ? 'Aborted' : 'Committed', height: r.u64(), bytes: r.rest().slice() };
  }

  blockOps(id: Uint8Array, height: bigint, bytes: Uint8Array): KvOp[] {
    return [
      { type: 'put', key: K.block(id), value: new LinearWriter(bytes.length + 8).u64(height).raw(bytes).finish() },
      { type: 'put', key: K.height(height), value: id },
    ];
  }

  async getBlock(id: Uint8Array): Promise<StoredBlock | undefined> {
    const raw = await this.db.get(K.block(id));
    if (!raw) return undefined;
    const r = new LinearReader(raw);
    return { id, height: r.u64(), bytes: r.rest().slice() };
  }

  async getBlockAt(height: bigint): Promise<StoredBlock | undefined> {
    const id = await this.db.get(K.height(height));
    return id ? this.getBlock(id) : undefined;
  }

  rewardOps(stakerTxId: Uint8Array, utxos: Utxo[]): KvOp {
    const w = new LinearWriter(256).u32(utxos.length);
    for (const u of utxos) w.bytes(encodeUtxo(u));
    return { type: 'put', key: K.reward(stakerTxId), value: w.finish() };
  }

  async getRewardUtxos(stakerTxId: Uint8Array): Promise<Utxo[]> {
    const raw = await this.db.get(K.reward(stakerTxId));
    if (!raw) return [];
    return new LinearReader(raw).array((r) => decodeUtxo(r.bytesField().slice()));
  }

  setOps(subnet: Uint8Array, height: bigint, entries: SetEntry[]): KvOp {
    const w = new LinearWriter(64 * entries.length + 4).u32(entries.length);
    for (const e of entries) {
      w.fixed(e.nodeId, 20).u64(e.weight).u8(e.publicKey ? 1 : 0);
      if (e.publicKey) w.fixed(e.publicKey, 48);
    }
    return { type: 'put', key: K.set(subnet, height), value: w.finish() };
  }

  /** The subnet's validator set as of `height` (the last recorded change at or below it). */
  async setAt(subnet: Uint8Array, height: bigint): Promise<SetEntry[]> {
    const lo = K.set(subnet, 0n);
    const hi = K.set(subnet, height + 1n);
    let last: Uint8Array | undefined;
    for await (const [, v] of this.db.iterate({ gte: lo, lt: hi, reverse: true, limit: 1 })) last = v;
    if (!last) return [];
    return new LinearReader(last).array((r) => {
      const nodeId = r.fixed(20).slice();
      const weight = r.u64();
      const pk = r.u8() === 1 ? r.fixed(48).slice() : undefined;
      return { nodeId, weight, ...(pk ? { publicKey: pk } : {}) };
    });
  }
}

