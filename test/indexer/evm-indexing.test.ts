/**
 * Issue 5, EVM part: a real devnet runs ERC-20, ERC-721 and ERC-1155 transfers (single, batch, safe to a
 * receiver contract), a revert, a contract that creates contracts, a native transfer and Teleporter-shaped
 * events; the EVM stream fetches and writes the whole chain into each kind of store, and every table is
 * checked against the node's own answers (blocks, per-tx receipts, debug_traceTransaction, eth_call).
 * A second run goes through a proxy that hides eth_getBlockReceipts and the debug API, as on nodes without
 * them: everything else must come out the same, with internal transactions recorded as unavailable.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import solc from 'solc';
import { concat, decodeEventLog, encodeAbiParameters, encodeFunctionData, pad, toHex, type Abi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EvmBlockStream } from '../../src/indexer/streams/evm-block-stream.js';
import { cb58Decode } from '../../src/lib/cb58.js';
import type { Database } from '../../src/store/database/database.js';
import { getEvmContract } from '../../src/store/queries/evm/contracts.js';
import { getEvmNftToken } from '../../src/store/queries/evm/nft-tokens.js';
import { getEvmTransactionDetail } from '../../src/store/queries/evm/transaction-detail.js';
import { listEvmTransactions } from '../../src/store/queries/evm/transactions.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../src/store/registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../src/store/testing.js';
import { startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { contract } from '../helpers/solc.js';

const KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
] as const;
const alice = privateKeyToAccount(KEYS[0]);
const bob = privateKeyToAccount(KEYS[1]);
const ZERO = '0x0000000000000000000000000000000000000000';

/** Emits the TeleporterMessenger's message events with their real types, so decoding is checked on a real chain. */
const ICM_SOURCE = `
// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;
struct TeleporterMessageReceipt { uint256 receivedMessageNonce; address relayerRewardAddress; }
struct TeleporterMessage {
  uint256 messageNonce; address originSenderAddress; bytes32 destinationBlockchainID; address destinationAddress;
  uint256 requiredGasLimit; address[] allowedRelayerAddresses; TeleporterMessageReceipt[] receipts; bytes message;
}
struct TeleporterFeeInfo { address feeTokenAddress; uint256 amount; }
contract IcmEventSource {
  event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, TeleporterMessage message, TeleporterFeeInfo feeInfo);
  event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, TeleporterMessage message);
  function send(bytes32 id, bytes32 destination, uint256 nonce, address to, bytes calldata payload) external {
    address[] memory relayers = new address[](1);
    relayers[0] = msg.sender;
    emit SendCrossChainMessage(id, destination, TeleporterMessage(nonce, msg.sender, destination, to, 100000, relayers, new TeleporterMessageReceipt[](0), payload), TeleporterFeeInfo(address(this), 7));
  }
  function deliver(bytes32 id, bytes32 source, uint256 nonce, address redeemer, bytes calldata payload) external {
    emit ReceiveCrossChainMessage(id, source, msg.sender, redeemer, TeleporterMessage(nonce, redeemer, bytes32(0), address(this), 50000, new address[](0), new TeleporterMessageReceipt[](0), payload));
  }
}`;

function compileIcm(): { abi: Abi; bytecode: Hex } {
  const input = { language: 'Solidity', sources: { 'Icm.sol': { content: ICM_SOURCE } }, settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  const c = out.contracts['Icm.sol'].IcmEventSource;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

const token20 = contract('Token20');
const nft721 = contract('Collectible721');
const multi1155 = contract('MultiToken1155');
const receiverC = contract('TokenReceiver');
const probeC = contract('Probe');
const icmC = compileIcm();

let devnet: DevnetProcess;
let rpcUrl: string;
let blockchainId: Uint8Array;
const nonces = new Map<string, number>();
const at = {} as Record<'token' | 'nft' | 'multi' | 'receiver' | 'probe' | 'icm', Hex>;
const txs = {} as Record<'erc20' | 'reverted' | 'safe721' | 'batch1155' | 'spawn' | 'tryInner' | 'hashes' | 'icmSend' | 'icmDeliver', Hex>;
const ICM_IDS = { sent: pad('0x5e', { size: 32 }), received: pad('0x4e', { size: 32 }), dest: pad('0xde', { size: 32 }), source: pad('0x50', { size: 32 }) };

async function call(method: string, params: unknown[] = []): Promise<any> {
  const r = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await r.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Signs locally, sends, and waits for the receipt; returns it. */
async function send(from: typeof alice, to: Hex | undefined, data: Hex, opts: { value?: bigint; gas?: bigint } = {}): Promise<any> {
  const nonce = nonces.get(from.address) ?? Number(await call('eth_getTransactionCount', [from.address, 'latest']));
  nonces.set(from.address, nonce + 1);
  const raw = await from.signTransaction({
    chainId: 43112, type: 'eip1559', nonce, ...(to ? { to } : {}), data, value: opts.value ?? 0n, gas: opts.gas ?? (to ? 500_000n : 3_000_000n),
    maxFeePerGas: 1_000_000_000_000n, maxPriorityFeePerGas: 1n,
  });
  const hash = (await call('eth_sendRawTransaction', [raw])) as Hex;
  for (let i = 0; i < 500; i++) {
    const receipt = await call('eth_getTransactionReceipt', [hash]);
    if (receipt) return receipt;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${hash} was not mined`);
}

async function deploy(c: { abi: Abi; bytecode: Hex }, args: Hex = '0x'): Promise<Hex> {
  const receipt = await send(alice, undefined, concat([c.bytecode, args]));
  expect(receipt.status).toBe('0x1');
  return receipt.contractAddress;
}

const fn = (c: { abi: Abi }, functionName: string, args: unknown[] = []) => encodeFunctionData({ abi: c.abi, functionName, args } as never);

async function activity(): Promise<void> {
  at.token = await deploy(token20, encodeAbiParameters([{ type: 'string' }, { type: 'string' }, { type: 'uint256' }], ['Firn Token', 'FIRN', 10n ** 24n]));
  txs.erc20 = (await send(alice, at.token, fn(token20, 'transfer', [bob.address, 1000n]))).transactionHash;
  const reverted = await send(alice, at.token, fn(token20, 'transfer', [ZERO, 1n]), { gas: 100_000n });
  expect(reverted.status).toBe('0x0');
  txs.reverted = reverted.transactionHash;

  at.nft = await deploy(nft721, encodeAbiParameters([{ type: 'string' }, { type: 'string' }], ['Firn Collectibles', 'FCOL']));
  await send(alice, at.nft, fn(nft721, 'mint', [alice.address, 1n]));
  await send(alice, at.nft, fn(nft721, 'mint', [alice.address, 2n]));
  await send(alice, at.nft, fn(nft721, 'transferFrom', [alice.address, bob.address, 1n]));
  at.receiver = await deploy(receiverC);
  txs.safe721 = (await send(alice, at.nft, fn(nft721, 'safeTransferFrom', [alice.address, at.receiver, 2n]))).transactionHash;

  at.multi = await deploy(multi1155, encodeAbiParameters([{ type: 'string' }], ['firn://multi/{id}.json']));
  await send(alice, at.multi, fn(multi1155, 'mint', [alice.address, 5n, 100n, '0x']));
  txs.batch1155 = (await send(alice, at.multi, fn(multi1155, 'mintBatch', [bob.address, [6n, 7n], [1n, 2n], '0x']))).transactionHash;
  await send(alice, at.multi, fn(multi1155, 'safeTransferFrom', [alice.address, at.receiver, 5n, 10n, '0x']));

  at.probe = await deploy(probeC);
  txs.spawn = (await send(alice, at.probe, fn(probeC, 'spawn', [pad('0x42', { size: 32 })]))).transactionHash;
  txs.tryInner = (await send(alice, at.probe, fn(probeC, 'tryInner'))).transactionHash;
  txs.hashes = (await send(alice, at.probe, fn(probeC, 'hashes', ['0x1234']))).transactionHash;
  await send(alice, bob.address, '0x', { value: 10n ** 18n, gas: 21_000n });
  await send(bob, alice.address, '0x', { value: 5n, gas: 21_000n });

  at.icm = await deploy(icmC);
  txs.icmSend = (await send(alice, at.icm, fn(icmC, 'send', [ICM_IDS.sent, ICM_IDS.dest, 3n, bob.address, '0xdeadbeef']))).transactionHash;
  txs.icmDeliver = (await send(bob, at.icm, fn(icmC, 'deliver', [ICM_IDS.received, ICM_IDS.source, 4n, alice.address, '0x01']))).transactionHash;
}

/** A JSON-RPC proxy to the devnet that answers -32601 for the hidden methods, like a node without them. */
async function startHidingProxy(hidden: (method: string) => boolean): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      const parsed = JSON.parse(body);
      const list: any[] = Array.isArray(parsed) ? parsed : [parsed];
      const forward = list.filter((c) => !hidden(c.method));
      const answers = new Map<unknown, unknown>();
      for (const c of list) if (hidden(c.method)) answers.set(c.id, { jsonrpc: '2.0', id: c.id, error: { code: -32601, message: `the method ${c.method} does not exist/is not available` } });
      if (forward.length > 0) {
        const r = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(forward) });
        for (const a of (await r.json()) as { id: unknown }[]) answers.set(a.id, a);
      }
      const out = list.map((c) => answers.get(c.id));
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(parsed) ? out : out[0]));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function registerChain(db: Database, url: string): Promise<ChainRef> {
  const network = await ensureNetwork(db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: new Uint8Array(32) });
  return ensureChain(db, { network, blockchainId, subnetId: new Uint8Array(32), vm: 'evm', evmChainId: 43112n, name: 'C', rpcUrl: url });
}

/** The stream's fetch + write over 0..head, a few blocks per batch, each batch in its own transaction. */
async function indexAll(db: Database, chain: ChainRef, head: bigint, options: ConstructorParameters<typeof EvmBlockStream>[1] = {}): Promise<EvmBlockStream> {
  const stream = new EvmBlockStream(chain, { maxBatchSize: 40, ...options });
  for (let from = 0n; from <= head; from += 7n) {
    const to = from + 6n > head ? head : from + 6n;
    const batch = await stream.fetch(from, to);
    const summary = stream.summarize(batch);
    expect([summary.firstHeight, summary.lastHeight]).toEqual([from, to]);
    await db.transaction((tx) => stream.write(tx, batch));
  }
  return stream;
}

const hexOf = (v: unknown): string | null => (v === null || v === undefined ? null : '0x' + Buffer.from(v as Uint8Array).toString('hex'));
const q = (v: unknown): string | null => (v === null || v === undefined ? null : BigInt(v as string).toString());

let head: bigint;
/** The node's own answers: blocks with full txs, and per-tx receipts and callTracer traces. */
const nodeBlocks: any[] = [];
const nodeReceipts = new Map<string, any>();
const nodeTraces = new Map<string, any>();

beforeAll(async () => {
  devnet = await startDevnet();
  rpcUrl = `${devnet.url}/ext/bc/C/rpc`;
  const id = await fetch(`${devnet.url}/ext/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getBlockchainID', params: { alias: 'C' } }) });
  blockchainId = cb58Decode(((await id.json()) as { result: { blockchainID: string } }).result.blockchainID);
  await activity();
  head = BigInt(await call('eth_blockNumber'));
  for (let n = 0n; n <= head; n++) {
    const block = await call('eth_getBlockByNumber', [toHex(n), true]);
    nodeBlocks.push(block);
    for (const tx of block.transactions) {
      nodeReceipts.set(tx.hash, await call('eth_getTransactionReceipt', [tx.hash]));
      nodeTraces.set(tx.hash, await call('debug_traceTransaction', [tx.hash, { tracer: 'callTracer' }]));
    }
  }
}, 180_000);

afterAll(async () => {
  await devnet?.stop();
});

const serverUp = await postgresAvailable();

describe.each(TEST_DATABASE_KINDS)('indexing the devnet C-chain into %s', (kind) => {
  let t: TestDatabase;
  let chain: ChainRef;
  const run = kind === 'postgres' && !serverUp ? it.skip : it;

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    chain = await registerChain(t.db, rpcUrl);
    await indexAll(t.db, chain, head);
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
  });

  run('stores every block with the node’s header fields, fees and cumulative counts', async () => {
    const { rows } = await t.db.query<any>('SELECT * FROM evm_blocks WHERE chain = $1 ORDER BY number', [chain.id]);
    expect(rows).toHaveLength(nodeBlocks.length);
    let cumulative = 0n;
    for (const [i, b] of nodeBlocks.entries()) {
      const r = rows[i];
      cumulative += BigInt(b.transactions.length);
      const fees = b.transactions.reduce((s: bigint, tx: any) => s + BigInt(nodeReceipts.get(tx.hash).gasUsed) * BigInt(nodeReceipts.get(tx.hash).effectiveGasPrice), 0n);
      expect({
        number: r.number, hash: hexOf(r.hash), parentHash: hexOf(r.parent_hash), timestamp: r.block_timestamp, ms: r.timestamp_ms, mde: r.min_delay_excess,
        miner: hexOf(r.miner), size: r.size, gasLimit: r.gas_limit, gasUsed: r.gas_used, baseFee: r.base_fee, blockGasCost: r.block_gas_cost,
        extDataGasUsed: r.ext_data_gas_used, txCount: r.tx_count, cumulative: r.cumulative_tx_count, fees: r.fees_spent, traced: r.internal_txs_indexed,
      }).toEqual({
        number: q(b.number), hash: b.hash, parentHash: b.parentHash, timestamp: q(b.timestamp), ms: q(b.timestampMilliseconds), mde: q(b.minDelayExcess),
        miner: b.miner, size: Number(b.size), gasLimit: q(b.gasLimit), gasUsed: q(b.gasUsed), baseFee: q(b.baseFeePerGas), blockGasCost: q(b.blockGasCost),
        extDataGasUsed: q(b.extDataGasUsed), txCount: b.transactions.length, cumulative: cumulative.toString(), fees: fees.toString(), traced: true,
      });
    }
  });

  run('stores every transaction merged with its receipt', async () => {
    const { rows } = await t.db.query<any>('SELECT * FROM evm_transactions WHERE chain = $1 ORDER BY block_number, tx_index', [chain.id]);
    const expected = nodeBlocks.flatMap((b) => b.transactions);
    expect(rows.map((r) => hexOf(r.hash))).toEqual(expected.map((tx) => tx.hash));
    for (const [i, tx] of expected.entries()) {
      const r = rows[i];
      const rc = nodeReceipts.get(tx.hash);
      expect({
        block: r.block_number, index: r.tx_index, from: hexOf(r.from_address), to: hexOf(r.to_address), contract: hexOf(r.contract_address), value: r.value,
        nonce: r.nonce, type: r.tx_type, gas: r.gas_limit, gasPrice: r.gas_price, maxFee: r.max_fee_per_gas, tip: r.max_priority_fee_per_gas,
        gasUsed: r.gas_used, effective: r.effective_gas_price, status: r.status, input: hexOf(r.input),
        method: hexOf(r.method_id), timestamp: r.block_timestamp,
      }).toEqual({
        block: q(tx.blockNumber), index: Number(tx.transactionIndex), from: tx.from, to: tx.to, contract: rc.contractAddress, value: q(tx.value),
        nonce: q(tx.nonce), type: Number(tx.type), gas: q(tx.gas), gasPrice: q(tx.gasPrice), maxFee: q(tx.maxFeePerGas), tip: q(tx.maxPriorityFeePerGas),
        gasUsed: q(rc.gasUsed), effective: q(rc.effectiveGasPrice), status: Number(rc.status), input: tx.input,
        method: tx.to && tx.input.length >= 10 ? tx.input.slice(0, 10) : null, timestamp: q(nodeBlocks[Number(tx.blockNumber)].timestamp),
      });
    }
    const failed = await listEvmTransactions(t.db, { chain: chain.id, pageSize: 100, status: 'failed' });
    expect(failed.items.map((x) => hexOf(x.hash))).toEqual([txs.reverted]);
  });

  run('stores every log', async () => {
    const { rows } = await t.db.query<any>('SELECT * FROM evm_logs WHERE chain = $1 ORDER BY block_number, log_index', [chain.id]);
    const expected = nodeBlocks.flatMap((b) => b.transactions.flatMap((tx: any) => nodeReceipts.get(tx.hash).logs));
    // ERC-20 2, ERC-721 4, ERC-1155 3, receiver hooks 2, Probe.spawn 2, Teleporter 2 (tryInner's log was reverted)
    expect(expected).toHaveLength(15);
    expect(rows.map((r) => [r.block_number, r.log_index, r.tx_index, hexOf(r.address), [r.topic0, r.topic1, r.topic2, r.topic3].filter((x) => x).map(hexOf), hexOf(r.data)]))
      .toEqual(expected.map((l) => [q(l.blockNumber), Number(l.logIndex), Number(l.transactionIndex), l.address, l.topics, l.data]));
  });

  run('finds the same token transfers as viem decoding the receipts with the contracts’ ABIs', async () => {
    const abis: Record<string, Abi> = { [at.token]: token20.abi, [at.nft]: nft721.abi, [at.multi]: multi1155.abi };
    const expected: unknown[] = [];
    for (const b of nodeBlocks) for (const tx of b.transactions) for (const l of nodeReceipts.get(tx.hash).logs) {
      const abi = abis[l.address];
      if (!abi) continue;
      const ev = decodeEventLog({ abi, data: l.data, topics: l.topics }) as { eventName: string; args: any };
      const base = [q(l.blockNumber), Number(l.logIndex)];
      const lower = (a: string) => a.toLowerCase();
      if (ev.eventName === 'Transfer' && l.address === at.token) expected.push([...base, 0, l.address, 20, lower(ev.args.from), lower(ev.args.to), null, ev.args.value.toString(), null]);
      else if (ev.eventName === 'Transfer') expected.push([...base, 0, l.address, 721, lower(ev.args.from), lower(ev.args.to), ev.args.tokenId.toString(), '1', null]);
      else if (ev.eventName === 'TransferSingle') expected.push([...base, 0, l.address, 1155, lower(ev.args.from), lower(ev.args.to), ev.args.id.toString(), ev.args.value.toString(), lower(ev.args.operator)]);
      else if (ev.eventName === 'TransferBatch') {
        ev.args.ids.forEach((id: bigint, i: number) => expected.push([...base, i, l.address, 1155, lower(ev.args.from), lower(ev.args.to), id.toString(), ev.args.values[i].toString(), lower(ev.args.operator)]));
      }
    }
    const { rows } = await t.db.query<any>('SELECT * FROM evm_token_transfers WHERE chain = $1 ORDER BY block_number, log_index, batch_index', [chain.id]);
    expect(rows.map((r) => [r.block_number, r.log_index, r.batch_index, hexOf(r.token), r.standard, hexOf(r.from_address), hexOf(r.to_address), r.token_id, r.value, hexOf(r.operator)]))
      .toEqual(expected);
    expect(expected).toHaveLength(10);
  });

  run('stores every call frame below each transaction, as debug_traceTransaction shows them', async () => {
    const expected: unknown[] = [];
    for (const b of nodeBlocks) for (const tx of b.transactions) {
      let index = 0;
      const walk = (f: any, depth: number) => {
        const i = index++;
        if (depth > 0) expected.push([q(tx.blockNumber), Number(tx.transactionIndex), i, depth, f.type, f.from, f.to ?? null, q(f.value), q(f.gas), q(f.gasUsed), f.error !== undefined, f.error ?? null]);
        for (const c of f.calls ?? []) walk(c, depth + 1);
      };
      walk(nodeTraces.get(tx.hash), 0);
    }
    const { rows } = await t.db.query<any>('SELECT * FROM evm_internal_transactions WHERE chain = $1 ORDER BY block_number, tx_index, trace_index', [chain.id]);
    expect(rows.map((r) => [r.block_number, r.tx_index, r.trace_index, r.depth, r.call_type, hexOf(r.from_address), hexOf(r.to_address), r.value, r.gas, r.gas_used, r.reverted, r.error]))
      .toEqual(expected);
    const types = rows.map((r) => r.call_type);
    for (const type of ['CALL', 'CREATE', 'CREATE2', 'STATICCALL']) expect(types).toContain(type);
    expect(rows.some((r) => r.reverted)).toBe(true);
  });

  run('records contracts with their deployer, ERC type and token fields read at creation', async () => {
    const spawned = nodeReceipts.get(txs.spawn).logs.map((l: any) => ('0x' + l.data.slice(26, 66)) as Hex);
    expect(spawned).toHaveLength(2);
    const { rows } = await t.db.query<any>('SELECT * FROM evm_contracts WHERE chain = $1 ORDER BY block_number, address', [chain.id]);
    const byAddress = new Map(rows.map((r) => [hexOf(r.address), r]));
    expect([...byAddress.keys()].sort()).toEqual([at.token, at.nft, at.receiver, at.multi, at.probe, at.icm, ...spawned].sort());
    for (const address of byAddress.keys()) expect(await call('eth_getCode', [address, 'latest'])).not.toBe('0x');
    const meta = (a: Hex) => getEvmContract(t.db, chain.id, new Uint8Array(Buffer.from(a.slice(2), 'hex')));
    expect(await meta(at.token)).toMatchObject({ ercType: 'ERC-20', name: 'Firn Token', symbol: 'FIRN', decimals: 18 });
    expect(await meta(at.nft)).toMatchObject({ ercType: 'ERC-721', name: 'Firn Collectibles', symbol: 'FCOL', decimals: undefined });
    expect(await meta(at.multi)).toMatchObject({ ercType: 'ERC-1155' });
    expect(await meta(at.receiver)).toMatchObject({ ercType: 'UNKNOWN' });
    const child = await meta(spawned[1]!);
    expect(child).toMatchObject({ ercType: 'UNKNOWN' });
    expect(hexOf(child!.deployment.txHash)).toBe(txs.spawn);
    expect(hexOf(child!.deployment.deployer)).toBe(alice.address.toLowerCase());
    expect(hexOf(child!.deployment.deployerContract)).toBe(at.probe);
    expect((await meta(at.probe))!.deployment.deployerContract).toBeUndefined();
  });

  run('tracks NFTs with their ERC-721 owners and URIs as the contracts answer them', async () => {
    const bytes = (a: Hex) => new Uint8Array(Buffer.from(a.slice(2), 'hex'));
    for (const id of [1n, 2n]) {
      const token = await getEvmNftToken(t.db, chain.id, bytes(at.nft), id);
      const owner = await call('eth_call', [{ to: at.nft, data: fn(nft721, 'ownerOf', [id]) }, 'latest']);
      expect(hexOf(token!.owner)).toBe('0x' + owner.slice(26));
      expect(token).toMatchObject({ ercType: 'ERC-721', tokenUri: `firn://collectible/${id}`, contractName: 'Firn Collectibles', metadata: { status: 'UNINDEXED' } });
    }
    for (const id of [5n, 6n, 7n]) {
      expect(await getEvmNftToken(t.db, chain.id, bytes(at.multi), id)).toMatchObject({ ercType: 'ERC-1155', tokenUri: 'firn://multi/{id}.json', owner: undefined });
    }
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM evm_nft_tokens WHERE chain = $1', [chain.id]);
    expect(rows[0]).toEqual({ n: 5 });
  });

  run('records Teleporter messages sent and received', async () => {
    const { rows } = await t.db.query<any>('SELECT * FROM evm_teleporter_messages WHERE chain = $1 ORDER BY block_number', [chain.id]);
    expect(rows.map((r) => [hexOf(r.message_id), r.direction, hexOf(r.source_blockchain_id), hexOf(r.destination_blockchain_id), hexOf(r.messenger), r.message_nonce]))
      .toEqual([
        [ICM_IDS.sent, 'SOURCE_TRANSACTION', hexOf(blockchainId), ICM_IDS.dest, at.icm, '3'],
        [ICM_IDS.received, 'DESTINATION_TRANSACTION', ICM_IDS.source, hexOf(blockchainId), at.icm, '4'],
      ]);
    expect([hexOf(rows[0].origin_sender), hexOf(rows[0].destination_address), r0(rows[0].required_gas_limit), hexOf(rows[0].fee_token), rows[0].fee_amount])
      .toEqual([alice.address.toLowerCase(), bob.address.toLowerCase(), '100000', at.icm, '7']);
    expect([hexOf(rows[1].deliverer), hexOf(rows[1].reward_redeemer)]).toEqual([bob.address.toLowerCase(), alice.address.toLowerCase()]);
  });

  run('answers the Data API transaction detail', async () => {
    const hash = (h: Hex) => new Uint8Array(Buffer.from(h.slice(2), 'hex'));
    const safe = await getEvmTransactionDetail(t.db, chain.id, hash(txs.safe721));
    expect(safe!.erc721Transfers.map((x) => [hexOf(x.to), x.tokenId, x.token.name])).toEqual([[at.receiver, 2n, 'Firn Collectibles']]);
    expect(safe!.internalTransactions!.map((x) => [x.callType, hexOf(x.to)])).toEqual([['CALL', at.receiver]]);
    const batch = await getEvmTransactionDetail(t.db, chain.id, hash(txs.batch1155));
    expect(batch!.erc1155Transfers.map((x) => [x.tokenId, x.value, x.nft?.tokenUri])).toEqual([[6n, 1n, 'firn://multi/{id}.json'], [7n, 2n, 'firn://multi/{id}.json']]);
    const erc20 = await getEvmTransactionDetail(t.db, chain.id, hash(txs.erc20));
    expect(erc20!.erc20Transfers.map((x) => [x.value, x.token.symbol, x.token.decimals])).toEqual([[1000n, 'FIRN', 18]]);
    const inner = await getEvmTransactionDetail(t.db, chain.id, hash(txs.tryInner));
    expect(inner!.internalTransactions!.map((x) => [x.callType, x.reverted, x.error])).toEqual([['CALL', true, 'execution reverted']]);
    const icm = await getEvmTransactionDetail(t.db, chain.id, hash(txs.icmSend));
    expect(icm!.teleporterMessages.map((m) => m.direction)).toEqual(['SOURCE_TRANSACTION']);
  });
});

const r0 = (v: unknown) => (v === null ? null : String(v));

describe('indexing through a node without eth_getBlockReceipts and the debug API', () => {
  let full: TestDatabase;
  let partial: TestDatabase;
  let proxy: Server;
  let stream: EvmBlockStream;

  beforeAll(async () => {
    const hiding = await startHidingProxy((m) => m === 'eth_getBlockReceipts' || m.startsWith('debug_'));
    proxy = hiding.server;
    [full, partial] = await Promise.all([openTestDatabase('pglite'), openTestDatabase('pglite')]);
    await indexAll(full.db, await registerChain(full.db, rpcUrl), head);
    stream = await indexAll(partial.db, await registerChain(partial.db, hiding.url), head);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([full?.dispose(), partial?.dispose()]);
    await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  });

  const dump = async (db: Database, sql: string) => (await db.query(sql)).rows;

  it('indexes everything else identically', async () => {
    expect(stream.source.tracesAvailable).toBe(false);
    for (const table of ['evm_transactions ORDER BY block_number, tx_index', 'evm_logs ORDER BY block_number, log_index', 'evm_token_transfers ORDER BY block_number, log_index, batch_index', 'evm_nft_tokens ORDER BY contract, token_id', 'evm_teleporter_messages ORDER BY block_number, log_index']) {
      const sql = `SELECT * FROM ${table}`;
      const [a, b] = [await dump(full.db, sql), await dump(partial.db, sql)];
      expect(b.length, table).toBe(a.length);
      expect(b, table).toEqual(a);
    }
    const blocks = 'SELECT number, hash, cumulative_tx_count, fees_spent FROM evm_blocks ORDER BY number';
    expect(await dump(partial.db, blocks)).toEqual(await dump(full.db, blocks));
  });

  it('records that internal transactions are unavailable, and keeps the contracts transactions created themselves', async () => {
    const untraced = await partial.db.query<{ n: number }>('SELECT count(*)::int AS n FROM evm_blocks WHERE NOT internal_txs_indexed AND tx_count > 0');
    const withTxs = await partial.db.query<{ n: number }>('SELECT count(*)::int AS n FROM evm_blocks WHERE tx_count > 0');
    expect(untraced.rows[0]!.n).toBe(withTxs.rows[0]!.n);
    expect((await partial.db.query('SELECT * FROM evm_internal_transactions')).rows).toEqual([]);
    const contracts = 'SELECT address, erc_type, name FROM evm_contracts WHERE deployer_contract IS NULL ORDER BY address';
    expect(await dump(partial.db, contracts)).toEqual(await dump(full.db, contracts));
    expect((await partial.db.query('SELECT * FROM evm_contracts WHERE deployer_contract IS NOT NULL')).rows).toEqual([]);
  });
});
