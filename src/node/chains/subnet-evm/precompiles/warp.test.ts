import { createTx } from '@ethereumjs/tx';
import { hexToBytes as ejsHex } from '@ethereumjs/util';
import { type Hex, decodeEventLog, decodeFunctionResult, encodeFunctionData, encodeFunctionResult, parseAbi, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeWarpMessage } from '../../../../codec/warp/message.js';
import { encodeAddressedCall, encodeHashPayload } from '../../../../codec/warp/payload.js';
import { encodeUnsignedMessage } from '../../../../codec/warp/unsigned-message.js';
import { sha256 } from '../../../../lib/hash.js';
import { bytesToHex, hexToBytes } from '../../../../lib/hex.js';
import { createEvmCommon } from '../../evm/crypto.js';
import { packPredicate, predicateStorageKeys } from '../../evm/warp/predicate.js';
import { decodePredicateResults } from '../../evm/warp/predicate-results.js';
import { WarpPredicates } from '../../evm/warp/warp-predicates.js';
import { avalancheRules } from '../network-upgrades.js';
import { WARP_ADDRESS } from './addresses.js';
import { FunctionTable } from './dispatch.js';
import { type EvmLogEntry, GasMeter, PrecompileError, type PrecompileState, type WarpCallEnv } from './types.js';
import { WARP_MODULE, readWarpSettings, verifyWarpUpgrade } from './warp.js';
import { GRANITE_WARP_GAS, SEND_WARP_MESSAGE_GAS, warpPredicateGas } from './warp-gas.js';

const ABI = parseAbi([
  'struct WarpMessage { bytes32 sourceChainID; address originSenderAddress; bytes payload; }',
  'struct WarpBlockHash { bytes32 sourceChainID; bytes32 blockHash; }',
  'function sendWarpMessage(bytes payload) returns (bytes32 messageID)',
  'function getBlockchainID() view returns (bytes32 blockchainID)',
  'function getVerifiedWarpMessage(uint32 index) view returns (WarpMessage message, bool valid)',
  'function getVerifiedWarpBlockHash(uint32 index) view returns (WarpBlockHash warpBlockHash, bool valid)',
  'event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)',
]);

const GRANITE = avalancheRules({ subnetEVMTimestamp: 0n, durangoTimestamp: 0n, etnaTimestamp: 0n, graniteTimestamp: 0n }, 1n);
const PRE_GRANITE = avalancheRules({ subnetEVMTimestamp: 0n, durangoTimestamp: 0n, etnaTimestamp: 0n }, 1n);
const CALLER = hexToBytes('0x' + '42'.repeat(20));
const CHAIN = new Uint8Array(32).fill(7);
const SOURCE = new Uint8Array(32).fill(9);
const NO_STATE: PrecompileState = { getStorage: async () => new Uint8Array(32), putStorage: async () => undefined, addBalance: async () => undefined };

/** A signed message (signature bytes need not verify: the precompile trusts the block's results). */
function signedMessage(payload: Uint8Array, signers = new Uint8Array([0b101])): Uint8Array {
  return encodeWarpMessage(encodeUnsignedMessage(1337, SOURCE, payload), { signers, signature: new Uint8Array(96).fill(3) }).bytes;
}

async function invoke(data: Hex, opts: { readOnly?: boolean; gas?: bigint; rules?: typeof GRANITE; predicates?: Uint8Array[]; failed?: number[] } = {}) {
  const gas = new GasMeter(opts.gas ?? 1_000_000n);
  const logs: EvmLogEntry[] = [];
  const warp: WarpCallEnv = { networkId: 1337, blockchainId: CHAIN, predicates: opts.predicates ?? [], failed: new Set(opts.failed ?? []) };
  try {
    const output = await new FunctionTable(WARP_MODULE.functions).run(hexToBytes(data), {
      self: WARP_ADDRESS, caller: CALLER, readOnly: opts.readOnly ?? false, blockNumber: 5n, rules: opts.rules ?? GRANITE, state: NO_STATE, gas, logs, warp,
    });
    return { output: bytesToHex(output) as Hex, used: (opts.gas ?? 1_000_000n) - gas.left, logs };
  } catch (e) {
    if (e instanceof PrecompileError) return { error: e.message, used: (opts.gas ?? 1_000_000n) - gas.left, logs };
    throw e;
  }
}

describe('warp precompile ABI, gas and events', () => {
  it('dispatches IWarpMessenger selectors', () => {
    for (const f of WARP_MODULE.functions) expect(ABI.some((x) => x.type === 'function' && toFunctionSelector(x) === toFunctionSelector(`function ${f.signature}`))).toBe(true);
  });

  it('sendWarpMessage: an AddressedCall from the caller, its ID returned and logged, 41,500 + 8/byte of input', async () => {
    const payload: Hex = '0x0102030405';
    const data = encodeFunctionData({ abi: ABI, functionName: 'sendWarpMessage', args: [payload] });
    const r = await invoke(data);
    const unsigned = encodeUnsignedMessage(1337, CHAIN, encodeAddressedCall(CALLER, hexToBytes(payload)));
    expect(r.output).toBe(bytesToHex(sha256(unsigned.bytes)));
    expect(r.used).toBe(SEND_WARP_MESSAGE_GAS + 8n * BigInt((data.length - 10) / 2));
    expect(SEND_WARP_MESSAGE_GAS).toBe(41_500n);
    const [address, topics, logData] = r.logs[0]!;
    expect(address).toEqual(WARP_ADDRESS);
    const ev = decodeEventLog({ abi: ABI, topics: topics.map((t) => bytesToHex(t)) as [Hex, ...Hex[]], data: bytesToHex(logData) as Hex });
    expect(ev.args).toEqual({ sender: expect.stringMatching(/^0x(42){20}$/i), messageID: r.output, message: bytesToHex(unsigned.bytes) });
    expect((await invoke(data, { readOnly: true })).error).toBe('write protection');
    expect((await invoke(data, { gas: 41_000n })).error).toBe('out of gas');
  });

  it('getBlockchainID: the chain ID for 200 gas (2 before Granite)', async () => {
    const data = encodeFunctionData({ abi: ABI, functionName: 'getBlockchainID' });
    expect(await invoke(data)).toMatchObject({ output: bytesToHex(CHAIN), used: 200n });
    expect((await invoke(data, { rules: PRE_GRANITE })).used).toBe(2n);
  });

  it('getVerifiedWarpMessage: the verified predicate decoded, charged per 32-byte chunk; missing or failed → valid=false', async () => {
    const packed = packPredicate(signedMessage(encodeAddressedCall(CALLER, new Uint8Array([0xaa, 0xbb]))));
    const data = encodeFunctionData({ abi: ABI, functionName: 'getVerifiedWarpMessage', args: [0] });
    const ok = await invoke(data, { predicates: [packed] });
    expect(ok.used).toBe(750n + 512n * BigInt(packed.length / 32));
    expect(decodeFunctionResult({ abi: ABI, functionName: 'getVerifiedWarpMessage', data: ok.output! })).toEqual([
      { sourceChainID: bytesToHex(SOURCE), originSenderAddress: expect.stringMatching(/^0x4242/i), payload: '0xaabb' }, true,
    ]);
    const invalid = encodeFunctionResult({ abi: ABI, functionName: 'getVerifiedWarpMessage', result: [{ sourceChainID: bytesToHex(new Uint8Array(32)) as Hex, originSenderAddress: '0x0000000000000000000000000000000000000000', payload: '0x' }, false] });
    expect(await invoke(data, { predicates: [packed], failed: [0] })).toMatchObject({ output: invalid, used: 750n });
    expect(await invoke(encodeFunctionData({ abi: ABI, functionName: 'getVerifiedWarpMessage', args: [1] }), { predicates: [packed] })).toMatchObject({ output: invalid, used: 750n });
    // a Hash payload read as a message is an error, not valid=false
    const hashPacked = packPredicate(signedMessage(encodeHashPayload(new Uint8Array(32).fill(1))));
    expect((await invoke(data, { predicates: [hashPacked] })).error).toMatch(/^cannot unpack addressed payload/);
  });

  it('getVerifiedWarpBlockHash: the verified Hash payload', async () => {
    const hash = new Uint8Array(32).fill(0x5c);
    const packed = packPredicate(signedMessage(encodeHashPayload(hash)));
    const r = await invoke(encodeFunctionData({ abi: ABI, functionName: 'getVerifiedWarpBlockHash', args: [0] }), { predicates: [packed] });
    expect(decodeFunctionResult({ abi: ABI, functionName: 'getVerifiedWarpBlockHash', data: r.output! })).toEqual([{ sourceChainID: bytesToHex(SOURCE), blockHash: bytesToHex(hash) }, true]);
  });

  it('predicate gas: 125,000 + 512 per 32-byte chunk + 250 per signer (Granite); malformed predicates invalidate the tx', () => {
    const packed = packPredicate(signedMessage(encodeAddressedCall(CALLER, new Uint8Array(10))));
    expect(warpPredicateGas(packed, GRANITE)).toBe(125_000n + 512n * BigInt(packed.length / 32) + 2n * 250n);
    expect(warpPredicateGas(packed, PRE_GRANITE)).toBe(200_000n + 100n * BigInt(packed.length) + 2n * 500n);
    expect(GRANITE_WARP_GAS.messageBytes(33)).toBe(1024n);
    expect(() => warpPredicateGas(new Uint8Array(32), GRANITE)).toThrow(/^cannot unpack predicate bytes/);
    expect(() => warpPredicateGas(packPredicate(new Uint8Array([1, 2, 3])), GRANITE)).toThrow(/^cannot unpack warp message/);
  });

  it('refuses a warp config taking effect before Durango', () => {
    const isDurango = (t: bigint) => t >= 100n;
    expect(() => verifyWarpUpgrade(99n, isDurango)).toThrow(/^warp cannot be activated before Durango$/);
    expect(() => verifyWarpUpgrade(100n, isDurango)).not.toThrow();
    expect(() => verifyWarpUpgrade(undefined, isDurango)).not.toThrow();
    expect(() => WARP_MODULE.verifyUpgrade!({ blockTimestamp: 0n, disable: true }, { isDurango })).toThrow('warp cannot be activated before Durango');
  });

  it('validates warpConfig as subnet-evm does', () => {
    expect(readWarpSettings({}, 'w')).toEqual({ quorumNumerator: 0n, requirePrimaryNetworkSigners: false });
    expect(readWarpSettings({ quorumNumerator: 80, requirePrimaryNetworkSigners: true }, 'w')).toEqual({ quorumNumerator: 80n, requirePrimaryNetworkSigners: true });
    expect(() => readWarpSettings({ quorumNumerator: 101 }, 'w')).toThrow('cannot specify quorum numerator (101) > quorum denominator (100)');
    expect(() => readWarpSettings({ quorumNumerator: 20 }, 'w')).toThrow('cannot specify quorum numerator (20) < min quorum numerator (33)');
  });
});

describe('warp predicates on an EVM', () => {
  const settings = { quorumNumerator: 0n, requirePrimaryNetworkSigners: false };
  const common = createEvmCommon(1n);
  const key = ejsHex(`0x${'01'.repeat(32)}`);
  const good = packPredicate(signedMessage(encodeAddressedCall(CALLER, new Uint8Array(4))));
  const bad = packPredicate(signedMessage(encodeAddressedCall(CALLER, new Uint8Array(5))));
  const tx = createTx({
    type: 2, nonce: 0n, gasLimit: 1_000_000n, maxFeePerGas: 10n, maxPriorityFeePerGas: 1n, to: bytesToHex(CALLER), data: '0x0100',
    accessList: [{ address: bytesToHex(WARP_ADDRESS), storageKeys: predicateStorageKeys(good).map((k) => bytesToHex(k)) }, { address: bytesToHex(WARP_ADDRESS), storageKeys: predicateStorageKeys(bad).map((k) => bytesToHex(k)) }],
  } as never, { common }).sign(key);

  it('charges predicate gas instead of the warp tuples\' access-list gas', () => {
    const p = new WarpPredicates({ networkId: 1337, blockchainId: CHAIN }, () => settings, () => GRANITE);
    const before = tx.getIntrinsicGas();
    p.beforeTx(tx);
    const listGas = 2n * 2400n + BigInt((good.length + bad.length) / 32) * 1900n;
    expect(tx.getIntrinsicGas()).toBe(before - listGas + warpPredicateGas(good, GRANITE) + warpPredicateGas(bad, GRANITE));
    p.beforeTx(tx);
    expect(tx.getIntrinsicGas()).toBe(before - listGas + warpPredicateGas(good, GRANITE) + warpPredicateGas(bad, GRANITE));
  });

  it('verifies at block build and records failures for the header; outside a build nothing fails', async () => {
    const verified: number[] = [];
    const p = new WarpPredicates({
      networkId: 1337, blockchainId: CHAIN,
      verify: async (msg) => {
        verified.push(msg.unsigned.payload.length);
        if (msg.unsigned.payload.length === encodeAddressedCall(CALLER, new Uint8Array(5)).length) throw new Error('cannot verify warp signature');
      },
    }, () => settings, () => GRANITE);
    p.beforeTx(tx);
    expect(p.env().failed.size).toBe(0);
    await p.beginBlock(10n, [tx]);
    expect(verified).toHaveLength(2);
    p.beforeTx(tx);
    expect(p.env().predicates).toEqual([good, bad]);
    expect([...p.env().failed]).toEqual([1]);
    const results = decodePredicateResults(p.finishBlock([tx]));
    expect(results.get(bytesToHex(tx.hash()))!.get(bytesToHex(WARP_ADDRESS))).toEqual(new Uint8Array([0b10]));
    await p.beginBlock(11n, [tx]);
    expect(decodePredicateResults(p.finishBlock([])).size).toBe(0);
  });

  it('ignores the tuples while warp is not enabled', () => {
    const p = new WarpPredicates({ networkId: 1337, blockchainId: CHAIN }, () => undefined, () => GRANITE);
    p.beforeTx(tx);
    expect(p.env().predicates).toEqual([]);
  });
});
