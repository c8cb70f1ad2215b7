import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { readOutput, utxoInputId, type Output } from './tx-codec.js';

/** avax.UTXO as the P-chain stores it and as getUTXOs serves it (codec version 0). */
export interface Utxo {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  output: Output;
}

export function encodeUtxo(u: Utxo): Uint8Array {
  return new LinearWriter(80 + u.output.bytes.length).u16(0).fixed(u.txId, 32).u32(u.outputIndex).fixed(u.assetId, 32).raw(u.output.bytes).finish();
}

export function decodeUtxo(bytes: Uint8Array): Utxo {
  const r = new LinearReader(bytes);
  const version = r.u16();
  if (version !== 0) throw new Error(`unknown codec version: ${version}`);
  const txId = r.fixed(32).slice();
  const outputIndex = r.u32();
  const assetId = r.fixed(32).slice();
  const output = readOutput(r);
  r.end();
  return { txId, outputIndex, assetId, output };
}

export function utxoId(u: Utxo): Uint8Array {
  return utxoInputId(u.txId, u.outputIndex);
}
