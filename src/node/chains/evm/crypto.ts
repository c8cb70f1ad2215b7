import createKeccakHash from 'keccak';
import secp256k1 from 'secp256k1';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { paramsBlock } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet, createCustomCommon, type CustomCrypto, type ParamsDict } from '@ethereumjs/common';
import { paramsEVM } from '@ethereumjs/evm';
import { AccessList2930Tx, FeeMarket1559Tx, LegacyTx, paramsTx } from '@ethereumjs/tx';
import { paramsVM } from '@ethereumjs/vm';
import { type Address, setLengthLeft } from '@ethereumjs/util';

interface KeccakState {
  initialize(rate: number, capacity: number): void;
  absorb(data: Buffer): void;
  squeeze(length: number): Buffer;
}

/**
 * The `keccak` package's native sponge, used directly: its public API wraps every hash in a stream object,
 * which costs more than the hashing (≈ 4.5 µs against ≈ 1.6 µs per 32-byte input). One state serves all
 * calls: hashing is synchronous and `initialize` resets it. Falls back to the package API if not loadable.
 */
function loadKeccakState(): KeccakState | undefined {
  try {
    const req = createRequire(import.meta.url);
    const dir = dirname(req.resolve('keccak/package.json'));
    const State = createRequire(`${dir}/package.json`)('node-gyp-build')(dir) as new () => KeccakState;
    return typeof State === 'function' ? new State() : undefined;
  } catch {
    return undefined;
  }
}
const sponge = loadKeccakState();

/** Native keccak-256 (the `keccak` package's prebuilt binding): ~5× faster than the JS one on small inputs. */
export function keccak256(data: Uint8Array): Uint8Array {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let out: Buffer;
  if (sponge) {
    sponge.initialize(1088, 512);
    sponge.absorb(buf);
    out = sponge.squeeze(32);
  } else {
    out = createKeccakHash('keccak256').update(buf).digest();
  }
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

function sha256(data: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(data).digest());
}

/** ecrecover with native secp256k1 (25–40× faster than noble); returns the 64-byte public key as ethereumjs expects. */
export function ecrecover(msgHash: Uint8Array, v: bigint, r: Uint8Array, s: Uint8Array, chainId?: bigint): Uint8Array {
  const recovery = chainId === undefined ? v - 27n : v - (2n * chainId + 35n);
  const recId = v === 0n || v === 1n ? Number(v) : Number(recovery);
  if (recId !== 0 && recId !== 1) throw new Error('Invalid signature v value');
  const sig = new Uint8Array(64);
  sig.set(setLengthLeft(r, 32), 0);
  sig.set(setLengthLeft(s, 32), 32);
  const pub = secp256k1.ecdsaRecover(sig, recId, msgHash, false);
  return pub.slice(1);
}

export const nativeCrypto: CustomCrypto = { keccak256, ecrecover, sha256 };

/**
 * ethereumjs caches a tx's recovered public key but not its address: every `getSenderAddress()` (pool
 * validation, submission, runTx) re-hashes the key with the JS keccak. Txs are immutable (frozen), so the
 * address is remembered per tx object.
 */
function cacheSenderAddresses(): void {
  const known = new WeakMap<object, Address>();
  for (const Tx of [LegacyTx, AccessList2930Tx, FeeMarket1559Tx]) {
    const original = Tx.prototype.getSenderAddress;
    Tx.prototype.getSenderAddress = function (this: InstanceType<typeof Tx>): Address {
      let a = known.get(this);
      if (a === undefined) {
        a = original.call(this);
        if (Object.isFrozen(this)) known.set(this, a);
      }
      return a;
    };
  }
}
cacheSenderAddresses();

/**
 * The execution rules of a C-chain past Etna: Cancun (coreth's Cancun = Etna; Prague is not enabled before
 * Helicon, which is unscheduled). All pre-Cancun forks are active from block 0, as on the local network.
 */
/**
 * coreth's departures from Ethereum's parameters: no gas refunds since Apricot Phase 1 (a refund quotient so
 * large that min(refund, gasUsed / quotient) is always 0).
 */
const CORETH_PARAMS = { 3529: { maxRefundQuotient: 2 ** 52 } } as unknown as ParamsDict;

export function createEvmCommon(chainId: bigint): Common {
  const common = createCustomCommon({ chainId: Number(chainId), name: `avalanche-${chainId}` }, Mainnet, {
    hardfork: Hardfork.Cancun,
    customCrypto: nativeCrypto,
  });
  // Every tx and block constructor copies the Common and re-merges its package's params dict, rebuilding the
  // params cache each time (≈13% of CPU when mining). Merge the four dicts once here; copies (which share
  // `_params` with this instance anyway) then skip re-merging the same dicts.
  const merged = new Set<ParamsDict>([paramsVM, paramsEVM, paramsTx, paramsBlock, CORETH_PARAMS] as ParamsDict[]);
  for (const p of merged) common.updateParams(p);
  const update = Common.prototype.updateParams;
  common.updateParams = function (this: Common, params: ParamsDict) {
    if (!merged.has(params)) update.call(this, params);
  };
  return common;
}
