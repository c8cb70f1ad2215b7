import type { TypedTransaction } from '@ethereumjs/tx';
import type { VM } from '@ethereumjs/vm';
import { bitsetFromIndices, parseWarpMessage, type WarpMessage } from '../../../../codec/warp/message.js';
import { bytesToHex } from '../../../../lib/hex.js';
import { WARP_ADDRESS } from '../../subnet-evm/precompiles/addresses.js';
import type { WarpCallEnv } from '../../subnet-evm/precompiles/types.js';
import type { WarpSettings } from '../../subnet-evm/precompiles/warp.js';
import { warpPredicateGas } from '../../subnet-evm/precompiles/warp-gas.js';
import type { AvalancheRules } from '../../subnet-evm/network-upgrades.js';
import { type AccessListBytes, predicatesFor, unpackPredicate } from './predicate.js';
import { type BlockPredicateResults, encodePredicateResults } from './predicate-results.js';

/** The snow context warp runs in, and how a predicate's signature is checked against the P-chain. */
export interface WarpChainContext {
  networkId: number;
  blockchainId: Uint8Array;
  /** Config.VerifyPredicate's signature check at block build; throws why the message does not verify. */
  verify?(msg: WarpMessage, settings: WarpSettings): Promise<void>;
  /** The failures recorded for a mined tx's warp predicates (its block's results), for replays and traces. */
  minedFailures?(txHash: Uint8Array): Promise<ReadonlySet<number> | undefined>;
}

const WARP_HEX = bytesToHex(WARP_ADDRESS);
const ACCESS_LIST_ADDRESS_GAS = 2400n;
const ACCESS_LIST_KEY_GAS = 1900n;
const NO_FAILURES: ReadonlySet<number> = new Set();

const accessListOf = (tx: TypedTransaction): AccessListBytes => ('accessList' in tx ? (tx.accessList as AccessListBytes) : []);

/** The tx's hash; none for an unsigned eth_call message (asked anyway, ethereumjs builds and throws an error: ≈ 50 µs a call). */
function hashOf(tx: TypedTransaction): string | undefined {
  return tx.isSigned() ? bytesToHex(tx.hash()) : undefined;
}

/**
 * Warp predicates on one EVM (core/predicate_check.go, the warp Predicater): while a block is built, each
 * candidate's warp predicates are verified first and the failures recorded for the header; before each tx
 * runs, its predicates are charged as intrinsic gas (replacing their access-list cost, as IntrinsicGas does)
 * and exposed to the precompile with their verification results. Outside a build (eth_call) nothing is
 * verified and no result is known, so a well-formed predicate reads as valid, as upstream.
 */
export class WarpPredicates {
  private building: { time: bigint; failed: Map<string, Set<number>> } | undefined;
  private current: { predicates: Uint8Array[]; failed: ReadonlySet<number> } = { predicates: [], failed: NO_FAILURES };

  constructor(
    readonly chain: WarpChainContext,
    private readonly settingsAt: (time: bigint) => WarpSettings | undefined,
    private readonly rulesAt: (time: bigint) => AvalancheRules,
    private readonly now: () => bigint = () => BigInt(Math.floor(Date.now() / 1000)),
  ) {}

  /** Verifies the candidates' predicates for a block at `time`. */
  async beginBlock(time: bigint, txs: readonly TypedTransaction[]): Promise<void> {
    const failed = new Map<string, Set<number>>();
    this.building = { time, failed };
    const settings = this.settingsAt(time);
    if (!settings) return;
    for (const tx of txs) {
      const predicates = predicatesFor(accessListOf(tx), WARP_ADDRESS);
      const hash = hashOf(tx);
      if (predicates.length === 0 || hash === undefined) continue;
      const bits = new Set<number>();
      for (let i = 0; i < predicates.length; i++) {
        if (!(await this.verifies(predicates[i]!, settings))) bits.add(i);
      }
      failed.set(hash, bits);
    }
  }

  private async verifies(packed: Uint8Array, settings: WarpSettings): Promise<boolean> {
    try {
      const msg = parseWarpMessage(unpackPredicate(packed));
      if (!this.chain.verify) return false;
      await this.chain.verify(msg, settings);
      return true;
    } catch {
      return false;
    }
  }

  /** Ends the build: the predicate results of the included txs, encoded for the header. */
  finishBlock(included: readonly TypedTransaction[]): Uint8Array {
    const results: BlockPredicateResults = new Map();
    const failed = this.building?.failed;
    this.building = undefined;
    for (const tx of included) {
      const hash = hashOf(tx);
      const bits = hash === undefined ? undefined : failed?.get(hash);
      if (bits) results.set(hash!, new Map([[WARP_HEX, bitsetFromIndices(bits)]]));
    }
    return encodePredicateResults(results);
  }

  abandonBlock(): void {
    this.building = undefined;
  }

  /** ethereumjs' beforeTx: charges the tx's predicates and selects them for the precompile; throws for a malformed one. */
  beforeTx(tx: TypedTransaction): void {
    const time = this.building?.time ?? this.now();
    const predicates = this.charge(tx, time);
    // only a build knows failures, and only for txs with predicates (most txs, and every eth_call, have none)
    const hash = this.building && predicates.length > 0 ? hashOf(tx) : undefined;
    this.current = { predicates, failed: (hash !== undefined ? this.building?.failed.get(hash) : undefined) ?? NO_FAILURES };
  }

  /**
   * The tx's intrinsic gas with its warp predicates charged as at `time` (core.IntrinsicGas with the warp
   * Predicater), for the tx pool's check; throws for a malformed predicate.
   */
  intrinsicGas(tx: TypedTransaction, time: bigint): bigint {
    this.charge(tx, time);
    return tx.getIntrinsicGas();
  }

  /** Charges the tx's warp predicates live at `time` (see chargePredicates) and returns them. */
  private charge(tx: TypedTransaction, time: bigint): Uint8Array[] {
    const predicates = this.settingsAt(time) ? predicatesFor(accessListOf(tx), WARP_ADDRESS) : [];
    if (predicates.length > 0) this.chargePredicates(tx, predicates, this.rulesAt(time));
    return predicates;
  }

  /**
   * ethereumjs prices every access tuple at 2400 + 1900 per key; a warp tuple costs its predicate gas
   * instead. The difference rides in the tx's cached data gas, which its intrinsic gas adds up.
   */
  private chargePredicates(tx: TypedTransaction, predicates: Uint8Array[], rules: AvalancheRules): void {
    let delta = 0n;
    for (const p of predicates) delta += warpPredicateGas(p, rules) - ACCESS_LIST_ADDRESS_GAS - ACCESS_LIST_KEY_GAS * BigInt(p.length / 32);
    const list = accessListOf(tx);
    const listGas = BigInt(list.length) * ACCESS_LIST_ADDRESS_GAS + BigInt(list.reduce((n, [, keys]) => n + keys.length, 0)) * ACCESS_LIST_KEY_GAS;
    tx.cache.dataFee = undefined;
    const callData = tx.getDataGas() - listGas;
    tx.cache.dataFee = { value: callData + delta, hardfork: tx.common.hardfork() };
  }

  /**
   * ethereumjs' beforeTx, awaited after `beforeTx`: outside a build, a mined tx re-runs (debug traces) with
   * the results its block recorded.
   */
  async beforeTxResults(tx: TypedTransaction): Promise<void> {
    if (this.building || this.current.predicates.length === 0 || !this.chain.minedFailures) return;
    const hash = hashOf(tx);
    if (hash === undefined) return;
    const failed = await this.chain.minedFailures(tx.hash());
    if (failed) this.current = { ...this.current, failed };
  }

  /** The running tx as the precompile sees it. */
  env(): WarpCallEnv {
    return { networkId: this.chain.networkId, blockchainId: this.chain.blockchainId, predicates: this.current.predicates, failed: this.current.failed };
  }
}

/** The warp predicates of a VM built with them (subnet-EVM's EVM with warp wiring), if any. */
export function warpPredicatesOf(vm: VM): WarpPredicates | undefined {
  const p = (vm.evm as unknown as { warpPredicates?: unknown }).warpPredicates;
  return p instanceof WarpPredicates ? p : undefined;
}
