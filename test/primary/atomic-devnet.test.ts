import * as ajs from '@avalabs/avalanchejs';
import { RLP } from '@ethereumjs/rlp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHexWithChecksum, encodeHexWithChecksum } from '../../src/codec/container/checksum-hex.js';
import { decodeProposerBlock } from '../../src/codec/proposervm/block.js';
import { cb58Encode } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { bytesToHex, hexToBytes } from '../../src/lib/hex.js';
import { keccak256 } from '../../src/node/chains/evm/crypto.js';
import { ethRpc } from '../helpers/c-chain-tx.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

// avalanchejs' classes type as `any` under NodeNext (see src/codec/container/avalanchejs.ts).
const A = ajs as any;
const EWOQ_KEY = hexToBytes('56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027');
const EWOQ_X = 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const EWOQ_P = 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const EWOQ_C = 'C-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const EWOQ_ETH = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC';
const AVAX = 1_000_000_000n;
const WEI_PER_NAVAX = 1_000_000_000n;

/** A wallet built with avalanchejs 5.2.0 against a real `firn node` process: X → P → C → X, indexed on all three chains. */
describe('primary network on the devnet process', () => {
  let node: DevnetProcess;
  let context: any;
  let xApi: any;
  let pApi: any;
  let cApi: any;
  let ewoqAddr: Uint8Array;
  /** What the X → P leg left for the rest of the round trip: balances before it, the value in flight, the fees paid. */
  const trip: { x0?: bigint; p0?: bigint; c0?: bigint; inFlight?: bigint; fees: bigint[] } = { fees: [] };

  beforeAll(async () => {
    node = await startDevnet(['--index-enabled']);
    context = await A.Context.getContextFromURI(node.url);
    xApi = new A.avm.AVMApi(node.url);
    pApi = new A.pvm.PVMApi(node.url);
    cApi = new A.evm.EVMApi(node.url);
    ewoqAddr = A.utils.bech32ToBytes(EWOQ_X);
  });
  afterAll(async () => {
    await node?.stop();
  });

  const balanceX = async () => BigInt((await rpc(node.url, '/ext/bc/X', 'avm.getBalance', { address: EWOQ_X, assetID: 'AVAX' })).result.balance);
  const unlockedP = async () => BigInt((await rpc(node.url, '/ext/bc/P', 'platform.getBalance', { addresses: [EWOQ_P] })).result.unlocked);
  const balanceC = async () => BigInt((await ethRpc(node.url, 'eth_getBalance', [EWOQ_ETH, 'latest'])).result);
  const balances = async () => ({ x: await balanceX(), p: await unlockedP(), c: await balanceC() });
  /** AVAX a tx burns (inputs − outputs), as avalanchejs counts it for X, P and C txs alike. */
  const burned = (unsignedTx: any): bigint => A.utils.getBurnedAmountByTx(unsignedTx.getTx(), context).get(context.avaxAssetID) ?? 0n;
  /** eth_baseFee in wei, rounded up to whole nAVAX: the per-gas price avalanchejs' C-chain fee helpers take. */
  const baseFeeNAvax = async () => {
    const wei: bigint = await cApi.getBaseFee();
    return (wei + WEI_PER_NAVAX - 1n) / WEI_PER_NAVAX;
  };
  const index = (chain: string, method: string, params: object) => rpc(node.url, `/ext/index/${chain}`, `index.${method}`, params);
  const lastIndex = async (chain: string) => {
    const r = await index(chain, 'getLastAccepted', {});
    return r.error ? -1n : BigInt(r.result.index);
  };
  /** keccak of the RLP header of a coreth block (RLP list: header, txs, uncles, …). */
  const blockHash = (coreth: Uint8Array) => bytesToHex(keccak256(RLP.encode((RLP.decode(coreth) as any)[0])));
  const contains = (haystack: Uint8Array, needle: Uint8Array) => Buffer.from(haystack).indexOf(Buffer.from(needle)) >= 0;
  /** The one container `chain`'s index accepted after index `before`: it holds `needle`, and the index finds it again by id. */
  async function nextContainer(chain: string, before: bigint, needle: Uint8Array): Promise<Uint8Array> {
    const last = (await index(chain, 'getLastAccepted', { encoding: 'hex' })).result;
    expect(BigInt(last.index)).toBe(before + 1n);
    const bytes = decodeHexWithChecksum(last.bytes);
    expect(contains(bytes, needle)).toBe(true);
    expect((await index(chain, 'getContainerByID', { id: last.id, encoding: 'hex' })).result).toEqual(last);
    expect((await index(chain, 'getIndex', { id: last.id })).result).toEqual({ index: last.index });
    expect((await index(chain, 'isAccepted', { id: last.id })).result).toEqual({ isAccepted: true });
    return bytes;
  }

  it('accepts an address as bech32 or as a cb58 short id, as AvalancheGo does', async () => {
    const byShortId = (await rpc(node.url, '/ext/bc/X', 'avm.getBalance', { address: cb58Encode(ewoqAddr), assetID: 'AVAX' })).result.balance;
    expect(BigInt(byShortId)).toBe(await balanceX());
    const bad = (await rpc(node.url, '/ext/bc/X', 'avm.getBalance', { address: 'nope', assetID: 'AVAX' })).error?.message;
    expect(bad).toBe('problem parsing address \'nope\': couldn\'t parse address "nope": no separator found in address');
  });

  it('exports AVAX from X and imports it on P, with fees, shared memory and both indexes', async () => {
    const x0 = await balanceX();
    const p0 = await unlockedP();
    Object.assign(trip, { x0, p0, c0: await balanceC() });
    const { utxos } = await xApi.getUTXOs({ addresses: [EWOQ_X] });
    const exportTx = A.avm.newExportTx(context, context.pBlockchainID, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(context.avaxAssetID, 10n * AVAX, [ewoqAddr])]);
    await A.addTxSignatures({ unsignedTx: exportTx, privateKeys: [EWOQ_KEY] });
    const { txID: exportId } = await xApi.issueSignedTx(exportTx.getSignedTx());
    expect((await rpc(node.url, '/ext/bc/X', 'avm.getTxStatus', { txID: exportId })).result.status).toBe('Accepted');
    expect(await balanceX()).toBe(x0 - 10n * AVAX - context.baseTxFee);

    const atomic = await pApi.getUTXOs({ addresses: [EWOQ_P], sourceChain: 'X' });
    expect(atomic.utxos).toHaveLength(1);
    const feeState = await pApi.getFeeState();
    const importTx = A.pvm.newImportTx({ feeState, fromAddressesBytes: [ewoqAddr], sourceChainId: context.xBlockchainID, toAddressesBytes: [ewoqAddr], utxos: atomic.utxos }, context);
    await A.addTxSignatures({ unsignedTx: importTx, privateKeys: [EWOQ_KEY] });
    const { txID: importId } = await pApi.issueSignedTx(importTx.getSignedTx());
    expect((await rpc(node.url, '/ext/bc/P', 'platform.getTxStatus', { txID: importId })).result.status).toBe('Committed');
    const p1 = await unlockedP();
    expect(p1).toBeGreaterThan(p0 + 9n * AVAX);
    expect(p1).toBeLessThan(p0 + 10n * AVAX);
    const importFee = burned(importTx);
    expect(importFee).toBe(A.pvm.calculateFee(importTx.getTx(), context.platformFeeConfig.weights, feeState.price));
    expect(p1).toBe(p0 + 10n * AVAX - importFee);
    trip.fees.push(context.baseTxFee, importFee);
    trip.inFlight = 10n * AVAX - importFee;
    expect((await pApi.getUTXOs({ addresses: [EWOQ_P], sourceChain: 'X' })).utxos).toHaveLength(0);

    // The X/tx index holds the export; X/block and P/block have one container each.
    expect((await rpc(node.url, '/ext/index/X/tx', 'index.isAccepted', { id: exportId })).result).toEqual({ isAccepted: true });
    expect((await rpc(node.url, '/ext/index/X/block', 'index.getLastAccepted', {})).result.index).toBe('0');
    expect((await rpc(node.url, '/ext/index/P/block', 'index.getLastAccepted', {})).result.index).toBe('0');

    // A double import of the same UTXO is refused and changes nothing.
    const again = await pApi.issueSignedTx(importTx.getSignedTx()).catch((e: Error) => e);
    expect(again).toBeInstanceOf(Error);
    expect(await unlockedP()).toBe(p1);
  });

  it('continues P → C → X on the same node: exact balances on all three chains, statuses, shared memory and all three indexes', async () => {
    expect(trip.inFlight, 'needs the X → P leg above').toBeDefined();
    const pStatus = async (txID: string) => (await rpc(node.url, '/ext/bc/P', 'platform.getTxStatus', { txID })).result.status;
    const cStatus = async (txID: string) => (await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID })).result;
    const cAtomic = async (sourceChain: string) => (await cApi.getUTXOs({ addresses: [EWOQ_C], sourceChain })).utxos;

    // P → C: export everything that arrived from X; the P fee comes out of ewoq's other P funds.
    const v1 = trip.inFlight!;
    const s0 = await balances();
    const pIndex0 = await lastIndex('P/block');
    expect(await cAtomic('P')).toHaveLength(0);
    const feeState = await pApi.getFeeState();
    const { utxos: pUtxos } = await pApi.getUTXOs({ addresses: [EWOQ_P] });
    const pExport = A.pvm.newExportTx({ feeState, fromAddressesBytes: [ewoqAddr], utxos: pUtxos, destinationChainId: context.cBlockchainID, outputs: [A.TransferableOutput.fromNative(context.avaxAssetID, v1, [ewoqAddr])] }, context);
    await A.addTxSignatures({ unsignedTx: pExport, privateKeys: [EWOQ_KEY] });
    const pExportSigned = pExport.getSignedTx();
    const { txID: pExportId } = await pApi.issueSignedTx(pExportSigned);
    expect(await pStatus(pExportId)).toBe('Committed');
    const pExportFee = burned(pExport);
    expect(pExportFee).toBe(A.pvm.calculateFee(pExport.getTx(), context.platformFeeConfig.weights, feeState.price));
    expect(pExportFee).toBeGreaterThan(0n);
    const s1 = await balances();
    expect(s1).toEqual({ x: s0.x, p: s0.p - v1 - pExportFee, c: s0.c });
    // blocks embed their txs without the per-tx codec version, as AvalancheGo's codec marshals them
    await nextContainer('P/block', pIndex0, pExportSigned.toBytes().slice(2));
    const fromP = await cAtomic('P');
    expect(fromP).toHaveLength(1);
    expect(fromP[0].output.amount()).toBe(v1);

    // C imports it (avax.issueTx at /ext/bc/C/avax); the fee is taken from the imported value, the rest credited in wei.
    const cIndex0 = await lastIndex('C/block');
    const cImport = A.evm.newImportTxFromBaseFee(context, hexToBytes(EWOQ_ETH), [ewoqAddr], fromP, context.pBlockchainID, await baseFeeNAvax());
    const cImportFee = burned(cImport);
    expect(cImportFee).toBe(A.utils.costCorethTx(cImport) * (await baseFeeNAvax()));
    const v2 = v1 - cImportFee;
    await A.addTxSignatures({ unsignedTx: cImport, privateKeys: [EWOQ_KEY] });
    const cImportSigned = cImport.getSignedTx();
    const { txID: cImportId } = await cApi.issueSignedTx(cImportSigned);
    const cImportStatus = await cStatus(cImportId);
    expect(cImportStatus.status).toBe('Accepted');
    const s2 = await balances();
    expect(s2).toEqual({ x: s1.x, p: s1.p, c: s1.c + v2 * WEI_PER_NAVAX });
    expect(await cAtomic('P')).toHaveLength(0);
    expect((await pApi.getUTXOs({ addresses: [EWOQ_P], sourceChain: 'C' })).utxos).toHaveLength(0);
    // the C block holding the import (its extra data carries the tx without its codec version) is indexed,
    // and its inner bytes are the coreth block whose header hashes to the Ethereum block hash at the tx's height
    const cBlock = decodeProposerBlock(await nextContainer('C/block', cIndex0, cImportSigned.toBytes().slice(2))).inner;
    const ethBlock = (await ethRpc(node.url, 'eth_getBlockByNumber', ['0x' + BigInt(cImportStatus.blockHeight).toString(16), false])).result;
    expect(blockHash(cBlock)).toBe(ethBlock.hash);

    // C → X: export the whole credited value (issued at the seed's /ext/bc/C/native); the C fee is debited on top.
    const nonce = BigInt((await ethRpc(node.url, 'eth_getTransactionCount', [EWOQ_ETH, 'latest'])).result);
    const cExport = A.evm.newExportTxFromBaseFee(context, await baseFeeNAvax(), v2, context.xBlockchainID, hexToBytes(EWOQ_ETH), [ewoqAddr], nonce);
    const cExportFee = burned(cExport);
    expect(cExportFee).toBe(A.utils.costCorethTx(cExport) * (await baseFeeNAvax()));
    await A.addTxSignatures({ unsignedTx: cExport, privateKeys: [EWOQ_KEY] });
    const cExportSigned = cExport.getSignedTx();
    const issued = await rpc(node.url, '/ext/bc/C/native', 'native.issueTx', { tx: encodeHexWithChecksum(cExportSigned.toBytes()), encoding: 'hex' });
    const cExportId: string = issued.result?.txID;
    expect(cExportId, JSON.stringify(issued.error)).toBe(cb58Encode(sha256(cExportSigned.toBytes())));
    const cExportStatus = await cStatus(cExportId);
    expect(cExportStatus.status).toBe('Accepted');
    expect(BigInt(cExportStatus.blockHeight)).toBe(BigInt(cImportStatus.blockHeight) + 1n);
    const s3 = await balances();
    expect(s3).toEqual({ x: s2.x, p: s2.p, c: s2.c - (v2 + cExportFee) * WEI_PER_NAVAX });
    const cBlock2 = decodeProposerBlock(await nextContainer('C/block', cIndex0 + 1n, cExportSigned.toBytes().slice(2))).inner;
    const ethBlock2 = (await ethRpc(node.url, 'eth_getBlockByNumber', ['0x' + BigInt(cExportStatus.blockHeight).toString(16), false])).result;
    expect(blockHash(cBlock2)).toBe(ethBlock2.hash);
    const fromC = (await xApi.getUTXOs({ addresses: [EWOQ_X], sourceChain: 'C' })).utxos;
    expect(fromC).toHaveLength(1);
    expect(fromC[0].output.amount()).toBe(v2);

    // X imports it; the X fee is taken from the imported value.
    const xBlock0 = await lastIndex('X/block');
    const xTx0 = await lastIndex('X/tx');
    const xImport = A.avm.newImportTx(context, context.cBlockchainID, fromC, [ewoqAddr], [ewoqAddr]);
    const xImportFee = burned(xImport);
    expect(xImportFee).toBe(context.baseTxFee);
    await A.addTxSignatures({ unsignedTx: xImport, privateKeys: [EWOQ_KEY] });
    const xImportSigned = xImport.getSignedTx();
    const { txID: xImportId } = await xApi.issueSignedTx(xImportSigned);
    expect((await rpc(node.url, '/ext/bc/X', 'avm.getTxStatus', { txID: xImportId })).result.status).toBe('Accepted');
    const s4 = await balances();
    expect(s4).toEqual({ x: s3.x + v2 - xImportFee, p: s3.p, c: s3.c });
    expect((await xApi.getUTXOs({ addresses: [EWOQ_X], sourceChain: 'C' })).utxos).toHaveLength(0);
    expect(bytesToHex(await nextContainer('X/tx', xTx0, xImportSigned.toBytes()))).toBe(bytesToHex(xImportSigned.toBytes()));
    expect((await index('X/tx', 'getIndex', { id: xImportId })).result).toEqual({ index: String(xTx0 + 1n) });
    await nextContainer('X/block', xBlock0, xImportSigned.toBytes().slice(2));

    // Nothing is left in flight, and the 10 AVAX that left X came back less exactly the fees paid on the way:
    // X export + P import + C import + X import out of the value itself, the P and C export fees on top.
    trip.fees.push(pExportFee, cImportFee, cExportFee, xImportFee);
    for (const [api, addr, chains] of [[xApi, EWOQ_X, ['P', 'C']], [pApi, EWOQ_P, ['X', 'C']]] as const) {
      for (const sourceChain of chains) expect((await (api as any).getUTXOs({ addresses: [addr], sourceChain })).utxos).toHaveLength(0);
    }
    expect(await cAtomic('X')).toHaveLength(0);
    const [xExportFee, pImportFee] = trip.fees;
    expect(s4.x).toBe(trip.x0! - 10n * AVAX - xExportFee! + (10n * AVAX - pImportFee! - cImportFee - xImportFee));
    expect(s4.p).toBe(trip.p0! + (10n * AVAX - pImportFee!) - v1 - pExportFee);
    expect(s4.p).toBe(trip.p0! - pExportFee);
    expect(s4.c).toBe(trip.c0! - cExportFee * WEI_PER_NAVAX);
    const total = (b: { x: bigint; p: bigint; c: bigint }) => b.x + b.p + b.c / WEI_PER_NAVAX;
    expect(total(s4)).toBe(trip.x0! + trip.p0! + trip.c0! / WEI_PER_NAVAX - trip.fees.reduce((a, b) => a + b, 0n));
  });
});
