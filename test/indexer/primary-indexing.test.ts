import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avalanchejsCodec } from '../../src/codec/container/avalanchejs.js';
import { decodeHexWithChecksum } from '../../src/codec/container/checksum-hex.js';
import { formatAddress } from '../../src/lib/bech32-address.js';
import { idFromString, idToString, nodeIdFromString, nodeIdToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { hexToBytes } from '../../src/lib/hex.js';
import type { Database } from '../../src/store/database/database.js';
import { listPrimaryBlocks } from '../../src/store/queries/primary/blocks.js';
import { listDelegators } from '../../src/store/queries/primary/delegators.js';
import { listSubnets } from '../../src/store/queries/primary/subnets.js';
import { getPrimaryTransaction, listPrimaryTransactions } from '../../src/store/queries/primary/transactions.js';
import { listValidators } from '../../src/store/queries/primary/validators.js';
import { getAssets } from '../../src/store/queries/primary/assets.js';
import { ensureChain, ensureNetwork, type ChainRef, type NetworkRef } from '../../src/store/registry.js';
import { openTestDatabase, postgresAvailable, type TestDatabase } from '../../src/store/testing.js';
import type { BlockStream } from '../../src/indexer/pipeline/stream.js';
import { AvmBlockStream } from '../../src/indexer/streams/avm-block-stream.js';
import { PlatformBlockStream } from '../../src/indexer/streams/platform-block-stream.js';
import { startPlatformHarness, type PlatformHarness } from '../../src/node/chains/platform/testing.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { EWOQ_KEY, EWOQ_X } from '../helpers/ewoq.js';

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; its wallet surface, typed loosely. */
const A = avalanchejs as any;
const AVAX = 1_000_000_000n;
const LIMITS = { maxValidatorStake: 3_000_000n * AVAX, maxValidatorWeightFactor: 5n };
const serverUp = await postgresAvailable();
const KIND = serverUp ? 'postgres' : 'pglite';

function blsKey(seed: string) {
  const secret = sha256(new TextEncoder().encode(seed));
  const sigs = bls12_381.longSignatures;
  const publicKey = sigs.getPublicKey(secret).toBytes(true);
  const signature = sigs.sign(sigs.hash(publicKey, 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'), secret).toBytes(true);
  return { publicKey, signature };
}

/** Drives a stream from its first height to the node's head, batch by batch, each write in its own transaction (what the follower does). */
async function follow<B>(db: Database, stream: BlockStream<B>, from: bigint, batch = 3n): Promise<bigint> {
  const head = await stream.head();
  let at = from;
  while (at <= head) {
    const to = at + batch - 1n < head ? at + batch - 1n : head;
    const fetched = await stream.fetch(at, to);
    await db.transaction((tx) => stream.write(tx, fetched));
    at = to + 1n;
  }
  return head;
}

async function registerChains(db: Database, url: string): Promise<{ network: NetworkRef; P: ChainRef; X: ChainRef }> {
  const networkId = Number((await rpc(url, '/ext/info', 'info.getNetworkID')).result.networkID);
  const avax = (await rpc(url, '/ext/bc/X', 'avm.getAssetDescription', { assetID: 'AVAX' })).result.assetID as string;
  const chainId = async (alias: string) => idFromString((await rpc(url, '/ext/info', 'info.getBlockchainID', { alias })).result.blockchainID);
  const network = await ensureNetwork(db, { name: 'local', networkId, hrp: 'local', isTestnet: true, avaxAssetId: idFromString(avax) });
  const P = await ensureChain(db, { network, blockchainId: await chainId('P'), subnetId: new Uint8Array(32), vm: 'platform', name: 'P' });
  const X = await ensureChain(db, { network, blockchainId: await chainId('X'), subnetId: new Uint8Array(32), vm: 'avm', name: 'X' });
  return { network, P, X };
}


describe(`primary network indexed from a devnet process (${KIND})`, () => {
  let node: DevnetProcess;
  let t: TestDatabase;
  let context: any;
  let xApi: any;
  let pApi: any;
  let ewoq: Uint8Array;
  const other = new Uint8Array(20).fill(0x42);
  const issued: Record<string, string> = {};

  const pIssue = async (build: (c: { feeState: any; fromAddressesBytes: Uint8Array[]; utxos: any[] }) => any, subnetAuth = false): Promise<string> => {
    const feeState = await pApi.getFeeState();
    const { utxos } = await pApi.getUTXOs({ addresses: [formatAddress('P', 'local', ewoq)] });
    const tx = build({ feeState, fromAddressesBytes: [ewoq], utxos });
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    if (subnetAuth) tx.addSignatureAt(await A.secp256k1.sign(tx.toBytes(), EWOQ_KEY), tx.getCredentials().length - 1, 0);
    return (await pApi.issueSignedTx(tx.getSignedTx())).txID as string;
  };
  const xIssue = async (tx: any): Promise<string> => {
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    return (await xApi.issueSignedTx(tx.getSignedTx())).txID as string;
  };
  const xUtxos = async () => (await xApi.getUTXOs({ addresses: [formatAddress('X', 'local', ewoq)] })).utxos;

  beforeAll(async () => {
    node = await startDevnet(['--index-enabled']);
    t = await openTestDatabase(KIND);
    context = await A.Context.getContextFromURI(node.url);
    xApi = new A.avm.AVMApi(node.url);
    pApi = new A.pvm.PVMApi(node.url);
    ewoq = A.utils.bech32ToBytes(EWOQ_X);

    // X: a transfer, an asset, an export to P; P: the import, a transfer, a subnet with a chain, a validator and a delegator, an export back to X.
    issued.xBase = await xIssue(A.avm.newBaseTx(context, [ewoq], await xUtxos(), [A.TransferableOutput.fromNative(context.avaxAssetID, 3n * AVAX, [other])]));
    issued.xExport = await xIssue(A.avm.newExportTx(context, context.pBlockchainID, [ewoq], await xUtxos(), [A.TransferableOutput.fromNative(context.avaxAssetID, 50n * AVAX, [ewoq])]));
    const atomic = await pApi.getUTXOs({ addresses: [formatAddress('P', 'local', ewoq)], sourceChain: 'X' });
    issued.pImport = await pIssue((c) => A.pvm.newImportTx({ feeState: c.feeState, fromAddressesBytes: [ewoq], sourceChainId: context.xBlockchainID, toAddressesBytes: [ewoq], utxos: atomic.utxos }, context));
    issued.pBase = await pIssue((c) => A.pvm.newBaseTx({ ...c, outputs: [A.TransferableOutput.fromNative(context.avaxAssetID, 2n * AVAX, [other])] }, context));
    issued.subnet = await pIssue((c) => A.pvm.newCreateSubnetTx({ ...c, subnetOwners: [ewoq] }, context));
    issued.chain = await pIssue((c) => A.pvm.newCreateChainTx({ ...c, subnetId: issued.subnet, chainName: 'indexed', vmId: idToString(new Uint8Array(32).fill(5)), fxIds: [],
      genesisData: { config: { chainId: 777 }, alloc: {} }, subnetAuth: [0] }, context), true);
    const bls = blsKey('indexer staker');
    const now = BigInt(Math.floor(Date.now() / 1000));
    issued.validator = await pIssue((c) => A.pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: nodeIdToString(new Uint8Array(20).fill(0x66)), start: now, end: now + 3600n,
      weight: 10n * AVAX, subnetId: idToString(new Uint8Array(32)), shares: 30_000, rewardAddresses: [new Uint8Array(20).fill(0xa1)], delegatorRewardsOwner: [new Uint8Array(20).fill(0xa2)],
      publicKey: bls.publicKey, signature: bls.signature }, context));
    issued.delegator = await pIssue((c) => A.pvm.newAddPermissionlessDelegatorTx({ ...c, nodeId: nodeIdToString(new Uint8Array(20).fill(0x66)), start: now, end: now + 1800n,
      weight: 5n * AVAX, subnetId: idToString(new Uint8Array(32)), rewardAddresses: [new Uint8Array(20).fill(0xa3)] }, context));
    issued.pExport = await pIssue((c) => A.pvm.newExportTx({ ...c, destinationChainId: context.xBlockchainID, outputs: [A.TransferableOutput.fromNative(context.avaxAssetID, 4n * AVAX, [ewoq])] }, context));
    const back = await xApi.getUTXOs({ addresses: [formatAddress('X', 'local', ewoq)], sourceChain: 'P' });
    issued.xImport = await xIssue(A.avm.newImportTx(context, context.pBlockchainID, back.utxos, [ewoq], [ewoq]));
    issued.asset = await createAsset();
  }, 120_000);
  afterAll(async () => {
    await node?.stop();
    await t?.dispose();
  });

  /** A fungible asset, with avalanchejs' spend paying the fee (it has no CreateAssetTx builder). */
  async function createAsset(): Promise<string> {
    const unsigned = A.avm.newBaseTx({ ...context, baseTxFee: context.createAssetTxFee }, [ewoq], await xUtxos(), []);
    const owners = A.OutputOwners.fromNative([ewoq]);
    const tx = new A.avmSerial.CreateAssetTx(unsigned.getTx().baseTx, new A.Stringpr('Indexed Token'), new A.Stringpr('IDX'), new A.Byte(Uint8Array.of(2)), [
      new A.avmSerial.InitialState(new A.Int(0), [new A.TransferOutput(new A.BigIntPr(1_000n), owners)]),
    ]);
    const codec = avalanchejsCodec('AVM') as any;
    const unsignedBytes = new Uint8Array([0, 0, ...codec.PackPrefix(tx)]);
    const sig = secp256k1.sign(sha256(unsignedBytes), EWOQ_KEY, { prehash: false, format: 'recovered' });
    const rsv = new Uint8Array([...sig.subarray(1), sig[0] ?? 0]);
    const creds = unsigned.getSigIndices().map((ix: number[]) => new A.Credential(ix.map(() => new A.Signature(rsv))));
    const signed = new Uint8Array([...unsignedBytes, ...codec.PackPrefixList(creds)]);
    return (await xApi.issueTx({ tx: A.utils.bufferToHex(A.utils.addChecksum(signed)) })).txID as string;
  }

  it('follows both chains and stores what the node says: blocks, txs, UTXOs, validators, subnets, assets', async () => {
    const { network, P, X } = await registerChains(t.db, node.url);
    const pStream = new PlatformBlockStream(P, { nodeUrl: node.url });
    const xStream = new AvmBlockStream(X, { nodeUrl: node.url });
    // P first: its import is written before the X export it spends.
    const pHead = await follow(t.db, pStream, pStream.firstHeight);
    const xHead = await follow(t.db, xStream, xStream.firstHeight);

    // Blocks and their txs, as platform/avm.getBlockByHeight says.
    for (const [chain, head, path, service] of [[P, pHead, '/ext/bc/P', 'platform'], [X, xHead, '/ext/bc/X', 'avm']] as const) {
      const stored = await listPrimaryBlocks(t.db, { chain: chain.id, pageSize: 100, sortOrder: 'asc' });
      expect(stored.items.map((b) => b.height)).toEqual(Array.from({ length: Number(head) }, (_, i) => BigInt(i + 1)));
      for (const b of stored.items) {
        const json = (await rpc(node.url, path, `${service}.getBlockByHeight`, { height: b.height.toString(), encoding: 'json' })).result.block;
        const hex = (await rpc(node.url, path, `${service}.getBlockByHeight`, { height: b.height.toString(), encoding: 'hex' })).result.block;
        expect(b.blockId).toEqual(sha256(decodeHexWithChecksum(hex)));
        expect(b.txIds.map(idToString)).toEqual((json.txs ?? (json.tx ? [json.tx] : [])).map((x: any) => x.id));
        expect(b.proposerId).toBeDefined();
      }
    }

    // Every issued tx, with the bytes the node has.
    for (const [name, txID] of Object.entries(issued)) {
      const onP = !name.startsWith('x') && name !== 'asset';
      const tx = await getPrimaryTransaction(t.db, onP ? P.id : X.id, idFromString(txID));
      expect(tx, name).toBeDefined();
      const hex = (await rpc(node.url, onP ? '/ext/bc/P' : '/ext/bc/X', onP ? 'platform.getTx' : 'avm.getTx', { txID, encoding: 'hex' })).result.tx;
      const { rows: stored } = await t.db.query<{ bytes: Uint8Array }>('SELECT bytes FROM primary_txs WHERE chain = $1 AND tx_id = $2', [onP ? P.id : X.id, Buffer.from(tx!.txId)]);
      expect(new Uint8Array(stored[0]!.bytes), name).toEqual(decodeHexWithChecksum(hex));
    }

    // The unspent UTXOs of each address are the node's UTXOs, byte for byte, the P-chain genesis allocations included
    // (created by the empty tx id): the stream asks getUTXOs for the genesis holders when it writes the first batch.
    const known = new Set((await t.db.query<{ id: Uint8Array }>(
      'SELECT tx_id AS id FROM primary_txs UNION SELECT tx_id FROM primary_stakers UNION SELECT create_tx_id FROM primary_assets')).rows.map((r) => Buffer.from(r.id).toString('hex')));
    known.add('00'.repeat(32));
    for (const addr of [ewoq, other]) {
      for (const [chain, path, service, alias] of [[P, '/ext/bc/P', 'platform', 'P'], [X, '/ext/bc/X', 'avm', 'X']] as const) {
        const nodeUtxos = (await rpc(node.url, path, `${service}.getUTXOs`, { addresses: [formatAddress(alias, 'local', addr)], limit: 1024, encoding: 'hex' })).result.utxos as string[];
        const { rows } = await t.db.query<{ bytes: Uint8Array }>(
          `SELECT u.bytes FROM primary_utxos u JOIN primary_utxo_owners o ON o.utxo_id = u.utxo_id
           WHERE o.address = $1 AND u.consumable_on = $2 AND NOT u.staked AND NOT EXISTS (SELECT 1 FROM primary_utxo_spends s WHERE s.utxo_id = u.utxo_id)`,
          [addr, chain.blockchainId]);
        const ours = rows.map((r) => Buffer.from(r.bytes).toString('hex')).sort();
        const all = nodeUtxos.map((h) => Buffer.from(decodeHexWithChecksum(h)).toString('hex'));
        const theirs = all.filter((h) => known.has(h.slice(4, 68))).sort();
        expect(theirs).toHaveLength(all.length);
        expect(ours, `${alias} ${formatAddress(alias, 'local', addr)}`).toEqual(theirs);
      }
    }

    // The genesis UTXOs ewoq spent before the indexer started were rebuilt from their spends: created at height 0 by
    // the empty tx id, owned by the signer, with the amount (and stakeable lock) each input spent.
    const { rows: genesisSpends } = await t.db.query<{ amount: string; created: string | null; height: string | null; locked: string | null; spent_lock: string | null; owner: Uint8Array | null }>(
      `SELECT s.amount, u.amount AS created, u.block_height AS height, u.stakeable_locktime AS locked, s.stakeable_locktime AS spent_lock, o.address AS owner
       FROM primary_utxo_spends s LEFT JOIN primary_utxos u ON u.utxo_id = s.utxo_id LEFT JOIN primary_utxo_owners o ON o.utxo_id = s.utxo_id
       WHERE s.chain = $1 AND s.tx_id = $2`, [P.id, new Uint8Array(32)]);
    expect(genesisSpends.length).toBeGreaterThan(0);
    for (const g of genesisSpends) {
      expect([g.created, g.height, g.locked]).toEqual([g.amount, '0', g.spent_lock]);
      expect([...g.owner!]).toEqual([...ewoq]);
    }

    // Atomic: the P import consumed the X export's UTXO, and each side lists the other's owner.
    const imported = await getPrimaryTransaction(t.db, P.id, idFromString(issued.pImport!));
    expect(imported!.consumedUtxos.map((u) => [u.created?.creatingTxId ? idToString(u.created.creatingTxId) : undefined, u.consumed?.chain])).toEqual([[issued.xExport, P.id]]);
    const exported = await getPrimaryTransaction(t.db, X.id, idFromString(issued.xExport!));
    expect(exported!.emittedUtxos.some((u) => u.consumed && idToString(u.consumed.txId) === issued.pImport)).toBe(true);
    const ewoqOnP = await listPrimaryTransactions(t.db, { chain: P.id, addresses: [ewoq], pageSize: 100 });
    expect(ewoqOnP.items.map((x) => idToString(x.txId))).toEqual(expect.arrayContaining([issued.pImport, issued.pBase, issued.subnet, issued.pExport]));
    const otherOnX = await listPrimaryTransactions(t.db, { chain: X.id, addresses: [other] });
    expect(otherOnX.items.map((x) => idToString(x.txId))).toEqual([issued.xBase]);

    // Validators and delegators: the node's current set (including the genesis validators, which are in no block).
    const current = (await rpc(node.url, '/ext/bc/P', 'platform.getCurrentValidators', {})).result.validators as any[];
    const now = BigInt(Math.floor(Date.now() / 1000));
    const active = await listValidators(t.db, { chain: P.id, now, limits: LIMITS, status: 'active', pageSize: 100 });
    expect(active.items.map((v) => idToString(v.txId)).sort()).toEqual(current.map((v) => v.txID).sort());
    for (const v of current) {
      const ours = active.items.find((x) => idToString(x.txId) === v.txID)!;
      expect([nodeIdToString(ours.nodeId), ours.weight, ours.endTime, ours.delegatorCount]).toEqual([v.nodeID, BigInt(v.weight), BigInt(v.endTime), Number(v.delegatorCount ?? 0)]);
    }
    const mine = active.items.find((v) => idToString(v.txId) === issued.validator)!;
    expect(mine).toMatchObject({ delegationShares: 30_000, amountDelegated: 5n * AVAX, genesis: false });
    const detail = (await rpc(node.url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [nodeIdToString(mine.nodeId)] })).result.validators[0];
    expect(mine.startTime).toBe(BigInt(detail.startTime));
    expect(mine.bls?.publicKey).toEqual(hexToBytes(detail.signer.publicKey));
    const delegators = await listDelegators(t.db, { chain: P.id, now, nodeIds: [nodeIdFromString(detail.nodeID)] });
    expect(delegators.items.map((d) => [idToString(d.txId), d.weight, d.status])).toEqual(detail.delegators.map((d: any) => [d.txID, BigInt(d.stakeAmount ?? d.weight), 'active']));

    // Subnets and blockchains.
    const nodeSubnets = (await rpc(node.url, '/ext/bc/P', 'platform.getSubnets', {})).result.subnets as any[];
    const subnets = await listSubnets(t.db, { chain: P.id });
    expect(subnets.items.map((s) => idToString(s.subnetId)).sort()).toEqual(nodeSubnets.map((s) => s.id).sort());
    const nodeChains = (await rpc(node.url, '/ext/bc/P', 'platform.getBlockchains', {})).result.blockchains as any[];
    const ourChains = subnets.items.flatMap((s) => s.blockchains);
    expect(ourChains.map((c) => [idToString(c.blockchainId), c.name, idToString(c.subnetId), idToString(c.vmId)]).sort())
      .toEqual(nodeChains.map((c) => [c.id, c.name, c.subnetID, c.vmID]).sort());
    expect(ourChains.find((c) => c.name === 'indexed')?.evmChainId).toBe(777n);

    // Assets: the genesis AVAX and the new token.
    const assets = await getAssets(t.db, network.id, [network.avaxAssetId, idFromString(issued.asset!)]);
    const described = (await rpc(node.url, '/ext/bc/X', 'avm.getAssetDescription', { assetID: issued.asset })).result;
    expect([...assets.values()].map((a) => [a.name, a.symbol, String(a.denomination)]).sort()).toEqual([['Avalanche', 'AVAX', '9'], [described.name, described.symbol, described.denomination]].sort());
  }, 120_000);
});

describe(`P-chain rewards through getBlockByHeight (a node without the index API, ${KIND})`, () => {
  let h: PlatformHarness;
  let t: TestDatabase;
  let clock = BigInt(Math.floor(Date.now() / 1000));
  const now = () => clock;

  beforeAll(async () => {
    h = await startPlatformHarness({ now });
    t = await openTestDatabase(KIND);
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });

  it('ends the validator and delegator with the rewards the node paid', async () => {
    const g = h.genesis;
    const api = new A.pvm.PVMApi(h.url);
    const context = {
      networkID: g.networkId, hrp: g.hrp, xBlockchainID: g.xChainId.string, pBlockchainID: g.pChainId.string, cBlockchainID: g.cChainId.string,
      avaxAssetID: g.avaxAssetId.string, baseTxFee: 1_000_000n, createAssetTxFee: 1_000_000n, platformFeeConfig: await api.getFeeConfig(),
    };
    const key = hexToBytes(g.ewoq.privateKeyHex);
    const issue = async (build: (c: any) => any) => {
      const tx = build({ feeState: await api.getFeeState(), fromAddressesBytes: [g.ewoq.shortId], utxos: (await api.getUTXOs({ addresses: [g.ewoq.pAddress] })).utxos });
      await A.addTxSignatures({ unsignedTx: tx, privateKeys: [key] });
      return (await api.issueSignedTx(tx.getSignedTx())).txID as string;
    };
    const bls = blsKey('rewarded staker');
    const node = nodeIdToString(new Uint8Array(20).fill(0x67));
    const start = now();
    const vTx = await issue((c) => A.pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: node, start, end: start + 600n, weight: 10n * AVAX, subnetId: idToString(new Uint8Array(32)),
      shares: 100_000, rewardAddresses: [new Uint8Array(20).fill(0xb1)], delegatorRewardsOwner: [new Uint8Array(20).fill(0xb2)], publicKey: bls.publicKey, signature: bls.signature }, context));
    const dTx = await issue((c) => A.pvm.newAddPermissionlessDelegatorTx({ ...c, nodeId: node, start, end: start + 600n, weight: 20n * AVAX, subnetId: idToString(new Uint8Array(32)),
      rewardAddresses: [new Uint8Array(20).fill(0xb3)] }, context));
    clock = start + 700n;
    await h.vm.advance();

    const network = await ensureNetwork(t.db, { name: 'harness', networkId: g.networkId, hrp: g.hrp, isTestnet: true, avaxAssetId: g.avaxAssetId.id });
    const P = await ensureChain(t.db, { network, blockchainId: g.pChainId.id, subnetId: new Uint8Array(32), vm: 'platform', name: 'P' });
    const stream = new PlatformBlockStream(P, { nodeUrl: h.url, now });
    await follow(t.db, stream, 1n, 2n);

    // Rewards as the node reports them.
    for (const txID of [vTx, dTx]) {
      const theirs = (await rpc(h.url, '/ext/bc/P', 'platform.getRewardUTXOs', { txID, encoding: 'hex' })).result.utxos.map((u: string) => decodeHexWithChecksum(u));
      const { rows } = await t.db.query<{ bytes: Uint8Array; reward_type: string }>('SELECT bytes, reward_type FROM primary_utxos WHERE tx_id = $1 AND reward_type IS NOT NULL ORDER BY output_index', [idFromString(txID)]);
      expect(rows.map((r) => new Uint8Array(r.bytes))).toEqual(theirs);
      expect(rows.map((r) => r.reward_type)).toEqual(txID === vTx ? ['VALIDATOR', 'VALIDATOR_FEE'] : ['DELEGATOR']);
    }
    const validators = await listValidators(t.db, { chain: P.id, now: clock, limits: LIMITS, status: 'completed' });
    expect(validators.items.map((v) => idToString(v.txId))).toEqual([vTx]);
    const v = validators.items[0]!;
    expect(v.validationReward! > 0n && v.delegationFees! > 0n).toBe(true);
    expect(v.delegatorCount).toBe(1);
    const d = (await listDelegators(t.db, { chain: P.id, now: clock, status: 'completed' })).items[0]!;
    expect(idToString(d.txId)).toBe(dTx);
    expect(d.grossReward).toBe(d.netReward! + v.delegationFees!);
    const rewardTxs = await listPrimaryTransactions(t.db, { chain: P.id, txTypes: ['RewardValidatorTx'] });
    expect(rewardTxs.items.map((x) => idToString(x.stakingTxId!)).sort()).toEqual([vTx, dTx].sort());
    expect((await listPrimaryBlocks(t.db, { chain: P.id, pageSize: 100 })).items.every((b) => b.proposerId === undefined)).toBe(true);
    // The genesis validators are there too, known from getCurrentValidators.
    const current = (await rpc(h.url, '/ext/bc/P', 'platform.getCurrentValidators', {})).result.validators as any[];
    const active = await listValidators(t.db, { chain: P.id, now: clock, limits: LIMITS, status: 'active', pageSize: 100 });
    expect(active.items.map((x) => idToString(x.txId)).sort()).toEqual(current.map((x) => x.txID).sort());
  }, 60_000);
});
