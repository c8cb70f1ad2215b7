/**
 * The Data API's primary-network routes (P-, X- and C-chain atomic transactions, blocks, vertices, subnets,
 * validators, delegators, L1 validators, signature aggregation) over a store written with the primary-network
 * writer, on PGlite and on PostgreSQL; then end to end: a devnet with P- and X-chain activity, indexed by the
 * real indexer, served over HTTP and compared with the node's own answers. Every success body is checked
 * against the reference OpenAPI schemas and for nulls (the SDK rejects null where a field must be absent).
 */
import { referenceOpenApiDir } from '../helpers/reference.js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { getAddress } from 'viem';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainDirectory } from '../../src/api/data/chains/chain-directory.js';
import type { DataApiContext } from '../../src/api/data/index.js';
import { primaryNetworkRoutes } from '../../src/api/data/primary/index.js';
import { createApiServer } from '../../src/api/http/index.js';
import { loadIndexerConfig } from '../../src/config/indexer-config.js';
import { startIndexer, type RunningIndexer } from '../../src/indexer/indexer.js';
import { formatAddress, formatBech32 } from '../../src/lib/bech32-address.js';
import { idToString, nodeIdToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { ensureChain, ensureNetwork, type ChainRef } from '../../src/store/registry.js';
import { openTestDatabase, postgresAvailable, TEST_DATABASE_KINDS, type TestDatabase } from '../../src/store/testing.js';
import { emptyPrimaryRows, type Owners, type PrimaryRows, type UtxoRow } from '../../src/store/writers/primary/rows.js';
import { writePrimaryRows } from '../../src/store/writers/primary/write-primary-rows.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { StakingClock } from '../../src/api/data/primary/routes/staking-clock.js';
import { dataApiVersionSource } from '../../src/api/data/data-scope.js';

const REFERENCE = referenceOpenApiDir();
const responseSchemas = JSON.parse(readFileSync(resolve(REFERENCE, 'glacier-response-schemas.json'), 'utf8')) as Record<string, { status: number; schema: object }>;
const glacier = JSON.parse(readFileSync(resolve(REFERENCE, 'glacier.json'), 'utf8'));

// validateSchema off: the reference carries a few non-array `examples`, which do not affect validation.
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
ajv.addSchema({ $id: 'glacier', components: glacier.components });
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
const compiledOnce = (key: string, schema: () => object) => {
  let v = compiled.get(key);
  if (!v) compiled.set(key, (v = ajv.compile(schema())));
  return v;
};
const component = (name: string) => ({ $ref: `glacier#/components/schemas/${name}` });

/** Operations outside seed 000, checked against their glacier.json components. */
const OUTSIDE_SEED: Record<string, () => object> = {
  getBlockById: () => component('GetPrimaryNetworkBlockResponse'),
  getSubnetById: () => component('Subnet'),
  getTxByHash: () => ({ oneOf: ['PChainTransaction', 'XChainNonLinearTransaction', 'XChainLinearTransaction', 'CChainExportTransaction', 'CChainImportTransaction'].map(component) }),
};

/** The primary-network list's member for the chain the body is about (the reference's oneOf cannot tell empty lists apart). */
const TX_LIST_MEMBERS: Record<string, string> = { 'p-chain': 'ListPChainTransactionsResponse', 'x-chain': 'ListXChainTransactionsResponse', 'c-chain': 'ListCChainAtomicTransactionsResponse' };

function validatorOf(operationId: string, body: unknown) {
  if (operationId === 'listLatestPrimaryNetworkTransactions') {
    const member = TX_LIST_MEMBERS[(body as { chainInfo?: { chainName?: string } }).chainInfo?.chainName ?? ''];
    if (!member) throw new Error(`listLatestPrimaryNetworkTransactions without chainInfo.chainName: ${JSON.stringify(body).slice(0, 200)}`);
    return compiledOnce(member, () => component(member));
  }
  const outside = OUTSIDE_SEED[operationId];
  return compiledOnce(operationId, outside ?? (() => responseSchemas[operationId]!.schema));
}

function expectValid(operationId: string, body: unknown): void {
  const validate = validatorOf(operationId, body);
  if (!validate(body)) throw new Error(`${operationId} response does not match the reference schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 3000)}`);
}

/** No key holds null, except the one the reference declares nullable-and-required (active validators' geolocation). */
function expectNoNulls(value: unknown, path = '$'): void {
  if (value === null) {
    if (path.endsWith('.geolocation')) return;
    throw new Error(`null at ${path}`);
  }
  if (Array.isArray(value)) value.forEach((v, i) => expectNoNulls(v, `${path}[${i}]`));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value as object)) expectNoNulls(v, `${path}.${k}`);
}

const id = (b: number) => new Uint8Array(32).fill(b);
const addr = (b: number) => new Uint8Array(20).fill(b);
const owners = (...a: Uint8Array[]): Owners => ({ locktime: 0n, threshold: 1, addresses: a });
const cb = (b: Uint8Array) => idToString(b);
const nodeText = (b: Uint8Array) => nodeIdToString(b);
const AVAX = 1_000_000_000n;
const NOW = 2000;
/** The fixture server's clock (ms): NOW unless a test moves it (and puts it back). */
let clockMs = NOW * 1000;

const AVAX_ID = id(0xaa);
const P_ID = id(0);
const X_ID = id(0x58);
const C_ID = id(0x43);
const A = addr(0xa1);
const B = addr(0xb1);
const E = addr(0xe1);
const N1 = addr(0x61);
const N2 = addr(0x62);
const N3 = addr(0x63);
const N4 = addr(0x64);
const N5 = addr(0x65);
const SUBNET = id(0x15);
const L1_CHAIN = id(0x16);
const L1V1 = id(0x71);
const L1V2 = id(0x72);

/** A key's [r ‖ s ‖ v] signature over sha256 of the fixture txs' signed part (their one byte), as X-chain credentials carry. */
const SIGNER = sha256(new TextEncoder().encode('primary api fixture signer'));
const SIGNATURE = (() => {
  const sig = secp256k1.sign(sha256(Uint8Array.of(9)), SIGNER, { prehash: false, format: 'recovered' });
  return new Uint8Array([...sig.subarray(1), sig[0] ?? 0]);
})();

const TX = {
  subnet: SUBNET, chain: L1_CHAIN, v2: id(0x32), v1: id(0x31), d1: id(0x41), sv1: id(0x33), base: id(0x34), v3: id(0x35),
  convert: id(0x17), increase: id(0x19), reward: id(0x36), disable: id(0x1a),
  xBase: id(0x51), xAsset: id(0x52), xExport: id(0x53), cExport: id(0x81), cImport: id(0x82),
};

function utxoId(txId: Uint8Array, index: number): Uint8Array {
  const out = new Uint8Array(32);
  out.set(txId.subarray(0, 28));
  new DataView(out.buffer).setUint32(28, index);
  return out;
}

interface Place { chain: ChainRef; height: bigint; time: bigint; index: number }

function tx(p: Place, txId: Uint8Array, txType: string, extra: Partial<PrimaryRows['txs'][number]> = {}): PrimaryRows['txs'][number] {
  return {
    chain: p.chain.id, txId, blockHeight: p.height, blockId: p.chain.vm === 'evm' ? id(0xc0 + Number(p.height % 16n)) : id(0x90 + Number(p.height)), blockTimestamp: p.time,
    txIndex: p.index, txType, memo: new Uint8Array(0), bytes: Uint8Array.of(9), unsignedSize: 1, amounts: {}, details: {}, ...extra,
  } as PrimaryRows['txs'][number];
}

function utxo(p: Place, txId: Uint8Array, index: number, owner: Uint8Array, amount: bigint, extra: Partial<UtxoRow> = {}): UtxoRow {
  return {
    utxoId: utxoId(txId, index), chain: p.chain.id, txId, outputIndex: index, creatingTxId: txId, createdOn: p.chain.blockchainId, consumableOn: p.chain.blockchainId,
    blockHeight: p.height, blockTimestamp: p.time, assetId: AVAX_ID, outputType: 'transfer', amount, locktime: 0n, threshold: 1, addresses: [owner], staked: false,
    bytes: Uint8Array.of(0, 0, 1), ...extra,
  };
}

function spend(p: Place, consumingTxId: Uint8Array, inputIndex: number, from: { txId: Uint8Array; index: number; chain: Uint8Array }, amount: bigint, extra: Partial<PrimaryRows['spends'][number]> = {}): PrimaryRows['spends'][number] {
  return {
    utxoId: utxoId(from.txId, from.index), chain: p.chain.id, consumingTxId, inputIndex, blockHeight: p.height, blockTimestamp: p.time, consumedOn: p.chain.blockchainId,
    createdOn: from.chain, txId: from.txId, outputIndex: from.index, assetId: AVAX_ID, amount, ...extra,
  };
}

function addressTx(p: Place, address: Uint8Array, txId: Uint8Array, txType: string): PrimaryRows['addressTxs'][number] {
  return { chain: p.chain.id, address, blockHeight: p.height, txIndex: p.index, txId, txType, blockTimestamp: p.time };
}

function block(chain: ChainRef, height: bigint, time: bigint, txIds: Uint8Array[], blockType: string, proposer = false): PrimaryRows['blocks'][number] {
  return {
    chain: chain.id, height, blockId: id(0x90 + Number(height)), parentId: id(0x90 + Number(height) - 1), blockType, timestamp: time, size: 200 + Number(height), innerSize: 150, txIds,
    ...(proposer ? { proposerId: id(0xe0 + Number(height)), proposerParentId: id(0xe0 + Number(height) - 1), proposerPChainHeight: height - 1n, proposerTimestamp: time } : {}),
  };
}

/** The P-chain of network `local`: a subnet turned L1, validators in every status, a delegator, a transfer. */
function pChainRows(P: ChainRef): PrimaryRows {
  const rows = emptyPrimaryRows();
  const at = (height: bigint, time: bigint, index: number): Place => ({ chain: P, height, time, index });
  rows.blocks.push(
    block(P, 1n, 1000n, [TX.subnet, TX.chain, TX.v2], 'BanffStandardBlock', true),
    block(P, 2n, 1010n, [TX.v1, TX.d1], 'BanffStandardBlock', true),
    block(P, 3n, 1020n, [TX.sv1, TX.base, TX.v3], 'BanffStandardBlock'),
    block(P, 4n, 1030n, [TX.convert, TX.increase, TX.reward, TX.disable], 'BanffStandardBlock'),
  );
  // Height 1: a subnet, its chain, a validator that will complete.
  let p = at(1n, 1000n, 0);
  rows.txs.push(tx(p, TX.subnet, 'CreateSubnetTx', { subnetId: SUBNET, details: { subnetOwner: owners(A) }, amounts: { burned: [{ assetId: AVAX_ID, amount: AVAX }] } }));
  rows.subnets.push({ chain: P.id, subnetId: SUBNET, blockHeight: 1n, txIndex: 0, blockTimestamp: 1000n, owner: owners(A) });
  rows.addressTxs.push(addressTx(p, A, TX.subnet, 'CreateSubnetTx'));
  p = at(1n, 1000n, 1);
  const genesis = { config: { chainId: 777, feeConfig: { gasLimit: 8_000_000, targetBlockRate: 2 } }, alloc: { [Buffer.from(E).toString('hex')]: { balance: '0x1000' } }, gasLimit: '0x7A1200', timestamp: '0x0' };
  rows.txs.push(tx(p, TX.chain, 'CreateChainTx', { subnetId: SUBNET, details: { blockchain: { blockchainId: L1_CHAIN, subnetId: SUBNET, name: 'firn-l1', vmId: id(5), fxIds: [] } } }));
  rows.blockchains.push({
    chain: P.id, blockchainId: L1_CHAIN, subnetId: SUBNET, name: 'firn-l1', vmId: id(5), fxIds: [], genesisData: new TextEncoder().encode(JSON.stringify(genesis)), genesisJson: genesis,
    evmChainId: 777n, blockHeight: 1n, blockTimestamp: 1000n, genesis: false,
  });
  p = at(1n, 1000n, 2);
  rows.txs.push(tx(p, TX.v2, 'AddValidatorTx', { nodeId: N2, subnetId: P_ID, startTime: 1000n, endTime: 1025n, weight: 2000n * AVAX, delegationShares: 20_000, details: { rewardOwner: owners(A) } }));
  rows.stakers.push({ chain: P.id, txId: TX.v2, txType: 'AddValidatorTx', kind: 'validator', nodeId: N2, subnetId: P_ID, startTime: 1000n, endTime: 1025n, weight: 2000n * AVAX, delegationShares: 20_000, rewardOwner: owners(A), delegationRewardOwner: owners(A), blockHeight: 1n, txIndex: 2, blockTimestamp: 1000n, genesis: false });
  rows.utxos.push(utxo(p, TX.v2, 0, A, 2000n * AVAX, { staked: true, stakeStart: 1000n, stakeEnd: 1025n }));
  rows.addressTxs.push(addressTx(p, A, TX.v2, 'AddValidatorTx'));

  // Height 2: an active validator (spending a genesis UTXO the store never saw created) and its delegator.
  p = at(2n, 1010n, 0);
  rows.txs.push(tx(p, TX.v1, 'AddPermissionlessValidatorTx', {
    nodeId: N1, subnetId: P_ID, startTime: 1010n, endTime: 10_000n, weight: 100n * AVAX, delegationShares: 30_000, memo: Uint8Array.of(0x66, 0x69),
    amounts: { value: [{ assetId: AVAX_ID, amount: 9n * AVAX }], burned: [{ assetId: AVAX_ID, amount: AVAX }], staked: [{ assetId: AVAX_ID, amount: 100n * AVAX }] },
    details: { rewardOwner: owners(A), delegationRewardOwner: owners(A), bls: { publicKey: new Uint8Array(48).fill(7), proofOfPossession: new Uint8Array(96).fill(8) } },
  }));
  rows.spends.push(spend(p, TX.v1, 0, { txId: id(0x01), index: 0, chain: P_ID }, 110n * AVAX));
  rows.utxos.push(utxo(p, TX.v1, 0, A, 9n * AVAX), utxo(p, TX.v1, 1, A, 100n * AVAX, { staked: true, stakeStart: 1010n, stakeEnd: 10_000n }));
  rows.stakers.push({ chain: P.id, txId: TX.v1, txType: 'AddPermissionlessValidatorTx', kind: 'validator', nodeId: N1, subnetId: P_ID, startTime: 1010n, endTime: 10_000n, weight: 100n * AVAX, delegationShares: 30_000, rewardOwner: owners(A), delegationRewardOwner: owners(A), bls: { publicKey: new Uint8Array(48).fill(7), proofOfPossession: new Uint8Array(96).fill(8) }, blockHeight: 2n, txIndex: 0, blockTimestamp: 1010n, genesis: false });
  rows.addressTxs.push(addressTx(p, A, TX.v1, 'AddPermissionlessValidatorTx'));
  p = at(2n, 1010n, 1);
  rows.txs.push(tx(p, TX.d1, 'AddPermissionlessDelegatorTx', { nodeId: N1, subnetId: P_ID, startTime: 1010n, endTime: 5000n, weight: 25n * AVAX, details: { rewardOwner: owners(B) } }));
  rows.stakers.push({ chain: P.id, txId: TX.d1, txType: 'AddPermissionlessDelegatorTx', kind: 'delegator', nodeId: N1, subnetId: P_ID, startTime: 1010n, endTime: 5000n, weight: 25n * AVAX, rewardOwner: owners(B), blockHeight: 2n, txIndex: 1, blockTimestamp: 1010n, genesis: false });
  rows.addressTxs.push(addressTx(p, B, TX.d1, 'AddPermissionlessDelegatorTx'));

  // Height 3: a subnet validator that completes by time, a transfer from A to B, a pending validator.
  p = at(3n, 1020n, 0);
  rows.txs.push(tx(p, TX.sv1, 'AddSubnetValidatorTx', { nodeId: N1, subnetId: SUBNET, startTime: 1020n, endTime: 1025n, weight: 7n }));
  rows.stakers.push({ chain: P.id, txId: TX.sv1, txType: 'AddSubnetValidatorTx', kind: 'subnet-validator', nodeId: N1, subnetId: SUBNET, startTime: 1020n, endTime: 1025n, weight: 7n, blockHeight: 3n, txIndex: 0, blockTimestamp: 1020n, genesis: false });
  p = at(3n, 1020n, 1);
  rows.txs.push(tx(p, TX.base, 'BaseTx', { amounts: { value: [{ assetId: AVAX_ID, amount: 8n * AVAX }], burned: [{ assetId: AVAX_ID, amount: AVAX }] } }));
  rows.spends.push(spend(p, TX.base, 0, { txId: TX.v1, index: 0, chain: P_ID }, 9n * AVAX));
  rows.utxos.push(utxo(p, TX.base, 0, B, 3n * AVAX), utxo(p, TX.base, 1, A, 5n * AVAX));
  rows.addressTxs.push(addressTx(p, A, TX.base, 'BaseTx'), addressTx(p, B, TX.base, 'BaseTx'));
  p = at(3n, 1020n, 2);
  rows.txs.push(tx(p, TX.v3, 'AddValidatorTx', { nodeId: N4, subnetId: P_ID, startTime: 5000n, endTime: 9000n, weight: 50n * AVAX, delegationShares: 100_000, details: { rewardOwner: owners(B) } }));
  rows.stakers.push({ chain: P.id, txId: TX.v3, txType: 'AddValidatorTx', kind: 'validator', nodeId: N4, subnetId: P_ID, startTime: 5000n, endTime: 9000n, weight: 50n * AVAX, delegationShares: 100_000, rewardOwner: owners(B), delegationRewardOwner: owners(B), blockHeight: 3n, txIndex: 2, blockTimestamp: 1020n, genesis: false });
  rows.addressTxs.push(addressTx(p, B, TX.v3, 'AddValidatorTx'));

  // Height 4: the subnet becomes an L1 with two validators; one gets more balance, the other is disabled; V2 is rewarded.
  p = at(4n, 1030n, 0);
  const l1 = (validationId: Uint8Array, nodeId: Uint8Array, weight: bigint) => ({
    validationId, nodeId, subnetId: SUBNET, weight, balance: 500n, blsPublicKey: new Uint8Array(48).fill(3), proofOfPossession: new Uint8Array(96).fill(4),
    remainingBalanceOwner: owners(A), deactivationOwner: owners(B),
  });
  rows.txs.push(tx(p, TX.convert, 'ConvertSubnetToL1Tx', {
    subnetId: SUBNET, amounts: { l1Burned: [{ assetId: AVAX_ID, amount: 1000n }] },
    details: { l1Manager: { blockchainId: L1_CHAIN, address: E }, l1Validators: [l1(L1V1, N3, 20n), l1(L1V2, N5, 30n)] },
  }));
  rows.subnetChanges.push({ chain: P.id, subnetId: SUBNET, txId: TX.convert, blockHeight: 4n, blockTimestamp: 1030n, conversion: { conversionId: id(0x1c), managerChainId: L1_CHAIN, managerAddress: E } });
  for (const v of [l1(L1V1, N3, 20n), l1(L1V2, N5, 30n)]) {
    rows.l1Validators.push({ chain: P.id, ...v, createdTxId: TX.convert, blockHeight: 4n, blockTimestamp: 1030n });
    rows.l1ValidationTxs.push({ chain: P.id, validationId: v.validationId, blockHeight: 4n, txIndex: 0, txId: TX.convert, txType: 'ConvertSubnetToL1Tx', blockTimestamp: 1030n });
  }
  p = at(4n, 1030n, 1);
  rows.txs.push(tx(p, TX.increase, 'IncreaseL1ValidatorBalanceTx', { amounts: { l1Burned: [{ assetId: AVAX_ID, amount: 200n }] }, details: { l1Validators: [{ validationId: L1V1, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0), balance: 200n }] } }));
  rows.l1Changes.push({ chain: P.id, validationId: L1V1, txId: TX.increase, blockHeight: 4n, blockTimestamp: 1030n, kind: 'balance', balanceIncrease: 200n });
  rows.l1ValidationTxs.push({ chain: P.id, validationId: L1V1, blockHeight: 4n, txIndex: 1, txId: TX.increase, txType: 'IncreaseL1ValidatorBalanceTx', blockTimestamp: 1030n });
  p = at(4n, 1030n, 2);
  rows.txs.push(tx(p, TX.reward, 'RewardValidatorTx', { stakingTxId: TX.v2, nodeId: N2, subnetId: P_ID }));
  rows.stakerEnds.push({ chain: P.id, stakingTxId: TX.v2, kind: 'rewarded', txId: TX.reward, blockHeight: 4n, blockTimestamp: 1030n, validationReward: 5n * AVAX, delegationFees: 0n, delegatorReward: 0n });
  p = at(4n, 1030n, 3);
  rows.txs.push(tx(p, TX.disable, 'DisableL1ValidatorTx', { details: { l1Validators: [{ validationId: L1V2, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0) }] } }));
  rows.l1Changes.push({ chain: P.id, validationId: L1V2, txId: TX.disable, blockHeight: 4n, blockTimestamp: 1030n, kind: 'disable' });
  rows.l1ValidationTxs.push({ chain: P.id, validationId: L1V2, blockHeight: 4n, txIndex: 3, txId: TX.disable, txType: 'DisableL1ValidatorTx', blockTimestamp: 1030n });

  // What the node said about the current stakers.
  rows.snapshots.push(
    { chain: P.id, txId: TX.v1, observedAt: 1500n, uptime: 95.5, connected: true, potentialReward: AVAX, accruedDelegateeReward: 10n },
    { chain: P.id, txId: TX.d1, observedAt: 1500n, potentialReward: AVAX / 10n },
  );
  return rows;
}

/** The X-chain: a transfer, a new asset, an export to the P-chain. */
function xChainRows(X: ChainRef): PrimaryRows {
  const rows = emptyPrimaryRows();
  const at = (height: bigint, time: bigint): Place => ({ chain: X, height, time, index: 0 });
  rows.blocks.push(block(X, 1n, 990n, [TX.xBase], 'StandardBlock'), block(X, 2n, 995n, [TX.xAsset], 'StandardBlock'), block(X, 3n, 1005n, [TX.xExport], 'StandardBlock'));
  let p = at(1n, 990n);
  rows.txs.push(tx(p, TX.xBase, 'BaseTx', { memo: Uint8Array.of(1, 2), amounts: { unlocked: [{ assetId: AVAX_ID, amount: 50n * AVAX }], created: [{ assetId: AVAX_ID, amount: 49n * AVAX }] } }));
  rows.spends.push(spend(p, TX.xBase, 0, { txId: id(0x02), index: 0, chain: X_ID }, 50n * AVAX, { credentials: [{ signature: SIGNATURE }] }));
  rows.utxos.push(utxo(p, TX.xBase, 0, B, 4n * AVAX), utxo(p, TX.xBase, 1, A, 45n * AVAX));
  rows.addressTxs.push(addressTx(p, A, TX.xBase, 'BaseTx'), addressTx(p, B, TX.xBase, 'BaseTx'));
  p = at(2n, 995n);
  rows.txs.push(tx(p, TX.xAsset, 'CreateAssetTx', { details: { asset: { name: 'Firn Token', symbol: 'FIRN', denomination: 6, cap: 'fixed', type: 'secp256k1' } }, amounts: { unlocked: [{ assetId: AVAX_ID, amount: 45n * AVAX }], created: [{ assetId: AVAX_ID, amount: 44n * AVAX }, { assetId: TX.xAsset, amount: 1000n }] } }));
  rows.spends.push(spend(p, TX.xAsset, 0, { txId: TX.xBase, index: 1, chain: X_ID }, 45n * AVAX));
  rows.utxos.push(utxo(p, TX.xAsset, 0, A, 44n * AVAX), utxo(p, TX.xAsset, 1, A, 1000n, { assetId: TX.xAsset }));
  rows.assets.push({ chain: X.id, assetId: TX.xAsset, name: 'Firn Token', symbol: 'FIRN', denomination: 6, cap: 'fixed', assetType: 'secp256k1', createTxId: TX.xAsset, blockHeight: 2n, blockTimestamp: 995n, genesis: false });
  rows.addressTxs.push(addressTx(p, A, TX.xAsset, 'CreateAssetTx'));
  p = at(3n, 1005n);
  rows.txs.push(tx(p, TX.xExport, 'ExportTx', { destinationChain: P_ID, amounts: { unlocked: [{ assetId: AVAX_ID, amount: 44n * AVAX }], created: [{ assetId: AVAX_ID, amount: 43n * AVAX }] } }));
  rows.spends.push(spend(p, TX.xExport, 0, { txId: TX.xAsset, index: 0, chain: X_ID }, 44n * AVAX));
  rows.utxos.push(utxo(p, TX.xExport, 0, A, 43n * AVAX, { consumableOn: P_ID }));
  rows.addressTxs.push(addressTx(p, A, TX.xExport, 'ExportTx'));
  return rows;
}

/** C-chain atomic txs: an export from E to A on the X-chain, an import to E. */
function cChainRows(C: ChainRef): PrimaryRows {
  const rows = emptyPrimaryRows();
  let p: Place = { chain: C, height: 100n, time: 1000n, index: 0 };
  rows.txs.push(tx(p, TX.cExport, 'ExportTx', {
    sourceChain: C_ID, destinationChain: X_ID, amounts: { unlocked: [{ assetId: AVAX_ID, amount: 3n * AVAX }], created: [{ assetId: AVAX_ID, amount: 2n * AVAX }] },
    details: { evmInputs: [{ address: E, assetId: AVAX_ID, amount: 3n * AVAX, nonce: 0n, credentials: [{ signature: new Uint8Array(65).fill(6), publicKey: new Uint8Array(33).fill(3) }] }] },
  }));
  rows.utxos.push(utxo(p, TX.cExport, 0, A, 2n * AVAX, { consumableOn: X_ID }));
  rows.addressTxs.push(addressTx(p, E, TX.cExport, 'ExportTx'), addressTx(p, A, TX.cExport, 'ExportTx'));
  p = { chain: C, height: 101n, time: 1005n, index: 0 };
  rows.txs.push(tx(p, TX.cImport, 'ImportTx', {
    sourceChain: X_ID, destinationChain: C_ID, amounts: { unlocked: [{ assetId: AVAX_ID, amount: AVAX }], created: [{ assetId: AVAX_ID, amount: AVAX }] },
    details: { evmOutputs: [{ address: E, assetId: AVAX_ID, amount: AVAX }] },
  }));
  rows.spends.push(spend(p, TX.cImport, 0, { txId: id(0x03), index: 0, chain: X_ID }, AVAX));
  rows.addressTxs.push(addressTx(p, E, TX.cImport, 'ImportTx'));
  return rows;
}

/** Mainnet's P-chain: two primary validators with different fees and a subnet validator (the delegationFee sort). */
function mainnetRows(P: ChainRef): PrimaryRows {
  const rows = emptyPrimaryRows();
  rows.blocks.push(block(P, 1n, 1000n, [id(0x21), id(0x22), id(0x23)], 'BanffStandardBlock'));
  const v = (txId: Uint8Array, index: number, shares: number | undefined, subnetId = P_ID) => {
    rows.txs.push(tx({ chain: P, height: 1n, time: 1000n, index }, txId, subnetId === P_ID ? 'AddValidatorTx' : 'AddSubnetValidatorTx', { nodeId: addr(0x70 + index), subnetId, startTime: 1000n, endTime: 9000n, weight: 10n * AVAX, ...(shares !== undefined ? { delegationShares: shares } : {}) }));
    rows.stakers.push({ chain: P.id, txId, txType: 'AddValidatorTx', kind: subnetId === P_ID ? 'validator' : 'subnet-validator', nodeId: addr(0x70 + index), subnetId, startTime: 1000n, endTime: 9000n, weight: 10n * AVAX, ...(shares !== undefined ? { delegationShares: shares } : {}), blockHeight: 1n, txIndex: index, blockTimestamp: 1000n, genesis: false });
  };
  v(id(0x21), 0, 50_000);
  v(id(0x22), 1, 20_000);
  v(id(0x23), 2, undefined, id(0x15));
  return rows;
}

const serverUp = await postgresAvailable();

/** The routes with the response cache on, as createDataApi serves them. */
async function buildServer(db: DataApiContext['db'], aliases: Record<string, string>, now: () => number): Promise<FastifyInstance> {
  const chains = new ChainDirectory(db, { networkAliases: aliases, now });
  const version = dataApiVersionSource(db, chains);
  const app = await createApiServer({
    openApi: { title: 'Firn Data API (primary network test)' },
    now,
    pageTokens: { secret: 'primary-network-test-secret' },
    rateLimits: { enabled: false, namespace: 'data' },
    // kept answers live an hour here, so a test moving the clock sees when they end by what they show
    responseCache: { maxBytes: 8 << 20, maxAgeMs: 3_600_000, version },
  });
  const ctx: DataApiContext = { db, chains, presentation: {}, now, stakingClock: new StakingClock(db) };
  await primaryNetworkRoutes(app, ctx);
  await app.ready();
  return app;
}

describe.each(TEST_DATABASE_KINDS)('Data API primary-network routes on %s', (kind) => {
  const run = kind === 'postgres' && !serverUp ? it.skip : it;
  let t: TestDatabase;
  let app: FastifyInstance;
  let P: ChainRef;
  let X: ChainRef;
  let C: ChainRef;

  const request = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const r = await app.inject({ method, url, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
  };
  const get = (url: string) => request('GET', url);
  /** A 200 whose body matches the reference schema and holds no null. */
  const ok = async (operationId: string, url: string) => {
    const r = await get(url);
    if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
    expectValid(operationId, r.body);
    expectNoNulls(r.body);
    return r.body;
  };
  const fails = async (url: string, status: number, message?: RegExp, method: 'GET' | 'POST' = 'GET', payload?: unknown) => {
    const r = await request(method, url, payload);
    expect(r.status, `${url} ${JSON.stringify(r.body)}`).toBe(status);
    expect(r.body).toMatchObject({ statusCode: status, error: expect.any(String), message: expect.anything() });
    if (message) expect([r.body.message].flat().join(' ')).toMatch(message);
    return r.body;
  };
  /** Every page of a list, following nextPageToken. */
  const allPages = async (operationId: string, url: string, key: string) => {
    const items: any[] = [];
    let token: string | undefined;
    for (let i = 0; i < 50; i++) {
      const body = await ok(operationId, `${url}${url.includes('?') ? '&' : '?'}pageSize=2${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      items.push(...body[key]);
      if (body.nextPageToken === undefined) return items;
      expect(body[key]).toHaveLength(2);
      token = body.nextPageToken;
    }
    throw new Error('too many pages');
  };
  const hashes = (body: { transactions: { txHash: string }[] }) => body.transactions.map((x) => x.txHash);

  beforeAll(async () => {
    if (kind === 'postgres' && !serverUp) return;
    t = await openTestDatabase(kind);
    const local = await ensureNetwork(t.db, { name: 'local', networkId: 12345, hrp: 'local', isTestnet: true, avaxAssetId: AVAX_ID });
    P = await ensureChain(t.db, { network: local, blockchainId: P_ID, subnetId: P_ID, vm: 'platform', name: 'P' });
    X = await ensureChain(t.db, { network: local, blockchainId: X_ID, subnetId: P_ID, vm: 'avm', name: 'X' });
    C = await ensureChain(t.db, { network: local, blockchainId: C_ID, subnetId: P_ID, vm: 'evm', evmChainId: 43112n, name: 'C' });
    const mainnet = await ensureNetwork(t.db, { name: 'mainnet', networkId: 1, hrp: 'avax', isTestnet: false, avaxAssetId: AVAX_ID });
    const mainP = await ensureChain(t.db, { network: mainnet, blockchainId: P_ID, subnetId: P_ID, vm: 'platform', name: 'P' });
    await t.db.transaction(async (q) => {
      await writePrimaryRows(q, pChainRows(P));
      await writePrimaryRows(q, xChainRows(X));
      await writePrimaryRows(q, cChainRows(C));
      await writePrimaryRows(q, mainnetRows(mainP));
      for (const chain of [P, X, C, mainP]) await q.query(`INSERT INTO checkpoints (chain, stream, height, block_hash) VALUES ($1, 'blocks', 1, $2)`, [chain.id, Buffer.alloc(32)]);
    });
    app = await buildServer(t.db, { fuji: 'local' }, () => clockMs);
  });
  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  run('lists P-chain transactions newest first in the P-chain shape, and ascending on request', async () => {
    const body = await ok('listLatestPrimaryNetworkTransactions', '/v1/networks/local/blockchains/p-chain/transactions?pageSize=100');
    expect(body.chainInfo).toEqual({ chainName: 'p-chain', network: 'testnet' });
    const newestFirst = [TX.disable, TX.reward, TX.increase, TX.convert, TX.v3, TX.base, TX.sv1, TX.d1, TX.v1, TX.v2, TX.chain, TX.subnet].map(cb);
    expect(hashes(body)).toEqual(newestFirst);
    expect(body.nextPageToken).toBeUndefined();
    const asc = await ok('listLatestPrimaryNetworkTransactions', '/v1/networks/fuji/blockchains/11111111111111111111111111111111LpoYY/transactions?pageSize=100&sortOrder=asc');
    expect(hashes(asc)).toEqual([...newestFirst].reverse());
    expect(asc.chainInfo.network).toBe('fuji');

    const v1 = body.transactions.find((x: any) => x.txHash === cb(TX.v1));
    expect(v1).toMatchObject({
      txType: 'AddPermissionlessValidatorTx', blockNumber: '2', blockTimestamp: 1010, nodeId: nodeText(N1), startTimestamp: 1010, endTimestamp: 10_000,
      delegationFeePercent: '3.0000000000000000', estimatedReward: String(AVAX), rewardAddresses: [formatBech32('local', A)], memo: '0x6669',
      amountStaked: [{ assetId: cb(AVAX_ID), name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1', amount: String(100n * AVAX) }],
    });
    expect(v1.consumedUtxos).toEqual([expect.objectContaining({ addresses: [], blockNumber: '0', txHash: cb(id(0x01)), consumingTxHash: cb(TX.v1), consumingBlockNumber: '2' })]);
    expect(v1.emittedUtxos.map((u: any) => [u.utxoType, u.consumingTxHash])).toEqual([['TRANSFER', cb(TX.base)], ['STAKE', undefined]]);
    const convert = body.transactions.find((x: any) => x.txHash === cb(TX.convert));
    expect(convert.l1ValidatorManagerDetails).toEqual({ blockchainId: cb(L1_CHAIN), contractAddress: getAddress(`0x${'e1'.repeat(20)}`) });
    expect(convert.l1ValidatorDetails.map((d: any) => [d.nodeId, d.weight, d.remainingBalance, d.balanceChange])).toEqual([[nodeText(N3), 20, 500, 500], [nodeText(N5), 30, 500, 500]]);
    expect(convert.amountL1ValidatorBalanceBurned).toEqual([expect.objectContaining({ amount: '1000' })]);
    const increase = body.transactions.find((x: any) => x.txHash === cb(TX.increase));
    expect(increase.l1ValidatorDetails).toEqual([expect.objectContaining({ nodeId: nodeText(N3), subnetId: cb(SUBNET), remainingBalance: 700, balanceChange: 200 })]);
    const created = body.transactions.find((x: any) => x.txHash === cb(TX.chain));
    expect(created.blockchainInfo).toEqual({ chainName: 'firn-l1', vmId: cb(id(5)), genesisData: expect.objectContaining({ config: { chainId: 777, feeConfig: { gasLimit: 8_000_000, targetBlockRate: 2 } } }) });
    expect(body.transactions.find((x: any) => x.txHash === cb(TX.subnet)).subnetOwnershipInfo).toEqual({ locktime: 0, threshold: 1, addresses: [formatBech32('local', A)] });
    expect(body.transactions.find((x: any) => x.txHash === cb(TX.reward)).stakingTxHash).toBe(cb(TX.v2));
    expect(body.transactions.find((x: any) => x.txHash === cb(TX.v2)).rewardTxHash).toBe(cb(TX.reward));
  });

  run('filters by addresses (bech32 with or without P-/X-, an aliased network\'s prefix, 0x on the C-chain)', async () => {
    const forA = ['', 'P-', 'X-'].map((prefix) => `${prefix}${formatBech32('local', A)}`);
    for (const a of forA) {
      expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `/v1/networks/local/blockchains/p-chain/transactions?addresses=${a}`)), a).toEqual([TX.base, TX.v1, TX.v2, TX.subnet].map(cb));
    }
    const both = await ok('listLatestPrimaryNetworkTransactions', `/v1/networks/local/blockchains/p-chain/transactions?addresses=${formatBech32('local', B)},${formatAddress('P', 'local', A)}`);
    expect(hashes(both)).toEqual([TX.v3, TX.base, TX.d1, TX.v1, TX.v2, TX.subnet].map(cb));
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `/v1/networks/fuji/blockchains/p-chain/transactions?addresses=${formatBech32('fuji', B)}`))).toEqual([TX.v3, TX.base, TX.d1].map(cb));
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `/v1/networks/local/blockchains/x-chain/transactions?addresses=${formatAddress('X', 'local', B)}`))).toEqual([cb(TX.xBase)]);
    const evm = `0x${Buffer.from(E).toString('hex')}`;
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `/v1/networks/local/blockchains/c-chain/transactions?addresses=${evm}`))).toEqual([TX.cImport, TX.cExport].map(cb));
    await fails(`/v1/networks/local/blockchains/p-chain/transactions?addresses=${formatBech32('avax', A)}`, 400, /^Invalid address format/);
    await fails('/v1/networks/local/blockchains/p-chain/transactions?addresses=P-local1nonsense', 400, /^Invalid address format/);
  });

  run('filters by txTypes (repeated or comma-separated) and timestamps, with or without addresses', async () => {
    const url = '/v1/networks/local/blockchains/p-chain/transactions';
    const repeated = hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?txTypes=AddValidatorTx&txTypes=CreateSubnetTx`));
    const comma = hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?txTypes=AddValidatorTx,CreateSubnetTx`));
    expect(repeated).toEqual([TX.v3, TX.v2, TX.subnet].map(cb));
    expect(comma).toEqual(repeated);
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?txTypes=AddValidatorTx&addresses=${formatBech32('local', B)}`))).toEqual([cb(TX.v3)]);
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?startTimestamp=1010&endTimestamp=1020`))).toEqual([TX.v3, TX.base, TX.sv1, TX.d1, TX.v1].map(cb));
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?startTimestamp=1021&addresses=${formatBech32('local', A)}`))).toEqual([]);
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?endTimestamp=1000&sortOrder=asc`))).toEqual([TX.subnet, TX.chain, TX.v2].map(cb));
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', '/v1/networks/local/blockchains/x-chain/transactions?txTypes=CreateAssetTx'))).toEqual([cb(TX.xAsset)]);
    await fails(`${url}?txTypes=NotATx`, 400);
    await fails(`${url}?startTimestamp=5&endTimestamp=4`, 400, /startTimestamp must not be greater than endTimestamp/);
    await fails(`${url}?startTimestamp=-1`, 400);
    await fails(`${url}?endTimestamp=1e20`, 400);
  });

  run('filters P-chain transactions by L1 validation id, with txTypes', async () => {
    const url = '/v1/networks/local/blockchains/p-chain/transactions';
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?l1ValidationId=${cb(L1V1)}`))).toEqual([TX.increase, TX.convert].map(cb));
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?l1ValidationId=0x${'72'.repeat(32)}&txTypes=DisableL1ValidatorTx`))).toEqual([cb(TX.disable)]);
    await fails(`/v1/networks/local/blockchains/x-chain/transactions?l1ValidationId=${cb(L1V1)}`, 400, /P-chain/);
    await fails(`${url}?l1ValidationId=xyz`, 400, /l1ValidationId must be/);
  });

  run('shows X-chain and C-chain atomic transactions in their shapes', async () => {
    const x = await ok('listLatestPrimaryNetworkTransactions', '/v1/networks/local/blockchains/x-chain/transactions');
    expect(x.chainInfo).toEqual({ chainName: 'x-chain', network: 'testnet' });
    expect(hashes(x)).toEqual([TX.xExport, TX.xAsset, TX.xBase].map(cb));
    const [exp, asset, base] = x.transactions;
    expect(exp).toMatchObject({ chainFormat: 'linear', txType: 'ExportTx', destinationChain: cb(P_ID), blockHeight: 3, memo: '', timestamp: 1005 });
    expect(asset.assetCreated).toEqual({ assetId: cb(TX.xAsset), name: 'Firn Token', symbol: 'FIRN', denomination: 6, type: 'secp256k1', createdAtTimestamp: 995, cap: 'fixed' });
    expect(asset.emittedUtxos[1].asset).toEqual({ assetId: cb(TX.xAsset), name: 'Firn Token', symbol: 'FIRN', denomination: 6, type: 'secp256k1', amount: '1000' });
    expect(base.consumedUtxos[0]).toMatchObject({ credentials: [{ signature: Buffer.from(SIGNATURE).toString('base64'), publicKey: Buffer.from(secp256k1.getPublicKey(SIGNER, true)).toString('base64') }] });
    expect(base.memo).toBe('0x0102');
    const c = await ok('listLatestPrimaryNetworkTransactions', `/v1/networks/local/blockchains/${cb(C_ID)}/transactions`);
    expect(c.chainInfo.chainName).toBe('c-chain');
    expect(c.transactions.map((t: any) => t.txType)).toEqual(['ImportTx', 'ExportTx']);
    expect(c.transactions[1].evmInputs[0]).toMatchObject({ fromAddress: expect.stringMatching(/^0x[eE]1/), asset: { amount: String(3n * AVAX) } });
    expect(c.transactions[1].emittedUtxos[0]).toMatchObject({ consumedOnChainId: cb(X_ID), createdOnChainId: cb(C_ID), addresses: [formatBech32('local', A)] });
  });

  run('pages with keyset tokens: every item once, no token on the last page, stable while blocks arrive, bad tokens refused', async () => {
    const url = '/v1/networks/local/blockchains/p-chain/transactions';
    const everything = hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?pageSize=100`));
    const first = await ok('listLatestPrimaryNetworkTransactions', `${url}?pageSize=5`);
    expect(hashes(first)).toEqual(everything.slice(0, 5));
    // A new block arrives between pages: the next pages continue where the first stopped.
    const rows = emptyPrimaryRows();
    const late: Place = { chain: P, height: 5n, time: 1040n, index: 0 };
    rows.blocks.push(block(P, 5n, 1040n, [id(0x3f)], 'BanffStandardBlock'));
    rows.txs.push(tx(late, id(0x3f), 'BaseTx'));
    await t.db.transaction((q) => writePrimaryRows(q, rows));
    const rest: string[] = [];
    let token: string | undefined = first.nextPageToken;
    while (token) {
      const page = await ok('listLatestPrimaryNetworkTransactions', `${url}?pageSize=5&pageToken=${encodeURIComponent(token)}`);
      rest.push(...hashes(page));
      token = page.nextPageToken;
    }
    expect([...hashes(first), ...rest]).toEqual(everything);
    expect(hashes(await ok('listLatestPrimaryNetworkTransactions', `${url}?pageSize=1`))).toEqual([cb(id(0x3f))]);
    await t.db.query('DELETE FROM primary_txs WHERE tx_id = $1', [Buffer.from(id(0x3f))]);
    await t.db.query('DELETE FROM primary_blocks WHERE chain = $1 AND height = 5', [P.id]);

    await fails(`${url}?pageToken=garbage`, 400, /pageToken is invalid/);
    await fails(`${url}?pageSize=5&sortOrder=asc&pageToken=${encodeURIComponent(first.nextPageToken)}`, 400, /different query/);
    await fails(`${url}?pageSize=0`, 400);
    await fails(`${url}?pageSize=101`, 400);
  });

  run('gets one transaction of each chain by hash; unknown is a 404, malformed a 400', async () => {
    expect(await ok('getTxByHash', `/v1/networks/local/blockchains/p-chain/transactions/${cb(TX.convert)}`)).toMatchObject({ txType: 'ConvertSubnetToL1Tx', blockNumber: '4' });
    expect(await ok('getTxByHash', `/v1/networks/local/blockchains/x-chain/transactions/${cb(TX.xAsset)}`)).toMatchObject({ chainFormat: 'linear', txType: 'CreateAssetTx' });
    expect(await ok('getTxByHash', `/v1/networks/local/blockchains/c-chain/transactions/${cb(TX.cImport)}`)).toMatchObject({ txType: 'ImportTx', blockHeight: 101 });
    const url = `/v1/networks/local/blockchains/p-chain/transactions/${cb(TX.convert)}`;
    const etag = String((await app.inject({ method: 'GET', url })).headers.etag);
    expect((await app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await fails(`/v1/networks/local/blockchains/x-chain/transactions/${cb(TX.convert)}`, 404, /not found on the x-chain/);
    await fails('/v1/networks/local/blockchains/p-chain/transactions/notanid', 400, /txHash must be/);
    await fails(`/v1/networks/local/blockchains/q-chain/transactions/${cb(TX.convert)}`, 400, /blockchainId must be one of the following values: p-chain/);
  });

  run('answers transactions asked for together (they share statements) each with its own transaction', async () => {
    // Asked for at once, before any is kept: the lookups go out in batches.
    const ids = [TX.convert, TX.xAsset, TX.cImport, ...Object.values(TX)].map(cb);
    const chainOf = (id: string) => (id === cb(TX.xAsset) ? 'x-chain' : id === cb(TX.cImport) ? 'c-chain' : 'p-chain');
    const answers = await Promise.all([...ids, cb(TX.xAsset)].map((id, i) => get(`/v1/networks/local/blockchains/${i === ids.length ? 'p-chain' : chainOf(id)}/transactions/${id}`)));
    // the X-chain asset asked for on the P-chain: not there
    expect(answers.pop()!.status).toBe(404);
    let found = 0;
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 404) continue;
      expect(answer.status).toBe(200);
      expect(answer.body.txHash).toBe(ids[i]);
      found++;
    }
    expect(found).toBeGreaterThanOrEqual(3);
    // The L1 validators and blockchains those P-chain txs name were looked up in shared batches too: each answer
    // shows its own, as the page shows them.
    const page = await ok('listLatestPrimaryNetworkTransactions', '/v1/networks/local/blockchains/p-chain/transactions?pageSize=100');
    for (const tx of [TX.convert, TX.increase, TX.chain].map(cb)) {
      const answer = answers.find((a) => a.body?.txHash === tx)!;
      const listed = page.transactions.find((x: any) => x.txHash === tx);
      expect(answer.body.l1ValidatorDetails ?? answer.body.blockchainInfo).toBeDefined();
      expect(answer.body.l1ValidatorDetails).toEqual(listed.l1ValidatorDetails);
      expect(answer.body.blockchainInfo).toEqual(listed.blockchainInfo);
    }
  });

  run('lists and gets blocks of the P- and X-chains', async () => {
    const body = await ok('listLatestPrimaryNetworkBlocks', '/v1/networks/local/blockchains/p-chain/blocks');
    expect(body.chainInfo).toEqual({ chainName: 'p-chain', network: 'testnet' });
    expect(body.blocks.map((b: any) => [b.blockNumber, b.txCount])).toEqual([['4', 4], ['3', 3], ['2', 2], ['1', 3]]);
    expect(body.blocks[3]).toMatchObject({ blockHash: cb(id(0x91)), parentHash: cb(id(0x90)), blockType: 'BanffStandardBlock', blockTimestamp: 1000, blockSizeBytes: 201, transactions: [TX.subnet, TX.chain, TX.v2].map(cb), proposerDetails: { proposerId: cb(id(0xe1)), proposerPChainHeight: 0, proposerTimestamp: 1000 } });
    expect(body.blocks[0].proposerDetails).toBeUndefined();
    expect((await allPages('listLatestPrimaryNetworkBlocks', '/v1/networks/local/blockchains/p-chain/blocks', 'blocks')).map((b) => b.blockNumber)).toEqual(['4', '3', '2', '1']);
    expect((await ok('listLatestPrimaryNetworkBlocks', '/v1/networks/local/blockchains/x-chain/blocks?startTimestamp=991&endTimestamp=1005')).blocks.map((b: any) => b.blockNumber)).toEqual(['3', '2']);
    expect(await ok('getBlockById', '/v1/networks/local/blockchains/p-chain/blocks/2')).toMatchObject({ blockNumber: '2', transactions: [TX.v1, TX.d1].map(cb) });
    expect(await ok('getBlockById', `/v1/networks/local/blockchains/x-chain/blocks/${cb(id(0x93))}`)).toMatchObject({ blockNumber: '3', blockType: 'StandardBlock' });
    // Accepted blocks never change: an ETag, a long cache, and 304 for a matching If-None-Match.
    const first = await app.inject({ method: 'GET', url: '/v1/networks/local/blockchains/p-chain/blocks/2' });
    expect(first.headers['cache-control']).toMatch(/immutable/);
    const again = await app.inject({ method: 'GET', url: `/v1/networks/local/blockchains/p-chain/blocks/${cb(id(0x92))}`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    await fails('/v1/networks/local/blockchains/p-chain/blocks/99', 404);
    await fails('/v1/networks/local/blockchains/p-chain/blocks/99999999999999999999', 400, /out of range/);
    await fails(`/v1/networks/local/blockchains/p-chain/blocks/${cb(id(0x99))}`, 404);
    await fails('/v1/networks/local/blockchains/p-chain/blocks/zz', 400);
    await fails('/v1/networks/local/blockchains/c-chain/blocks', 400, /blockchainId must be one of/);
  });

  run('lists X-chain vertices (none on a network that started after Cortina); only the X-chain has them', async () => {
    expect(await ok('listLatestXChainVertices', '/v1/networks/local/blockchains/x-chain/vertices')).toEqual({ vertices: [], chainInfo: { chainName: 'x-chain', network: 'testnet' } });
    expect((await ok('listLatestXChainVertices', `/v1/networks/local/blockchains/${cb(X_ID)}/vertices`)).vertices).toEqual([]);
    await fails('/v1/networks/local/blockchains/p-chain/vertices', 400, /x-chain/);
  });

  run('lists subnets with their blockchains, and gets one by id', async () => {
    const body = await ok('listSubnets', '/v1/networks/local/subnets');
    expect(body.subnets).toHaveLength(1);
    expect(body.subnets[0]).toMatchObject({
      subnetId: cb(SUBNET), createBlockIndex: '1', createBlockTimestamp: 1000, isL1: true, l1ConversionTransactionHash: cb(TX.convert),
      ownerAddresses: [formatBech32('local', A)], threshold: 1, locktime: 0, l1ValidatorManagerDetails: { blockchainId: cb(L1_CHAIN) },
    });
    expect(body.subnets[0].blockchains).toEqual([expect.objectContaining({ blockchainId: cb(L1_CHAIN), blockchainName: 'firn-l1', evmChainId: 777, createBlockNumber: '1', genesisData: expect.objectContaining({ gasLimit: '0x7A1200' }) })]);
    expect(await ok('getSubnetById', `/v1/networks/local/subnets/${cb(SUBNET)}`)).toEqual(body.subnets[0]);
    await fails(`/v1/networks/local/subnets/${cb(id(0x14))}`, 404);
    await fails('/v1/networks/local/subnets/xyz', 400);
    await ok('listSubnets', '/v1/networks/local/subnets?pageSize=10000&sortOrder=asc');
    await fails('/v1/networks/local/subnets?pageSize=10001', 400);
  });

  run('a kept validators answer lasts until a staker starts or ends, not past it', async () => {
    const url = '/v1/networks/local/validators?pageSize=100&validationStatus=pending';
    const pending = async () => (await ok('listValidators', url)).validators.map((v: any) => v.txHash);
    try {
      expect(await pending()).toEqual([cb(TX.v3)]);
      clockMs = 4_999_000; // v3 starts at 5000 s: the answer still holds
      const hits = app.responseStore!.hits;
      expect(await pending()).toEqual([cb(TX.v3)]);
      expect(app.responseStore!.hits).toBe(hits + 1);
      clockMs = 5_000_000;
      expect(await pending()).toEqual([]);
      expect((await ok('listDelegators', '/v1/networks/local/delegators?delegationStatus=pending')).delegators).toEqual([]);
    } finally {
      clockMs = NOW * 1000;
    }
  });

  run('lists validators in the shape of their status, with every filter and sort', async () => {
    const url = '/v1/networks/local/validators';
    const all = await ok('listValidators', `${url}?pageSize=100`);
    const byTx = Object.fromEntries(all.validators.map((v: any) => [v.txHash, v]));
    expect(all.validators.map((v: any) => v.txHash)).toEqual([TX.v3, TX.sv1, TX.v1, TX.v2].map(cb));
    expect(byTx[cb(TX.v1)]).toMatchObject({
      validationStatus: 'active', nodeId: nodeText(N1), amountStaked: String(100n * AVAX), delegationFee: '3.0000000000000000', delegatorCount: 1, amountDelegated: String(25n * AVAX),
      uptimePerformance: 95.5, stakePercentage: 80, delegationCapacity: String(375n * AVAX), potentialRewards: { validationRewardAmount: String(AVAX), delegationRewardAmount: '10' },
      validatorHealth: { reachabilityPercent: 100 }, geolocation: null, blsCredentials: { publicKey: `0x${'07'.repeat(48)}` },
    });
    expect(byTx[cb(TX.v2)]).toMatchObject({ validationStatus: 'completed', rewards: { validationRewardAmount: String(5n * AVAX), delegationRewardAmount: '0', rewardTxHash: cb(TX.reward) } });
    expect(byTx[cb(TX.sv1)]).toMatchObject({ validationStatus: 'completed', subnetId: cb(SUBNET), rewards: { validationRewardAmount: '0' } });
    expect(byTx[cb(TX.v3)]).toMatchObject({ validationStatus: 'pending', delegationFee: '10.0000000000000000' });

    const txs = async (query: string) => (await ok('listValidators', `${url}?${query}`)).validators.map((v: any) => v.txHash);
    expect(await txs('validationStatus=completed')).toEqual([TX.sv1, TX.v2].map(cb));
    expect(await txs('validationStatus=removed')).toEqual([]);
    expect(await txs(`nodeIds=${nodeText(N1).slice(10, 20)}`)).toEqual([TX.sv1, TX.v1].map(cb));
    expect(await txs(`nodeIds=${nodeText(N2)},${nodeText(N4).slice(-6)}`)).toEqual([TX.v3, TX.v2].map(cb));
    expect(await txs(`subnetId=${cb(SUBNET)}`)).toEqual([cb(TX.sv1)]);
    expect(await txs('minFeePercentage=2')).toEqual([TX.v3, TX.v1, TX.v2].map(cb));
    expect(await txs('maxFeePercentage=5')).toEqual([TX.v1, TX.v2].map(cb));
    expect(await txs('minTimeRemaining=7500')).toEqual([cb(TX.v1)]);
    expect(await txs('maxTimeRemaining=7500')).toEqual([TX.v3, TX.sv1, TX.v2].map(cb));
    expect(await txs(`minDelegationCapacity=${300n * AVAX}&validationStatus=active`)).toEqual([cb(TX.v1)]);
    expect(await txs(`maxDelegationCapacity=${300n * AVAX}&validationStatus=active`)).toEqual([]);
    expect(await txs('minUptimePerformance=96&validationStatus=active')).toEqual([]);
    expect(await txs('minUptimePerformance=95&validationStatus=active')).toEqual([cb(TX.v1)]);
    // Time remaining at NOW: v1 8000 s, v3 7000 s, sv1 and v2 0 (ties in block order).
    expect(await txs('sortBy=timeRemaining&sortOrder=asc')).toEqual([TX.v2, TX.sv1, TX.v3, TX.v1].map(cb));
    expect((await allPages('listValidators', `${url}?sortBy=timeRemaining&sortOrder=desc`, 'validators')).map((v) => v.txHash)).toEqual([TX.v1, TX.v3, TX.sv1, TX.v2].map(cb));
    expect((await allPages('listValidators', `${url}?sortBy=delegationCapacity&validationStatus=active`, 'validators')).map((v) => v.txHash)).toEqual([cb(TX.v1)]);
    expect(await txs('sortBy=uptimePerformance')).toEqual([TX.v1, TX.v3, TX.sv1, TX.v2].map(cb));
    expect((await allPages('listValidators', url, 'validators')).map((v) => v.txHash)).toEqual(all.validators.map((v: any) => v.txHash));

    await fails(`${url}?sortBy=delegationFee&subnetId=11111111111111111111111111111111LpoYY`, 400, /only available for mainnet/);
    const fees = await ok('listValidators', '/v1/networks/mainnet/validators?sortBy=delegationFee&subnetId=11111111111111111111111111111111LpoYY&sortOrder=asc');
    expect(fees.validators.map((v: any) => v.delegationFee)).toEqual(['2.0000000000000000', '5.0000000000000000']);
    await fails('/v1/networks/mainnet/validators?sortBy=delegationFee', 400, /subnetId=11111111111111111111111111111111LpoYY/);
    expect((await ok('listValidators', '/v1/networks/mainnet/validators?minFeePercentage=2')).validators).toHaveLength(2);
    expect((await ok('listValidators', '/v1/networks/mainnet/validators')).validators).toHaveLength(3);
    expect((await ok('listValidators', '/v1/networks/mainnet/validators')).validators[0].rewards).toBeUndefined();

    await fails(`${url}?minFeePercentage=1`, 400);
    await fails(`${url}?maxFeePercentage=101`, 400);
    await fails(`${url}?minUptimePerformance=101`, 400);
    await fails(`${url}?maxTimeRemaining=2147483648`, 400);
    await fails(`${url}?minTimeRemaining=10&maxTimeRemaining=5`, 400, /minTimeRemaining must not be greater than maxTimeRemaining/);
    await fails(`${url}?minDelegationCapacity=720000000000000001`, 400, /between 0 and 720000000000000000/);
    await fails(`${url}?maxDelegationCapacity=-1`, 400);
    await fails(`${url}?sortBy=stake`, 400);
    await fails(`${url}?validationStatus=ended`, 400);
    await fails(`${url}?subnetId=nope`, 400);
  });

  run('gets the validations of one node; a node that never validated is a 404', async () => {
    const body = await ok('getSingleValidatorDetails', `/v1/networks/local/validators/${nodeText(N1)}`);
    expect(body.validators.map((v: any) => [v.txHash, v.validationStatus])).toEqual([[cb(TX.sv1), 'completed'], [cb(TX.v1), 'active']]);
    expect((await ok('getSingleValidatorDetails', `/v1/networks/local/validators/${nodeText(N1)}?validationStatus=pending`)).validators).toEqual([]);
    expect((await ok('getSingleValidatorDetails', `/v1/networks/local/validators/${nodeText(N1)}?sortOrder=asc&pageSize=1`)).validators.map((v: any) => v.txHash)).toEqual([cb(TX.v1)]);
    await fails(`/v1/networks/local/validators/${nodeText(addr(0x69))}`, 404, /never validated/);
    await fails('/v1/networks/local/validators/NodeID-xyz', 400, /NodeID-/);
  });

  run('lists delegators by status, node and reward address', async () => {
    const body = await ok('listDelegators', '/v1/networks/local/delegators');
    expect(body.delegators).toEqual([{
      txHash: cb(TX.d1), nodeId: nodeText(N1), rewardAddresses: [formatBech32('local', B)], amountDelegated: String(25n * AVAX), delegationFee: '3.0000000000000000',
      startTimestamp: 1010, endTimestamp: 5000, delegationStatus: 'active', estimatedGrossReward: String(AVAX / 10n), estimatedNetReward: String((AVAX / 10n) * 97n / 100n),
    }]);
    expect((await ok('listDelegators', `/v1/networks/local/delegators?nodeIds=${nodeText(N1)}&rewardAddresses=P-${formatBech32('local', B)}&delegationStatus=active`)).delegators).toHaveLength(1);
    expect((await ok('listDelegators', `/v1/networks/local/delegators?rewardAddresses=${formatBech32('local', A)}`)).delegators).toEqual([]);
    expect((await ok('listDelegators', '/v1/networks/local/delegators?delegationStatus=completed')).delegators).toEqual([]);
    await fails('/v1/networks/local/delegators?nodeIds=abc', 400);
    await fails('/v1/networks/local/delegators?rewardAddresses=abc', 400, /Invalid address format/);
    await fails('/v1/networks/local/delegators?delegationStatus=removed', 400);
  });

  run('lists L1 validators: active by default, all on request, by validation id, node and subnet', async () => {
    const body = await ok('listL1Validators', '/v1/networks/local/l1Validators');
    expect(body.blockHeight).toBe('4');
    expect(body.validators).toEqual([expect.objectContaining({
      validationId: cb(L1V1), validationIdHex: `0x${'71'.repeat(32)}`, nodeId: nodeText(N3), subnetId: cb(SUBNET), weight: 20, remainingBalance: 700, creationTimestamp: 1030,
      remainingBalanceOwner: { addresses: [formatBech32('local', A)], threshold: 1 }, deactivationOwner: { addresses: [formatBech32('local', B)], threshold: 1 },
    })]);
    const ids = async (query: string) => (await ok('listL1Validators', `/v1/networks/local/l1Validators?${query}`)).validators.map((v: any) => v.validationId).sort();
    expect(await ids('includeInactiveL1Validators=true')).toEqual([cb(L1V1), cb(L1V2)].sort());
    expect(await ids(`includeInactiveL1Validators=true&nodeId=${nodeText(N5)}`)).toEqual([cb(L1V2)]);
    expect(await ids(`l1ValidationId=${cb(L1V2)}`)).toEqual([]);
    expect(await ids(`subnetId=${cb(SUBNET)}&l1ValidationId=0x${'71'.repeat(32)}`)).toEqual([cb(L1V1)]);
    expect(await ids(`subnetId=${cb(id(0x14))}`)).toEqual([]);
    expect((await allPages('listL1Validators', '/v1/networks/local/l1Validators?includeInactiveL1Validators=true', 'validators')).map((v) => v.validationId).sort()).toEqual([cb(L1V1), cb(L1V2)].sort());
    await fails(`/v1/networks/local/l1Validators?nodeId=${Buffer.from(N3).toString('hex')}`, 400, /NodeID-/);
    await fails('/v1/networks/local/l1Validators?includeInactiveL1Validators=maybe', 400);
  });

  run('checks networks: unknown names are a 400 listing the valid ones', async () => {
    await fails('/v1/networks/nosuchnet/validators', 400, /network must be one of the following values: mainnet, fuji, testnet/);
    await fails('/v1/networks/nosuchnet/blockchains/p-chain/transactions', 400);
  });

  run('validates signature-aggregation requests fully, then answers 503 (aggregation is not available)', async () => {
    const url = '/v1/signatureAggregator/local/aggregateSignatures';
    const message = new Uint8Array(42 + 3);
    new DataView(message.buffer).setUint32(2, 12345);
    new DataView(message.buffer).setUint32(38, 3);
    const hexMessage = Buffer.from(message).toString('hex');
    await fails(url, 400, /Must provide either message or justification/, 'POST', {});
    await fails(url, 400, /Must provide either message or justification/, 'POST', { message: '0x', justification: '00' });
    await fails(url, 400, /Could not decode message/, 'POST', { message: '0xzz' });
    await fails(url, 400, /Could not decode message/, 'POST', { message: '123' });
    await fails(url, 400, /Could not decode justification/, 'POST', { justification: 'xyz' });
    await fails(url, 400, /Error unpacking warp message/, 'POST', { message: '0x0102' });
    const otherNetwork = Buffer.from(message);
    otherNetwork.writeUInt32BE(1, 2);
    await fails(url, 400, /network ID 1/, 'POST', { message: otherNetwork.toString('hex') });
    await fails(url, 400, undefined, 'POST', { message: hexMessage, quorumPercentage: 101 });
    await fails(url, 400, undefined, 'POST', { message: hexMessage, quorumPercentageBuffer: -1 });
    await fails(url, 400, undefined, 'POST', { message: hexMessage, quorumPercentage: 50.5 });
    await fails(url, 400, /quorumPercentage \+ quorumPercentageBuffer must not exceed 100/, 'POST', { message: hexMessage, quorumPercentage: 67, quorumPercentageBuffer: 34 });
    await fails(url, 400, /Error parsing signing subnet ID/, 'POST', { message: hexMessage, signingSubnetId: 'nope' });
    await fails(url, 400, undefined, 'POST', { message: hexMessage, pChainHeight: -1 });
    await fails(url, 503, /signature aggregation is not available/, 'POST', { message: `0x${hexMessage}`, quorumPercentage: 50, quorumPercentageBuffer: 50, signingSubnetId: cb(SUBNET), pChainHeight: 4 });
    await fails(url, 400, /a justification alone names no message to sign/, 'POST', { justification: '0001abcdabcfff', signingSubnetId: `0x${'15'.repeat(32)}` });
    await fails('/v1/signatureAggregator/nosuchnet/aggregateSignatures', 400, /network must be one of/, 'POST', { message: hexMessage });

    const byTx = '/v1/signatureAggregator/local/aggregateSignatures';
    await fails(`${byTx}/nope`, 400, /txHash must be/);
    await fails(`${byTx}/${cb(id(0x3e))}`, 404);
    await fails(`${byTx}/${cb(TX.base)}`, 400, /BaseTx/);
    await fails(`${byTx}/${cb(TX.xBase)}`, 400, /X-chain/);
    await fails(`${byTx}/${cb(TX.convert)}`, 503, /signature aggregation is not available/);
  });

  run('documents every route in the OpenAPI document with the real operation ids and weights', async () => {
    const doc = (await get('/api-json')).body;
    const ops = Object.values(doc.paths as Record<string, Record<string, { operationId: string; 'x-execution-weight': string }>>).flatMap((p) => Object.values(p));
    const weights = Object.fromEntries(ops.map((o) => [o.operationId, o['x-execution-weight']]));
    expect(weights).toMatchObject({
      listLatestPrimaryNetworkTransactions: 'xl', getTxByHash: 'medium', listLatestPrimaryNetworkBlocks: 'medium', getBlockById: 'xl', listLatestXChainVertices: 'medium',
      listSubnets: 'medium', getSubnetById: 'medium', listValidators: 'medium', getSingleValidatorDetails: 'medium', listDelegators: 'medium', listL1Validators: 'medium',
      aggregateSignatures: 'medium', getAggregatedSignatures: 'medium',
    });
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['PChainTransaction', 'XChainLinearTransaction', 'CChainExportTransaction', 'ActiveValidatorDetails', 'Subnet', 'L1ValidatorDetailsFull']));
  });
});

// ---------------------------------------------------------------------------------------------------------------
// End to end: a devnet, the real indexer, the API over HTTP, compared with the node.

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; its wallet surface, typed loosely. */
const AJS = avalanchejs as any;
const EWOQ_KEY = hexToBytes('56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027');

function blsKey(seed: string) {
  const secret = sha256(new TextEncoder().encode(seed));
  const sigs = bls12_381.longSignatures;
  const publicKey = sigs.getPublicKey(secret).toBytes(true);
  const signature = sigs.sign(sigs.hash(publicKey, 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'), secret).toBytes(true);
  return { publicKey, signature };
}

describe(`primary-network routes over an indexed devnet (${serverUp ? 'postgres' : 'pglite'})`, () => {
  let node: DevnetProcess;
  let t: TestDatabase;
  let indexer: RunningIndexer;
  let app: FastifyInstance;
  let base: string;
  let indexerDir: string | undefined;
  const issued: Record<string, string> = {};
  const other = new Uint8Array(20).fill(0x42);
  let ewoq: Uint8Array;

  const api = async (path: string) => {
    const r = await fetch(`${base}${path}`);
    return { status: r.status, body: await r.json() as any };
  };
  const apiOk = async (operationId: string, path: string) => {
    const r = await api(path);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    expectValid(operationId, r.body);
    expectNoNulls(r.body);
    return r.body;
  };

  beforeAll(async () => {
    node = await startDevnet(['--index-enabled']);
    const context = await AJS.Context.getContextFromURI(node.url);
    const xApi = new AJS.avm.AVMApi(node.url);
    const pApi = new AJS.pvm.PVMApi(node.url);
    ewoq = AJS.utils.bech32ToBytes('X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
    const pIssue = async (build: (c: any) => any, subnetAuth = false): Promise<string> => {
      const feeState = await pApi.getFeeState();
      const { utxos } = await pApi.getUTXOs({ addresses: [formatAddress('P', 'local', ewoq)] });
      const unsigned = build({ feeState, fromAddressesBytes: [ewoq], utxos });
      await AJS.addTxSignatures({ unsignedTx: unsigned, privateKeys: [EWOQ_KEY] });
      if (subnetAuth) unsigned.addSignatureAt(await AJS.secp256k1.sign(unsigned.toBytes(), EWOQ_KEY), unsigned.getCredentials().length - 1, 0);
      return (await pApi.issueSignedTx(unsigned.getSignedTx())).txID as string;
    };
    const xIssue = async (unsigned: any): Promise<string> => {
      await AJS.addTxSignatures({ unsignedTx: unsigned, privateKeys: [EWOQ_KEY] });
      return (await xApi.issueSignedTx(unsigned.getSignedTx())).txID as string;
    };
    const xUtxos = async () => (await xApi.getUTXOs({ addresses: [formatAddress('X', 'local', ewoq)] })).utxos;

    issued.xBase = await xIssue(AJS.avm.newBaseTx(context, [ewoq], await xUtxos(), [AJS.TransferableOutput.fromNative(context.avaxAssetID, 3n * AVAX, [other])]));
    issued.xExport = await xIssue(AJS.avm.newExportTx(context, context.pBlockchainID, [ewoq], await xUtxos(), [AJS.TransferableOutput.fromNative(context.avaxAssetID, 50n * AVAX, [ewoq])]));
    const atomic = await pApi.getUTXOs({ addresses: [formatAddress('P', 'local', ewoq)], sourceChain: 'X' });
    issued.pImport = await pIssue((c) => AJS.pvm.newImportTx({ feeState: c.feeState, fromAddressesBytes: [ewoq], sourceChainId: context.xBlockchainID, toAddressesBytes: [ewoq], utxos: atomic.utxos }, context));
    issued.pBase = await pIssue((c) => AJS.pvm.newBaseTx({ ...c, outputs: [AJS.TransferableOutput.fromNative(context.avaxAssetID, 2n * AVAX, [other])] }, context));
    issued.subnet = await pIssue((c) => AJS.pvm.newCreateSubnetTx({ ...c, subnetOwners: [ewoq] }, context));
    issued.chain = await pIssue((c) => AJS.pvm.newCreateChainTx({ ...c, subnetId: issued.subnet, chainName: 'served', vmId: idToString(new Uint8Array(32).fill(5)), fxIds: [],
      genesisData: { config: { chainId: 778 }, alloc: {} }, subnetAuth: [0] }, context), true);
    const bls = blsKey('data api staker');
    const now = BigInt(Math.floor(Date.now() / 1000));
    issued.validator = await pIssue((c) => AJS.pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: nodeIdToString(new Uint8Array(20).fill(0x66)), start: now, end: now + 3600n,
      weight: 10n * AVAX, subnetId: idToString(new Uint8Array(32)), shares: 30_000, rewardAddresses: [new Uint8Array(20).fill(0xa1)], delegatorRewardsOwner: [new Uint8Array(20).fill(0xa2)],
      publicKey: bls.publicKey, signature: bls.signature }, context));
    issued.delegator = await pIssue((c) => AJS.pvm.newAddPermissionlessDelegatorTx({ ...c, nodeId: nodeIdToString(new Uint8Array(20).fill(0x66)), start: now, end: now + 1800n,
      weight: 5n * AVAX, subnetId: idToString(new Uint8Array(32)), rewardAddresses: [new Uint8Array(20).fill(0xa3)] }, context));

    t = await openTestDatabase(serverUp ? 'postgres' : 'pglite');
    indexerDir = mkdtempSync(join(tmpdir(), 'firn-primary-api-'));
    const { config } = loadIndexerConfig([`--node-url=${node.url}`, '--metrics-port=0', `--database-dir=${indexerDir}`, '--chains=P,X', '--log-level=warn'], {});
    indexer = await startIndexer(config, { db: t.db });
    app = await buildServer(t.db, { fuji: 'local' }, Date.now);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    // Until the indexer has written the last tx of each chain (the API's 404s turn into 200s).
    const deadline = Date.now() + 120_000;
    for (const [chainName, txID] of [['p-chain', issued.delegator], ['x-chain', issued.xExport]] as const) {
      while ((await api(`/v1/networks/local/blockchains/${chainName}/transactions/${txID}`)).status !== 200) {
        if (Date.now() > deadline) throw new Error(`the indexer did not index ${txID} on the ${chainName}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }, 240_000);
  afterAll(async () => {
    await app?.close();
    await indexer?.stop();
    await node?.stop();
    await t?.dispose();
    if (indexerDir) rmSync(indexerDir, { recursive: true, force: true });
  });

  it('serves the P- and X-chain blocks the node has, with their txs', async () => {
    for (const [chainName, path, service] of [['p-chain', '/ext/bc/P', 'platform'], ['x-chain', '/ext/bc/X', 'avm']] as const) {
      const blocks = await apiOk('listLatestPrimaryNetworkBlocks', `/v1/networks/local/blockchains/${chainName}/blocks?pageSize=100`);
      expect(blocks.blocks.length).toBeGreaterThan(0);
      for (const b of blocks.blocks) {
        const theirs = (await rpc(node.url, path, `${service}.getBlockByHeight`, { height: b.blockNumber, encoding: 'json' })).result.block;
        expect(b.transactions, `${chainName} ${b.blockNumber}`).toEqual((theirs.txs ?? (theirs.tx ? [theirs.tx] : [])).map((x: any) => x.id));
        expect(b.parentHash).toBe(theirs.parentID);
        const one = await apiOk('getBlockById', `/v1/networks/local/blockchains/${chainName}/blocks/${b.blockHash}`);
        expect(one.blockNumber).toBe(b.blockNumber);
      }
    }
  });

  it('serves every issued tx by hash and by address, under the devnet\'s name and as Fuji', async () => {
    for (const [name, txID] of Object.entries(issued)) {
      const chainName = name.startsWith('x') ? 'x-chain' : 'p-chain';
      const tx = await apiOk('getTxByHash', `/v1/networks/local/blockchains/${chainName}/transactions/${txID}`);
      expect(tx.txHash).toBe(txID);
      // The tx is in the block the API says, as the node has that block.
      const height = chainName === 'p-chain' ? tx.blockNumber : String(tx.blockHeight);
      const theirs = (await rpc(node.url, chainName === 'p-chain' ? '/ext/bc/P' : '/ext/bc/X', `${chainName === 'p-chain' ? 'platform' : 'avm'}.getBlockByHeight`, { height, encoding: 'json' })).result.block;
      expect((theirs.txs ?? [theirs.tx]).map((x: any) => x.id), name).toContain(txID);
    }
    const ewoqP = await apiOk('listLatestPrimaryNetworkTransactions', `/v1/networks/fuji/blockchains/p-chain/transactions?addresses=${formatAddress('P', 'local', ewoq)}&pageSize=100`);
    expect(ewoqP.chainInfo).toEqual({ chainName: 'p-chain', network: 'fuji' });
    expect(ewoqP.transactions.map((x: any) => x.txHash)).toEqual(expect.arrayContaining([issued.pImport, issued.pBase, issued.subnet, issued.chain, issued.validator, issued.delegator]));
    const otherX = await apiOk('listLatestPrimaryNetworkTransactions', `/v1/networks/fuji/blockchains/2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm/transactions?addresses=${formatBech32('fuji', other)}`);
    expect(otherX.transactions.map((x: any) => x.txHash)).toEqual([issued.xBase]);
    const imported = await apiOk('getTxByHash', `/v1/networks/local/blockchains/p-chain/transactions/${issued.pImport}`);
    expect(imported.consumedUtxos.map((u: any) => [u.txHash, u.createdOnChainId, u.consumedOnChainId])).toEqual([[issued.xExport, (await rpc(node.url, '/ext/info', 'info.getBlockchainID', { alias: 'X' })).result.blockchainID, '11111111111111111111111111111111LpoYY']]);
    // The UTXOs the node holds for `other` on each chain are the ones our txs emitted to it and nobody spent.
    for (const [chainName, path, service, alias] of [['p-chain', '/ext/bc/P', 'platform', 'P'], ['x-chain', '/ext/bc/X', 'avm', 'X']] as const) {
      const theirs = (await rpc(node.url, path, `${service}.getUTXOs`, { addresses: [formatAddress(alias, 'local', other)], limit: 1024, encoding: 'hex' })).result.utxos as string[];
      const txs = (await apiOk('listLatestPrimaryNetworkTransactions', `/v1/networks/local/blockchains/${chainName}/transactions?addresses=${formatBech32('local', other)}&pageSize=100`)).transactions;
      const unspent = txs.flatMap((x: any) => x.emittedUtxos).filter((u: any) => u.addresses.includes(formatBech32('local', other)) && u.consumingTxHash === undefined);
      expect(unspent.map((u: any) => u.utxoBytes.slice(2)).sort(), chainName).toEqual(theirs.map((h) => h.slice(2, -8)).sort());
    }
  });

  it('serves the node\'s current validators and delegators, subnets and blockchains', async () => {
    const current = (await rpc(node.url, '/ext/bc/P', 'platform.getCurrentValidators', {})).result.validators as any[];
    const active = await apiOk('listValidators', '/v1/networks/fuji/validators?validationStatus=active&pageSize=100');
    expect(active.validators.map((v: any) => v.txHash).sort()).toEqual(current.map((v) => v.txID).sort());
    for (const v of current) {
      const ours = active.validators.find((x: any) => x.txHash === v.txID);
      expect([ours.nodeId, ours.amountStaked, ours.endTimestamp, ours.delegatorCount]).toEqual([v.nodeID, v.weight, Number(v.endTime), Number(v.delegatorCount ?? 0)]);
    }
    const mine = current.find((v) => v.txID === issued.validator);
    const single = await apiOk('getSingleValidatorDetails', `/v1/networks/local/validators/${mine.nodeID}`);
    expect(single.validators).toEqual([expect.objectContaining({ txHash: issued.validator, validationStatus: 'active', delegationFee: '3.0000000000000000', blsCredentials: { publicKey: mine.signer.publicKey, proofOfPossession: mine.signer.proofOfPossession } })]);
    const delegators = await apiOk('listDelegators', `/v1/networks/local/delegators?nodeIds=${mine.nodeID}`);
    const detail = (await rpc(node.url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [mine.nodeID] })).result.validators[0];
    expect(delegators.delegators.map((d: any) => [d.txHash, d.amountDelegated, d.delegationStatus])).toEqual(detail.delegators.map((d: any) => [d.txID, d.stakeAmount ?? d.weight, 'active']));

    const nodeSubnets = (await rpc(node.url, '/ext/bc/P', 'platform.getSubnets', {})).result.subnets as any[];
    const subnets = await apiOk('listSubnets', '/v1/networks/local/subnets');
    expect(subnets.subnets.map((s: any) => s.subnetId).sort()).toEqual(nodeSubnets.map((s) => s.id).sort());
    const nodeChains = (await rpc(node.url, '/ext/bc/P', 'platform.getBlockchains', {})).result.blockchains as any[];
    expect(subnets.subnets.flatMap((s: any) => s.blockchains).map((c: any) => [c.blockchainId, c.blockchainName, c.subnetId, c.vmId]).sort())
      .toEqual(nodeChains.map((c) => [c.id, c.name, c.subnetID, c.vmID]).sort());
    const served = await apiOk('getSubnetById', `/v1/networks/local/subnets/${issued.subnet}`);
    expect(served.blockchains).toEqual([expect.objectContaining({ blockchainName: 'served', evmChainId: 778, genesisData: { config: { chainId: 778 }, alloc: {} } })]);
    expect((await apiOk('listL1Validators', '/v1/networks/local/l1Validators')).validators).toEqual([]);
  });
});
