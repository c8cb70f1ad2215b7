import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { secp256k1 as nobleSecp } from '@noble/curves/secp256k1.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProposerBlock } from '../../src/codec/proposervm/block.js';
import { idToString, nodeIdToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { bytesToHex, hexToBytes } from '../../src/lib/hex.js';
import { formatAddress } from '../../src/lib/bech32-address.js';
import { encodeHexWithChecksum } from '../../src/codec/container/checksum-hex.js';
import { calculateReward, splitReward } from '../../src/node/chains/platform/reward.js';
import { startPlatformHarness, type PlatformHarness } from '../../src/node/chains/platform/testing.js';
import { encodeUtxo } from '../../src/node/chains/platform/utxo.js';
import { encodeRewardValidatorTx as encodeRewardTx, readOutput, utxoInputId } from '../../src/node/chains/platform/tx-codec.js';
import { idFromString as hexToBytesFromId } from '../../src/lib/cb58.js';
import { LinearReader } from '../../src/codec/linear/reader.js';
import { LinearWriter } from '../../src/codec/linear/writer.js';
import { buildLocalGenesis } from '../../src/node/genesis/index.js';

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; the wallet surface used here, typed loosely. */
type Any = any;
const ajs = avalanchejs as Any;
const { pvm, addTxSignatures, TransferableOutput, avaxSerial } = ajs;

const AVAX = 1_000_000_000n;
let clock = BigInt(Math.floor(Date.now() / 1000));
const now = () => clock;

async function rpc(url: string, method: string, params: Record<string, unknown> = {}): Promise<Any> {
  const res = await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return res.json();
}

interface Wallet {
  api: Any;
  context: Any;
  key: Uint8Array;
  addr: Uint8Array;
  pAddr: string;
  /** Builds, signs (inputs, and the subnet authorization when `subnetAuth`), issues; `signAs` signs every credential with another key. */
  issue(build: (common: { feeState: Any; fromAddressesBytes: Uint8Array[]; utxos: Any[] }) => Any, opts?: { subnetAuth?: boolean; signAs?: Uint8Array }): Promise<string>;
}

async function walletFor(h: PlatformHarness): Promise<Wallet> {
  const api = new pvm.PVMApi(h.url);
  const g = h.genesis;
  const context = {
    networkID: g.networkId, hrp: g.hrp, xBlockchainID: g.xChainId.string, pBlockchainID: g.pChainId.string, cBlockchainID: g.cChainId.string,
    avaxAssetID: g.avaxAssetId.string, baseTxFee: 1_000_000n, createAssetTxFee: 1_000_000n, platformFeeConfig: await api.getFeeConfig(),
  };
  const key = hexToBytes(g.ewoq.privateKeyHex);
  const addr = g.ewoq.shortId;
  const pAddr = g.ewoq.pAddress;
  return {
    api, context, key, addr, pAddr,
    async issue(build, opts = {}) {
      const feeState = await api.getFeeState();
      const { utxos } = await api.getUTXOs({ addresses: [pAddr] });
      const tx = build({ feeState, fromAddressesBytes: [addr], utxos });
      if (opts.signAs) {
        const sig = await ajs.secp256k1.sign(tx.toBytes(), opts.signAs);
        tx.getCredentials().forEach((c: Any, i: number) => c.toJSON().forEach((_: Any, j: number) => tx.addSignatureAt(sig, i, j)));
      } else {
        await addTxSignatures({ unsignedTx: tx, privateKeys: [key] });
      }
      if (opts.subnetAuth) tx.addSignatureAt(await ajs.secp256k1.sign(tx.toBytes(), key), tx.getCredentials().length - 1, 0);
      const { txID } = await api.issueSignedTx(tx.getSignedTx());
      return txID as string;
    },
  };
}

function blsKey(seed: string) {
  const secret = sha256(new TextEncoder().encode(seed));
  const sigs = bls12_381.longSignatures;
  const publicKey = sigs.getPublicKey(secret).toBytes(true);
  const signature = sigs.sign(sigs.hash(publicKey, 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'), secret).toBytes(true);
  return { publicKey, signature };
}

const lowUptime = new Set<string>();
const nodeIdOf = (n: number) => nodeIdToString(new Uint8Array(20).fill(n));

describe('P-chain through an avalanchejs 5.2.0 wallet', () => {
  let h: PlatformHarness;
  let w: Wallet;
  let subnetId: string;

  beforeAll(async () => {
    h = await startPlatformHarness({ now, uptime: (n) => (lowUptime.has(nodeIdToString(n)) ? 0.5 : 1) });
    w = await walletFor(h);
  });
  afterAll(async () => h?.close());

  it('serves the chain basics the wallet reads', async () => {
    expect((await rpc(h.url, 'platform.getHeight')).result).toEqual({ height: '0' });
    expect((await rpc(h.url, 'platform.getStakingAssetID', {})).result).toEqual({ assetID: h.genesis.avaxAssetId.string });
    const fee = await w.api.getFeeConfig();
    expect(fee.minPrice).toBe(1n);
    const state = await w.api.getFeeState();
    expect(state.price).toBe(1n);
    const bal = await w.api.getBalance({ addresses: [w.pAddr] });
    expect(bal.unlocked).toBe(h.genesis.ewoq.pUnlocked);
    expect(bal.lockedStakeable).toBe(h.genesis.ewoq.pLocked);
    const chains = (await rpc(h.url, 'platform.getBlockchains')).result.blockchains;
    expect(chains.map((c: Any) => c.name).sort()).toEqual(['C-Chain', 'X-Chain']);
    const vals = (await rpc(h.url, 'platform.getCurrentValidators')).result.validators;
    expect(vals).toHaveLength(h.genesis.validators.length);
  });

  it('accepts a BaseTx and shows it through getTx, getUTXOs and getBalance', async () => {
    const to = new Uint8Array(20).fill(0x42);
    const txID = await w.issue((c) => pvm.newBaseTx({ ...c, outputs: [TransferableOutput.fromNative(h.genesis.avaxAssetId.string, 5n * AVAX, [to])] }, w.context));
    expect((await rpc(h.url, 'platform.getTxStatus', { txID })).result).toEqual({ status: 'Committed' });
    const signed = await w.api.getTx({ txID });
    expect(signed.unsignedTx._type).toBe('pvm.BaseTx');
    const toAddr = formatAddress('P', h.genesis.hrp, to);
    const bal = await w.api.getBalance({ addresses: [toAddr] });
    expect(bal.unlocked).toBe(5n * AVAX);
    const { utxos } = await w.api.getUTXOs({ addresses: [toAddr] });
    expect(utxos).toHaveLength(1);
    expect(utxos[0].utxoId.txID.toString()).toBe(txID);
    expect((await rpc(h.url, 'platform.getHeight')).result).toEqual({ height: '1' });
  });

  it('imports from X and exports to C through shared memory', async () => {
    const g = h.genesis;
    const xTx = new Uint8Array(32).fill(0x77);
    const owners = new LinearWriter(64).u32(7).u64(3n * AVAX).u64(0n).u32(1).u32(1).fixed(w.addr, 20).finish();
    const utxo = { txId: xTx, outputIndex: 0, assetId: g.avaxAssetId.id, output: readOutput(new LinearReader(owners)) };
    await h.db.batch(await h.sharedMemory.applyOps(g.xChainId.id, new Map([['P', { peer: g.pChainId.id, removes: [], puts: [{ key: utxoInputId(xTx, 0), value: encodeUtxo(utxo), traits: [w.addr] }] }]])));
    const atomic = await w.api.getUTXOs({ addresses: [w.pAddr], sourceChain: 'X' });
    expect(atomic.utxos).toHaveLength(1);
    const feeState = await w.api.getFeeState();
    const importTx = pvm.newImportTx({ feeState, fromAddressesBytes: [w.addr], sourceChainId: g.xChainId.string, toAddressesBytes: [w.addr], utxos: atomic.utxos }, w.context);
    await addTxSignatures({ unsignedTx: importTx, privateKeys: [w.key] });
    const { txID } = await w.api.issueSignedTx(importTx.getSignedTx());
    expect((await rpc(h.url, 'platform.getTxStatus', { txID })).result.status).toBe('Committed');
    expect(await h.sharedMemory.has(g.pChainId.id, g.xChainId.id, [utxoInputId(xTx, 0)])).toEqual([false]);
    expect((await w.api.getUTXOs({ addresses: [w.pAddr], sourceChain: 'X' })).utxos).toHaveLength(0);

    const exportId = await w.issue((c) => pvm.newExportTx({ ...c, destinationChainId: g.cChainId.string, outputs: [TransferableOutput.fromNative(g.avaxAssetId.string, 2n * AVAX, [w.addr])] }, w.context));
    const signed = parseExport(await rpc(h.url, 'platform.getTx', { txID: exportId, encoding: 'hex' }));
    const key = utxoInputId(signed.id, signed.outs);
    const [bytes] = await h.sharedMemory.get(g.cChainId.id, g.pChainId.id, [key]);
    expect(bytes!.length).toBeGreaterThan(0);
  });

  it('creates a subnet, a chain, adds, removes a subnet validator and transfers the subnet', async () => {
    const g = h.genesis;
    subnetId = await w.issue((c) => pvm.newCreateSubnetTx({ ...c, subnetOwners: [w.addr] }, w.context));
    const subnet = (await rpc(h.url, 'platform.getSubnet', { subnetID: subnetId })).result;
    expect(subnet).toMatchObject({ isPermissioned: true, controlKeys: [w.pAddr], threshold: '1' });

    const chainId = await w.issue((c) => pvm.newCreateChainTx({ ...c, subnetId, chainName: 'mychain', vmId: idToString(new Uint8Array(32).fill(5)), fxIds: [], genesisData: { hello: 'world' }, subnetAuth: [0] }, w.context), { subnetAuth: true });
    const chains = (await rpc(h.url, 'platform.getBlockchains')).result.blockchains;
    expect(chains).toContainEqual({ id: chainId, name: 'mychain', subnetID: subnetId, vmID: idToString(new Uint8Array(32).fill(5)) });
    expect((await rpc(h.url, 'platform.getBlockchainStatus', { blockchainID: chainId })).result).toEqual({ status: 'Created' });
    expect((await rpc(h.url, 'platform.validatedBy', { blockchainID: chainId })).result).toEqual({ subnetID: subnetId });
    expect((await rpc(h.url, 'platform.validates', { subnetID: subnetId })).result).toEqual({ blockchainIDs: [chainId] });

    const node = g.validators[0]!.nodeIdString;
    await w.issue((c) => pvm.newAddSubnetValidatorTx({ ...c, nodeId: node, start: now(), end: now() + 600n, weight: 10n, subnetId, subnetAuth: [0] }, w.context), { subnetAuth: true });
    const subnetVals = (await rpc(h.url, 'platform.getCurrentValidators', { subnetID: subnetId })).result.validators;
    expect(subnetVals).toHaveLength(1);
    expect(subnetVals[0]).toMatchObject({ nodeID: node, weight: '10' });

    await w.issue((c) => pvm.newRemoveSubnetValidatorTx({ ...c, nodeId: node, subnetId, subnetAuth: [0] }, w.context), { subnetAuth: true });
    expect((await rpc(h.url, 'platform.getCurrentValidators', { subnetID: subnetId })).result.validators).toEqual([]);

    const newOwner = new Uint8Array(20).fill(0x99);
    await w.issue((c) => pvm.newTransferSubnetOwnershipTx({ ...c, subnetId, subnetAuth: [0], subnetOwners: [newOwner] }, w.context), { subnetAuth: true });
    expect((await rpc(h.url, 'platform.getSubnet', { subnetID: subnetId })).result.controlKeys).toEqual([formatAddress('P', g.hrp, newOwner)]);
    // The old owner can no longer modify it.
    await expect(w.issue((c) => pvm.newCreateChainTx({ ...c, subnetId, chainName: 'late', vmId: idToString(new Uint8Array(32).fill(5)), fxIds: [], genesisData: {}, subnetAuth: [0] }, w.context), { subnetAuth: true }))
      .rejects.toThrow(/couldn't issue tx: failed verification: unauthorized modification: wrong signature/);
  });

  it('rejects bad transactions with AvalancheGo messages and leaves the state untouched', async () => {
    const g = h.genesis;
    const height = (await rpc(h.url, 'platform.getHeight')).result.height;
    const balance = (await w.api.getBalance({ addresses: [w.pAddr] })).balance;
    const out = [TransferableOutput.fromNative(g.avaxAssetId.string, AVAX, [new Uint8Array(20).fill(1)])];
    // bad signature: signed by another key
    const other = new Uint8Array(32).fill(7);
    await expect(w.issue((c) => pvm.newBaseTx({ ...c, outputs: out }, w.context), { signAs: other })).rejects.toThrow(/failed to verify transfer: wrong signature: expected signature from/);
    // insufficient fee
    await expect(w.issue((c) => pvm.newBaseTx({ ...c, feeState: { ...c.feeState, price: 0n }, outputs: out }, w.context))).rejects.toThrow(/insufficient unlocked funds: needs \d+ more/);
    // wrong network and chain ids
    await expect(w.issue((c) => pvm.newBaseTx({ ...c, outputs: out }, { ...w.context, networkID: 5 }))).rejects.toThrow('failed verification: metadata failed verification: tx has wrong network ID');
    await expect(w.issue((c) => pvm.newBaseTx({ ...c, outputs: out }, { ...w.context, pBlockchainID: g.xChainId.string }))).rejects.toThrow('tx has wrong chain ID');
    // stake outside limits
    const bls = blsKey('small');
    await expect(w.issue((c) => pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: nodeIdOf(0x31), start: now(), end: now() + 3600n, weight: AVAX / 2n, subnetId: idToString(new Uint8Array(32)), shares: 20_000, rewardAddresses: [w.addr], delegatorRewardsOwner: [w.addr], publicKey: bls.publicKey, signature: bls.signature }, w.context)))
      .rejects.toThrow('failed verification: weight of this validator is too low');
    await expect(w.issue((c) => pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: nodeIdOf(0x31), start: now(), end: now() + 10n, weight: AVAX, subnetId: idToString(new Uint8Array(32)), shares: 20_000, rewardAddresses: [w.addr], delegatorRewardsOwner: [w.addr], publicKey: bls.publicKey, signature: bls.signature }, w.context)))
      .rejects.toThrow('staking period is too short');
    // double spend: the same UTXOs in a second tx
    const feeState = await w.api.getFeeState();
    const { utxos } = await w.api.getUTXOs({ addresses: [w.pAddr] });
    const a = pvm.newBaseTx({ feeState, fromAddressesBytes: [w.addr], utxos, outputs: out }, w.context);
    const b = pvm.newBaseTx({ feeState, fromAddressesBytes: [w.addr], utxos, outputs: [TransferableOutput.fromNative(g.avaxAssetId.string, 2n * AVAX, [new Uint8Array(20).fill(1)])] }, w.context);
    await addTxSignatures({ unsignedTx: a, privateKeys: [w.key] });
    await addTxSignatures({ unsignedTx: b, privateKeys: [w.key] });
    await w.api.issueSignedTx(a.getSignedTx());
    await expect(w.api.issueSignedTx(b.getSignedTx())).rejects.toThrow(/failed to read consumed UTXO .* due to: not found/);
    await expect(w.api.issueSignedTx(a.getSignedTx())).rejects.toThrow(/dropped: duplicate tx/);
    // legacy AddValidatorTx decodes but is refused post-Durango
    const legacy = legacyAddValidatorTx(g, w, utxos);
    const res = await rpc(h.url, 'platform.issueTx', { tx: legacy, encoding: 'hex' });
    expect(res.error.message).toBe("couldn't issue tx: failed verification: AddValidatorTx is not permitted post-Durango");
    // Only the one good tx changed anything.
    expect(BigInt((await rpc(h.url, 'platform.getHeight')).result.height)).toBe(BigInt(height) + 1n);
    expect((await w.api.getBalance({ addresses: [w.pAddr] })).balance).toBeLessThan(balance);
    expect((await rpc(h.url, 'platform.getTxStatus', { txID: idToString(sha256(b.getSignedTx().toBytes())) })).result.status).toBe('Dropped');
  });

  it('adds a permissionless validator and delegator and runs them to completion with rewards by the formula', async () => {
    const g = h.genesis;
    const cfg = h.vm.config;
    const bls = blsKey('firn staker');
    const node = nodeIdOf(0x21);
    const supply0 = BigInt((await rpc(h.url, 'platform.getCurrentSupply')).result.supply);
    const start = now();
    const end = start + 600n;
    const vTx = await w.issue((c) => pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: node, start, end, weight: 10n * AVAX, subnetId: idToString(new Uint8Array(32)), shares: 100_000, rewardAddresses: [new Uint8Array(20).fill(0xa1)], delegatorRewardsOwner: [new Uint8Array(20).fill(0xa2)], publicKey: bls.publicKey, signature: bls.signature }, w.context));
    const supply1 = BigInt((await rpc(h.url, 'platform.getCurrentSupply')).result.supply);
    const vReward = calculateReward(cfg.reward, end - start, 10n * AVAX, supply0);
    expect(supply1 - supply0).toBe(vReward);
    // over-delegation: 5× of 10 AVAX = 50 AVAX total, 40 left
    await expect(w.issue((c) => pvm.newAddPermissionlessDelegatorTx({ ...c, nodeId: node, start, end, weight: 41n * AVAX, subnetId: idToString(new Uint8Array(32)), rewardAddresses: [w.addr] }, w.context)))
      .rejects.toThrow('failed verification: validator would be over delegated');
    const dTx = await w.issue((c) => pvm.newAddPermissionlessDelegatorTx({ ...c, nodeId: node, start, end, weight: 20n * AVAX, subnetId: idToString(new Uint8Array(32)), rewardAddresses: [new Uint8Array(20).fill(0xa3)] }, w.context));
    const dReward = calculateReward(cfg.reward, end - start, 20n * AVAX, supply1);

    const current = (await rpc(h.url, 'platform.getCurrentValidators', { nodeIDs: [node] })).result.validators;
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ txID: vTx, nodeID: node, weight: String(10n * AVAX), potentialReward: String(vReward), delegationFee: '10.0000', delegatorCount: '1', delegatorWeight: String(20n * AVAX), uptime: '100.0000' });
    expect(current[0].delegators[0]).toMatchObject({ txID: dTx, potentialReward: String(dReward) });
    expect(current[0].signer.publicKey).toBe(bytesToHex(bls.publicKey));
    const setHeight = (await rpc(h.url, 'platform.getHeight')).result.height;
    const at = (await rpc(h.url, 'platform.getValidatorsAt', { height: setHeight })).result;
    expect(at[node]).toEqual({ publicKey: bytesToHex(bls.publicKey), weight: String(30n * AVAX) });

    // Time passes to the end of the staking period: the engine builds proposal + commit blocks.
    const heightBefore = h.engine.lastAccepted().height;
    clock = end + 5n;
    await h.vm.advance();
    expect((await rpc(h.url, 'platform.getCurrentValidators', { nodeIDs: [node] })).result.validators).toEqual([]);
    // a time-advancing standard block, then proposal+commit for the delegator and for the validator
    expect(h.engine.lastAccepted().height).toBe(heightBefore + 5n);
    const proposal = decodeProposerBlock((await h.engine.containerAt(heightBefore + 4n))!.bytes);
    const option = decodeProposerBlock((await h.engine.containerAt(heightBefore + 5n))!.bytes);
    expect(['post-fork', 'granite']).toContain(proposal.kind);
    expect(option.parentId).toEqual(proposal.id);
    expect(option.kind).toBe('option');
    const [delegateeCut, delegatorCut] = splitReward(dReward, 100_000);
    const dRewards = await w.api.getRewardUTXOs({ txID: dTx });
    expect(dRewards.utxos.map((x: Any) => x.output.amount())).toEqual([delegatorCut]);
    const vRewards = await w.api.getRewardUTXOs({ txID: vTx });
    expect(vRewards.utxos.map((x: Any) => x.output.amount())).toEqual([vReward, delegateeCut]);
    const addr = (n: number) => formatAddress('P', g.hrp, new Uint8Array(20).fill(n));
    expect((await w.api.getBalance({ addresses: [addr(0xa1)] })).unlocked).toBe(vReward);
    expect((await w.api.getBalance({ addresses: [addr(0xa2)] })).unlocked).toBe(delegateeCut);
    expect((await w.api.getBalance({ addresses: [addr(0xa3)] })).unlocked).toBe(delegatorCut);
    const rewardTxId = idToString(sha256(encodeRewardTx(hexToBytesFromId(vTx))));
    expect((await rpc(h.url, 'platform.getTxStatus', { txID: rewardTxId })).result).toEqual({ status: 'Committed' });
  });

  it('does not reward a validator whose uptime is below the requirement', async () => {
    const bls = blsKey('firn lazy staker');
    const node = nodeIdOf(0x22);
    lowUptime.add(node);
    const supply0 = BigInt((await rpc(h.url, 'platform.getCurrentSupply')).result.supply);
    const vTx = await w.issue((c) => pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: node, start: now(), end: now() + 300n, weight: 5n * AVAX, subnetId: idToString(new Uint8Array(32)), shares: 20_000, rewardAddresses: [new Uint8Array(20).fill(0xb1)], delegatorRewardsOwner: [new Uint8Array(20).fill(0xb1)], publicKey: bls.publicKey, signature: bls.signature }, w.context));
    const current = (await rpc(h.url, 'platform.getCurrentValidators', { nodeIDs: [node] })).result.validators;
    expect(current[0].uptime).toBe('50.0000');
    clock += 400n;
    await h.vm.advance();
    expect((await w.api.getRewardUTXOs({ txID: vTx })).numFetched).toBe('0');
    expect(BigInt((await rpc(h.url, 'platform.getCurrentSupply')).result.supply)).toBe(supply0);
    const staked = (await w.api.getBalance({ addresses: [w.pAddr] }));
    expect(staked.balance).toBeGreaterThan(0n);
    const option = decodeProposerBlock((await h.engine.containerAt(h.engine.lastAccepted().height))!.bytes);
    expect(option.kind).toBe('option');
  });
}, 60_000);

describe('P-chain restart', () => {
  it('keeps UTXOs, stakers, subnets and blocks across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-p-'));
    const genesis = buildLocalGenesis({ startTime: now() - 3600n });
    try {
      let h = await startPlatformHarness({ now, genesis, dataDir: dir });
      let w = await walletFor(h);
      const subnet = await w.issue((c) => pvm.newCreateSubnetTx({ ...c, subnetOwners: [w.addr] }, w.context));
      const bls = blsKey('restart');
      const vTx = await w.issue((c) => pvm.newAddPermissionlessValidatorTx({ ...c, nodeId: nodeIdOf(0x61), start: now(), end: now() + 900n, weight: 3n * AVAX, subnetId: idToString(new Uint8Array(32)), shares: 20_000, rewardAddresses: [w.addr], delegatorRewardsOwner: [w.addr], publicKey: bls.publicKey, signature: bls.signature }, w.context));
      const before = { balance: await w.api.getBalance({ addresses: [w.pAddr] }), height: await rpc(h.url, 'platform.getHeight'), supply: await rpc(h.url, 'platform.getCurrentSupply'), block: await rpc(h.url, 'platform.getBlockByHeight', { height: '2', encoding: 'json' }) };
      expect(before.block.result.block.txs[0].id).toBe(vTx);
      await h.close();
      h = await startPlatformHarness({ now, genesis, dataDir: dir });
      w = await walletFor(h);
      expect(await w.api.getBalance({ addresses: [w.pAddr] })).toEqual(before.balance);
      expect(await rpc(h.url, 'platform.getHeight')).toEqual(before.height);
      expect(await rpc(h.url, 'platform.getCurrentSupply')).toEqual(before.supply);
      expect(await rpc(h.url, 'platform.getBlockByHeight', { height: '2', encoding: 'json' })).toEqual(before.block);
      expect((await rpc(h.url, 'platform.getSubnets', { ids: [subnet] })).result.subnets).toHaveLength(1);
      expect((await rpc(h.url, 'platform.getCurrentValidators', { nodeIDs: [nodeIdOf(0x61)] })).result.validators[0].txID).toBe(vTx);
      // The chain goes on from where it stopped, and the staker is still rewarded at its end.
      clock += 1000n;
      await h.vm.advance();
      expect((await w.api.getRewardUTXOs({ txID: vTx })).numFetched).toBe('1');
      await h.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}, 60_000);

function parseExport(r: Any): { id: Uint8Array; outs: number } {
  const bytes = hexToBytes(r.result.tx.slice(2, -8));
  const tx = ajs.utils.getManagerForVM('PVM').unpackTransaction(bytes);
  return { id: sha256(bytes), outs: tx.baseTx.outputs.length };
}

/** A legacy AddValidatorTx (type 12) spending ewoq's first unlocked UTXO, signed and hex-encoded with a checksum. */
function legacyAddValidatorTx(g: Any, w: Wallet, utxos: Any[]): string {
  const u = utxos.filter((x: Any) => x.output._type === 'secp256k1fx.TransferOutput').sort((x: Any, y: Any) => (y.output.amount() > x.output.amount() ? 1 : -1))[0];
  const { Id, Int, BigIntPr, Address, OutputOwners, TransferInput, Input, Bytes, pvmSerial, NodeId } = ajs;
  const amount = u.output.amount() as bigint;
  const input = new avaxSerial.TransferableInput(u.utxoId, Id.fromString(g.avaxAssetId.string), new TransferInput(new BigIntPr(amount), new Input([new Int(0)])));
  const owners = new OutputOwners(new BigIntPr(0n), new Int(1), [new Address(w.addr)]);
  const stake = new avaxSerial.TransferableOutput(Id.fromString(g.avaxAssetId.string), new ajs.TransferOutput(new BigIntPr(2000n * AVAX), owners));
  const change = new avaxSerial.TransferableOutput(Id.fromString(g.avaxAssetId.string), new ajs.TransferOutput(new BigIntPr(amount - 2001n * AVAX), owners));
  const base = new avaxSerial.BaseTx(new Int(g.networkId), Id.fromString(g.pChainId.string), [change], [input], new Bytes(new Uint8Array(0)));
  const validator = new pvmSerial.Validator(new NodeId(new Uint8Array(20).fill(0x55)), new BigIntPr(now()), new BigIntPr(now() + 3600n), new BigIntPr(2000n * AVAX));
  const tx = new pvmSerial.AddValidatorTx(base, validator, [stake], owners, new Int(20000));
  const unsignedBytes = new avaxSerial.SignedTx(tx, []).toBytes().slice(0, -4);
  const rsv = secpSign(sha256(unsignedBytes), w.key);
  const signed = new avaxSerial.SignedTx(tx, [new ajs.Credential([new ajs.Signature(rsv)])]).toBytes();
  return encodeHexWithChecksum(signed);
}

function secpSign(hash: Uint8Array, key: Uint8Array): Uint8Array {
  const sig = nobleSecp.sign(hash, key, { prehash: false, format: 'recovered' });
  return new Uint8Array([...sig.subarray(1), sig[0] ?? 0]);
}
