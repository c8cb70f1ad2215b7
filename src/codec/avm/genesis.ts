import { LinearReader } from '../linear/reader.js';
import { LinearWriter } from '../linear/writer.js';
import { sha256 } from '../../lib/hash.js';

/**
 * The avm genesis (vms/avm/genesis.go): `Genesis{Txs []*GenesisAsset}`, each `GenesisAsset{Alias string,
 * CreateAssetTx}` with the CreateAssetTx fields inline (no type id). Genesis codec version 0; secp256k1fx type ids
 * 6 (MintOutput) and 7 (TransferOutput) from vms/avm/txs/parser.go.
 */
const CODEC_VERSION = 0;
const CREATE_ASSET_TX_TYPE = 1;
const MINT_OUTPUT_TYPE = 6;
const TRANSFER_OUTPUT_TYPE = 7;

export interface AvmOwners {
  locktime: bigint;
  threshold: number;
  addresses: Uint8Array[];
}

export type AvmInitialOutput =
  | { type: 'TransferOutput'; amount: bigint; owners: AvmOwners }
  | { type: 'MintOutput'; owners: AvmOwners };

export interface AvmInitialState {
  fxIndex: number;
  outputs: AvmInitialOutput[];
}

export interface AvmGenesisAsset {
  alias: string;
  networkId: number;
  blockchainId: Uint8Array;
  memo: Uint8Array;
  name: string;
  symbol: string;
  denomination: number;
  states: AvmInitialState[];
}

function writeOwners(w: LinearWriter, o: AvmOwners): void {
  w.u64(o.locktime).u32(o.threshold).array(o.addresses, (ww, a) => ww.fixed(a, 20));
}

export function encodeAvmOutput(out: AvmInitialOutput): Uint8Array {
  const w = new LinearWriter(64);
  writeOutput(w, out);
  return w.finish();
}

function writeOutput(w: LinearWriter, out: AvmInitialOutput): void {
  if (out.type === 'TransferOutput') {
    w.u32(TRANSFER_OUTPUT_TYPE).u64(out.amount);
  } else {
    w.u32(MINT_OUTPUT_TYPE);
  }
  writeOwners(w, out.owners);
}

/** CreateAssetTx fields (BaseTx with no outs/ins, name, symbol, denomination, states). */
function writeCreateAssetTxFields(w: LinearWriter, a: AvmGenesisAsset): void {
  w.u32(a.networkId).fixed(a.blockchainId, 32).u32(0).u32(0).bytes(a.memo);
  w.str(a.name).str(a.symbol).u8(a.denomination);
  w.array(a.states, (ww, s) => {
    ww.u32(s.fxIndex);
    ww.array(s.outputs, writeOutput);
  });
}

export function encodeAvmGenesis(assets: readonly AvmGenesisAsset[]): Uint8Array {
  const w = new LinearWriter(1024);
  w.u16(CODEC_VERSION);
  w.array(assets, (ww, a) => {
    ww.str(a.alias);
    writeCreateAssetTxFields(ww, a);
  });
  return w.finish();
}

function readOwners(r: LinearReader): AvmOwners {
  const locktime = r.u64();
  const threshold = r.u32();
  return { locktime, threshold, addresses: r.array((rr) => rr.fixed(20).slice()) };
}

function readOutput(r: LinearReader): AvmInitialOutput {
  const typeId = r.u32();
  if (typeId === TRANSFER_OUTPUT_TYPE) {
    const amount = r.u64();
    return { type: 'TransferOutput', amount, owners: readOwners(r) };
  }
  if (typeId === MINT_OUTPUT_TYPE) return { type: 'MintOutput', owners: readOwners(r) };
  throw new Error(`unsupported genesis output type id ${typeId}`);
}

function readAsset(r: LinearReader): AvmGenesisAsset {
  const alias = r.str();
  const networkId = r.u32();
  const blockchainId = r.fixed(32).slice();
  if (r.u32() !== 0 || r.u32() !== 0) throw new Error('genesis assets have no inputs or outputs');
  const memo = r.bytesField().slice();
  const name = r.str();
  const symbol = r.str();
  const denomination = r.u8();
  const states = r.array((rr): AvmInitialState => {
    const fxIndex = rr.u32();
    return { fxIndex, outputs: rr.array(readOutput) };
  });
  return { alias, networkId, blockchainId, memo, name, symbol, denomination, states };
}

export function decodeAvmGenesis(bytes: Uint8Array): AvmGenesisAsset[] {
  const r = new LinearReader(bytes);
  const version = r.u16();
  if (version !== CODEC_VERSION) throw new Error(`unknown codec version: ${version}`);
  const assets = r.array(readAsset);
  r.end();
  return assets;
}

/** The id of a genesis asset: the tx id of its CreateAssetTx signed with no credentials. */
export function genesisAssetId(asset: AvmGenesisAsset): Uint8Array {
  const w = new LinearWriter(1024);
  w.u16(CODEC_VERSION).u32(CREATE_ASSET_TX_TYPE);
  writeCreateAssetTxFields(w, asset);
  w.u32(0); // credentials
  return sha256(w.finish());
}

/** genesis.AVAXAssetID: the first asset of the avm genesis. */
export function avaxAssetIdFromAvmGenesis(avmGenesisBytes: Uint8Array): Uint8Array {
  const [first] = decodeAvmGenesis(avmGenesisBytes);
  if (first === undefined) throw new Error('genesis creates no transactions');
  return genesisAssetId(first);
}
