import { LinearReader } from '../../../../codec/linear/reader.js';
import { LinearWriter } from '../../../../codec/linear/writer.js';
import { idToString } from '../../../../lib/cb58.js';
import { key, prefixEnd, u64Key, utf8, type KvOp, type KvStore } from '../../../storage/kv.js';
import type { AtomicTx } from './tx-codec.js';

/**
 * coreth's atomic repository: every accepted atomic tx by id, with the height of its block, and the ids of
 * each height's txs. Written in the accepting block's batch.
 *   atx/<C chain id>/t/<tx id> → u64 height ‖ signed tx bytes
 *   atx/<C chain id>/h/<u64 height> → the block's tx ids, 32 bytes each
 *   atx/<C chain id>/u/<tx id> → the UTXOs an import consumed (u32 length ‖ bytes each), for devnet rewinds
 */
export class AtomicRepository {
  private readonly prefix: Uint8Array;

  constructor(private readonly db: KvStore, chainId: Uint8Array) {
    this.prefix = utf8(`atx/${idToString(chainId)}/`);
  }

  private txKey(id: Uint8Array): Uint8Array { return key(this.prefix, utf8('t/'), id); }
  private heightKey(height: bigint): Uint8Array { return key(this.prefix, utf8('h/'), u64Key(height)); }
  private consumedKey(id: Uint8Array): Uint8Array { return key(this.prefix, utf8('u/'), id); }

  acceptOps(height: bigint, txs: readonly AtomicTx[]): KvOp[] {
    if (txs.length === 0) return [];
    const ops: KvOp[] = txs.map((tx) => ({ type: 'put', key: this.txKey(tx.id), value: key(u64Key(height), tx.bytes) }));
    ops.push({ type: 'put', key: this.heightKey(height), value: key(new Uint8Array(0), ...txs.map((t) => t.id)) });
    return ops;
  }

  /** Records what each import consumed from shared memory. */
  consumedOps(imports: { id: Uint8Array; utxos: Uint8Array[] }[]): KvOp[] {
    return imports.map(({ id, utxos }) => {
      const w = new LinearWriter(utxos.reduce((n, u) => n + 4 + u.length, 0));
      for (const u of utxos) w.bytes(u);
      return { type: 'put', key: this.consumedKey(id), value: w.finish() };
    });
  }

  async consumed(id: Uint8Array): Promise<Uint8Array[]> {
    const raw = await this.db.get(this.consumedKey(id));
    if (!raw) return [];
    const r = new LinearReader(raw);
    const out: Uint8Array[] = [];
    while (r.remaining > 0) out.push(r.bytesField().slice());
    return out;
  }

  async get(id: Uint8Array): Promise<{ height: bigint; bytes: Uint8Array } | undefined> {
    const raw = await this.db.get(this.txKey(id));
    if (!raw) return undefined;
    return { height: new DataView(raw.buffer, raw.byteOffset, raw.byteLength).getBigUint64(0), bytes: raw.slice(8) };
  }

  /** Heights above `height` that hold atomic txs, with their tx ids, highest first. */
  async above(height: bigint): Promise<{ height: bigint; ids: Uint8Array[] }[]> {
    const base = key(this.prefix, utf8('h/'));
    const out: { height: bigint; ids: Uint8Array[] }[] = [];
    for await (const [k, v] of this.db.iterate({ gte: key(base, u64Key(height + 1n)), lt: prefixEnd(base), reverse: true })) {
      const h = new DataView(k.buffer, k.byteOffset + base.length, 8).getBigUint64(0);
      const ids: Uint8Array[] = [];
      for (let i = 0; i + 32 <= v.length; i += 32) ids.push(v.slice(i, i + 32));
      out.push({ height: h, ids });
    }
    return out;
  }

  /** The writes that forget a height's record and its txs. */
  forgetOps(height: bigint, ids: Uint8Array[]): KvOp[] {
    const ops: KvOp[] = [{ type: 'del', key: this.heightKey(height) }];
    for (const id of ids) ops.push({ type: 'del', key: this.txKey(id) }, { type: 'del', key: this.consumedKey(id) });
    return ops;
  }
}
