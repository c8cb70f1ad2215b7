import * as ajs from '@avalabs/avalanchejs';
import { RLP } from '@ethereumjs/rlp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeHexWithChecksum } from '../../src/codec/container/checksum-hex.js';
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

/**
 * An avalanchejs 5.2.0 wallet moves AVAX X → C and C → P against a real `firn node` process: coreth's
 * atomic txs in the C-chain block extra data, shared memory with X and P, the avax and native APIs, and
 * a restart that keeps it all.
 */
describe('C-chain atomic transactions on the devnet process', () => {
  let node: DevnetProcess;
  let context: any;
  let xApi: any;
  let pApi: any;
  let cApi: any;
  let ewoqAddr: Uint8Array;
  const state: { importId?: string; importHeight?: string; exportId?: string; balance?: bigint; pBalance?: bigint; block?: any } = {};

  beforeAll(async () => {
    node = await startDevnet();
    context = await A.Context.getContextFromURI(node.url);
    xApi = new A.avm.AVMApi(node.url);
    pApi = new A.pvm.PVMApi(node.url);
    cApi = new A.evm.EVMApi(node.url);
    ewoqAddr = A.utils.bech32ToBytes(EWOQ_X);
  });
  afterAll(async () => {
    await node?.stop();
  });

  const ethBalance = async () => BigInt((await ethRpc(node.url, 'eth_getBalance', [EWOQ_ETH, 'latest'])).result);
  const unlockedP = async () => BigInt((await rpc(node.url, '/ext/bc/P', 'platform.getBalance', { addresses: [EWOQ_P] })).result.unlocked);
  const atomicUtxos = (path: string, method: string, params: object) => rpc(node.url, path, method, { addresses: [EWOQ_C], ...params });
  /** eth_baseFee in wei, rounded up to whole nAVAX: the per-gas price avalanchejs' fee helpers take. */
  const baseFeeNAvax = async () => {
    const wei: bigint = await cApi.getBaseFee();
    return (wei + WEI_PER_NAVAX - 1n) / WEI_PER_NAVAX;
  };

  async function exportFromX(amount: bigint): Promise<void> {
    const { utxos } = await xApi.getUTXOs({ addresses: [EWOQ_X] });
    const tx = A.avm.newExportTx(context, context.cBlockchainID, [ewoqAddr], utxos, [A.TransferableOutput.fromNative(context.avaxAssetID, amount, [ewoqAddr])]);
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    const { txID } = await xApi.issueSignedTx(tx.getSignedTx());
    expect((await rpc(node.url, '/ext/bc/X', 'avm.getTxStatus', { txID })).result.status).toBe('Accepted');
  }

  it('X → C: two X exports are paged by avax.getUTXOs, imported in one C ImportTx, and credited in wei', async () => {
    await exportFromX(3n * AVAX);
    await exportFromX(4n * AVAX);

    // paging one at a time at /avax (quoted counts), all at once at /native (numbers)
    const page1 = (await atomicUtxos('/ext/bc/C/avax', 'avax.getUTXOs', { sourceChain: 'X', limit: 1 })).result;
    expect(page1).toMatchObject({ numFetched: '1', encoding: 'hex', endIndex: { address: EWOQ_C } });
    const page2 = (await atomicUtxos('/ext/bc/C/avax', 'avax.getUTXOs', { sourceChain: 'X', limit: 1, startIndex: page1.endIndex })).result;
    expect(page2.numFetched).toBe('1');
    expect(page2.utxos[0]).not.toBe(page1.utxos[0]);
    const page3 = (await atomicUtxos('/ext/bc/C/avax', 'avax.getUTXOs', { sourceChain: 'X', limit: 1, startIndex: page2.endIndex })).result;
    expect(page3).toMatchObject({ numFetched: '0', utxos: [] });
    const native = (await atomicUtxos('/ext/bc/C/native', 'native.getUTXOs', { sourceChain: 'X' })).result;
    expect(native.numFetched).toBe(2);
    expect([...native.utxos].sort()).toEqual([page1.utxos[0], page2.utxos[0]].sort());

    const { utxos } = await cApi.getUTXOs({ addresses: [EWOQ_C], sourceChain: 'X' });
    expect(utxos).toHaveLength(2);
    const before = await ethBalance();
    const tx = A.evm.newImportTxFromBaseFee(context, hexToBytes(EWOQ_ETH), [ewoqAddr], utxos, context.xBlockchainID, await baseFeeNAvax());
    const credited: bigint = tx.getTx().Outs.reduce((n: bigint, o: any) => n + o.amount.value(), 0n);
    expect(credited).toBeLessThan(7n * AVAX);
    expect(credited).toBeGreaterThan(7n * AVAX - 100_000n);
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    const signed = tx.getSignedTx();
    const { txID } = await cApi.issueSignedTx(signed);
    state.importId = txID;

    expect(await ethBalance()).toBe(before + credited * WEI_PER_NAVAX);
    const status = (await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID })).result;
    expect(status.status).toBe('Accepted');
    expect(status.blockHeight).toMatch(/^[1-9][0-9]*$/);
    state.importHeight = status.blockHeight;
    expect((await rpc(node.url, '/ext/bc/C/native', 'native.getAtomicTxStatus', { txID })).result).toEqual({ status: 'Accepted', blockHeight: Number(status.blockHeight) });

    // getAtomicTx: the signed bytes in checksummed hex, as avalanchejs parses them
    const got = (await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTx', { txID, encoding: 'hex' })).result;
    expect(got).toEqual({ tx: got.tx, encoding: 'hex', blockHeight: status.blockHeight });
    expect(bytesToHex(decodeHexWithChecksum(got.tx))).toBe(bytesToHex(signed.toBytes()));
    const parsed = await cApi.getAtomicTx({ txID });
    expect(parsed.blockHeight).toBe(BigInt(status.blockHeight));

    // the block carries the tx in its extra data, hashed into the header, with its gas
    const block = (await ethRpc(node.url, 'eth_getBlockByNumber', ['0x' + BigInt(status.blockHeight).toString(16), false])).result;
    state.block = block;
    expect(block.transactions).toEqual([]);
    const extData = hexToBytes(block.blockExtraData);
    expect(block.extDataHash).toBe(bytesToHex(keccak256(RLP.encode(extData))));
    expect(BigInt(block.extDataGasUsed)).toBe(A.utils.costCorethTx(tx));
    // extra data = codec version ‖ u32 count ‖ the tx without its own version prefix; avalanchejs re-parses it
    expect(Array.from(extData.slice(0, 6))).toEqual([0, 0, 0, 0, 0, 1]);
    const reparsed = A.utils.getManagerForVM('EVM').unpack(new Uint8Array([0, 0, ...extData.slice(6)]), A.avaxSerial.SignedTx);
    expect(bytesToHex(reparsed.toBytes())).toBe(bytesToHex(signed.toBytes()));

    // the UTXOs are consumed: nothing left to import, and a second import is refused with state untouched
    expect((await atomicUtxos('/ext/bc/C/avax', 'avax.getUTXOs', { sourceChain: 'X' })).result.numFetched).toBe('0');
    const balance = await ethBalance();
    const again = await rpc(node.url, '/ext/bc/C/avax', 'avax.issueTx', { tx: got.tx, encoding: 'hex' });
    expect(again.error?.message).toBe(`failed to fetch import UTXOs from ${context.xBlockchainID} due to: not found`);
    expect(await ethBalance()).toBe(balance);
    const head = (await ethRpc(node.url, 'eth_blockNumber')).result;
    expect(BigInt(head)).toBe(BigInt(status.blockHeight));
  });

  it('C → P: an ExportTx debits balance and nonce, and P imports the UTXO', async () => {
    const nonce = BigInt((await ethRpc(node.url, 'eth_getTransactionCount', [EWOQ_ETH, 'latest'])).result);
    const before = await ethBalance();
    const tx = A.evm.newExportTxFromBaseFee(context, await baseFeeNAvax(), 5n * AVAX, context.pBlockchainID, hexToBytes(EWOQ_ETH), [ewoqAddr], nonce);
    const debited: bigint = tx.getTx().ins[0].amount.value();
    expect(debited).toBeGreaterThan(5n * AVAX);
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    const { txID } = await cApi.issueSignedTx(tx.getSignedTx());
    state.exportId = txID;
    expect((await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID })).result.status).toBe('Accepted');
    expect(await ethBalance()).toBe(before - debited * WEI_PER_NAVAX);
    expect(BigInt((await ethRpc(node.url, 'eth_getTransactionCount', [EWOQ_ETH, 'latest'])).result)).toBe(nonce + 1n);

    // the same export again: its nonce is spent
    const again = await rpc(node.url, '/ext/bc/C/avax', 'avax.issueTx', { tx: (await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTx', { txID })).result.tx });
    expect(again.error?.message).toBe('invalid nonce');

    const p0 = await unlockedP();
    const atomic = await pApi.getUTXOs({ addresses: [EWOQ_P], sourceChain: 'C' });
    expect(atomic.utxos).toHaveLength(1);
    const feeState = await pApi.getFeeState();
    const importTx = A.pvm.newImportTx({ feeState, fromAddressesBytes: [ewoqAddr], sourceChainId: context.cBlockchainID, toAddressesBytes: [ewoqAddr], utxos: atomic.utxos }, context);
    await A.addTxSignatures({ unsignedTx: importTx, privateKeys: [EWOQ_KEY] });
    const { txID: pImport } = await pApi.issueSignedTx(importTx.getSignedTx());
    expect((await rpc(node.url, '/ext/bc/P', 'platform.getTxStatus', { txID: pImport })).result.status).toBe('Committed');
    const p1 = await unlockedP();
    expect(p1).toBeGreaterThan(p0 + 4n * AVAX);
    expect(p1).toBeLessThan(p0 + 5n * AVAX);
    expect((await pApi.getUTXOs({ addresses: [EWOQ_P], sourceChain: 'C' })).utxos).toHaveLength(0);
    state.balance = await ethBalance();
    state.pBalance = p1;
  });

  it('C → X: an export to X is imported by an avm ImportTx', async () => {
    const nonce = BigInt((await ethRpc(node.url, 'eth_getTransactionCount', [EWOQ_ETH, 'latest'])).result);
    const tx = A.evm.newExportTxFromBaseFee(context, await baseFeeNAvax(), 2n * AVAX, context.xBlockchainID, hexToBytes(EWOQ_ETH), [ewoqAddr], nonce);
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    await cApi.issueSignedTx(tx.getSignedTx());
    const balanceX = async () => BigInt((await rpc(node.url, '/ext/bc/X', 'avm.getBalance', { address: EWOQ_X, assetID: 'AVAX' })).result.balance);
    const x0 = await balanceX();
    const { utxos } = await xApi.getUTXOs({ addresses: [EWOQ_X], sourceChain: 'C' });
    expect(utxos).toHaveLength(1);
    const importTx = A.avm.newImportTx(context, context.cBlockchainID, utxos, [ewoqAddr], [ewoqAddr]);
    await A.addTxSignatures({ unsignedTx: importTx, privateKeys: [EWOQ_KEY] });
    const { txID } = await xApi.issueSignedTx(importTx.getSignedTx());
    expect((await rpc(node.url, '/ext/bc/X', 'avm.getTxStatus', { txID })).result.status).toBe('Accepted');
    expect(await balanceX()).toBe(x0 + 2n * AVAX - context.baseTxFee);
    state.balance = await ethBalance();
  });

  it('a restart keeps balances, accepted atomic txs, their blocks and shared memory', async () => {
    expect(await node.stop()).toBe(0);
    node = await startDevnet([], { dataDir: node.dataDir });
    pApi = new A.pvm.PVMApi(node.url);
    cApi = new A.evm.EVMApi(node.url);
    expect(await ethBalance()).toBe(state.balance);
    expect(await unlockedP()).toBe(state.pBalance);
    expect((await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID: state.importId })).result).toEqual({ status: 'Accepted', blockHeight: state.importHeight });
    expect((await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID: state.exportId })).result.status).toBe('Accepted');
    const block = (await ethRpc(node.url, 'eth_getBlockByNumber', [state.block.number, false])).result;
    expect(block).toEqual(state.block);
    expect((await atomicUtxos('/ext/bc/C/avax', 'avax.getUTXOs', { sourceChain: 'X' })).result.numFetched).toBe('0');
    expect((await pApi.getUTXOs({ addresses: [EWOQ_P], sourceChain: 'C' })).utxos).toHaveLength(0);
    expect((await cApi.getAtomicTx({ txID: state.importId })).blockHeight).toBe(BigInt(state.importHeight!));
  });
});
