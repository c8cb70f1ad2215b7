import * as ajs from '@avalabs/avalanchejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActivity, type ActivityHandle } from '../../src/activity/start-activity.js';
import { avalanchejsCodec } from '../../src/codec/container/avalanchejs.js';
import { cb58Encode } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { bytesToHex, hexToBytes } from '../../src/lib/hex.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

// avalanchejs' classes type as `any` under NodeNext (see src/codec/container/avalanchejs.ts).
const A = ajs as any;

/**
 * avm.getBlock / getBlockByHeight / getTx with `encoding: "json"` against AvalancheGo's shapes, field by field and in
 * Go's field order, for every X-chain tx type the activity generator sends. The expected JSON is built here from an
 * independent decoding of the same bytes (avalanchejs, served as hex by the node) following AvalancheGo's structs
 * (vms/avm/txs, vms/components/avax, secp256k1fx, nftfx): embedded structs inline in field order, outputs marshalled
 * from a Go map (sorted keys), uint64/uint32 as bare JSON numbers, byte slices as 0x hex, addresses `X-<hrp>1…`.
 */

const SEED = 'firn-x-json';
const ACTIONS = 16;
/** AvalancheGo's utils/constants HRPs by network id. */
const HRPS: Record<number, string> = { 1: 'avax', 5: 'fuji', 12345: 'local' };
/** An fx id is its name's ASCII bytes, zero-padded to 32 (vms/{secp256k1fx,nftfx,propertyfx}/factory.go). */
const fxId = (name: string): string => {
  const b = new Uint8Array(32);
  b.set(new TextEncoder().encode(name));
  return cb58Encode(b);
};
const SECP = fxId('secp256k1fx');
const NFT = fxId('nftfx');
const CRED_FX: Record<number, string> = { 9: SECP, 14: NFT };
const ZERO_ID = cb58Encode(new Uint8Array(32));

/** JSON.parse that keeps numbers exact and tells them from strings: every number becomes the string `#<digits>`. */
function parseExact(text: string): any {
  return JSON.parse(text.replace(/("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g, (m, str: string | undefined) => str ?? `"#${m}"`));
}
const num = (v: bigint | number): string => `#${v}`;

let node: DevnetProcess;
let run: ActivityHandle;
let hrp: string;

async function call(method: string, params: unknown): Promise<any> {
  const r = await fetch(`${node.url}/ext/bc/X`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = parseExact(await r.text());
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const hexBytes = (checked: string): Uint8Array => hexToBytes(checked).subarray(0, -4); // drop the 4-byte checksum

// ── AvalancheGo's JSON built from avalanchejs' decoding ──

const addr = (a: any): string => `X-${a.toString(hrp)}`;
const sigIndices = (input: any) => ({ signatureIndices: input.sigIndices.map((i: any) => num(i.value())) });
/** secp256k1fx.OutputOwners.Fields(): a Go map, so keys sorted. */
const owners = (o: any) => ({ addresses: o.addrs.map(addr), locktime: num(o.locktime.value()), threshold: num(o.threshold.value()) });

function output(out: any): Record<string, unknown> {
  const o = owners(out.outputOwners);
  switch (String(out._type)) {
    case 'secp256k1fx.TransferOutput':
      return { addresses: o.addresses, amount: num(out.amt.value()), locktime: o.locktime, threshold: o.threshold };
    case 'secp256k1fx.MintOutput':
      return o;
    case 'nftfx.MintOutput':
      return { addresses: o.addresses, groupID: num(out.groupId.value()), locktime: o.locktime, threshold: o.threshold };
    case 'nftfx.TransferOutput':
      return { addresses: o.addresses, groupID: num(out.groupId.value()), locktime: o.locktime, payload: out.payload.toJSON(), threshold: o.threshold };
    default:
      throw new Error(`unexpected output ${String(out._type)}`);
  }
}
const outputFx = (out: any): string => (String(out._type).startsWith('nftfx.') ? NFT : SECP);

const transferableOutput = (o: any) => ({ assetID: o.assetId.toString(), fxID: outputFx(o.output), output: output(o.output) });
const transferableInput = (i: any) => ({
  txID: i.utxoID.txID.toString(),
  outputIndex: num(i.utxoID.outputIdx.value()),
  assetID: i.assetId.toString(),
  fxID: SECP,
  input: { amount: num(i.input.amt.value()), ...sigIndices(i.input.input) },
});

function operation(op: any): Record<string, unknown> {
  const fx = op.transferOp;
  let json: Record<string, unknown>;
  switch (String(fx._type)) {
    case 'secp256k1fx.MintOperation':
      json = { mintInput: sigIndices(fx.input), mintOutput: owners(fx.mintOutput.outputOwners), transferOutput: output(fx.transferOutput) };
      break;
    case 'nftfx.MintOperation':
      json = { mintInput: sigIndices(fx.input), groupID: num(fx.groupId.value()), payload: fx.payload.toJSON(), outputs: fx.outputOwnerList.outputOwners.map(owners) };
      break;
    case 'nftfx.TransferOperation':
      json = { input: sigIndices(fx.input), output: output(fx.output) };
      break;
    default:
      throw new Error(`unexpected operation ${String(fx._type)}`);
  }
  return {
    assetID: op.assetId.toString(),
    inputIDs: op.UTXOId.map((u: any) => ({ txID: u.txID.toString(), outputIndex: num(u.outputIdx.value()) })),
    fxID: String(fx._type).startsWith('nftfx.') ? NFT : SECP,
    operation: json,
  };
}

/** Credential type IDs, read from the bytes: avalanchejs decodes an nftfx credential (14) as a secp256k1fx one. */
function credentialTypes(standalone: Uint8Array, unsignedTx: any): number[] {
  const unsignedLen = avalanchejsCodec('AVM').PackPrefix(unsignedTx).length;
  const view = new DataView(standalone.buffer, standalone.byteOffset, standalone.byteLength);
  let at = 2 + unsignedLen;
  const n = view.getUint32(at);
  at += 4;
  const types: number[] = [];
  for (let i = 0; i < n; i++) {
    types.push(view.getUint32(at));
    at += 8 + 65 * view.getUint32(at + 4);
  }
  expect(at).toBe(standalone.length);
  return types;
}

/** The tx's kind and AvalancheGo's `encoding: "json"` form of the standalone signed tx `bytes`. */
function expectedTx(bytes: Uint8Array): { kind: string; json: Record<string, unknown> } {
  const signed = A.avmSerial.getAVMManager().unpack(bytes, A.avaxSerial.SignedTx);
  const u = signed.unsignedTx;
  const b = u.baseTx;
  const unsigned: Record<string, unknown> = {
    networkID: num(b.NetworkId.value()),
    blockchainID: b.BlockchainId.toString(),
    outputs: b.outputs.map(transferableOutput),
    inputs: b.inputs.map(transferableInput),
    memo: b.memo.toJSON(),
  };
  let kind = String(u._type);
  switch (kind) {
    case 'avm.BaseTx':
      break;
    case 'avm.CreateAssetTx':
      unsigned.name = u.name.value();
      unsigned.symbol = u.symbol.value();
      unsigned.denomination = num(u.denomination.toBytes()[0]);
      unsigned.initialStates = u.initialStates.map((s: any) => ({ fxIndex: num(s.fxId.value()), fxID: [SECP, NFT][s.fxId.value()], outputs: s.outputs.map(output) }));
      kind += ` (${u.initialStates.map((s: any) => ['secp256k1fx', 'nftfx'][s.fxId.value()]).join(', ')})`;
      break;
    case 'avm.OperationTx':
      unsigned.operations = u.ops.map(operation);
      kind += ` (${u.ops.map((o: any) => String(o.transferOp._type)).join(', ')})`;
      break;
    case 'avm.ImportTx':
      unsigned.sourceChain = u.sourceChain.toString();
      unsigned.importedInputs = u.ins.map(transferableInput);
      break;
    case 'avm.ExportTx':
      unsigned.destinationChain = u.destination.toString();
      unsigned.exportedOutputs = u.outs.map(transferableOutput);
      break;
    default:
      throw new Error(`unexpected tx ${kind}`);
  }
  const types = credentialTypes(bytes, u);
  if (types.includes(14)) kind += ' [nftfx credential]';
  const credentials = signed.credentials.map((c: any, i: number) => ({
    fxID: CRED_FX[types[i]!],
    credential: { signatures: c.signatures.map((s: any) => bytesToHex(s.toBytes())) },
  }));
  return { kind, json: { unsignedTx: unsigned, credentials, id: cb58Encode(sha256(bytes)) } };
}

/** Equal values and the same key order. */
function expectSameJson(actual: unknown, expected: unknown): void {
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

describe('X-chain JSON encodings on a devnet process', () => {
  beforeAll(async () => {
    node = await startDevnet();
    const { networkID } = (await rpc(node.url, '/ext/info', 'info.getNetworkID')).result;
    hrp = HRPS[Number(networkID)] ?? 'custom';
    // X-chain kinds, plus the atomic kinds that put an ExportTx and an ImportTx on X.
    run = startActivity({ url: node.url, seed: SEED, rate: 100, maxActions: ACTIONS, mix: { c: 0, p: 0, atomic: 0, 'atomic.x-p': 1, 'atomic.p-x': 1 } });
    await run.done;
  }, 180_000);
  afterAll(async () => {
    await run?.stop();
    await node?.stop();
  });

  it('ran the activity without failures', () => {
    expect(run.stats.error).toBeUndefined();
    expect(run.stats.history.filter((r) => r.outcome === 'failed').map((r) => `${r.kind}: ${r.error}`)).toEqual([]);
    expect(run.stats.actions).toBe(ACTIONS);
  });

  it('serves every block as AvalancheGo JSON, matching its bytes, and every tx the same through getTx', async () => {
    const height = Number(BigInt((await call('avm.getHeight', {})).height));
    expect(height).toBeGreaterThan(ACTIONS);
    const kinds = new Set<string>();
    let parent: string | undefined;
    for (let h = 0; h <= height; h++) {
      const hex = await call('avm.getBlockByHeight', { height: String(h), encoding: 'hex' });
      const json = await call('avm.getBlockByHeight', { height: String(h), encoding: 'json' });
      expect(hex.encoding).toBe('hex');
      expect(json.encoding).toBe('json');
      const bytes = hexBytes(hex.block);

      // StandardBlock: u16 0 | u32 20 | parentID | u64 height | u64 time | merkleRoot | u32 n | txs without their codec version.
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      expect([view.getUint16(0), view.getUint32(2)]).toEqual([0, 20]);
      const n = view.getUint32(86);
      const txs: Record<string, unknown>[] = [];
      const embedded: Uint8Array[] = [];
      for (let i = 0; i < n; i++) {
        const txID = json.block.txs[i]?.id;
        expect(typeof txID).toBe('string');
        const txBytes = hexBytes((await call('avm.getTx', { txID, encoding: 'hex' })).tx);
        embedded.push(txBytes.subarray(2));
        const { kind, json: expected } = expectedTx(txBytes);
        kinds.add(kind);
        txs.push(expected);
        expectSameJson((await call('avm.getTx', { txID, encoding: 'json' })).tx, expected);
      }
      // The block's tx region is exactly these txs, in this order.
      expect(bytesToHex(bytes.subarray(90))).toBe(bytesToHex(Uint8Array.from(embedded.flatMap((e) => [...e]))));
      const expectedBlock = {
        parentID: cb58Encode(bytes.subarray(6, 38)),
        height: num(view.getBigUint64(38)),
        time: num(view.getBigUint64(46)),
        merkleRoot: cb58Encode(bytes.subarray(54, 86)),
        txs,
        id: cb58Encode(sha256(bytes)),
      };
      expectSameJson(json.block, expectedBlock);
      expect(expectedBlock.height).toBe(num(h));
      expect(expectedBlock.merkleRoot).toBe(ZERO_ID);
      if (parent !== undefined) expect(expectedBlock.parentID).toBe(parent);
      parent = expectedBlock.id;
      expectSameJson((await call('avm.getBlock', { blockID: expectedBlock.id, encoding: 'json' })).block, expectedBlock);
    }
    expect([...kinds].sort()).toEqual([
      'avm.BaseTx',
      'avm.CreateAssetTx (nftfx)',
      'avm.CreateAssetTx (secp256k1fx)',
      'avm.ExportTx',
      'avm.ImportTx',
      'avm.OperationTx (nftfx.MintOperation) [nftfx credential]',
      'avm.OperationTx (nftfx.TransferOperation) [nftfx credential]',
      'avm.OperationTx (secp256k1fx.MintOperation)',
    ]);
  });

  it('serves the genesis AVAX CreateAssetTx in the same shape', async () => {
    const { assetID } = await call('avm.getAssetDescription', { assetID: 'AVAX' });
    const bytes = hexBytes((await call('avm.getTx', { txID: assetID, encoding: 'hex' })).tx);
    const { kind, json } = expectedTx(bytes);
    expect(kind).toMatch(/^avm\.CreateAssetTx/);
    expectSameJson((await call('avm.getTx', { txID: assetID, encoding: 'json' })).tx, json);
  });
});
