import { encodePlatformBlock } from '../../../codec/platformvm/blocks.js';
import { encodeGenesisTx, type PlatformGenesis, type PlatformOutput } from '../../../codec/platformvm/genesis.js';
import { LinearReader } from '../../../codec/linear/reader.js';
import { LinearWriter } from '../../../codec/linear/writer.js';
import { idToString } from '../../../lib/cb58.js';
import { flattenValidatorSet, type WarpSet } from '../../../codec/warp/canonical-set.js';
import { parseWarpMessage } from '../../../codec/warp/message.js';
import { verifyBitSetSignature } from '../../../codec/warp/verify.js';
import { bytesToHex } from '../../../lib/hex.js';
import { Mutex } from '../../../lib/mutex.js';
import type { ChainEngine } from '../../consensus/chain-engine.js';
import type { NetworkGenesis } from '../../genesis/types.js';
import type { NodeLogger } from '../../logging/logger-registry.js';
import type { KvOp, KvStore } from '../../storage/kv.js';
import type { AtomicRequests, SharedMemory } from '../shared-memory/shared-memory.js';
import { ChainStore, type SetEntry } from './chain-store.js';
import { platformConfig, type PlatformConfig } from './config.js';
import { executeStandardTx, type ExecContext, type Execution } from './executor.js';
import { advanceFeeState, consumeGas, gasPrice } from './fees.js';
import { compareActive, isActive } from './l1-records.js';
import { advanceValidatorFee, secondsRemaining, validatorCost } from './validator-fee.js';
import { calculateReward } from './reward.js';
import { executeRewardValidatorTx, nextStakerToReward } from './reward-executor.js';
import { TxError } from './spend.js';
import { PlatformState, PRIMARY_NETWORK_ID, PRIORITY, StateDiff, type StateView } from './state.js';
import { encodeRewardValidatorTx, parseSignedTx, readOutput, utxoInputId, type Output, type SignedTx } from './tx-codec.js';

export interface PlatformVmOptions {
  db: KvStore;
  engine: ChainEngine;
  genesis: NetworkGenesis;
  sharedMemory: SharedMemory;
  xChainId: Uint8Array;
  cChainId: Uint8Array;
  log?: NodeLogger;
  /** Node clock, Unix seconds. */
  now?: () => bigint;
  config?: Partial<PlatformConfig>;
  /** Observed uptime of a node as a fraction (default 1); below the requirement a staker is not rewarded. */
  uptime?: (nodeId: Uint8Array) => number;
}

interface Pending { tx: SignedTx; resolve: () => void; reject: (e: Error) => void }

/**
 * The P-chain VM: verifies txs with AvalancheGo's rules, builds Banff blocks (standard blocks for decision txs,
 * proposal + commit/abort option blocks for RewardValidatorTx), and hands each block with all its state writes to
 * the engine, which accepts it at once. Issued txs are batched into the next block; issueTx resolves on acceptance.
 */
export class PlatformVm {
  readonly config: PlatformConfig;
  readonly store: ChainStore;
  readonly ctx: ExecContext;
  private readonly lock = new Mutex('block-building/P');
  private readonly stakerTxs = new Map<string, SignedTx>();
  private mempool: Pending[] = [];
  private readonly dropped = new Map<string, string>();
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  readonly now: () => bigint;

  private constructor(private readonly opts: PlatformVmOptions, readonly state: PlatformState) {
    this.config = platformConfig(opts.config);
    this.store = new ChainStore(opts.db);
    this.now = opts.now ?? (() => BigInt(Math.floor(Date.now() / 1000)));
    const g = opts.genesis;
    this.ctx = {
      networkId: g.networkId,
      chainId: g.pChainId.id,
      avaxAssetId: g.avaxAssetId.id,
      config: this.config,
      peers: [opts.xChainId, opts.cChainId],
      sharedGet: (peer, keys) => opts.sharedMemory.get(g.pChainId.id, peer, keys),
      verifyWarpMessage: (message) => this.verifyWarpMessage(message),
    };
  }

  static async create(opts: PlatformVmOptions): Promise<PlatformVm> {
    const { state, initialized } = await PlatformState.load(opts.db);
    const vm = new PlatformVm(opts, state);
    if (!initialized) await vm.initializeGenesis(opts.genesis.platformGenesis);
    for (const s of state.currentStakers.values()) {
      const stored = await vm.store.getTx(s.txId);
      if (stored) vm.stakerTxs.set(bytesToHex(s.txId), parseSignedTx(stored.bytes));
    }
    return vm;
  }

  get engine(): ChainEngine { return this.opts.engine; }
  get genesis(): NetworkGenesis { return this.opts.genesis; }

  /** Produces blocks on a timer so stakers are rewarded when their time comes, with or without traffic. */
  start(intervalMs = 1000): void {
    this.timer ??= setInterval(() => void this.advance().catch((e) => this.opts.log?.error('P-chain block building failed', { error: String(e) })), intervalMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async initializeGenesis(g: PlatformGenesis): Promise<void> {
    const diff = new StateDiff(this.state);
    diff.timestamp = g.timestamp;
    diff.supply = g.initialSupply;
    const ops: KvOp[] = [];
    for (const u of g.utxos) {
      diff.addUtxo({ txId: u.txId, outputIndex: u.outputIndex, assetId: u.assetId, output: parseOutput(u) });
    }
    for (const v of g.validators) {
      const bytes = encodeGenesisTx(v);
      const tx = parseSignedTx(bytes);
      const duration = v.validator.end - v.validator.start;
      const reward = calculateReward(this.config.reward, duration, v.validator.weight, diff.supply);
      diff.supply += reward;
      diff.putStaker({ txId: tx.id, nodeId: v.validator.nodeId, subnetId: PRIMARY_NETWORK_ID, weight: v.validator.weight, startTime: v.validator.start, endTime: v.validator.end, potentialReward: reward, priority: PRIORITY.primaryValidator });
      // Genesis outputs of a staker tx are UTXOs like any accepted tx's.
      v.base.outputs.forEach((o, i) => diff.addUtxo({ txId: tx.id, outputIndex: i, assetId: o.assetId, output: parseOutput({ output: o.output }) }));
      ops.push(this.store.txOps(tx.id, bytes, 'Committed', 0n));
    }
    for (const c of g.chains) {
      const bytes = encodeGenesisTx(c);
      const tx = parseSignedTx(bytes);
      diff.putChain({ id: tx.id, subnetId: c.subnetId, name: c.chainName, vmId: c.vmId });
      ops.push(this.store.txOps(tx.id, bytes, 'Committed', 0n));
    }
    const genesisBlock = this.opts.genesis.pChainGenesisBlock;
    ops.push(...this.store.blockOps(genesisBlock.id, 0n, genesisBlock.bytes));
    ops.push(...this.validatorSetOps(diff, 0n, true));
    await this.opts.db.batch([...diff.ops(), ...ops]);
    this.state.apply(diff);
  }

  /** Current gas price (after advancing the fee state to `time`). */
  priceAt(time: bigint): bigint {
    const fee = advanceFeeState(this.state.fee, this.config.fee, time > this.state.timestamp ? time - this.state.timestamp : 0n);
    return gasPrice(this.config.fee.minPrice, fee.excess, this.config.fee.excessConversionConstant);
  }

  /**
   * The time the next block may carry: now, but never past the next staker change or L1 validator eviction,
   * nor before the chain time.
   */
  nextBlockTime(view: StateView = this.state): bigint {
    let t = this.now();
    const next = view.stakers()[0];
    if (next && next.endTime < t) t = next.endTime;
    const eviction = this.nextL1Eviction(view, t);
    if (eviction !== undefined && eviction < t) t = eviction;
    return t > view.timestamp ? t : view.timestamp;
  }

  /**
   * The first time (at most `cap`) at which the active L1 validator with the least balance can no longer pay
   * the continuous fee, or undefined when none runs out by then.
   */
  nextL1Eviction(view: StateView, cap: bigint): bigint | undefined {
    if (cap <= view.timestamp) return undefined;
    const active = view.l1Validators().filter(isActive);
    if (active.length === 0) return undefined;
    const first = active.reduce((a, b) => (compareActive(a, b) <= 0 ? a : b));
    if (first.endAccumulatedFee <= view.accruedFees) return view.timestamp;
    const funds = first.endAccumulatedFee - view.accruedFees;
    const fee = { current: BigInt(active.length), excess: view.l1Excess };
    const maxSeconds = cap - view.timestamp;
    let seconds = secondsRemaining(fee, this.config.validatorFee, maxSeconds, funds);
    if (validatorCost(fee, this.config.validatorFee, seconds) < funds) seconds += 1n;
    return seconds <= maxSeconds ? view.timestamp + seconds : undefined;
  }

  private advanceTo(diff: StateDiff, time: bigint): void {
    const seconds = time > diff.timestamp ? time - diff.timestamp : 0n;
    if (seconds > 0n) diff.fee = advanceFeeState(diff.fee, this.config.fee, seconds);
    diff.timestamp = time;
    // Permissioned subnet validators leave without a reward tx once their end time is reached.
    for (const s of diff.stakers()) {
      if (s.endTime > time) break;
      if (s.priority === PRIORITY.subnetPermissionedValidator) diff.deleteStaker(s);
    }
    // Expiries at or before the new time can never be re-issued: they are dropped (removeStaleExpiries).
    for (const e of diff.expiries()) {
      if (e.timestamp > time) break;
      diff.deleteExpiry(e);
    }
    this.chargeL1Validators(diff, seconds);
  }

  /** advanceValidatorFeeState: accrue the continuous fee and deactivate the validators it exhausts. */
  private chargeL1Validators(diff: StateDiff, seconds: bigint): void {
    const active = diff.l1Validators().filter(isActive).sort(compareActive);
    const fee = { current: BigInt(active.length), excess: diff.l1Excess };
    const cfg = this.config.validatorFee;
    let accrued = diff.accruedFees + validatorCost(fee, cfg, seconds);
    if (accrued > 0xffff_ffff_ffff_ffffn) accrued = 0xffff_ffff_ffff_ffffn;
    for (const v of active) {
      if (v.endAccumulatedFee > accrued) break;
      diff.putL1Validator({ ...v, endAccumulatedFee: 0n });
    }
    diff.l1Excess = advanceValidatorFee(fee, cfg.target, seconds).excess;
    diff.accruedFees = accrued;
  }

  /** The canonical warp validator set of the subnet validating `chainId` at P-chain `height`. */
  async warpValidatorSet(chainId: Uint8Array, height: bigint): Promise<WarpSet> {
    return flattenValidatorSet(await this.store.setAt(this.subnetOfChain(chainId), height));
  }

  /** validators.State.GetSubnetID. */
  subnetOfChain(chainId: Uint8Array): Uint8Array {
    if (bytesToHex(chainId) === bytesToHex(this.genesis.pChainId.id)) return PRIMARY_NETWORK_ID;
    const chain = this.state.getChain(chainId);
    if (!chain) throw new Error(`problem retrieving blockchain "${idToString(chainId)}": not found`);
    return chain.subnetId;
  }

  /** VerifyWarpMessages for one message, at the last accepted height. */
  private async verifyWarpMessage(bytes: Uint8Array): Promise<void> {
    const msg = parseWarpMessage(bytes);
    const set = await this.warpValidatorSet(msg.unsigned.sourceChainId, this.engine.lastAccepted().height);
    verifyBitSetSignature(msg.unsigned, msg.signature, this.genesis.networkId, set);
  }

  /** Verifies a tx against the state the next block would see; throws AvalancheGo's error. */
  private async verify(tx: SignedTx, mempoolInputs: Set<string>): Promise<Execution> {
    const diff = new StateDiff(this.state);
    this.advanceTo(diff, this.nextBlockTime());
    const price = gasPrice(this.config.fee.minPrice, diff.fee.excess, this.config.fee.excessConversionConstant);
    const exec = await executeStandardTx(this.ctx, diff, tx, price);
    for (const id of diff.removedUtxos) if (mempoolInputs.has(id)) throw new Error(`tx conflicts with other tx: ${idToString(tx.id)}`);
    return exec;
  }

  /** platform.issueTx: parses, verifies, and resolves once the tx is in an accepted block. */
  async issueTx(bytes: Uint8Array): Promise<Uint8Array> {
    let tx: SignedTx;
    try {
      tx = parseSignedTx(bytes);
    } catch (e) {
      throw new Error(`couldn't parse tx: ${(e as Error).message}`);
    }
    const known = await this.store.getTx(tx.id);
    if (known || this.mempool.some((p) => bytesToHex(p.tx.id) === bytesToHex(tx.id))) {
      throw new Error(`couldn't issue tx: tx ${idToString(tx.id)} dropped: duplicate tx`);
    }
    try {
      const inputs = new Set<string>();
      for (const p of this.mempool) for (const i of p.tx.unsigned.kind === 'RewardValidatorTx' ? [] : inputIds(p.tx)) inputs.add(i);
      await this.verify(tx, inputs);
    } catch (e) {
      const msg = (e as Error).message;
      this.dropped.set(bytesToHex(tx.id), msg);
      throw new Error(msg.startsWith('tx conflicts') ? `couldn't issue tx: ${msg}` : `couldn't issue tx: failed verification: ${msg}`);
    }
    return new Promise<Uint8Array>((resolve, reject) => {
      this.mempool.push({ tx, resolve: () => resolve(tx.id), reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.advance().catch((e) => this.opts.log?.error('P-chain block building failed', { error: String(e) }));
    });
  }

  /** Builds every block that is due: rewards whose time has come, then one standard block with the mempool. */
  advance(): Promise<void> {
    return this.lock.runExclusive(async () => {
      for (;;) {
        if (nextStakerToReward(this.state)) {
          await this.buildRewardBlocks();
          continue;
        }
        const next = this.state.stakers()[0];
        if (next && next.endTime <= this.now() && next.endTime > this.state.timestamp) {
          await this.buildStandardBlock([], next.endTime);
          continue;
        }
        // An L1 validator whose balance runs out is deactivated in a block at that time.
        const eviction = this.nextL1Eviction(this.state, this.now());
        if (eviction !== undefined && eviction > this.state.timestamp) {
          await this.buildStandardBlock([], eviction);
          continue;
        }
        break;
      }
      if (this.mempool.length > 0) {
        const batch = this.mempool;
        this.mempool = [];
        await this.buildStandardBlock(batch, this.nextBlockTime());
      }
    });
  }

  private async buildStandardBlock(batch: Pending[], time: bigint): Promise<void> {
    const diff = new StateDiff(this.state);
    this.advanceTo(diff, time);
    const price = gasPrice(this.config.fee.minPrice, diff.fee.excess, this.config.fee.excessConversionConstant);
    const included: Pending[] = [];
    const requests = new Map<string, { peer: Uint8Array } & AtomicRequests>();
    const imported = new Set<string>();
    for (const p of batch) {
      const child = diff.child();
      try {
        const exec = await executeStandardTx(this.ctx, child, p.tx, price);
        child.fee = consumeGas(child.fee, exec.gas);
        if (exec.atomic) {
          for (const k of exec.atomic.removes) {
            if (imported.has(bytesToHex(k))) throw new TxError('conflicting atomic inputs');
          }
          for (const k of exec.atomic.removes) imported.add(bytesToHex(k));
          const peerKey = bytesToHex(exec.atomic.peer);
          const r = requests.get(peerKey) ?? { peer: exec.atomic.peer, removes: [], puts: [] };
          r.removes.push(...exec.atomic.removes);
          r.puts.push(...exec.atomic.puts);
          requests.set(peerKey, r);
        }
        diff.absorb(child);
        included.push(p);
      } catch (e) {
        this.dropped.set(bytesToHex(p.tx.id), (e as Error).message);
        p.reject(new Error(`couldn't issue tx: failed verification: ${(e as Error).message}`));
      }
    }
    if (included.length === 0 && batch.length > 0) return;
    const parent = this.engine.lastAccepted();
    const height = parent.height + 1n;
    const block = encodePlatformBlock({ type: 'banff-standard', parentId: parent.innerId, height, time, txs: included.map((p) => p.tx.bytes) });
    const ops: KvOp[] = [...diff.ops(), ...this.store.blockOps(block.id, height, block.bytes)];
    for (const p of included) {
      ops.push(this.store.txOps(p.tx.id, p.tx.bytes, 'Committed', height));
    }
    if (requests.size > 0) ops.push(...(await this.opts.sharedMemory.applyOps(this.ctx.chainId, requests)));
    ops.push(...this.validatorSetOps(diff, height));
    await this.engine.accept({ id: block.id, bytes: block.bytes, height, timestamp: time }, ops);
    this.state.apply(diff);
    for (const s of diff.addedStakers.values()) {
      const p = included.find((x) => bytesToHex(x.tx.id) === bytesToHex(s.txId));
      if (p) this.stakerTxs.set(bytesToHex(s.txId), p.tx);
    }
    for (const p of included) p.resolve();
  }

  /** A Banff proposal block with the RewardValidatorTx, then the commit or abort option this node prefers. */
  private async buildRewardBlocks(): Promise<void> {
    const staker = nextStakerToReward(this.state)!;
    const rewardTx = parseSignedTx(encodeRewardValidatorTx(staker.txId));
    const commit = new StateDiff(this.state);
    const abort = new StateDiff(this.state);
    const outcome = executeRewardValidatorTx(this.state, commit, abort, staker.txId, (id) => this.stakerTxs.get(bytesToHex(id)), this.ctx.avaxAssetId);
    const uptime = this.opts.uptime?.(staker.nodeId) ?? 1;
    const committed = uptime >= this.config.uptimeRequirement;
    const time = this.state.timestamp;

    const parent = this.engine.lastAccepted();
    const proposal = encodePlatformBlock({ type: 'banff-proposal', parentId: parent.innerId, height: parent.height + 1n, time, decisionTxs: [], tx: rewardTx.bytes });

    const height = parent.height + 2n;
    const option = encodePlatformBlock({ type: committed ? 'banff-commit' : 'banff-abort', parentId: proposal.id, height, time });
    const diff = committed ? commit : abort;
    const rewards = committed ? outcome.commitRewards : outcome.abortRewards;
    const ops: KvOp[] = [...diff.ops(), ...this.store.blockOps(option.id, height, option.bytes), this.store.txOps(rewardTx.id, rewardTx.bytes, committed ? 'Committed' : 'Aborted', height)];
    if (rewards.length > 0) ops.push(this.store.rewardOps(staker.txId, rewards));
    ops.push(...this.validatorSetOps(diff, height));
    await this.engine.acceptProposalWithOption(
      { id: proposal.id, bytes: proposal.bytes, height: parent.height + 1n, timestamp: time },
      this.store.blockOps(proposal.id, parent.height + 1n, proposal.bytes),
      { id: option.id, bytes: option.bytes, height, timestamp: time },
      ops,
    );
    this.state.apply(diff);
    this.stakerTxs.delete(bytesToHex(staker.txId));
    this.opts.log?.info('P-chain staker rewarded', { txID: idToString(staker.txId), committed, reward: String(staker.potentialReward) });
  }

  /** Validator sets (per subnet) after `diff`, recorded at `height` when they changed. */
  private validatorSetOps(diff: StateDiff, height: bigint, force = false): KvOp[] {
    const changed = new Map<string, Uint8Array>();
    for (const s of [...diff.addedStakers.values(), ...diff.removedStakers.values()]) changed.set(bytesToHex(s.subnetId), s.subnetId);
    for (const v of diff.l1Modified.values()) changed.set(bytesToHex(v.subnetId), v.subnetId);
    if (force) changed.set(bytesToHex(PRIMARY_NETWORK_ID), PRIMARY_NETWORK_ID);
    const ops: KvOp[] = [];
    for (const subnet of changed.values()) ops.push(this.store.setOps(subnet, height, this.validatorSet(diff, subnet)));
    return ops;
  }

  /**
   * Node → weight (validator + delegators) of a subnet in a state view, with BLS keys: primary validators' own,
   * legacy subnet validators' inherited from their primary validator, L1 validators' registered ones. Inactive
   * L1 validators are merged into one keyless entry under the empty node ID, as AvalancheGo's validator
   * manager holds them.
   */
  validatorSet(view: StateView, subnet: Uint8Array): SetEntry[] {
    const byNode = new Map<string, SetEntry>();
    const key = bytesToHex(subnet);
    for (const s of view.stakers()) {
      if (bytesToHex(s.subnetId) !== key) continue;
      const k = bytesToHex(s.nodeId);
      const e = byNode.get(k) ?? { nodeId: s.nodeId, weight: 0n };
      e.weight += s.weight;
      if (s.priority === PRIORITY.primaryValidator) {
        const pk = this.stakerPublicKey(s.txId);
        if (pk) e.publicKey = pk;
      } else if (s.priority === PRIORITY.subnetPermissionedValidator) {
        const primary = view.getValidator(PRIMARY_NETWORK_ID, s.nodeId);
        const pk = primary ? this.stakerPublicKey(primary.txId) : undefined;
        if (pk) e.publicKey = pk;
      }
      byNode.set(k, e);
    }
    let inactive = 0n;
    for (const v of view.l1Validators()) {
      if (bytesToHex(v.subnetId) !== key) continue;
      if (!isActive(v)) {
        inactive += v.weight;
        continue;
      }
      byNode.set(bytesToHex(v.nodeId), { nodeId: v.nodeId, weight: v.weight, publicKey: v.publicKey });
    }
    if (inactive > 0n) byNode.set('inactive', { nodeId: new Uint8Array(20), weight: inactive });
    return [...byNode.values()];
  }

  /** The BLS key a primary validator registered with (its AddPermissionlessValidatorTx or genesis entry). */
  private stakerPublicKey(txId: Uint8Array): Uint8Array | undefined {
    const u = this.stakerTxs.get(bytesToHex(txId))?.unsigned;
    if (u?.kind === 'AddPermissionlessValidatorTx' && u.signer) return u.signer.publicKey;
    return this.genesis.validators.find((v) => bytesToHex(v.txId.id) === bytesToHex(txId))?.blsPublicKey;
  }

  uptimeOf(nodeId: Uint8Array): number {
    return this.opts.uptime?.(nodeId) ?? 1;
  }

  isProcessing(id: Uint8Array): boolean {
    const k = bytesToHex(id);
    return this.mempool.some((p) => bytesToHex(p.tx.id) === k);
  }

  dropReason(id: Uint8Array): string | undefined {
    return this.dropped.get(bytesToHex(id));
  }

  /** X or C (by id or alias) — the chains P shares atomic memory with. */
  resolveChain(text: string): Uint8Array | undefined {
    const g = this.genesis;
    const byAlias: Record<string, Uint8Array> = { X: this.opts.xChainId, avm: this.opts.xChainId, C: this.opts.cChainId, evm: this.opts.cChainId, P: g.pChainId.id, platform: g.pChainId.id };
    if (byAlias[text]) return byAlias[text];
    for (const id of [this.opts.xChainId, this.opts.cChainId, g.pChainId.id]) if (idToString(id) === text) return id;
    return undefined;
  }

  /** UTXOs `peer` exported to P owned by `addresses` (getUTXOs with sourceChain). */
  sharedIndexed(peer: Uint8Array, addresses: Uint8Array[], limit: number, start?: { trait: Uint8Array; key: Uint8Array }) {
    return this.opts.sharedMemory.indexed(this.ctx.chainId, peer, addresses, limit, start);
  }

  /** The staker tx of a current staker (cached), or any accepted tx from the store. */
  async getSignedTx(id: Uint8Array): Promise<SignedTx | undefined> {
    const cached = this.stakerTxs.get(bytesToHex(id));
    if (cached) return cached;
    const stored = await this.store.getTx(id);
    return stored ? parseSignedTx(stored.bytes) : undefined;
  }
}

function inputIds(tx: SignedTx): string[] {
  const u = tx.unsigned;
  if (!('base' in u)) return [];
  return u.base.ins.map((i) => bytesToHex(utxoInputId(i.txId, i.outputIndex)));
}


/** A genesis output re-encoded in the tx codec (same bytes AvalancheGo stores). */
function parseOutput(u: { output: PlatformOutput }): Output {
  const w = new LinearWriter(96);
  const writeTransfer = (o: Extract<PlatformOutput, { type: 'TransferOutput' }>) => {
    w.u32(7).u64(o.amount).u64(o.owners.locktime).u32(o.owners.threshold).u32(o.owners.addresses.length);
    for (const a of o.owners.addresses) w.fixed(a, 20);
  };
  if (u.output.type === 'StakeableLockOut') {
    w.u32(22).u64(u.output.locktime);
    writeTransfer(u.output.output);
  } else writeTransfer(u.output);
  return readOutput(new LinearReader(w.finish()));
}
