import { sha256 } from '../../src/lib/hash.js';
import {
  emptyEvmBatch, type EvmBatch, type EvmBlockRecord, type EvmNftTokenRecord, type EvmTransactionRecord,
} from '../../src/store/writers/evm/evm-batch.js';
import { C_CHAIN_ID, derivedHash, evmBlockCount, evmBlockTime, EVM_TXS_PER_BLOCK, type DatasetSpec } from './dataset-spec.js';
import { Rng, Zipf } from './random.js';

/**
 * The C-chain of the dataset as the indexer would hand it to the store: EvmBatch records, block by block.
 *
 * Activity: native transfers (35 %), ERC-20 transfers (30 %), DEX swaps through a few routers (13 %, two
 * token transfers, four logs and three internal calls each), NFT mints and transfers (ERC-721 and ERC-1155,
 * 5 %), contract deployments (0.5 %, some through a factory), Teleporter sends (0.1 %) and other contract
 * calls; about 3 % of contract calls fail. Senders and recipients are Zipf-distributed over many EOAs, so a
 * few long-lived hot accounts (exchange wallets) appear in a large share of all transactions; tokens too
 * (a few stablecoins carry most transfers). Block sizes vary from 0 to 16 transactions, 8 on average.
 */

const TRANSFER = hex32('ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
const TRANSFER_SINGLE = hex32('c3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62');
const SWAP = hex32('d78ad95fa46c994b6551d0da85fc275fe613ce37657fb8d5e3d130840159d822');
const SYNC = hex32('1c411e9a96e071241c2f21f7726b17ae89e3cab4c78be50e062b03a9fffbbad1');
const SEND_CROSS_CHAIN_MESSAGE = hex32('2a211ad4a59ab9d003852404f9c57c690704ee755f3c79d2c2812ad32da99df8');
const SELECTORS = {
  transfer: hex('a9059cbb'),
  swap: hex('38ed1739'),
  safeTransferFrom: hex('42842e0e'),
  mint: hex('40c10f19'),
  send: hex('62448850'),
  approve: hex('095ea7b3'),
  deposit: hex('d0e30db0'),
};
const ZERO_ADDRESS = new Uint8Array(20);
const DESTINATIONS = [sha256(new TextEncoder().encode('l1-a')), sha256(new TextEncoder().encode('l1-b')), sha256(new TextEncoder().encode('l1-c'))];

function hex(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'hex'));
}

function hex32(text: string): Uint8Array {
  return hex(text);
}

function word(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = value;
  for (let i = 31; i >= 0 && v > 0n; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

function addressWord(address: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  out.set(address, 12);
  return out;
}

/** A pool of derived 20-byte addresses, `count` of them, handed out as views. */
function addressPool(label: string, count: number): Uint8Array[] {
  const out: Uint8Array[] = new Array(count);
  const prefix = new TextEncoder().encode(label);
  const input = new Uint8Array(prefix.length + 4);
  input.set(prefix);
  const view = new DataView(input.buffer);
  for (let i = 0; i < count; i++) {
    view.setUint32(prefix.length, i);
    out[i] = sha256(input).subarray(0, 20);
  }
  return out;
}

interface NftState {
  contract: Uint8Array;
  standard: 721 | 1155;
  minted: number;
  /** ERC-721: owner index (EOA) per token id. */
  owners: number[];
}

export interface EvmDatasetFacts {
  blocks: number;
  transactions: number;
  failed: number;
  eoas: Uint8Array[];
  tokens: Uint8Array[];
  nfts: { contract: Uint8Array; standard: 721 | 1155; minted: number }[];
  routers: Uint8Array[];
}

export class EvmDatasetGenerator {
  readonly blocks: number;
  readonly eoas: Uint8Array[];
  readonly tokens: Uint8Array[];
  readonly routers: Uint8Array[];
  readonly pairs: Uint8Array[];
  readonly others: Uint8Array[];
  readonly factory: Uint8Array;
  readonly messenger: Uint8Array;
  private readonly nfts: NftState[];
  /** Deployed by the chain's first transactions, in this order. */
  private readonly genesisContracts: Uint8Array[];
  private readonly rng: Rng;
  private readonly accountRank: Zipf;
  private readonly tokenRank: Zipf;
  private readonly nonces: Uint32Array;
  private baseFee = 25_000_000_000n;
  private deployed = 0;
  private transactions = 0;
  private failed = 0;

  constructor(private readonly spec: DatasetSpec) {
    this.blocks = evmBlockCount(spec);
    this.rng = new Rng(spec.seed);
    const eoaCount = Math.max(2_000, Math.floor(spec.evmTxs / 4));
    this.eoas = addressPool('eoa', eoaCount);
    this.nonces = new Uint32Array(eoaCount);
    this.accountRank = new Zipf(eoaCount, 1.0);
    this.tokens = addressPool('erc20', 200);
    this.tokenRank = new Zipf(this.tokens.length, 1.2);
    this.routers = addressPool('router', 5);
    this.pairs = addressPool('pair', 40);
    this.others = addressPool('contract', 60);
    this.factory = addressPool('factory', 1)[0]!;
    this.messenger = addressPool('teleporter', 1)[0]!;
    this.nfts = [
      ...addressPool('erc721', 30).map((contract): NftState => ({ contract, standard: 721, minted: 0, owners: [] })),
      ...addressPool('erc1155', 10).map((contract): NftState => ({ contract, standard: 1155, minted: 0, owners: [] })),
    ];
    this.genesisContracts = [...this.tokens, ...this.nfts.map((x) => x.contract), ...this.routers, ...this.pairs, ...this.others, this.factory, this.messenger];
  }

  facts(): EvmDatasetFacts {
    return {
      blocks: this.blocks, transactions: this.transactions, failed: this.failed, eoas: this.eoas, tokens: this.tokens,
      nfts: this.nfts.map((n) => ({ contract: n.contract, standard: n.standard, minted: n.minted })), routers: this.routers,
    };
  }

  blockHash(n: number): Uint8Array {
    return derivedHash(this.spec, 'evm-block', n);
  }

  /** Batches of `blocksPerBatch` consecutive blocks, in order. */
  *batches(blocksPerBatch: number): Generator<EvmBatch> {
    for (let first = 0; first < this.blocks; first += blocksPerBatch) {
      const batch = emptyEvmBatch();
      const last = Math.min(this.blocks, first + blocksPerBatch) - 1;
      const nftTouched = new Map<string, EvmNftTokenRecord>();
      for (let n = first; n <= last; n++) this.addBlock(batch, n, nftTouched);
      batch.nftTokens.push(...nftTouched.values());
      yield batch;
    }
  }

  /** Every pair of blocks holds 16 transactions (0–16 in either), so the total is exactly 8 per block. */
  private txCountOf(n: number): number {
    if (n < 2) return EVM_TXS_PER_BLOCK;
    if (n % 2 === 0) {
      this.pendingDelta = this.rng.between(-EVM_TXS_PER_BLOCK, EVM_TXS_PER_BLOCK);
      return n === this.blocks - 1 ? EVM_TXS_PER_BLOCK : EVM_TXS_PER_BLOCK + this.pendingDelta;
    }
    return EVM_TXS_PER_BLOCK - this.pendingDelta;
  }

  private pendingDelta = 0;

  private addBlock(batch: EvmBatch, n: number, nftTouched: Map<string, EvmNftTokenRecord>): void {
    const timestamp = BigInt(evmBlockTime(this.spec, n));
    // the base fee drifts like the real one: a random walk between 25 and 100 gwei
    this.baseFee += BigInt(this.rng.between(-1_000, 1_000)) * 1_000_000n;
    if (this.baseFee < 25_000_000_000n) this.baseFee = 25_000_000_000n;
    if (this.baseFee > 100_000_000_000n) this.baseFee = 100_000_000_000n;
    const block: EvmBlockRecord = {
      number: BigInt(n), hash: this.blockHash(n), parentHash: n === 0 ? new Uint8Array(32) : this.blockHash(n - 1), timestamp,
      timestampMs: timestamp * 1000n + BigInt(this.rng.int(1000)), miner: ZERO_ADDRESS, size: 0, gasLimit: 15_000_000n, gasUsed: 0n,
      baseFee: this.baseFee, blockGasCost: 0n, extDataGasUsed: 0n, txCount: 0, feesSpent: 0n, internalTxsIndexed: true,
    };
    const count = this.txCountOf(n);
    let logIndex = 0;
    for (let i = 0; i < count; i++) {
      const tx = this.transaction(batch, block, i, () => logIndex++, nftTouched);
      block.gasUsed += tx.gasUsed;
      block.feesSpent += tx.gasUsed * tx.effectiveGasPrice;
      block.size! += 110 + tx.input.length;
    }
    block.txCount = count;
    block.size! += 540;
    batch.blocks.push(block);
  }

  private account(): number {
    return this.accountRank.sample(this.rng);
  }

  private transaction(batch: EvmBatch, block: EvmBlockRecord, index: number, nextLog: () => number, nftTouched: Map<string, EvmNftTokenRecord>): EvmTransactionRecord {
    const n = block.number;
    const fromIndex = this.account();
    const from = this.eoas[fromIndex]!;
    const hashInput = new Uint8Array(12);
    const hv = new DataView(hashInput.buffer);
    hv.setUint32(0, this.spec.seed);
    hv.setUint32(4, Number(n));
    hv.setUint32(8, index);
    const hash = sha256(hashInput);
    const tip = BigInt(this.rng.int(2_000)) * 1_000_000n;
    const tx: EvmTransactionRecord = {
      blockNumber: n, index, hash, blockTimestamp: block.timestamp, from, value: 0n, nonce: BigInt(this.nonces[fromIndex]!++), type: 2,
      gasLimit: 0n, gasPrice: block.baseFee! + tip, maxFeePerGas: block.baseFee! * 2n + tip, maxPriorityFeePerGas: tip, gasUsed: 0n,
      effectiveGasPrice: block.baseFee! + tip, status: 1, input: new Uint8Array(0),
    };
    this.transactions++;
    // The first transactions deploy the tokens, NFTs, routers and pairs the rest of the chain uses.
    if (this.deployed < this.genesisContracts.length) {
      this.deploy(batch, tx, this.genesisContracts[this.deployed]!, this.deployed++);
      batch.transactions.push(tx);
      return tx;
    }
    const r = this.rng.next();
    const fails = r >= 0.35 && this.rng.chance(0.03);
    if (r < 0.35) this.nativeTransfer(tx);
    else if (r < 0.65) this.erc20Transfer(batch, tx, nextLog, fails);
    else if (r < 0.78) this.swap(batch, tx, nextLog, fails);
    else if (r < 0.83) this.nft(batch, tx, nextLog, fails, nftTouched);
    else if (r < 0.835) this.deploy(batch, tx, sha256(hash).subarray(0, 20), -1);
    else if (r < 0.836) this.teleporterSend(batch, tx, nextLog, fails);
    else this.otherCall(batch, tx, nextLog, fails);
    if (fails) {
      tx.status = 0;
      this.failed++;
    }
    if (tx.input.length >= 4 && tx.to) tx.methodId = tx.input.subarray(0, 4);
    batch.transactions.push(tx);
    return tx;
  }

  private gas(tx: EvmTransactionRecord, limit: number, used: number): void {
    tx.gasLimit = BigInt(limit);
    tx.gasUsed = BigInt(used);
  }

  private calldata(selector: Uint8Array, words: Uint8Array[]): Uint8Array {
    const out = new Uint8Array(4 + 32 * words.length);
    out.set(selector);
    words.forEach((w, i) => out.set(w, 4 + 32 * i));
    return out;
  }

  private nativeTransfer(tx: EvmTransactionRecord): void {
    tx.to = this.eoas[this.account()]!;
    tx.value = BigInt(this.rng.between(1, 100_000)) * 10n ** 14n;
    this.gas(tx, 21_000, 21_000);
  }

  private transferLog(batch: EvmBatch, tx: EvmTransactionRecord, token: Uint8Array, from: Uint8Array, to: Uint8Array, value: bigint, logIndex: number): void {
    batch.logs.push({ blockNumber: tx.blockNumber, logIndex, txIndex: tx.index, address: token, topics: [TRANSFER, addressWord(from), addressWord(to)], data: word(value) });
    batch.tokenTransfers.push({ blockNumber: tx.blockNumber, logIndex, batchIndex: 0, txIndex: tx.index, blockTimestamp: tx.blockTimestamp, token, standard: 20, from, to, value });
  }

  private erc20Transfer(batch: EvmBatch, tx: EvmTransactionRecord, nextLog: () => number, fails: boolean): void {
    const token = this.tokens[this.tokenRank.sample(this.rng)]!;
    const to = this.eoas[this.account()]!;
    const value = BigInt(this.rng.between(1, 5_000_000)) * 10n ** 15n;
    tx.to = token;
    tx.input = this.calldata(SELECTORS.transfer, [addressWord(to), word(value)]);
    this.gas(tx, 65_000, fails ? 23_000 : this.rng.between(34_000, 52_000));
    if (!fails) this.transferLog(batch, tx, token, tx.from, to, value, nextLog());
  }

  private swap(batch: EvmBatch, tx: EvmTransactionRecord, nextLog: () => number, fails: boolean): void {
    const router = this.routers[this.rng.int(this.routers.length)]!;
    const pair = this.pairs[this.rng.int(this.pairs.length)]!;
    const tokenIn = this.tokens[this.tokenRank.sample(this.rng)]!;
    const tokenOut = this.tokens[this.tokenRank.sample(this.rng)]!;
    const amountIn = BigInt(this.rng.between(1, 1_000_000)) * 10n ** 15n;
    const amountOut = amountIn * BigInt(this.rng.between(50, 200)) / 100n;
    tx.to = router;
    tx.input = this.calldata(SELECTORS.swap, [word(amountIn), word(amountOut), word(160n), addressWord(tx.from), word(BigInt(tx.blockTimestamp) + 600n), word(2n), addressWord(tokenIn)]);
    this.gas(tx, 250_000, fails ? 45_000 : this.rng.between(110_000, 190_000));
    if (fails) return;
    this.transferLog(batch, tx, tokenIn, tx.from, pair, amountIn, nextLog());
    batch.logs.push({ blockNumber: tx.blockNumber, logIndex: nextLog(), txIndex: tx.index, address: pair, topics: [SYNC], data: new Uint8Array([...word(amountIn * 1000n), ...word(amountOut * 1000n)]) });
    batch.logs.push({
      blockNumber: tx.blockNumber, logIndex: nextLog(), txIndex: tx.index, address: pair, topics: [SWAP, addressWord(router), addressWord(tx.from)],
      data: new Uint8Array([...word(amountIn), ...word(0n), ...word(0n), ...word(amountOut)]),
    });
    this.transferLog(batch, tx, tokenOut, pair, tx.from, amountOut, nextLog());
    const frames = [
      { callType: 'CALL', from: router, to: pair, gas: 200_000n, gasUsed: 90_000n },
      { callType: 'CALL', from: pair, to: tokenOut, gas: 120_000n, gasUsed: 30_000n },
      { callType: 'STATICCALL', from: pair, to: tokenIn, gas: 60_000n, gasUsed: 2_600n },
    ];
    frames.forEach((f, i) => batch.internalTransactions.push({
      blockNumber: tx.blockNumber, txIndex: tx.index, traceIndex: i + 1, depth: i === 0 ? 1 : 2, callType: f.callType, from: f.from, to: f.to,
      ...(f.callType === 'STATICCALL' ? {} : { value: 0n }), gas: f.gas, gasUsed: f.gasUsed, reverted: false,
    }));
  }

  private nft(batch: EvmBatch, tx: EvmTransactionRecord, nextLog: () => number, fails: boolean, touched: Map<string, EvmNftTokenRecord>): void {
    const collection = this.nfts[Math.min(this.nfts.length - 1, Math.floor(this.nfts.length * this.rng.next() ** 2))]!;
    const toIndex = this.account();
    const to = this.eoas[toIndex]!;
    tx.to = collection.contract;
    this.gas(tx, 200_000, fails ? 30_000 : this.rng.between(55_000, 130_000));
    const mint = collection.minted === 0 || this.rng.chance(0.4);
    let tokenId: number;
    let from: Uint8Array;
    if (mint) {
      tokenId = fails ? collection.minted : collection.minted++;
      from = ZERO_ADDRESS;
      tx.input = this.calldata(SELECTORS.mint, [addressWord(to), word(BigInt(tokenId))]);
    } else {
      tokenId = this.rng.int(collection.minted);
      from = collection.standard === 721 ? this.eoas[collection.owners[tokenId]!]! : tx.from;
      tx.input = this.calldata(SELECTORS.safeTransferFrom, [addressWord(from), addressWord(to), word(BigInt(tokenId))]);
    }
    if (fails) return;
    if (collection.standard === 721) collection.owners[tokenId] = toIndex;
    const logIndex = nextLog();
    const id = BigInt(tokenId);
    if (collection.standard === 721) {
      batch.logs.push({ blockNumber: tx.blockNumber, logIndex, txIndex: tx.index, address: collection.contract, topics: [TRANSFER, addressWord(from), addressWord(to), word(id)], data: new Uint8Array(0) });
      batch.tokenTransfers.push({ blockNumber: tx.blockNumber, logIndex, batchIndex: 0, txIndex: tx.index, blockTimestamp: tx.blockTimestamp, token: collection.contract, standard: 721, from, to, tokenId: id, value: 1n });
    } else {
      const value = BigInt(this.rng.between(1, 50));
      batch.logs.push({
        blockNumber: tx.blockNumber, logIndex, txIndex: tx.index, address: collection.contract, topics: [TRANSFER_SINGLE, addressWord(tx.from), addressWord(from), addressWord(to)],
        data: new Uint8Array([...word(id), ...word(value)]),
      });
      batch.tokenTransfers.push({ blockNumber: tx.blockNumber, logIndex, batchIndex: 0, txIndex: tx.index, blockTimestamp: tx.blockTimestamp, token: collection.contract, standard: 1155, from, to, tokenId: id, value, operator: tx.from });
    }
    const key = `${Buffer.from(collection.contract).toString('hex')}:${tokenId}`;
    const record = touched.get(key);
    if (record) {
      record.lastBlock = tx.blockNumber;
      if (collection.standard === 721) record.owner = to;
      if (mint) record.tokenUri = `ipfs://bafy${tokenId.toString(36)}/${tokenId}.json`;
    } else {
      touched.set(key, {
        contract: collection.contract, tokenId: id, ercType: collection.standard === 721 ? 'ERC-721' : 'ERC-1155',
        ...(mint ? { tokenUri: collection.standard === 721 ? `ipfs://bafy${tokenId.toString(36)}/${tokenId}.json` : 'https://example.org/api/{id}.json' } : {}),
        ...(collection.standard === 721 ? { owner: to } : {}), firstBlock: tx.blockNumber, lastBlock: tx.blockNumber,
      });
    }
  }

  private deploy(batch: EvmBatch, tx: EvmTransactionRecord, address: Uint8Array, genesisIndex: number): void {
    const viaFactory = genesisIndex < 0 && this.rng.chance(0.3);
    tx.input = this.rng.bytes(this.rng.between(1_500, 4_000));
    this.gas(tx, 3_000_000, this.rng.between(600_000, 2_500_000));
    const isToken = genesisIndex >= 0 ? genesisIndex < this.tokens.length : this.rng.chance(0.5);
    const nft = genesisIndex >= this.tokens.length ? this.nfts[genesisIndex - this.tokens.length] : undefined;
    const ercType = nft ? (nft.standard === 721 ? 'ERC-721' : 'ERC-1155') : isToken ? 'ERC-20' : 'UNKNOWN';
    if (viaFactory) {
      tx.to = this.factory;
      tx.input = this.calldata(hex('9c4d535b'), [word(0n), word(BigInt(tx.input.length))]);
      tx.methodId = tx.input.subarray(0, 4);
      batch.internalTransactions.push({ blockNumber: tx.blockNumber, txIndex: tx.index, traceIndex: 1, depth: 1, callType: 'CREATE2', from: this.factory, to: address, value: 0n, gas: 2_000_000n, gasUsed: 1_200_000n, reverted: false });
    } else {
      tx.contractAddress = address;
    }
    const n = genesisIndex >= 0 ? genesisIndex : Number(tx.blockNumber);
    batch.contracts.push({
      address, blockNumber: tx.blockNumber, txIndex: tx.index, txHash: tx.hash, deployer: tx.from, ...(viaFactory ? { deployerContract: this.factory } : {}),
      ercType, ...(ercType === 'ERC-20' ? { name: `Token ${n}`, symbol: `TK${n}`, decimals: 18 } : ercType === 'UNKNOWN' ? {} : { name: `Collection ${n}`, symbol: `COL${n}` }),
    });
  }

  private teleporterSend(batch: EvmBatch, tx: EvmTransactionRecord, nextLog: () => number, fails: boolean): void {
    tx.to = this.messenger;
    tx.input = this.calldata(SELECTORS.send, [word(32n), word(0n), addressWord(tx.from), word(200_000n), word(0n), word(160n), word(64n), ...Array.from({ length: 2 }, () => this.rng.bytes(32))]);
    this.gas(tx, 400_000, fails ? 40_000 : this.rng.between(130_000, 180_000));
    if (fails) return;
    const logIndex = nextLog();
    const destination = this.rng.pick(DESTINATIONS);
    const messageId = sha256(tx.hash);
    batch.logs.push({ blockNumber: tx.blockNumber, logIndex, txIndex: tx.index, address: this.messenger, topics: [SEND_CROSS_CHAIN_MESSAGE, messageId, destination], data: this.rng.bytes(320) });
    batch.teleporterMessages.push({
      blockNumber: tx.blockNumber, logIndex, txIndex: tx.index, blockTimestamp: tx.blockTimestamp, messageId, direction: 'SOURCE_TRANSACTION',
      sourceBlockchainId: C_CHAIN_ID, destinationBlockchainId: destination, messenger: this.messenger, messageNonce: BigInt(this.transactions),
      originSender: tx.from, destinationAddress: this.eoas[this.account()]!, requiredGasLimit: 200_000n, feeToken: this.tokens[0]!, feeAmount: 0n,
    });
  }

  private otherCall(batch: EvmBatch, tx: EvmTransactionRecord, nextLog: () => number, fails: boolean): void {
    const target = this.others[Math.floor(this.others.length * this.rng.next() ** 2)]!;
    tx.to = target;
    const approve = this.rng.chance(0.5);
    tx.input = approve ? this.calldata(SELECTORS.approve, [addressWord(this.routers[0]!), word((1n << 256n) - 1n)]) : this.calldata(SELECTORS.deposit, []);
    if (!approve) tx.value = BigInt(this.rng.between(1, 10_000)) * 10n ** 15n;
    this.gas(tx, 120_000, fails ? 25_000 : this.rng.between(28_000, 90_000));
    if (fails) return;
    batch.logs.push({ blockNumber: tx.blockNumber, logIndex: nextLog(), txIndex: tx.index, address: target, topics: [sha256(SELECTORS.approve), addressWord(tx.from)], data: word(tx.value) });
  }
}
