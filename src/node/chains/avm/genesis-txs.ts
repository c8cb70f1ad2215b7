import { decodeAvmGenesis, encodeAvmOutput, genesisAssetId, type AvmGenesisAsset } from '../../../codec/avm/genesis.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { compareBytes } from '../../../lib/bytes.js';
import { parseAvmTx, type AvmTx } from './tx-codec.js';

/** The avm genesis as the VM starts from it: each asset's CreateAssetTx (signed, no credentials) and alias. */
export interface GenesisAssetTx {
  alias: string;
  tx: AvmTx;
}

/** Signed bytes of a genesis asset's CreateAssetTx: `u16 0 | u32 1 | fields | u32 0 credentials`. */
function genesisTxBytes(a: AvmGenesisAsset): Uint8Array {
  const w = new LinearWriter(512);
  w.u16(0).u32(1).u32(a.networkId).fixed(a.blockchainId, 32).u32(0).u32(0).bytes(a.memo);
  w.str(a.name).str(a.symbol).u8(a.denomination);
  w.u32(a.states.length);
  for (const s of a.states) {
    w.u32(s.fxIndex).u32(s.outputs.length);
    for (const out of s.outputs) w.raw(encodeAvmOutput(out));
  }
  w.u32(0);
  return w.finish();
}

export function genesisAssetTxs(avmGenesisBytes: Uint8Array): GenesisAssetTx[] {
  return decodeAvmGenesis(avmGenesisBytes).map((asset) => {
    const tx = parseAvmTx(genesisTxBytes(asset));
    if (compareBytes(tx.id, genesisAssetId(asset)) !== 0) throw new Error(`genesis asset ${asset.alias} re-encodes to a different id`);
    return { alias: asset.alias, tx };
  });
}
