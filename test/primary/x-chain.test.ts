import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import secp256k1 from 'secp256k1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ajs from '@avalabs/avalanchejs';
import { avalanchejsCodec, codecTypeTable } from '../../src/codec/container/avalanchejs.js';
import { LinearWriter } from '../../src/codec/linear/writer.js';
import { formatAddress } from '../../src/lib/bech32-address.js';
import { idFromString, idToString } from '../../src/lib/cb58.js';
import { ripemd160, sha256 } from '../../src/lib/hash.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { encodeUtxo, inputIdOf, parseAvmTx } from '../../src/node/chains/avm/tx-codec.js';
import { startStandaloneXNode, type StandaloneXNode } from '../../src/node/chains/avm/standalone-x-node.js';
import { buildLocalGenesis, type NetworkGenesis } from '../../src/node/genesis/index.js';
import { openLevelStore, type KvStore } from '../../src/node/storage/kv.js';

// avalanchejs' classes type as `any` under NodeNext (see src/codec/container/avalanchejs.ts).
const { avm, avmSerial, avaxSerial, utils } = ajs as any;
const A = ajs as any;

const AVM_TYPES = codecTypeTable(avalanchejsCodec('AVM')) as any[];
const NftMintOutput = AVM_TYPES[10];
const NftCredential = AVM_TYPES[14];

let genesis: NetworkGenesis;
let dir: string;
let db: KvStore;
let node: StandaloneXNode;
let api: any;
let context: any;
let ewoqKey: Uint8Array;
let ewoqAddr: Uint8Array;
const other = secp256k1.publicKeyCreate(new Uint8Array(32).fill(7), true); // a second key
const otherKey = new Uint8Array(32).fill(7);
let otherAddr: Uint8Array;

async function rpc(method: string, params: unknown = {}): Promise<any> {
  const res = await fetch(`${node.url}/ext/bc/X`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return res.json();
}

function sign65(unsigned: Uint8Array, key: Uint8Array): Uint8Array {
  const { signature, recid } = secp256k1.ecdsaSign(sha256(unsigned), key);
  const out = new Uint8Array(65);
  out.set(signature);
  out[64] = recid;
  return out;
}

async function signAndIssue(unsignedTx: any, keys: Uint8Array[] = [ewoqKey]): Promise<string> {
  await A.addTxSignatures({ unsignedTx, privateKeys: keys });
  const { txID } = await api.issueSignedTx(unsignedTx.getSignedTx());
  return txID;
}

async function utxosOf(addr: Uint8Array, sourceChain?: string): Promise<any[]> {
  const { utxos } = await api.getUTXOs({ addresses: [formatAddress('X', genesis.hrp, addr)], ...(sourceChain ? { sourceChain } : {}) });
  return utxos;
}

async function balance(addr: Uint8Array, assetID = 'AVAX'): Promise<bigint> {
  const r = await rpc('avm.getBalance', { address: formatAddress('X', genesis.hrp, addr), assetID });
  return BigInt(r.result.balance);
}

function xAddr(a: Uint8Array): string {
  return formatAddress('X', genesis.hrp, a);
}

async function baseTxTo(to: Uint8Array, amount: bigint, extra: { memo?: Uint8Array } = {}): Promise<any> {
  const utxos = await utxosOf(ewoqAddr);
  return avm.newBaseTx(context, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(context.avaxAssetID, amount, [to])], extra);
}

/** An avm tx whose inputs pay the fee (from avalanchejs' spend), with `build` adding the rest. */
async function feePayingBase(fee: bigint): Promise<{ base: any; unsigned: any }> {
  const utxos = await utxosOf(ewoqAddr);
  const unsigned = avm.newBaseTx({ ...context, baseTxFee: fee }, [ewoqAddr], utxos, []);
  return { base: (unsigned.getTx() as any).baseTx, unsigned };
}

beforeAll(async () => {
  genesis = buildLocalGenesis();
  dir = mkdtempSync(join(tmpdir(), 'firn-x-'));
  db = await openLevelStore(join(dir, 'db'));
  node = await startStandaloneXNode(db, genesis);
  api = new avm.AVMApi(node.url);
  ewoqKey = hexToBytes(genesis.ewoq.privateKeyHex);
  ewoqAddr = genesis.ewoq.shortId;
  otherAddr = ripemd160(sha256(other));
  // The avm parts of avalanchejs' getContextFromURI.
  const { assetID } = await api.getAssetDescription('AVAX');
  const fees = await api.getTxFee();
  context = {
    networkID: genesis.networkId,
    hrp: genesis.hrp,
    xBlockchainID: genesis.xChainId.string,
    pBlockchainID: genesis.pChainId.string,
    cBlockchainID: genesis.cChainId.string,
    avaxAssetID: assetID,
    baseTxFee: fees.txFee,
    createAssetTxFee: fees.createAssetTxFee,
    platformFeeConfig: undefined,
  };
}, 60_000);

afterAll(async () => {
  await node?.close();
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('X-chain over HTTP with an avalanchejs 5.2.0 wallet', () => {
  it('serves the genesis: AVAX, fees, height 0, ewoq funded', async () => {
    expect(context.avaxAssetID).toBe(genesis.avaxAssetId.string);
    expect(context.baseTxFee).toBe(1_000_000n);
    expect((await rpc('avm.getAssetDescription', { assetID: 'AVAX' })).result).toEqual({ assetID: genesis.avaxAssetId.string, name: 'Avalanche', symbol: 'AVAX', denomination: '9' });
    expect((await rpc('avm.getHeight')).result).toEqual({ height: '0' });
    expect(await balance(ewoqAddr)).toBe(genesis.ewoq.xBalance);
    const all = (await rpc('avm.getAllBalances', { address: xAddr(ewoqAddr) })).result;
    expect(all).toEqual({ balances: [{ asset: 'AVAX', balance: genesis.ewoq.xBalance.toString() }] });
    const genesisBlock = (await rpc('avm.getBlockByHeight', { height: '0', encoding: 'hex' })).result;
    expect(genesisBlock.encoding).toBe('hex');
    const genesisTx = (await rpc('avm.getTx', { txID: genesis.avaxAssetId.string, encoding: 'json' })).result.tx;
    expect(genesisTx.unsignedTx.symbol).toBe('AVAX');
    expect(genesisTx.unsignedTx.initialStates[0].outputs[0].amount).toBe(300000000000000000); // exact uint64 on the wire
  });

  it('BaseTx: accepted, in a block, visible through getTx, getTxStatus, getUTXOs and getBalance', async () => {
    const before = await balance(ewoqAddr);
    const txID = await signAndIssue(await baseTxTo(otherAddr, 10_000_000_000n));
    expect((await rpc('avm.getTxStatus', { txID })).result).toEqual({ status: 'Accepted' });
    expect(await balance(otherAddr)).toBe(10_000_000_000n);
    expect(await balance(ewoqAddr)).toBe(before - 10_000_000_000n - 1_000_000n);
    const hex = (await rpc('avm.getTx', { txID, encoding: 'hex' })).result;
    const parsed = avmSerial.getAVMManager().unpack(utils.hexToBuffer(hex.tx).slice(0, -4), avaxSerial.SignedTx);
    expect(parsed.getSignedTx ? true : parsed.unsignedTx !== undefined).toBe(true);
    const json = (await rpc('avm.getTx', { txID, encoding: 'json' })).result;
    expect(json.encoding).toBe('json');
    expect(json.tx.id).toBe(txID);
    expect(json.tx.unsignedTx.outputs.map((o: any) => o.output.addresses[0])).toContain(xAddr(otherAddr));
    expect(json.tx.credentials[0].fxID).toBe(genesis.fxIds.secp256k1fx.string);
    expect((await rpc('avm.getHeight')).result.height).toBe('1');
    const block = (await rpc('avm.getBlockByHeight', { height: 1, encoding: 'json' })).result.block;
    expect(block.height).toBe(1);
    expect(block.txs.map((t: any) => t.id)).toEqual([txID]);
    const byId = (await rpc('avm.getBlock', { blockID: block.id, encoding: 'json' })).result.block;
    expect(byId).toEqual(block);
    // X/tx index got the signed tx bytes.
    const indexed = await node.txIndex.getById(idFromString(txID));
    expect(indexed && Buffer.from(indexed.bytes).equals(Buffer.from(hexToBytes(hex.tx.slice(2, -8))))).toBe(true);
  });

  it('getUTXOs pages with limit and startIndex/endIndex', async () => {
    for (let i = 0; i < 3; i++) await signAndIssue(await baseTxTo(otherAddr, 1_000_000_000n + BigInt(i)));
    const all = (await rpc('avm.getUTXOs', { addresses: [xAddr(otherAddr)] })).result;
    expect(all.numFetched).toBe('4');
    const page1 = (await rpc('avm.getUTXOs', { addresses: [xAddr(otherAddr)], limit: 3 })).result;
    expect(page1.numFetched).toBe('3');
    expect(page1.endIndex.address).toBe(xAddr(otherAddr));
    const page2 = (await rpc('avm.getUTXOs', { addresses: [xAddr(otherAddr)], limit: 3, startIndex: page1.endIndex })).result;
    expect(page2.numFetched).toBe('1');
    expect(new Set([...page1.utxos, ...page2.utxos])).toEqual(new Set(all.utxos));
    expect((await rpc('avm.getUTXOs', { addresses: [] })).error.message).toBe('no addresses provided');
    expect((await rpc('avm.getUTXOs', { addresses: [formatAddress('P', genesis.hrp, otherAddr)] })).error.message).toMatch(/^couldn't parse address "P-local1.*": mismatched chainIDs/);
  });

  it('CreateAssetTx (fungible) and a secp256k1fx mint; then the asset moves with BaseTx', async () => {
    const { base, unsigned } = await feePayingBase(context.createAssetTxFee);
    const owners = A.OutputOwners.fromNative([ewoqAddr]);
    const tx = new avmSerial.CreateAssetTx(base, new A.Stringpr('Firn Token'), new A.Stringpr('FIRN'), new A.Byte(Uint8Array.of(6)), [
      new avmSerial.InitialState(new A.Int(0), [new A.MintOutput(owners), new A.TransferOutput(new A.BigIntPr(5_000_000n), owners)].sort(byBytes)),
    ]);
    const assetID = await issueWithBaseCreds(tx, unsigned);
    expect((await rpc('avm.getAssetDescription', { assetID })).result).toEqual({ assetID, name: 'Firn Token', symbol: 'FIRN', denomination: '6' });
    expect(await balance(ewoqAddr, assetID)).toBe(5_000_000n);
    const all = (await rpc('avm.getAllBalances', { address: xAddr(ewoqAddr) })).result.balances;
    expect(all).toContainEqual({ asset: assetID, balance: '5000000' });

    const utxos = await utxosOf(ewoqAddr);
    const send = avm.newBaseTx(context, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(assetID, 2_000_000n, [otherAddr])]);
    await signAndIssue(send);
    expect(await balance(otherAddr, assetID)).toBe(2_000_000n);
    expect(await balance(ewoqAddr, assetID)).toBe(3_000_000n);
  });

  it('CreateAssetTx (NFT family), OperationTx NFT mint and NFT transfer', async () => {
    const { base, unsigned } = await feePayingBase(context.createAssetTxFee);
    const owners = A.OutputOwners.fromNative([ewoqAddr]);
    const tx = new avmSerial.CreateAssetTx(base, new A.Stringpr('Firn Art'), new A.Stringpr('ART'), new A.Byte(Uint8Array.of(0)), [
      new avmSerial.InitialState(new A.Int(1), [new NftMintOutput(new A.Int(0), owners), new NftMintOutput(new A.Int(1), owners)].sort(byBytes)),
    ]);
    const assetID = await issueWithBaseCreds(tx, unsigned);
    const created = parseAvmTx(hexToBytes((await rpc('avm.getTx', { txID: assetID, encoding: 'hex' })).result.tx.slice(2, -8)));
    expect(created.states![0]!.outs.map((o) => o.kind)).toEqual(['nft-mint', 'nft-mint']);

    // Mint group 0 to `other` with a payload.
    const payload = new TextEncoder().encode('ipfs://firn/1');
    // Initial-state UTXOs are numbered after the tx's outputs.
    const mintUtxoIndex = created.outs.length + created.states![0]!.outs.findIndex((o) => o.kind === 'nft-mint' && o.groupId === 0);
    const mintOp = opBytes(idFromString(assetID), [{ txId: idFromString(assetID), outputIndex: mintUtxoIndex }], (w) => {
      w.u32(12).u32(1).u32(0); // nftfx.MintOperation: sigIndices [0]
      w.u32(0).bytes(payload); // groupID, payload
      w.u32(1).u64(0n).u32(1).u32(1).fixed(otherAddr, 20); // one owner: other
    });
    const mintTxId = await issueOperationTx([mintOp], [ewoqKey]);
    const minted = (await rpc('avm.getTx', { txID: mintTxId, encoding: 'json' })).result.tx;
    expect(minted.unsignedTx.operations[0].operation.payload).toBe('0x' + Buffer.from(payload).toString('hex'));
    expect(minted.credentials.map((c: any) => c.fxID)).toEqual([genesis.fxIds.secp256k1fx.string, genesis.fxIds.nftfx.string]);
    const mintedTx = parseAvmTx(hexToBytes((await rpc('avm.getTx', { txID: mintTxId, encoding: 'hex' })).result.tx.slice(2, -8)));
    const nftIndex = mintedTx.outs.length; // the NFT follows the change outputs

    // `other` transfers the NFT back to ewoq.
    const transferOp = opBytes(idFromString(assetID), [{ txId: idFromString(mintTxId), outputIndex: nftIndex }], (w) => {
      w.u32(13).u32(1).u32(0); // nftfx.TransferOperation: sigIndices [0]
      w.u32(0).bytes(payload).u64(0n).u32(1).u32(1).fixed(ewoqAddr, 20);
    });
    const transferId = await issueOperationTx([transferOp], [otherKey]);
    const nfts = (await utxosOf(ewoqAddr)).filter((u: any) => u.assetId.toString() === assetID);
    expect(nfts.some((u: any) => u.utxoId.txID.toString() === transferId)).toBe(true);
    // The NFT is gone from `other`.
    const otherNfts = (await utxosOf(otherAddr)).filter((u: any) => u.assetId.toString() === assetID);
    expect(otherNfts).toEqual([]);
  });

  it('ExportTx to P puts UTXOs in shared memory; ImportTx from P takes them', async () => {
    const utxos = await utxosOf(ewoqAddr);
    const exportTx = avm.newExportTx(context, context.pBlockchainID, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(context.avaxAssetID, 3_000_000_000n, [otherAddr])]);
    const exportId = await signAndIssue(exportTx);
    const inShared = await node.sharedMemory.indexed(genesis.pChainId.id, genesis.xChainId.id, [otherAddr], 10);
    expect(inShared.values).toHaveLength(1);
    const exported = avmSerial.getAVMManager().unpack(inShared.values[0]!, A.Utxo);
    expect(exported.utxoId.txID.toString()).toBe(exportId);
    expect(exported.output.amount()).toBe(3_000_000_000n);

    // P exports to X (as the P-chain's accept would write it), and `other` imports it on X.
    const fromP = { txId: sha256(Uint8Array.of(1, 2, 3)), outputIndex: 0, assetId: genesis.avaxAssetId.id, out: { kind: 'secp-transfer' as const, amount: 2_000_000_000n, owners: { locktime: 0n, threshold: 1, addrs: [otherAddr] } } };
    await db.batch(await node.sharedMemory.applyOps(genesis.pChainId.id, new Map([['X', { peer: genesis.xChainId.id, removes: [], puts: [{ key: inputIdOf(fromP), value: encodeUtxo(fromP), traits: [otherAddr] }] }]])));
    const atomic = await utxosOf(otherAddr, 'P');
    expect(atomic).toHaveLength(1);
    const before = await balance(otherAddr);
    const importTx = avm.newImportTx(context, context.pBlockchainID, atomic, [otherAddr], [otherAddr]);
    await signAndIssue(importTx, [otherKey]);
    expect(await balance(otherAddr)).toBe(before + 2_000_000_000n - 1_000_000n);
    expect(await utxosOf(otherAddr, 'P')).toEqual([]);
    // Importing it again fails: it is gone from shared memory.
    const again = avm.newImportTx(context, context.pBlockchainID, atomic, [otherAddr], [otherAddr]);
    await expect(signAndIssue(again, [otherKey])).rejects.toThrow('not found');
  });

  describe('rejections leave the state untouched', () => {
    async function expectRejected(unsigned: any, message: string | RegExp, keys: Uint8Array[] = [ewoqKey]): Promise<void> {
      const height = (await rpc('avm.getHeight')).result.height;
      const bal = await balance(ewoqAddr);
      await expect(signAndIssue(unsigned, keys)).rejects.toThrow(message);
      expect((await rpc('avm.getHeight')).result.height).toBe(height);
      expect(await balance(ewoqAddr)).toBe(bal);
    }

    it('double spend', async () => {
      const utxos = await utxosOf(ewoqAddr);
      const first = avm.newBaseTx(context, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(context.avaxAssetID, 1n, [otherAddr])]);
      const second = avm.newBaseTx(context, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(context.avaxAssetID, 2n, [otherAddr])]);
      await signAndIssue(first);
      await expectRejected(second, /^failed to verify transfer: failed to get utxo .+: not found$/);
    });

    it('bad signature', async () => {
      await expectRejected(await baseTxTo(otherAddr, 5n), 'failed to verify transfer: invalid signature', [otherKey]); // unsigned: an empty signature
      // A signature from the wrong key in the right place.
      const unsigned = await baseTxTo(otherAddr, 5n);
      const sig = sign65(unsigned.toBytes(), otherKey);
      const creds = unsigned.getSigIndices().map((ix: number[]) => new A.Credential(ix.map(() => new A.Signature(sig))));
      const bytes = new avaxSerial.SignedTx(unsigned.getTx(), creds).toBytes();
      const r = await rpc('avm.issueTx', { tx: utils.bufferToHex(utils.addChecksum(bytes)) });
      expect(r.error.message).toMatch(/^failed to verify transfer: wrong signature: expected signature from .+ but got from .+$/);
    });

    it('insufficient fee', async () => {
      const utxos = await utxosOf(ewoqAddr);
      const cheap = avm.newBaseTx({ ...context, baseTxFee: 999_999n }, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(context.avaxAssetID, 1n, [otherAddr])]);
      await expectRejected(cheap, 'insufficient funds');
    });

    it('wrong network id and wrong chain id', async () => {
      const utxos = await utxosOf(ewoqAddr);
      const out = [A.TransferableOutput.fromNative(context.avaxAssetID, 1n, [otherAddr])];
      await expectRejected(avm.newBaseTx({ ...context, networkID: 1 }, [ewoqAddr], utxos, out), 'tx has wrong network ID');
      await expectRejected(avm.newBaseTx({ ...context, xBlockchainID: context.pBlockchainID }, [ewoqAddr], utxos, out), 'tx has wrong chain ID');
    });

    it('malformed bytes and bad encodings', async () => {
      expect((await rpc('avm.issueTx', { tx: '0x1234' })).error.message).toBe('problem decoding transaction: input string is smaller than the checksum size');
      expect((await rpc('avm.issueTx', { tx: '0x12345678aa' })).error.message).toBe('problem decoding transaction: invalid input checksum');
      expect((await rpc('avm.issueTx', { tx: utils.bufferToHex(utils.addChecksum(Uint8Array.of(0, 0, 0, 0, 0, 99))) })).error.message).toBe("couldn't unmarshal interface: unknown type ID 99");
      expect((await rpc('avm.getTx', { txID: idToString(sha256(Uint8Array.of(9))) })).error.message).toBe('not found');
      expect((await rpc('avm.getTxStatus', { txID: idToString(sha256(Uint8Array.of(9))) })).result).toEqual({ status: 'Unknown' });
      expect((await rpc('avm.getAssetDescription', { assetID: 'NOPE' })).error.message).toBe("asset 'NOPE' not found");
    });
  });

  it('restarts with its state: blocks, txs, UTXOs and assets come back', async () => {
    const height = (await rpc('avm.getHeight')).result.height;
    const balEwoq = await balance(ewoqAddr);
    const balOther = await balance(otherAddr);
    const indexSize = node.txIndex.size;
    await node.close();
    await db.close();
    db = await openLevelStore(join(dir, 'db'));
    node = await startStandaloneXNode(db, genesis);
    api = new avm.AVMApi(node.url);
    expect((await rpc('avm.getHeight')).result.height).toBe(height);
    expect(await balance(ewoqAddr)).toBe(balEwoq);
    expect(await balance(otherAddr)).toBe(balOther);
    expect(node.txIndex.size).toBe(indexSize);
    await signAndIssue(await baseTxTo(otherAddr, 7n));
    expect(await balance(otherAddr)).toBe(balOther + 7n);
    expect(node.txIndex.size).toBe(indexSize + 1n);
  });
});

function byBytes(a: any, b: any): number {
  const codec = avalanchejsCodec('AVM');
  return Buffer.compare(Buffer.from(codec.PackPrefix(a)), Buffer.from(codec.PackPrefix(b)));
}

/** An avm Operation's bytes: asset, UTXO ids, then the fx operation written by `op`. */
function opBytes(assetId: Uint8Array, utxoIds: { txId: Uint8Array; outputIndex: number }[], op: (w: LinearWriter) => void): Uint8Array {
  const w = new LinearWriter(256);
  w.fixed(assetId, 32).u32(utxoIds.length);
  for (const u of utxoIds) w.fixed(u.txId, 32).u32(u.outputIndex);
  op(w);
  return w.finish();
}

/**
 * An OperationTx paying the fee from ewoq: avalanchejs builds the BaseTx part and parses the whole tx; the
 * operations are framed by hand (avalanchejs 5.2.0 exports no TransferableOp), signed by `opKeys[i]` for op i.
 */
async function issueOperationTx(ops: Uint8Array[], opKeys: Uint8Array[]): Promise<string> {
  const { base, unsigned } = await feePayingBase(context.baseTxFee);
  const codec = avalanchejsCodec('AVM') as any;
  const baseBytes: Uint8Array = base.toBytes(codec);
  const w = new LinearWriter(1024);
  w.u32(2).raw(baseBytes).u32(ops.length);
  for (const op of ops) w.raw(op);
  const [opTx] = codec.UnpackPrefix(w.finish());
  return issueWithBaseCreds(opTx, unsigned, (bytes) => ops.map((_, i) => new NftCredential([new A.Signature(sign65(bytes, opKeys[i]!))])));
}

/**
 * Signs and issues an avm tx avalanchejs has no signing support for (CreateAssetTx, OperationTx): ewoq signs
 * the inputs of `unsigned` (the fee-paying spend the tx reuses), `extra` adds the operations' credentials.
 */
async function issueWithBaseCreds(tx: any, unsigned: any, extra: (unsignedBytes: Uint8Array) => any[] = () => []): Promise<string> {
  const codec = avalanchejsCodec('AVM') as any;
  const unsignedBytes = new Uint8Array([0, 0, ...codec.PackPrefix(tx)]);
  const baseCreds = unsigned.getSigIndices().map((ix: number[]) => new A.Credential(ix.map(() => new A.Signature(sign65(unsignedBytes, ewoqKey)))));
  // avalanchejs' SignedTx.toBytes() needs the tx's `vm`, which these classes lack: pack with the AVM codec.
  const signed = new Uint8Array([...unsignedBytes, ...codec.PackPrefixList([...baseCreds, ...extra(unsignedBytes)])]);
  const { txID } = await api.issueTx({ tx: utils.bufferToHex(utils.addChecksum(signed)) });
  return txID;
}
