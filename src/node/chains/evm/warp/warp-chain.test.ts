import { type Hex, decodeEventLog, encodeFunctionData, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { encodeWarpMessage } from '../../../../codec/warp/message.js';
import { encodeAddressedCall } from '../../../../codec/warp/payload.js';
import { encodeUnsignedMessage, parseUnsignedMessage } from '../../../../codec/warp/unsigned-message.js';
import { bytesToHex, hexToBytes } from '../../../../lib/hex.js';
import { openMemoryStore, type KvStore } from '../../../storage/kv.js';
import { avalancheRules, type NetworkUpgrades } from '../../subnet-evm/network-upgrades.js';
import { warpPredicateGas } from '../../subnet-evm/precompiles/warp-gas.js';
import { corethRules } from '../chain-rules.js';
import { devnetControls } from '../controls/devnet.js';
import { EvmChain } from '../evm-chain.js';
import { DEVNET_FEE_CONFIG } from '../fees.js';
import { EWOQ, FakeAcceptor, TEST_KEYS, fakeClock, silentLog, testGenesis } from '../testing.js';
import { TxRejected } from '../tx-validation.js';
import { packPredicate, predicateStorageKeys } from './predicate.js';
import { EvmWarpBackend } from './warp-backend.js';

const CHAIN_ID = new Uint8Array(32).fill(7);
const WARP = '0x0200000000000000000000000000000000000005';
const UPGRADES: NetworkUpgrades = { subnetEVMTimestamp: 0n, durangoTimestamp: 0n, etnaTimestamp: 0n, graniteTimestamp: 0n };
const ewoq = privateKeyToAccount(TEST_KEYS[0]);
const GWEI = 10n ** 9n;
const ABI = parseAbi([
  'function sendWarpMessage(bytes payload) returns (bytes32 messageID)',
  'event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)',
]);

/** The node's store as a kill right after a block's accept batch leaves it: any write outside a batch is lost. */
function batchesOnly(db: KvStore): KvStore {
  return {
    get: (k) => db.get(k), getMany: (ks) => db.getMany(ks), batch: (ops) => db.batch(ops), iterate: (r) => db.iterate(r), compact: (r) => db.compact(r), close: () => db.close(),
    get closed() { return db.closed; },
    put: async () => undefined,
    del: async () => undefined,
  };
}

/** A C-chain with warp from genesis (no predicate verifier: every predicate fails verification) and its backend. */
async function open(db: KvStore) {
  const acceptor = new FakeAcceptor(db);
  const chain = await EvmChain.create({
    db, blockchainId: CHAIN_ID, genesisJson: testGenesis(), acceptor, log: silentLog, now: fakeClock().now,
    rules: corethRules(DEVNET_FEE_CONFIG, { context: { networkId: 1337, blockchainId: CHAIN_ID }, upgrades: UPGRADES }),
  });
  const errors: Error[] = [];
  const backend = new EvmWarpBackend({ db, chainId: CHAIN_ID, chain, onError: (e) => errors.push(e) });
  return { chain, backend, acceptor, errors };
}

async function signed(nonce: number, tx: { to: Hex; data?: Hex; gas: bigint; accessList?: { address: Hex; storageKeys: Hex[] }[] }) {
  return hexToBytes(await ewoq.signTransaction({
    type: 'eip1559', chainId: 43112, nonce, to: tx.to, data: tx.data ?? '0x', gas: tx.gas, maxFeePerGas: 300n * GWEI, maxPriorityFeePerGas: 1n,
    accessList: tx.accessList ?? [],
  }));
}

const sendWarp = (nonce: number, payload: Hex) =>
  signed(nonce, { to: WARP, data: encodeFunctionData({ abi: ABI, functionName: 'sendWarpMessage', args: [payload] }), gas: 200_000n });

describe('EvmWarpBackend: messages are written in their block\'s accept batch', () => {
  it('knows a sent message after a kill right after the accept batch, from the same store', async () => {
    const disk = openMemoryStore();
    const first = await open(batchesOnly(disk));
    const hash = await first.chain.sendRawTransaction(await sendWarp(0, '0xc0ffee'));
    const receipt = (await first.chain.getReceipt(hash))!.receipt!;
    expect(receipt.status).toBe(1);
    const [, topics, data] = receipt.logs[0]!;
    const event = decodeEventLog({ abi: ABI, topics: topics.map((t) => bytesToHex(t)) as [Hex, ...Hex[]], data: bytesToHex(data) as Hex });
    const messageId = hexToBytes(event.args.messageID);
    const message = hexToBytes(event.args.message);
    expect(first.errors).toEqual([]);

    // the process dies: nothing in memory survives, the store keeps exactly what its batches wrote
    first.backend.close();
    await first.chain.close();
    const second = await open(batchesOnly(disk));
    expect(second.chain.headNumber).toBe(1n);
    expect(await second.backend.getMessage(messageId)).toEqual(message);
    expect(parseUnsignedMessage(message).id).toEqual(messageId);
    expect(await second.backend.hasMessage(CHAIN_ID, messageId)).toBe(true);
    expect(await second.backend.hasMessage(new Uint8Array(32), messageId)).toBe(false);
    expect(await second.backend.hasAcceptedBlock(CHAIN_ID, second.chain.headBlock.hash)).toBe(true);
    await second.chain.close();
  });

  it('knows no message of a block whose accept batch failed', async () => {
    const { chain, backend, acceptor } = await open(openMemoryStore());
    acceptor.failNext = true;
    await expect(chain.sendRawTransaction(await sendWarp(0, '0x01'))).rejects.toThrow('accept failed');
    const id = encodeUnsignedMessage(1337, CHAIN_ID, encodeAddressedCall(hexToBytes(EWOQ), hexToBytes('0x01'))).id;
    expect(chain.headNumber).toBe(0n);
    expect(await backend.getMessage(id)).toBeUndefined();
    // the same tx mined later is stored under the same ID
    await chain.mine();
    expect(chain.headNumber).toBe(1n);
    expect(await backend.getMessage(id)).toBeDefined();
    await chain.close();
  });

  it('forgets on a devnet rewind the messages first sent by the dropped blocks, and only those', async () => {
    const { chain, backend } = await open(openMemoryStore());
    const idOf = (payload: Hex) => encodeUnsignedMessage(1337, CHAIN_ID, encodeAddressedCall(hexToBytes(EWOQ), hexToBytes(payload))).id;
    await chain.sendRawTransaction(await sendWarp(0, '0xaa'));
    const controls = devnetControls(chain);
    const snapshot = await controls.snapshots.take();
    await chain.sendRawTransaction(await sendWarp(1, '0xbb'));
    await chain.sendRawTransaction(await sendWarp(2, '0xaa')); // the same message again, above the snapshot
    expect(chain.headNumber).toBe(3n);
    expect(await backend.getMessage(idOf('0xbb'))).toBeDefined();

    expect(await controls.snapshots.revert(snapshot)).toBe(true);
    expect(chain.headNumber).toBe(1n);
    expect(await backend.getMessage(idOf('0xaa'))).toBeDefined();
    expect(await backend.getMessage(idOf('0xbb'))).toBeUndefined();
    // re-sent after the rewind, it is known again; a reset to genesis forgets everything
    await chain.sendRawTransaction(await sendWarp(1, '0xbb'));
    expect(await backend.getMessage(idOf('0xbb'))).toBeDefined();
    await controls.reset();
    expect(await backend.getMessage(idOf('0xaa'))).toBeUndefined();
    expect(await backend.getMessage(idOf('0xbb'))).toBeUndefined();
    await chain.close();
  });

  it('stops writing once closed', async () => {
    const { chain, backend } = await open(openMemoryStore());
    backend.close();
    await chain.sendRawTransaction(await sendWarp(0, '0x02'));
    const id = encodeUnsignedMessage(1337, CHAIN_ID, encodeAddressedCall(hexToBytes(EWOQ), hexToBytes('0x02'))).id;
    expect(await backend.getMessage(id)).toBeUndefined();
    await chain.close();
  });
});

describe('tx pool: warp predicate gas is intrinsic at eth_sendRawTransaction', () => {
  const message = encodeWarpMessage(
    encodeUnsignedMessage(1337, new Uint8Array(32).fill(9), encodeAddressedCall(new Uint8Array(20).fill(1), new Uint8Array([1, 2, 3]))),
    { signers: new Uint8Array([0b101]), signature: new Uint8Array(96).fill(3) },
  ).bytes;
  const packed = packPredicate(message);
  const keys = predicateStorageKeys(packed).map((k) => bytesToHex(k) as Hex);
  const to = '0x000000000000000000000000000000000000b0b0';
  // 21,000 for the call (no calldata) plus the predicate's gas in place of its access-list cost
  const minimum = 21_000n + warpPredicateGas(packed, avalancheRules(UPGRADES, 0n));

  it('refuses a warp tx whose gas is below intrinsic + predicate gas with coreth\'s error', async () => {
    const { chain } = await open(openMemoryStore());
    // what ethereumjs alone would ask for this access list: well below the predicate's price
    expect(21_000n + 2_400n + 1_900n * BigInt(keys.length)).toBeLessThan(minimum - 1n);
    const low = await signed(0, { to, gas: minimum - 1n, accessList: [{ address: WARP, storageKeys: keys }] });
    const err = await chain.sendRawTransaction(low).then(() => undefined, (e: Error) => e);
    expect(err).toBeInstanceOf(TxRejected);
    expect(err!.message).toBe(`intrinsic gas too low: address ${EWOQ} tx gas (${minimum - 1n}), minimum needed ${minimum}`);
    expect(chain.pendingTransactions()).toHaveLength(0);
    expect(chain.headNumber).toBe(0n);

    const enough = await chain.sendRawTransaction(await signed(0, { to, gas: minimum, accessList: [{ address: WARP, storageKeys: keys }] }));
    const found = (await chain.getReceipt(enough))!;
    expect(found.receipt!.status).toBe(1);
    expect(found.receipt!.cumulativeGasUsed).toBe(minimum);
    await chain.close();
  });

  it('refuses a malformed predicate with the predicate\'s error', async () => {
    const { chain } = await open(openMemoryStore());
    const raw = await signed(0, { to, gas: 1_000_000n, accessList: [{ address: WARP, storageKeys: ['0x' + '00'.repeat(32) as Hex] }] });
    await expect(chain.sendRawTransaction(raw)).rejects.toThrow(/^cannot unpack predicate bytes/);
    expect(chain.pendingTransactions()).toHaveLength(0);
    await chain.close();
  });

  it('leaves ordinary access lists priced as before', async () => {
    const { chain } = await open(openMemoryStore());
    const plain = [{ address: to as Hex, storageKeys: keys }];
    const needed = 21_000n + 2_400n + 1_900n * BigInt(keys.length);
    await expect(chain.sendRawTransaction(await signed(0, { to, gas: needed - 1n, accessList: plain }))).rejects.toThrow(`minimum needed ${needed}`);
    await chain.sendRawTransaction(await signed(0, { to, gas: needed, accessList: plain }));
    expect(chain.headNumber).toBe(1n);
    await chain.close();
  });
});
