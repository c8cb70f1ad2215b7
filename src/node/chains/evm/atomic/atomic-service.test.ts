import { describe, expect, it } from 'vitest';
import { decodeHexWithChecksum, encodeHexWithChecksum } from '../../../../codec/container/checksum-hex.js';
import { formatAddress } from '../../../../lib/bech32-address.js';
import { cb58Encode, idToString } from '../../../../lib/cb58.js';
import { openMemoryStore } from '../../../storage/kv.js';
import { dispatch, type RpcMethod } from '../../../server/avalanche-rpc.js';
import { SharedMemory } from '../../shared-memory/shared-memory.js';
import { EvmChain } from '../evm-chain.js';
import { FakeAcceptor, fakeClock, silentLog, testGenesis } from '../testing.js';
import { AVAX, C_CHAIN, KEY, NETWORK_ID, OTHER_KEY, P_CHAIN, X_CHAIN, ethAddress, exportToC, importTxBytes, shortAddress } from './atomic.fixtures.js';
import { AtomicBackend } from './atomic-backend.js';
import { createAtomicService } from './atomic-service.js';
import { parseAtomicTx } from './tx-codec.js';

const owner = shortAddress(KEY);
const cAddr = formatAddress('C', 'local', owner);

async function setup() {
  const db = openMemoryStore();
  const chain = await EvmChain.create({ db, blockchainId: C_CHAIN, genesisJson: testGenesis(), acceptor: new FakeAcceptor(db), log: silentLog, now: fakeClock().now });
  const sharedMemory = new SharedMemory(db);
  const backend = AtomicBackend.attach({ db, chain, sharedMemory, networkId: NETWORK_ID, hrp: 'local', cChainId: C_CHAIN, xChainId: X_CHAIN, pChainId: P_CHAIN, avaxAssetId: AVAX, log: silentLog });
  const services = new Map<string, Map<string, RpcMethod>>();
  for (const flavor of ['avax', 'native'] as const) {
    const s = createAtomicService(backend, flavor);
    services.set(s.name, new Map(Object.entries(s.methods).map(([k, f]) => [k[0]!.toUpperCase() + k.slice(1), f])));
  }
  const call = async (method: string, params: unknown): Promise<{ result?: any; error?: { code: number; message: string } }> => {
    const reply = await dispatch(Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [params] })), services);
    return JSON.parse(reply!.text);
  };
  return { db, chain, sharedMemory, backend, call };
}

const utxo = (n: number, amount: bigint) => ({ txId: new Uint8Array(32).fill(n), outputIndex: 0, amount, owner });

describe('atomic API at /avax and /native', () => {
  it('getUTXOs pages by startIndex; counts are quoted at avax.*, numbers at native.*', async () => {
    const { db, sharedMemory, call } = await setup();
    const keys = [];
    for (const n of [1, 2, 3]) keys.push(await exportToC(db, sharedMemory, utxo(n, 1_000_000n)));
    const stored = (await sharedMemory.get(C_CHAIN, X_CHAIN, keys)).map(encodeHexWithChecksum);
    const page1 = (await call('avax.getUTXOs', { addresses: [cAddr], sourceChain: 'X', limit: 2 })).result;
    expect(page1.numFetched).toBe('2');
    expect(page1.encoding).toBe('hex');
    expect(page1.endIndex.address).toBe(cAddr);
    const page2 = (await call('avax.getUTXOs', { addresses: [cAddr], sourceChain: 'X', limit: 2, startIndex: page1.endIndex })).result;
    expect(page2.numFetched).toBe('1');
    const all = [...page1.utxos, ...page2.utxos] as string[];
    expect(new Set(all).size).toBe(3);
    expect([...all].sort()).toEqual([...stored].sort());
    expect(decodeHexWithChecksum(all[0]!).slice(0, 2)).toEqual(new Uint8Array([0, 0]));
    const native = (await call('native.getUTXOs', { addresses: [cb58Encode(owner)], sourceChain: idToString(X_CHAIN) })).result;
    expect(native.numFetched).toBe(3);
    expect(native.utxos.sort()).toEqual([...all].sort());
    expect((await call('avax.getUTXOs', { addresses: [cAddr], sourceChain: 'P' })).result).toMatchObject({ numFetched: '0', utxos: [] });
  });

  it('getUTXOs errors as coreth words them', async () => {
    const { call } = await setup();
    const err = async (params: unknown) => (await call('avax.getUTXOs', params)).error?.message;
    expect(await err({ addresses: [], sourceChain: 'X' })).toBe('no addresses provided');
    expect(await err({ addresses: [cAddr] })).toBe('no source chain provided');
    expect(await err({ addresses: [cAddr], sourceChain: 'Q' })).toBe('problem parsing source chainID "Q": there is no ID with alias Q');
    const xAddr = formatAddress('X', 'local', owner);
    expect(await err({ addresses: [xAddr], sourceChain: 'X' })).toBe(`couldn't parse address "${xAddr}": expected chainID to be "${idToString(C_CHAIN)}" but was "${idToString(X_CHAIN)}"`);
    const fuji = formatAddress('C', 'fuji', owner);
    expect(await err({ addresses: [fuji], sourceChain: 'X' })).toBe(`couldn't parse address "${fuji}": expected hrp "local" but got "fuji"`);
    expect(await err({ addresses: [cAddr], sourceChain: 'X', startIndex: { address: cAddr, utxo: 'nope' } })).toMatch(/^couldn't parse start index utxo: /);
  });

  it('issueTx, then getAtomicTxStatus and getAtomicTx with the block height', async () => {
    const { db, sharedMemory, chain, call } = await setup();
    const u = utxo(1, 5_000_000n);
    await exportToC(db, sharedMemory, u);
    const bytes = await importTxBytes({ utxos: [u], to: ethAddress(OTHER_KEY), fee: 1000n });
    const txID = idToString(parseAtomicTx(bytes).id);
    expect((await call('avax.issueTx', { tx: encodeHexWithChecksum(bytes), encoding: 'hex' })).result).toEqual({ txID });
    expect(chain.headNumber).toBe(1n);
    expect((await call('avax.getAtomicTxStatus', { txID })).result).toEqual({ status: 'Accepted', blockHeight: '1' });
    expect((await call('native.getAtomicTxStatus', { txID })).result).toEqual({ status: 'Accepted', blockHeight: 1 });
    const got = (await call('avax.getAtomicTx', { txID, encoding: 'hex' })).result;
    expect(got).toEqual({ tx: encodeHexWithChecksum(bytes), encoding: 'hex', blockHeight: '1' });
    expect((await call('native.getAtomicTx', { txID })).result.blockHeight).toBe(1);

    const unknown = idToString(new Uint8Array(32).fill(8));
    expect((await call('avax.getAtomicTxStatus', { txID: unknown })).result).toEqual({ status: 'Unknown' });
    expect((await call('avax.getAtomicTx', { txID: unknown })).error?.message).toBe(`could not find tx ${unknown}`);
    expect((await call('avax.getAtomicTx', { txID: idToString(new Uint8Array(32)) })).error?.message).toBe('nil transaction ID');
    expect((await call('avax.issueTx', { tx: '0x1234' })).error?.message).toMatch(/^problem decoding transaction: /);
    expect((await call('avax.issueTx', { tx: encodeHexWithChecksum(new Uint8Array([0, 0, 0, 0, 0, 2])) })).error?.message).toBe("problem parsing transaction: couldn't unmarshal interface: unknown type ID 2");
  });
});
