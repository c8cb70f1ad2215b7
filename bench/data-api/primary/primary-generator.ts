import { sha256 } from '../../../src/lib/hash.js';
import {
  emptyPrimaryRows, type AssetAmount, type L1ValidatorDetail, type Owners, type PrimaryRows, type PrimaryTxRow, type StakerRow, type UtxoRow,
} from '../../../src/store/writers/primary/rows.js';
import {
  C_CHAIN_ID, DATASET_NOW, derivedHash, evmBlockAt, evmBlockCount, evmBlockTime, NETWORK, P_CHAIN_ID, PRIMARY_SPAN_SECONDS, PRIMARY_SUBNET_ID, X_CHAIN_ID,
  type DatasetSpec,
} from '../dataset-spec.js';
import { KeyRing } from '../keys.js';
import { Rng, Zipf } from '../random.js';
import { MinHeap } from './heap.js';
import { singleOwner, utxoBytes, utxoIdOf, Wallets, type Coin, type Role } from './wallets.js';

/**
 * The primary network of the dataset, simulated in time order over two years and written as the indexer's
 * decode stage would hand it to writePrimaryRows: P-chain staking (validators and their delegators, each
 * ended by a RewardValidatorTx in a proposal block when its time is up), transfers, imports and exports,
 * subnets, chains, subnet validators, L1 conversions and L1 validators; X-chain transfers, imports, exports
 * and asset creations; C-chain atomic imports and exports during the C-chain's span. Coins move for real:
 * every input spends an output created before (or a genesis allocation), exports wait for their import, and
 * X and C inputs carry real secp256k1 signatures. Accounts are Zipf-distributed, so exchange wallets (the
 * lowest indexes) appear in thousands of transactions.
 */

export interface PrimaryChainIds {
  P: number;
  X: number;
  C: number;
}

const AVAX = NETWORK.avaxAssetId;
const NANO = 1_000_000_000n;
const FEE = 1_000_000n;
const DAY = 86_400;
const BLOCKCHAIN: Record<Role, Uint8Array> = { P: P_CHAIN_ID, X: X_CHAIN_ID, C: C_CHAIN_ID };
const SUBNET_EVM_VM = new Uint8Array(32);
new TextEncoder().encodeInto('subnetevm', SUBNET_EVM_VM);

interface Validation {
  txId: Uint8Array;
  node: number;
  nodeId: Uint8Array;
  start: number;
  end: number;
  weight: bigint;
  shares: number;
  rewardOwner: number;
  delegationOwner: number;
  /** Outputs of the staking tx (base outputs, then stake): reward UTXOs are numbered after them. */
  outputs: number;
  delegators: number;
  open: boolean;
}

interface Delegation {
  txId: Uint8Array;
  validation: Validation;
  start: number;
  end: number;
  weight: bigint;
  rewardOwner: number;
  outputs: number;
  open: boolean;
}

interface Subnet {
  id: Uint8Array;
  owner: number;
  chains: Uint8Array[];
  l1: boolean;
  /** Open permissioned validators: node index → staking tx. */
  validators: Map<number, Uint8Array>;
}

interface L1Validator {
  validationId: Uint8Array;
  weight: bigint;
  nonce: bigint;
  active: boolean;
}

type Reward = { kind: 'validator'; validation: Validation } | { kind: 'delegator'; delegation: Delegation };

/** Counts of what was generated, per kind, for the report. */
export interface PrimaryFacts {
  txs: Record<Role, number>;
  blocks: Record<Role, number>;
  txTypes: Record<string, number>;
  validators: number;
  delegators: number;
  subnets: number;
  l1Validators: number;
  heights: { P: number; X: number };
  /** The busiest accounts (exchange wallets), on P/X and on the C-chain. */
  hotAccounts: Uint8Array[];
  hotEvmAccounts: Uint8Array[];
}

export class PrimaryDatasetGenerator {
  readonly keys: KeyRing;
  private readonly rng: Rng;
  private readonly accountRank: Zipf;
  private readonly nodeRank: Zipf;
  private readonly wallets = new Wallets();
  private readonly rewards = new MinHeap<Reward>();
  private readonly openValidations = new Map<number, Validation>();
  private readonly idleNodes: number[] = [];
  private readonly subnets: Subnet[] = [];
  private readonly l1Validators: L1Validator[] = [];
  private readonly openDelegations = new Set<Delegation>();
  private readonly nodeIds: Uint8Array[];
  private readonly start = DATASET_NOW - PRIMARY_SPAN_SECONDS;
  private readonly evmStart: number;
  private readonly evmEnd: number;
  private rows: PrimaryRows = emptyPrimaryRows();
  private txsInBatch = 0;
  private heights = { P: 0, X: 0 };
  private lastTime = { P: 0, X: 0, C: 0 };
  private atomicInBlock = { block: -1, count: 0 };
  private funded = 0;
  /** Outputs of the tx being built. */
  private txOutputs: UtxoRow[] = [];
  private assets = 0;
  private readonly facts_: Omit<PrimaryFacts, 'heights' | 'hotAccounts' | 'hotEvmAccounts'> = {
    txs: { P: 0, X: 0, C: 0 }, blocks: { P: 0, X: 0, C: 0 }, txTypes: {}, validators: 0, delegators: 0, subnets: 0, l1Validators: 0,
  };

  constructor(private readonly spec: DatasetSpec, private readonly chains: PrimaryChainIds) {
    this.rng = new Rng(spec.seed ^ 0x5eed);
    this.keys = new KeyRing(`firn-bench/${spec.seed}`);
    const accounts = Math.max(2_000, Math.floor(spec.primaryTxs * 0.4));
    this.accountRank = new Zipf(accounts, 1.05);
    const nodes = Math.max(200, Math.floor(spec.primaryTxs / 40));
    this.nodeRank = new Zipf(nodes, 1.1);
    this.nodeIds = Array.from({ length: nodes }, (_, i) => sha256(new TextEncoder().encode(`node/${spec.seed}/${i}`)).subarray(0, 20));
    for (let i = nodes - 1; i >= 0; i--) this.idleNodes.push(i);
    this.evmStart = evmBlockTime(spec, 0) + 4;
    this.evmEnd = evmBlockTime(spec, evmBlockCount(spec) - 1) - 4;
  }

  facts(): PrimaryFacts {
    return {
      ...this.facts_, heights: { ...this.heights },
      hotAccounts: [0, 1, 2].map((i) => this.keys.account(i).shortId),
      hotEvmAccounts: [0, 1, 2].map((i) => this.keys.account(i).evmAddress),
    };
  }

  blockId(role: 'P' | 'X', height: number): Uint8Array {
    return derivedHash(this.spec, `${role}-block`, height);
  }

  /** Batches of about `txsPerBatch` txs (all chains), in time order; the last one carries the validators' uptime snapshots. */
  *batches(txsPerBatch: number): Generator<PrimaryRows> {
    const nP = Math.round(this.spec.primaryTxs * 0.45);
    const nX = Math.round(this.spec.primaryTxs * 0.45);
    const nC = this.spec.primaryTxs - nP - nX;
    const left = { P: nP, X: nX, C: nC };
    const span = DATASET_NOW - 120 - this.start;
    const next = {
      P: this.start + this.rng.exponential(span / nP),
      X: this.start + this.rng.exponential(span / nX),
      C: this.evmStart + this.rng.exponential((this.evmEnd - this.evmStart) / Math.max(1, nC)),
    };
    this.genesis();
    for (;;) {
      let role: Role | undefined;
      for (const r of ['P', 'X', 'C'] as const) if (left[r] > 0 && (role === undefined || next[r] < next[role])) role = r;
      if (role === undefined) break;
      const t = Math.floor(Math.min(next[role], role === 'C' ? this.evmEnd : DATASET_NOW - 120));
      this.flushRewards(t);
      if (role === 'P') this.pEvent(t);
      else if (role === 'X') this.xEvent(t);
      else this.cEvent(t);
      left[role]--;
      const gap = role === 'C' ? (this.evmEnd - this.evmStart) / Math.max(1, nC) : span / (role === 'P' ? nP : nX);
      next[role] += this.rng.exponential(gap);
      if (this.txsInBatch >= txsPerBatch) yield this.takeRows();
    }
    this.flushRewards(DATASET_NOW - 60);
    this.snapshots();
    yield this.takeRows();
  }

  private takeRows(): PrimaryRows {
    const out = this.rows;
    this.rows = emptyPrimaryRows();
    this.txsInBatch = 0;
    return out;
  }

  private account(): number {
    return this.accountRank.sample(this.rng);
  }

  private address(i: number): Uint8Array {
    return this.keys.account(i).shortId;
  }

  // ---- genesis: the chains themselves, AVAX, the primary subnet ----

  private genesis(): void {
    const t = BigInt(this.start - 30 * DAY);
    this.rows.known.subnets.push({ chain: this.chains.P, subnetId: PRIMARY_SUBNET_ID, blockHeight: 0n, txIndex: 0, blockTimestamp: t, owner: { locktime: 0n, threshold: 0, addresses: [] } });
    for (const [name, id, vm] of [['X-Chain', X_CHAIN_ID, 'avm'], ['C-Chain', C_CHAIN_ID, 'evm']] as const) {
      const vmId = new Uint8Array(32);
      new TextEncoder().encodeInto(vm, vmId);
      this.rows.known.blockchains.push({
        chain: this.chains.P, blockchainId: id, subnetId: PRIMARY_SUBNET_ID, name, vmId, fxIds: [], genesisData: new Uint8Array(0), blockHeight: 0n,
        blockTimestamp: t, genesis: true,
      });
    }
    this.rows.known.assets.push({
      chain: this.chains.X, assetId: AVAX, name: 'Avalanche', symbol: 'AVAX', denomination: 9, cap: 'fixed', assetType: 'secp256k1', createTxId: AVAX,
      blockHeight: 0n, blockTimestamp: t, genesis: true,
    });
  }

  /** A genesis allocation for an account that has too little to pay (known UTXO, inserted unless present). */
  private fund(role: Role, owner: number, amount: bigint): Coin {
    const txId = sha256(new TextEncoder().encode(`genesis/${this.spec.seed}/${this.funded++}`));
    const row: UtxoRow = {
      utxoId: utxoIdOf(txId, 0), chain: this.chains[role], txId, outputIndex: 0, creatingTxId: txId, createdOn: BLOCKCHAIN[role], consumableOn: BLOCKCHAIN[role],
      blockHeight: 0n, blockTimestamp: BigInt(this.start - 30 * DAY), assetId: AVAX, outputType: 'transfer', amount, locktime: 0n, threshold: 1,
      addresses: [this.address(owner)], staked: false, bytes: new Uint8Array(0),
    };
    row.bytes = utxoBytes(row);
    this.rows.known.utxos.push(row);
    return { utxoId: row.utxoId, txId, outputIndex: 0, assetId: AVAX, amount, createdOn: BLOCKCHAIN[role], owner };
  }

  /** Coins of `owner` on `role` worth at least `need` (topping up from genesis when the owner has too little). */
  private gather(role: Role, owner: number, need: bigint): Coin[] {
    const coins = this.wallets.take(role, owner, need);
    const sum = coins.reduce((s, c) => s + c.amount, 0n);
    if (sum < need) coins.push(this.fund(role, owner, need - sum + 20_000n * NANO));
    return coins;
  }

  // ---- blocks and txs ----

  private pBlock(t: number, blockType: string, txIds: Uint8Array[]): { height: number; blockId: Uint8Array; time: number } {
    const time = Math.max(t, this.lastTime.P);
    this.lastTime.P = time;
    const height = ++this.heights.P;
    this.addBlock('P', height, time, blockType, txIds);
    return { height, blockId: this.blockId('P', height), time };
  }

  private xBlock(t: number, txIds: Uint8Array[]): { height: number; blockId: Uint8Array; time: number } {
    const time = Math.max(t, this.lastTime.X);
    this.lastTime.X = time;
    const height = ++this.heights.X;
    this.addBlock('X', height, time, 'StandardBlock', txIds);
    return { height, blockId: this.blockId('X', height), time };
  }

  private addBlock(role: 'P' | 'X', height: number, time: number, blockType: string, txIds: Uint8Array[]): void {
    const size = 200 + 350 * txIds.length;
    this.rows.blocks.push({
      chain: this.chains[role], height: BigInt(height), blockId: this.blockId(role, height), parentId: this.blockId(role, height - 1), blockType,
      timestamp: BigInt(time), size: size + 850, innerSize: size, txIds, proposerId: derivedHash(this.spec, `${role}-proposer`, height),
      proposerParentId: derivedHash(this.spec, `${role}-proposer`, height - 1), proposerNodeId: this.nodeIds[height % this.nodeIds.length]!,
      proposerPChainHeight: BigInt(Math.max(0, this.heights.P - 1)), proposerTimestamp: BigInt(time), acceptedAt: BigInt(time + 1),
    });
    this.facts_.blocks[role]++;
  }

  /** Tx bytes of a plausible size; the first `unsigned` bytes are what the credentials sign. */
  private txBytes(size: number, credentials: number): { bytes: Uint8Array; unsignedSize: number; txId: Uint8Array } {
    const signed = 9 + credentials * 65;
    const bytes = this.rng.bytes(size + signed);
    bytes[0] = 0;
    bytes[1] = 0;
    return { bytes, unsignedSize: size, txId: sha256(bytes) };
  }

  private txRow(role: Role, place: { height: number; blockId: Uint8Array; time: number; index: number }, txType: string, tx: { bytes: Uint8Array; unsignedSize: number; txId: Uint8Array }, memo: Uint8Array = new Uint8Array(0)): PrimaryTxRow {
    this.facts_.txs[role]++;
    this.facts_.txTypes[`${role}:${txType}`] = (this.facts_.txTypes[`${role}:${txType}`] ?? 0) + 1;
    this.txsInBatch++;
    this.txOutputs = [];
    return {
      chain: this.chains[role], txId: tx.txId, blockHeight: BigInt(place.height), blockId: place.blockId, blockTimestamp: BigInt(place.time),
      txIndex: place.index, txType, memo, bytes: tx.bytes, unsignedSize: tx.unsignedSize, amounts: {}, details: {},
    };
  }

  /** Spend rows for `coins` consumed by `row` (X and C inputs carry the owner's signature). */
  private spend(role: Role, row: PrimaryTxRow, coins: Coin[], firstInput = 0, tx?: { bytes: Uint8Array; unsignedSize: number }): void {
    const digest = role !== 'P' && tx && coins[0] ? sha256(tx.bytes.subarray(0, tx.unsignedSize)) : undefined;
    const first = digest ? this.keys.credential(coins[0]!.owner, digest) : undefined;
    coins.forEach((c, i) => {
      this.rows.spends.push({
        utxoId: c.utxoId, chain: row.chain, consumingTxId: row.txId, inputIndex: firstInput + i, blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp,
        consumedOn: BLOCKCHAIN[role], createdOn: c.createdOn, txId: c.txId, outputIndex: c.outputIndex, assetId: c.assetId, amount: c.amount,
        ...(digest ? { credentials: [c.owner === coins[0]!.owner ? first! : this.keys.credential(c.owner, digest)] } : {}),
      });
    });
  }

  /** An output of `row` to `owner`: its UTXO row, and a coin in the wallet of the chain it can be spent on. */
  private output(role: Role, row: PrimaryTxRow, index: number, owner: number, amount: bigint, options: { to?: Role; staked?: { start: number; end: number }; assetId?: Uint8Array; txId?: Uint8Array; rewardType?: UtxoRow['rewardType'] } = {}): UtxoRow {
    const txId = options.txId ?? row.txId;
    const assetId = options.assetId ?? AVAX;
    const consumableOn = BLOCKCHAIN[options.to ?? role];
    const utxo: UtxoRow = {
      utxoId: utxoIdOf(txId, index), chain: row.chain, txId, outputIndex: index, creatingTxId: row.txId, createdOn: BLOCKCHAIN[role], consumableOn,
      blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp, assetId, outputType: 'transfer', amount, locktime: 0n, threshold: 1,
      addresses: [this.address(owner)], staked: options.staked !== undefined, bytes: new Uint8Array(0),
      ...(options.staked ? { stakeStart: BigInt(options.staked.start), stakeEnd: BigInt(options.staked.end) } : {}),
      ...(options.rewardType ? { rewardType: options.rewardType } : {}),
    };
    utxo.bytes = utxoBytes(utxo);
    this.rows.utxos.push(utxo);
    this.txOutputs.push(utxo);
    if (!options.staked && assetId === AVAX) {
      const coin: Coin = { utxoId: utxo.utxoId, txId, outputIndex: index, assetId, amount, createdOn: BLOCKCHAIN[role], owner };
      if (options.to && options.to !== role) this.wallets.export(options.to, coin);
      else this.wallets.add(role, coin);
    }
    return utxo;
  }

  private involve(row: PrimaryTxRow, addresses: Uint8Array[]): void {
    const seen = new Set<string>();
    for (const address of addresses) {
      const key = Buffer.from(address).toString('hex');
      if (seen.has(key)) continue;
      seen.add(key);
      this.rows.addressTxs.push({ chain: row.chain, address, blockHeight: row.blockHeight, txIndex: row.txIndex, txId: row.txId, txType: row.txType, blockTimestamp: row.blockTimestamp });
    }
  }

  private amountOf(value: bigint): AssetAmount[] {
    return value > 0n ? [{ assetId: AVAX, amount: value }] : [];
  }

  private avaxAmount(min: number, max: number): bigint {
    // log-uniform: most transfers are small, a few are large
    const lo = Math.log(min);
    const hi = Math.log(max);
    return BigInt(Math.floor(Math.exp(lo + this.rng.next() * (hi - lo)) * 1e6)) * 1_000n;
  }

  // ---- P-chain ----

  private pEvent(t: number): void {
    const r = this.rng.next();
    const done =
      r < 0.40 ? this.addDelegator(t)
        : r < 0.50 ? this.addValidator(t)
          : r < 0.62 ? this.exportTx('P', t)
            : r < 0.74 ? this.importTx('P', t)
              : r < 0.84 ? false
                : r < 0.855 ? this.createSubnet(t)
                  : r < 0.87 ? this.createChain(t) || this.createSubnet(t)
                    : r < 0.93 ? this.addSubnetValidator(t)
                      : r < 0.935 ? this.removeSubnetValidator(t)
                        : r < 0.937 ? this.transferSubnetOwnership(t)
                          : r < 0.94 ? this.convertSubnet(t)
                            : r < 0.97 ? this.registerL1Validator(t)
                              : r < 0.98 ? this.setL1Weight(t)
                                : r < 0.99 ? this.increaseL1Balance(t)
                                  : r < 0.995 ? this.disableL1Validator(t) : false;
    if (!done) this.pBase(t);
  }

  /** A P-chain tx paying `burn` (fee and any L1 balance) from `payer`, with `extraOutputs` before the change. */
  private pTx(t: number, txType: string, payer: number, burn: bigint, size: number, build: (row: PrimaryTxRow, nextOutput: () => number) => { value?: bigint; staked?: bigint; l1Burned?: bigint } = () => ({})): PrimaryTxRow {
    const tx = this.txBytes(size, 1);
    const block = this.pBlock(t, 'BanffStandardBlock', [tx.txId]);
    const row = this.txRow('P', { ...block, index: 0 }, txType, tx);
    let outputs = 0;
    const effects = build(row, () => outputs++);
    const spent = burn + (effects.value ?? 0n) + (effects.staked ?? 0n);
    const coins = this.gather('P', payer, spent);
    this.spend('P', row, coins);
    const change = coins.reduce((s, c) => s + c.amount, 0n) - spent;
    const involved: Uint8Array[] = this.txOutputs.flatMap((u) => u.addresses);
    if (change > 0n) {
      this.output('P', row, outputs++, payer, change);
      involved.push(this.address(payer));
    }
    row.amounts = {
      value: this.amountOf((effects.value ?? 0n) + (change > 0n ? change : 0n)), burned: this.amountOf(burn - (effects.l1Burned ?? 0n)),
      staked: this.amountOf(effects.staked ?? 0n), l1Burned: this.amountOf(effects.l1Burned ?? 0n),
    };
    this.rows.txs.push(row);
    this.involve(row, involved);
    return row;
  }

  private pBase(t: number): void {
    const from = this.account();
    const to = this.account();
    const amount = this.avaxAmount(0.1, 50_000);
    this.pTx(t, 'BaseTx', from, FEE, 320, (row, next) => {
      this.output('P', row, next(), to, amount);
      return { value: amount };
    });
  }

  private exportTx(role: 'P' | 'X', t: number): boolean {
    const inWindow = t >= this.evmStart && t <= this.evmEnd;
    const to: Role = inWindow && this.rng.chance(0.5) ? 'C' : role === 'P' ? 'X' : 'P';
    const from = this.account();
    const amount = this.avaxAmount(1, 20_000);
    if (role === 'P') {
      const row = this.pTx(t, 'ExportTx', from, FEE, 340, (r, next) => {
        this.output('P', r, next(), from, amount, { to });
        return { value: amount };
      });
      row.destinationChain = BLOCKCHAIN[to];
      return true;
    }
    this.xTx(t, 'ExportTx', from, amount, 360, (row) => {
      row.destinationChain = BLOCKCHAIN[to];
      return [{ owner: from, amount, to }];
    });
    return true;
  }

  /** An import of the oldest coin exported towards `role`; undefined when nothing is waiting. */
  private importTx(role: Role, t: number): boolean {
    const coin = this.wallets.importable(role);
    if (!coin) return false;
    const sourceRole: Role = Buffer.from(coin.createdOn).equals(Buffer.from(P_CHAIN_ID)) ? 'P' : Buffer.from(coin.createdOn).equals(Buffer.from(X_CHAIN_ID)) ? 'X' : 'C';
    const tx = this.txBytes(300, 1);
    let place: { height: number; blockId: Uint8Array; time: number; index: number };
    if (role === 'C') place = this.cPlace(t);
    else place = { ...(role === 'P' ? this.pBlock(t, 'BanffStandardBlock', [tx.txId]) : this.xBlock(t, [tx.txId])), index: 0 };
    const row = this.txRow(role, place, 'ImportTx', tx);
    row.sourceChain = BLOCKCHAIN[sourceRole];
    if (role === 'C') row.destinationChain = C_CHAIN_ID;
    this.spend(role, row, [coin], 0, tx);
    const amount = coin.amount - FEE;
    const account = this.keys.account(coin.owner);
    if (role === 'C') {
      row.details.evmOutputs = [{ address: account.evmAddress, assetId: AVAX, amount }];
      row.amounts = { unlocked: this.amountOf(coin.amount), created: this.amountOf(amount) };
      this.involve(row, [account.evmAddress]);
    } else {
      this.output(role, row, 0, coin.owner, amount);
      row.amounts = role === 'P' ? { value: this.amountOf(amount), burned: this.amountOf(FEE), staked: [], l1Burned: [] } : { unlocked: this.amountOf(coin.amount), created: this.amountOf(amount) };
      this.involve(row, [account.shortId]);
    }
    this.rows.txs.push(row);
    return true;
  }

  private stakeOwner(): number {
    return this.rng.chance(0.3) ? this.account() : this.accountRank.n - 1 - this.rng.int(Math.floor(this.accountRank.n / 2));
  }

  private addValidator(t: number): boolean {
    // Nodes renew: the busiest nodes (lowest indexes) come back first.
    let node: number;
    if (this.idleNodes.length === 0) return false;
    if (this.rng.chance(0.35)) {
      let best = 0;
      for (let i = 1; i < this.idleNodes.length; i++) if (this.idleNodes[i]! < this.idleNodes[best]!) best = i;
      node = this.idleNodes.splice(best, 1)[0]!;
    } else {
      node = this.idleNodes.splice(this.rng.int(this.idleNodes.length), 1)[0]!;
    }
    const pending = t > DATASET_NOW - 7 * DAY && this.rng.chance(0.2);
    const start = pending ? t + this.rng.between(DAY, 10 * DAY) : t;
    const end = start + this.rng.between(14 * DAY, 365 * DAY);
    const weight = this.rng.chance(0.9) ? BigInt(this.rng.between(2_000, 6_000)) * NANO : BigInt(this.rng.between(6_000, 2_000_000)) * NANO;
    const shares = this.rng.chance(0.7) ? 20_000 : this.rng.between(20_000, 150_000);
    const owner = this.stakeOwner();
    const delegationOwner = this.rng.chance(0.8) ? owner : this.stakeOwner();
    const payer = this.rng.chance(0.5) ? owner : this.account();
    const row = this.pTx(t, 'AddPermissionlessValidatorTx', payer, FEE, 720, (r, next) => {
      this.output('P', r, next(), owner, weight, { staked: { start, end } });
      return { staked: weight };
    });
    const v: Validation = {
      txId: row.txId, node, nodeId: this.nodeIds[node]!, start, end, weight, shares, rewardOwner: owner, delegationOwner, outputs: this.outputsOf(),
      delegators: 0, open: true,
    };
    const rewardOwner = singleOwner(this.address(owner));
    const delegationRewardOwner = singleOwner(this.address(delegationOwner));
    const bls = { publicKey: this.rng.bytes(48), proofOfPossession: this.rng.bytes(96) };
    Object.assign(row, { nodeId: v.nodeId, subnetId: PRIMARY_SUBNET_ID, startTime: BigInt(start), endTime: BigInt(end), weight, delegationShares: shares });
    row.details = { rewardOwner, delegationRewardOwner, bls };
    this.involve(row, [rewardOwner.addresses[0]!, delegationRewardOwner.addresses[0]!]);
    this.rows.stakers.push(this.staker(row, 'validator', v.nodeId, PRIMARY_SUBNET_ID, start, end, weight, { delegationShares: shares, rewardOwner, delegationRewardOwner, bls }));
    this.openValidations.set(node, v);
    this.facts_.validators++;
    if (end <= DATASET_NOW - 60) this.rewards.push(end + 0.5, { kind: 'validator', validation: v });
    return true;
  }

  /** Outputs of the tx just built (reward UTXOs of a staker are numbered after them). */
  private outputsOf(): number {
    return this.txOutputs.length;
  }

  private staker(row: PrimaryTxRow, kind: StakerRow['kind'], nodeId: Uint8Array, subnetId: Uint8Array, start: number, end: number, weight: bigint, extra: Partial<StakerRow> = {}): StakerRow {
    return {
      chain: row.chain, txId: row.txId, txType: row.txType, kind, nodeId, subnetId, startTime: BigInt(start), endTime: BigInt(end), weight,
      blockHeight: row.blockHeight, txIndex: row.txIndex, blockTimestamp: row.blockTimestamp, genesis: false, ...extra,
    };
  }

  private addDelegator(t: number): boolean {
    let validation: Validation | undefined;
    for (let i = 0; i < 8 && !validation; i++) {
      const v = this.openValidations.get(this.nodeRank.sample(this.rng));
      if (v && v.end - Math.max(t, v.start) >= 15 * DAY) validation = v;
    }
    if (!validation) {
      const open = [...this.openValidations.values()].filter((v) => v.end - Math.max(t, v.start) >= 15 * DAY);
      if (open.length === 0) return false;
      validation = this.rng.pick(open);
    }
    const start = Math.max(t, validation.start);
    const end = Math.min(validation.end, start + this.rng.between(14 * DAY, 365 * DAY));
    const weight = BigInt(this.rng.between(25, 3_000)) * NANO * (this.rng.chance(0.05) ? 100n : 1n);
    const owner = this.account();
    const row = this.pTx(t, 'AddPermissionlessDelegatorTx', owner, FEE, 480, (r, next) => {
      this.output('P', r, next(), owner, weight, { staked: { start, end } });
      return { staked: weight };
    });
    const rewardOwner = singleOwner(this.address(owner));
    Object.assign(row, { nodeId: validation.nodeId, subnetId: PRIMARY_SUBNET_ID, startTime: BigInt(start), endTime: BigInt(end), weight });
    row.details = { rewardOwner };
    this.rows.stakers.push(this.staker(row, 'delegator', validation.nodeId, PRIMARY_SUBNET_ID, start, end, weight, { rewardOwner }));
    const d: Delegation = { txId: row.txId, validation, start, end, weight, rewardOwner: owner, outputs: this.outputsOf(), open: true };
    validation.delegators++;
    this.openDelegations.add(d);
    this.facts_.delegators++;
    if (end <= DATASET_NOW - 60) this.rewards.push(end, { kind: 'delegator', delegation: d });
    return true;
  }

  /** Every staker whose time is up by `t` gets its RewardValidatorTx, in a proposal block followed by its option. */
  private flushRewards(t: number): void {
    while (this.rewards.size > 0 && this.rewards.peekKey()! <= t) {
      const reward = this.rewards.pop()!;
      const end = Math.floor(reward.kind === 'validator' ? reward.validation.end : reward.delegation.end);
      const stakingTxId = reward.kind === 'validator' ? reward.validation.txId : reward.delegation.txId;
      const committed = this.rng.chance(0.96);
      const tx = this.txBytes(40, 0);
      const block = this.pBlock(end, 'BanffProposalBlock', [tx.txId]);
      const row = this.txRow('P', { ...block, index: 0 }, 'RewardValidatorTx', tx);
      row.stakingTxId = stakingTxId;
      const involved: Uint8Array[] = [];
      let validationReward = 0n;
      let delegationFees = 0n;
      let delegatorReward = 0n;
      if (reward.kind === 'validator') {
        const v = reward.validation;
        Object.assign(row, { nodeId: v.nodeId, subnetId: PRIMARY_SUBNET_ID });
        if (committed) {
          validationReward = (v.weight * BigInt(v.end - v.start)) / BigInt(365 * DAY) / 12n;
          this.output('P', row, v.outputs, v.rewardOwner, validationReward, { txId: v.txId, rewardType: 'VALIDATOR' });
          involved.push(this.address(v.rewardOwner));
          if (v.delegators > 0) {
            delegationFees = BigInt(v.delegators) * BigInt(this.rng.between(1, 40)) * NANO / 10n;
            this.output('P', row, v.outputs + 1, v.delegationOwner, delegationFees, { txId: v.txId, rewardType: 'VALIDATOR_FEE' });
            involved.push(this.address(v.delegationOwner));
          }
        }
        v.open = false;
        if (this.openValidations.get(v.node) === v) this.openValidations.delete(v.node);
        this.idleNodes.push(v.node);
      } else {
        const d = reward.delegation;
        Object.assign(row, { nodeId: d.validation.nodeId, subnetId: PRIMARY_SUBNET_ID });
        if (committed) {
          delegatorReward = (d.weight * BigInt(d.end - d.start)) / BigInt(365 * DAY) / 14n;
          this.output('P', row, d.outputs, d.rewardOwner, delegatorReward, { txId: d.txId, rewardType: 'DELEGATOR' });
          involved.push(this.address(d.rewardOwner));
        }
        d.open = false;
        this.openDelegations.delete(d);
      }
      const paid = validationReward + delegationFees + delegatorReward;
      row.amounts = { value: this.amountOf(paid), burned: [], staked: [], l1Burned: [] };
      this.rows.txs.push(row);
      this.involve(row, involved);
      this.rows.stakerEnds.push({
        chain: this.chains.P, stakingTxId, kind: committed ? 'rewarded' : 'not-rewarded', txId: row.txId, blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp,
        ...(committed ? { validationReward, delegationFees, delegatorReward } : {}),
      });
      this.pBlock(end, committed ? 'BanffCommitBlock' : 'BanffAbortBlock', []);
    }
  }

  private subnetOwner(owner: number): Owners {
    return this.rng.chance(0.7) ? singleOwner(this.address(owner)) : { locktime: 0n, threshold: 2, addresses: [owner, owner + 1, owner + 2].map((i) => this.address(i % this.accountRank.n)) };
  }

  private createSubnet(t: number): boolean {
    const owner = this.account();
    const ownerSet = this.subnetOwner(owner);
    const row = this.pTx(t, 'CreateSubnetTx', owner, 1_000_000_000n, 300);
    row.subnetId = row.txId;
    row.details = { subnetOwner: ownerSet };
    this.involve(row, ownerSet.addresses);
    this.rows.subnets.push({ chain: this.chains.P, subnetId: row.txId, blockHeight: row.blockHeight, txIndex: row.txIndex, blockTimestamp: row.blockTimestamp, owner: ownerSet });
    this.subnets.push({ id: row.txId, owner, chains: [], l1: false, validators: new Map() });
    this.facts_.subnets++;
    return true;
  }

  private createChain(t: number): boolean {
    if (this.subnets.length === 0) return false;
    const subnet = this.rng.pick(this.subnets);
    const chainId = 100_000 + this.subnets.indexOf(subnet) * 10 + subnet.chains.length;
    const name = `chain${chainId}`;
    const genesisData = new TextEncoder().encode(JSON.stringify({ config: { chainId, feeConfig: { gasLimit: 15_000_000, targetBlockRate: 2 } }, alloc: {}, gasLimit: '0xe4e1c0' }));
    const row = this.pTx(t, 'CreateChainTx', subnet.owner, 1_000_000_000n, 400 + genesisData.length);
    row.subnetId = subnet.id;
    row.details = { blockchain: { blockchainId: row.txId, subnetId: subnet.id, name, vmId: SUBNET_EVM_VM, fxIds: [] } };
    this.rows.blockchains.push({
      chain: this.chains.P, blockchainId: row.txId, subnetId: subnet.id, name, vmId: SUBNET_EVM_VM, fxIds: [], genesisData, genesisJson: JSON.parse(new TextDecoder().decode(genesisData)) as Record<string, unknown>,
      evmChainId: BigInt(chainId), blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp, genesis: false,
    });
    subnet.chains.push(row.txId);
    return true;
  }

  private addSubnetValidator(t: number): boolean {
    const candidates = this.subnets.filter((s) => !s.l1);
    if (candidates.length === 0 || this.openValidations.size === 0) return false;
    const subnet = candidates[Math.floor(candidates.length * this.rng.next() ** 2)]!;
    const validation = this.openValidations.get(this.nodeRank.sample(this.rng)) ?? this.rng.pick([...this.openValidations.values()]);
    if (subnet.validators.has(validation.node) || validation.end - t < 2 * DAY) return false;
    const start = t;
    const end = Math.min(validation.end, t + this.rng.between(7 * DAY, 180 * DAY));
    const weight = BigInt(this.rng.between(20, 1_000));
    const row = this.pTx(t, 'AddSubnetValidatorTx', subnet.owner, FEE, 420);
    Object.assign(row, { nodeId: validation.nodeId, subnetId: subnet.id, startTime: BigInt(start), endTime: BigInt(end), weight });
    this.rows.stakers.push(this.staker(row, 'subnet-validator', validation.nodeId, subnet.id, start, end, weight));
    subnet.validators.set(validation.node, row.txId);
    return true;
  }

  private removeSubnetValidator(t: number): boolean {
    const subnet = this.subnets.find((s) => s.validators.size > 0 && !s.l1 && this.rng.chance(0.3));
    if (!subnet) return false;
    const [node] = subnet.validators.keys();
    subnet.validators.delete(node!);
    const row = this.pTx(t, 'RemoveSubnetValidatorTx', subnet.owner, FEE, 300);
    Object.assign(row, { nodeId: this.nodeIds[node!]!, subnetId: subnet.id });
    this.rows.stakerEnds.push({ chain: this.chains.P, removed: { nodeId: this.nodeIds[node!]!, subnetId: subnet.id }, kind: 'removed', txId: row.txId, blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp });
    return true;
  }

  private transferSubnetOwnership(t: number): boolean {
    if (this.subnets.length === 0) return false;
    const subnet = this.rng.pick(this.subnets);
    const next = this.account();
    const owner = singleOwner(this.address(next));
    const row = this.pTx(t, 'TransferSubnetOwnershipTx', subnet.owner, FEE, 320);
    row.subnetId = subnet.id;
    row.details = { subnetOwner: owner };
    this.involve(row, owner.addresses);
    this.rows.subnetChanges.push({ chain: this.chains.P, subnetId: subnet.id, txId: row.txId, blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp, owner });
    subnet.owner = next;
    return true;
  }

  private l1Validator(subnet: Subnet, validationId: Uint8Array, balance: bigint): L1ValidatorDetail {
    const owner = singleOwner(this.address(subnet.owner));
    return {
      validationId, nodeId: this.rng.bytes(20), subnetId: subnet.id, weight: BigInt(this.rng.between(1, 100)) * 100n, balance,
      blsPublicKey: this.rng.bytes(48), proofOfPossession: this.rng.bytes(96), remainingBalanceOwner: owner, deactivationOwner: owner,
    };
  }

  private addL1Validators(row: PrimaryTxRow, validators: L1ValidatorDetail[]): void {
    for (const v of validators) {
      this.rows.l1Validators.push({
        chain: this.chains.P, validationId: v.validationId, subnetId: v.subnetId, nodeId: v.nodeId, weight: v.weight!, balance: v.balance!, blsPublicKey: v.blsPublicKey!,
        proofOfPossession: v.proofOfPossession!, remainingBalanceOwner: v.remainingBalanceOwner!, deactivationOwner: v.deactivationOwner!, createdTxId: row.txId,
        blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp,
      });
      this.rows.l1ValidationTxs.push({ chain: this.chains.P, validationId: v.validationId, blockHeight: row.blockHeight, txIndex: row.txIndex, txId: row.txId, txType: row.txType, blockTimestamp: row.blockTimestamp });
      this.l1Validators.push({ validationId: v.validationId, weight: v.weight!, nonce: 0n, active: true });
      this.facts_.l1Validators++;
    }
  }

  private convertSubnet(t: number): boolean {
    const subnet = this.subnets.find((s) => !s.l1 && s.chains.length > 0 && s.validators.size === 0);
    if (!subnet) return false;
    const count = this.rng.between(1, 5);
    const validators = Array.from({ length: count }, (_, i) => this.l1Validator(subnet, sha256(new Uint8Array([...subnet.id, i])), BigInt(this.rng.between(1, 50)) * NANO));
    const balances = validators.reduce((s, v) => s + v.balance!, 0n);
    const manager = this.rng.bytes(20);
    const row = this.pTx(t, 'ConvertSubnetToL1Tx', subnet.owner, FEE + balances, 600 + 250 * count, () => ({ l1Burned: balances }));
    row.subnetId = subnet.id;
    row.details = { l1Manager: { blockchainId: subnet.chains[0]!, address: manager }, l1Validators: validators };
    this.rows.subnetChanges.push({
      chain: this.chains.P, subnetId: subnet.id, txId: row.txId, blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp,
      conversion: { conversionId: sha256(row.txId), managerChainId: subnet.chains[0]!, managerAddress: manager },
    });
    this.addL1Validators(row, validators);
    this.involve(row, validators.flatMap((v) => v.remainingBalanceOwner!.addresses));
    subnet.l1 = true;
    return true;
  }

  private registerL1Validator(t: number): boolean {
    const l1s = this.subnets.filter((s) => s.l1);
    if (l1s.length === 0) return false;
    const subnet = l1s[Math.floor(l1s.length * this.rng.next() ** 2)]!;
    const validator = this.l1Validator(subnet, this.rng.bytes(32), BigInt(this.rng.between(1, 20)) * NANO);
    const row = this.pTx(t, 'RegisterL1ValidatorTx', subnet.owner, FEE + validator.balance!, 900, () => ({ l1Burned: validator.balance! }));
    Object.assign(row, { subnetId: subnet.id, weight: validator.weight });
    row.details = { l1Validators: [validator], expiry: BigInt(t + DAY) };
    this.addL1Validators(row, [validator]);
    this.involve(row, validator.remainingBalanceOwner!.addresses);
    return true;
  }

  private activeL1Validator(): L1Validator | undefined {
    const active = this.l1Validators.filter((v) => v.active);
    return active.length === 0 ? undefined : this.rng.pick(active);
  }

  private l1Change(row: PrimaryTxRow, v: L1Validator, change: Omit<PrimaryRows['l1Changes'][number], 'chain' | 'validationId' | 'txId' | 'blockHeight' | 'blockTimestamp'>): void {
    this.rows.l1Changes.push({ chain: this.chains.P, validationId: v.validationId, txId: row.txId, blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp, ...change });
    this.rows.l1ValidationTxs.push({ chain: this.chains.P, validationId: v.validationId, blockHeight: row.blockHeight, txIndex: row.txIndex, txId: row.txId, txType: row.txType, blockTimestamp: row.blockTimestamp });
  }

  private setL1Weight(t: number): boolean {
    const v = this.activeL1Validator();
    if (!v) return false;
    const weight = this.rng.chance(0.15) ? 0n : BigInt(this.rng.between(1, 100)) * 100n;
    v.nonce++;
    const row = this.pTx(t, 'SetL1ValidatorWeightTx', this.account(), FEE, 420);
    row.weight = weight;
    row.details = { l1Validators: [{ validationId: v.validationId, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0), weight, nonce: v.nonce }] };
    this.l1Change(row, v, { kind: 'weight', weight, nonce: v.nonce });
    v.weight = weight;
    if (weight === 0n) v.active = false;
    return true;
  }

  private increaseL1Balance(t: number): boolean {
    const v = this.activeL1Validator();
    if (!v) return false;
    const balance = BigInt(this.rng.between(1, 10)) * NANO;
    const row = this.pTx(t, 'IncreaseL1ValidatorBalanceTx', this.account(), FEE + balance, 300, () => ({ l1Burned: balance }));
    row.details = { l1Validators: [{ validationId: v.validationId, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0), balance }] };
    this.l1Change(row, v, { kind: 'balance', balanceIncrease: balance });
    return true;
  }

  private disableL1Validator(t: number): boolean {
    const v = this.activeL1Validator();
    if (!v) return false;
    const row = this.pTx(t, 'DisableL1ValidatorTx', this.account(), FEE, 300);
    row.details = { l1Validators: [{ validationId: v.validationId, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0) }] };
    this.l1Change(row, v, { kind: 'disable' });
    v.active = false;
    return true;
  }

  // ---- X-chain ----

  private xEvent(t: number): void {
    const r = this.rng.next();
    if (r < 0.90) this.xBase(t);
    else if (r < 0.945) this.exportTx('X', t);
    else if (r < 0.995) {
      if (!this.importTx('X', t)) this.xBase(t);
    } else this.createAsset(t);
  }

  /** An X-chain tx from `from` creating `outputs` (plus change), signed for every input. */
  private xTx(t: number, txType: string, from: number, amount: bigint, size: number, outputs: (row: PrimaryTxRow) => { owner: number; amount: bigint; to?: Role }[], memo?: Uint8Array): PrimaryTxRow {
    const coins = this.gather('X', from, amount + FEE);
    const tx = this.txBytes(size + 75 * coins.length, coins.length);
    const block = this.xBlock(t, [tx.txId]);
    const row = this.txRow('X', { ...block, index: 0 }, txType, tx, memo);
    this.spend('X', row, coins, 0, tx);
    const planned = outputs(row);
    const involved: Uint8Array[] = [];
    let index = 0;
    const change = coins.reduce((s, c) => s + c.amount, 0n) - amount - FEE;
    for (const o of planned) {
      this.output('X', row, index++, o.owner, o.amount, o.to ? { to: o.to } : {});
      involved.push(this.address(o.owner));
    }
    if (change > 0n) {
      this.output('X', row, index++, from, change);
      involved.push(this.address(from));
    }
    const unlocked = coins.reduce((s, c) => s + c.amount, 0n);
    row.amounts = { unlocked: this.amountOf(unlocked), created: this.amountOf(unlocked - FEE) };
    this.rows.txs.push(row);
    this.involve(row, involved);
    return row;
  }

  private xBase(t: number): void {
    const from = this.account();
    const to = this.account();
    const amount = this.avaxAmount(0.01, 100_000);
    const memo = this.rng.chance(0.1) ? new TextEncoder().encode(`withdrawal ${this.rng.int(1_000_000)}`) : undefined;
    this.xTx(t, 'BaseTx', from, amount, 280, () => [{ owner: to, amount }], memo);
  }

  private createAsset(t: number): void {
    const from = this.account();
    const n = this.assets++;
    const row = this.xTx(t, 'CreateAssetTx', from, 0n, 420, () => []);
    const asset = { name: `Asset ${n}`, symbol: `AS${n}`.slice(0, 4), denomination: this.rng.between(0, 9), cap: 'fixed' as const, type: 'secp256k1' as const };
    row.details = { asset };
    const supply = BigInt(this.rng.between(1, 1_000_000)) * 1_000_000n;
    const index = this.txOutputs.length;
    this.output('X', row, index, from, supply, { assetId: row.txId });
    row.amounts = { unlocked: row.amounts.unlocked ?? [], created: [...(row.amounts.created ?? []), { assetId: row.txId, amount: supply }] };
    this.rows.assets.push({
      chain: this.chains.X, assetId: row.txId, name: asset.name, symbol: asset.symbol, denomination: asset.denomination, cap: 'fixed', assetType: 'secp256k1',
      createTxId: row.txId, blockHeight: row.blockHeight, blockTimestamp: row.blockTimestamp, genesis: false,
    });
  }

  // ---- C-chain atomic txs ----

  /** The C-chain block an atomic tx at time `t` lands in, and its position among the block's atomic txs. */
  private cPlace(t: number): { height: number; blockId: Uint8Array; time: number; index: number } {
    const height = Math.min(evmBlockCount(this.spec) - 1, evmBlockAt(this.spec, t));
    if (this.atomicInBlock.block !== height) this.atomicInBlock = { block: height, count: 0 };
    return { height, blockId: derivedHash(this.spec, 'evm-block', height), time: evmBlockTime(this.spec, height), index: this.atomicInBlock.count++ };
  }

  private cEvent(t: number): void {
    if (this.rng.chance(0.5) && this.importTx('C', t)) return;
    this.cExport(t);
  }

  private cExport(t: number): void {
    const from = this.account();
    const account = this.keys.account(from);
    const to: Role = this.rng.chance(0.5) ? 'X' : 'P';
    const amount = this.avaxAmount(1, 20_000);
    const tx = this.txBytes(330, 1);
    const row = this.txRow('C', this.cPlace(t), 'ExportTx', tx);
    row.sourceChain = C_CHAIN_ID;
    row.destinationChain = BLOCKCHAIN[to];
    const credential = this.keys.credential(from, sha256(tx.bytes.subarray(0, tx.unsignedSize)));
    row.details.evmInputs = [{ address: account.evmAddress, assetId: AVAX, amount: amount + FEE, nonce: BigInt(this.rng.int(5_000)), credentials: [credential] }];
    this.output('C', row, 0, from, amount, { to });
    row.amounts = { unlocked: this.amountOf(amount + FEE), created: this.amountOf(amount) };
    this.rows.txs.push(row);
    this.involve(row, [account.evmAddress, account.shortId]);
  }

  // ---- what the node reports about current stakers ----

  private snapshots(): void {
    const observedAt = BigInt(DATASET_NOW - 30);
    for (const v of this.openValidations.values()) {
      if (!v.open || v.start > DATASET_NOW) continue;
      const uptime = this.rng.chance(0.9) ? 99 + this.rng.next() : 60 + this.rng.next() * 39;
      this.rows.snapshots.push({
        chain: this.chains.P, txId: v.txId, observedAt, uptime, connected: uptime > 80 || this.rng.chance(0.5),
        potentialReward: (v.weight * BigInt(v.end - v.start)) / BigInt(365 * DAY) / 12n, accruedDelegateeReward: BigInt(v.delegators) * NANO / 10n,
      });
    }
    for (const d of this.openDelegations) {
      if (d.start > DATASET_NOW) continue;
      this.rows.snapshots.push({ chain: this.chains.P, txId: d.txId, observedAt, potentialReward: (d.weight * BigInt(d.end - d.start)) / BigInt(365 * DAY) / 14n });
    }
  }
}
