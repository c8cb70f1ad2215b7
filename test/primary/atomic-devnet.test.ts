import * as ajs from '@avalabs/avalanchejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cb58Encode } from '../../src/lib/cb58.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

// avalanchejs' classes type as `any` under NodeNext (see src/codec/container/avalanchejs.ts).
const A = ajs as any;
const EWOQ_KEY = hexToBytes('56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027');
const EWOQ_X = 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const EWOQ_P = 'P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u';
const AVAX = 1_000_000_000n;

/** A wallet built with avalanchejs 5.2.0 against a real `firn node` process: X → P and back, indexed on both chains. */
describe('primary network on the devnet process', () => {
  let node: DevnetProcess;
  let context: any;
  let xApi: any;
  let pApi: any;
  let ewoqAddr: Uint8Array;

  beforeAll(async () => {
    node = await startDevnet(['--index-enabled']);
    context = await A.Context.getContextFromURI(node.url);
    xApi = new A.avm.AVMApi(node.url);
    pApi = new A.pvm.PVMApi(node.url);
    ewoqAddr = A.utils.bech32ToBytes(EWOQ_X);
  });
  afterAll(async () => {
    await node?.stop();
  });

  const balanceX = async () => BigInt((await rpc(node.url, '/ext/bc/X', 'avm.getBalance', { address: EWOQ_X, assetID: 'AVAX' })).result.balance);
  const unlockedP = async () => BigInt((await rpc(node.url, '/ext/bc/P', 'platform.getBalance', { addresses: [EWOQ_P] })).result.unlocked);

  it('accepts an address as bech32 or as a cb58 short id, as AvalancheGo does', async () => {
    const byShortId = (await rpc(node.url, '/ext/bc/X', 'avm.getBalance', { address: cb58Encode(ewoqAddr), assetID: 'AVAX' })).result.balance;
    expect(BigInt(byShortId)).toBe(await balanceX());
    const bad = (await rpc(node.url, '/ext/bc/X', 'avm.getBalance', { address: 'nope', assetID: 'AVAX' })).error?.message;
    expect(bad).toBe('problem parsing address \'nope\': couldn\'t parse address "nope": no separator found in address');
  });

  it('exports AVAX from X and imports it on P, with fees, shared memory and both indexes', async () => {
    const x0 = await balanceX();
    const p0 = await unlockedP();
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
});
