import { keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstKinds, resolveWeights } from '../../src/activity/mix.js';
import { startActivity, type ActionRecord, type ActivityHandle } from '../../src/activity/start-activity.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';

const SEED = 'firn-activity-test';
/** More actions than kinds: the opening tour reaches every kind once. */
const ACTIONS = 60;
const STAKING = { validator: [75, 90] as [number, number], delegator: [61, 70] as [number, number], subnetValidator: [61, 90] as [number, number] };

const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'));
const TRANSFER_SINGLE = keccak256(toHex('TransferSingle(address,address,address,uint256,uint256)'));
const TRANSFER_BATCH = keccak256(toHex('TransferBatch(address,address,address,uint256[],uint256[])'));

/**
 * The activity generator against a real `firn node` process: a bounded run at a high rate, then every effect
 * checked through the node's own APIs (not through what the generator says it did).
 */
describe('activity generator on a devnet process', () => {
  let node: DevnetProcess;
  let run: ActivityHandle;
  const records = (kind: string): ActionRecord[] => run.stats.history.filter((r) => r.kind === kind && r.outcome === 'ok');
  const txOf = (kind: string, what?: RegExp) => {
    const tx = records(kind).flatMap((r) => r.txs).find((t) => !what || what.test(t.what));
    if (!tx) throw new Error(`no ${kind} tx${what ? ` matching ${what}` : ''} in the run`);
    return tx;
  };
  const receipt = async (hash: string) => (await rpc(node.url, '/ext/bc/C/rpc', 'eth_getTransactionReceipt', [hash])).result;
  const p = async (method: string, params: unknown = {}) => (await rpc(node.url, '/ext/bc/P', method, params)).result;
  const x = async (method: string, params: unknown = {}) => (await rpc(node.url, '/ext/bc/X', method, params)).result;

  beforeAll(async () => {
    node = await startDevnet();
    run = startActivity({ url: node.url, seed: SEED, rate: 100, maxActions: ACTIONS, staking: STAKING });
    await run.done;
  }, 180_000);
  afterAll(async () => {
    await run?.stop();
    await node?.stop();
  });

  it('completes the run without failures and takes every kind of action', () => {
    const failures = run.stats.history.filter((r) => r.outcome === 'failed').map((r) => `${r.index} ${r.kind}: ${r.error}`);
    expect(run.stats.error).toBeUndefined();
    expect(failures).toEqual([]);
    expect(run.stats.state).toBe('stopped');
    expect(run.stats.actions).toBe(ACTIONS);
    const kinds = new Set(run.stats.history.map((r) => r.kind));
    expect(kinds.size).toBe(Object.keys(resolveWeights()).length);
    // Funding on three chains and six contract deployments came first.
    expect(new Set(run.stats.setupTxs.map((t) => t.chain))).toEqual(new Set(['C', 'X', 'P']));
    expect(run.stats.setupTxs.filter((t) => t.what.startsWith('deploy'))).toHaveLength(6);
  });

  it('puts ERC-20, ERC-721 and ERC-1155 transfers, contract-to-contract calls and reverts in C-chain blocks', async () => {
    const erc20 = await receipt(txOf('c.erc20.transfer', /^transfer /).id);
    expect(erc20.status).toBe('0x1');
    expect(erc20.logs.some((l: any) => l.topics[0] === TRANSFER && l.topics.length === 3)).toBe(true);

    const nft = await receipt(txOf('c.erc721.mint').id);
    expect(nft.logs.some((l: any) => l.topics[0] === TRANSFER && l.topics.length === 4)).toBe(true);

    const items = await receipt(txOf('c.erc1155.transfer', /transfer items$/).id);
    expect(items.status).toBe('0x1');
    expect(items.logs.some((l: any) => l.topics[0] === TRANSFER_SINGLE || l.topics[0] === TRANSFER_BATCH)).toBe(true);

    // A swap: the router pulls one token and pays out another, all in one tx.
    const swap = await receipt(txOf('c.erc20.swap', /^swap/).id);
    expect(swap.status).toBe('0x1');
    const emitters = new Set(swap.logs.map((l: any) => l.address.toLowerCase()));
    expect(emitters.size).toBeGreaterThanOrEqual(3); // two tokens and the router

    // The factory deploys a token and calls it in the same tx; the token has code.
    const created = await receipt(txOf('c.factory.create').id);
    expect(created.status).toBe('0x1');
    const token = created.logs.find((l: any) => l.topics[0] === TRANSFER)?.address;
    expect((await rpc(node.url, '/ext/bc/C/rpc', 'eth_getCode', [token, 'latest'])).result.length).toBeGreaterThan(2);

    const revert = txOf('c.revert');
    const failed = await receipt(revert.id);
    expect(failed.status).toBe('0x0');
    const block = (await rpc(node.url, '/ext/bc/C/rpc', 'eth_getBlockByNumber', [failed.blockNumber, false])).result;
    expect(block.transactions).toContain(revert.id);

    // A caught inner revert: the outer tx succeeds.
    expect((await receipt(txOf('c.trycall').id)).status).toBe('0x1');
  });

  it('creates X-chain assets and NFT families and moves them', async () => {
    const assetId = txOf('x.asset').id;
    const asset = await x('avm.getAssetDescription', { assetID: assetId });
    expect(asset.assetID).toBe(assetId);
    expect(asset.symbol).toMatch(/^[A-Z]{1,4}$/);
    const family = await x('avm.getAssetDescription', { assetID: txOf('x.nft-family').id });
    expect(family.denomination).toBe('0');
    for (const kind of ['x.asset-mint', 'x.asset-transfer', 'x.nft-mint', 'x.nft-transfer', 'x.transfer']) {
      for (const t of records(kind).flatMap((r) => r.txs)) expect((await x('avm.getTxStatus', { txID: t.id })).status).toBe('Accepted');
    }
    const op = await x('avm.getTx', { txID: txOf('x.nft-transfer', /transfer NFT/).id, encoding: 'json' });
    expect(op.tx.unsignedTx.operations).toHaveLength(1);
  });

  it('adds P-chain validators, delegators, subnets, chains and subnet validators', async () => {
    const vTx = txOf('p.validator');
    const v = await p('platform.getTx', { txID: vTx.id, encoding: 'json' });
    const nodeID = v.tx.unsignedTx.validator.nodeID;
    expect((await p('platform.getTxStatus', { txID: vTx.id })).status).toBe('Committed');
    const current = (await p('platform.getCurrentValidators', { nodeIDs: [nodeID] })).validators;
    const rewarded = Number((await p('platform.getRewardUTXOs', { txID: vTx.id })).numFetched);
    expect(current.length === 1 || rewarded > 0).toBe(true);

    const d = await p('platform.getTx', { txID: txOf('p.delegator').id, encoding: 'json' });
    expect(d.tx.unsignedTx.validator.nodeID).toMatch(/^NodeID-/);

    const subnetID = txOf('p.subnet').id;
    expect((await p('platform.getSubnet', { subnetID })).threshold).toBe('1');
    const chains = (await p('platform.getBlockchains')).blockchains;
    const chainTx = txOf('p.chain');
    expect(chains.some((c: any) => c.id === chainTx.id && c.vmID === 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy')).toBe(true);
    // Its genesis is one subnet-evm accepts, so the chain launched and answers at /ext/bc/<blockchainID>/rpc.
    expect((await rpc(node.url, `/ext/bc/${chainTx.id}/rpc`, 'eth_chainId', [])).result).toMatch(/^0x[0-9a-f]+$/);
    for (const kind of ['p.subnet-validator', 'p.subnet-owner', 'p.transfer']) {
      for (const t of records(kind).flatMap((r) => r.txs)) expect((await p('platform.getTxStatus', { txID: t.id })).status).toBe('Committed');
    }
  });

  it('moves AVAX atomically between the chains', async () => {
    for (const r of records('atomic.x-p').concat(records('atomic.p-x'))) {
      for (const t of r.txs) {
        const status = t.chain === 'X' ? (await x('avm.getTxStatus', { txID: t.id })).status : (await p('platform.getTxStatus', { txID: t.id })).status;
        expect(['Accepted', 'Committed']).toContain(status);
      }
    }
    expect(records('atomic.x-p').length + records('atomic.p-x').length).toBeGreaterThan(0);
    // C-chain legs run where the node serves /ext/bc/C/avax; each one the generator took is accepted there.
    const cLegs = ['atomic.x-c', 'atomic.c-x', 'atomic.p-c', 'atomic.c-p'].flatMap(records).flatMap((r) => r.txs).filter((t) => t.chain === 'C');
    for (const t of cLegs) expect((await rpc(node.url, '/ext/bc/C/avax', 'avax.getAtomicTxStatus', { txID: t.id })).result.status).toBe('Accepted');
  });

  it('gives the same seed the same sequence of action kinds', async () => {
    const kinds = run.stats.history.map((r) => r.kind);
    expect(kinds).toEqual(firstKinds(SEED, resolveWeights(), ACTIONS));
    // A second, unbounded run with the same seed on the same (now busier) network takes the same actions in
    // the same order until it is stopped.
    const again = startActivity({ url: node.url, seed: SEED, rate: 20, staking: STAKING });
    while (again.stats.actions < 12 && again.stats.state !== 'failed') await new Promise((r) => setTimeout(r, 100));
    await again.stop();
    expect(again.stats.error).toBeUndefined();
    expect(again.stats.state).toBe('stopped');
    const taken = again.stats.history.map((r) => r.kind);
    expect(taken.length).toBeGreaterThanOrEqual(12);
    expect(taken).toEqual(kinds.slice(0, taken.length));
    await new Promise((r) => setTimeout(r, 300));
    expect(again.stats.history).toHaveLength(taken.length); // nothing more after stop()
    expect(firstKinds(`${SEED}-other`, resolveWeights(), ACTIONS)).not.toEqual(kinds);
  }, 120_000);

  it('runs staking to completion: the validator and its delegators are rewarded', async () => {
    const validatorTx = txOf('p.validator').id;
    const delegations = records('p.delegator').flatMap((r) => r.txs).map((t) => t.id);
    const pending = new Set([validatorTx, ...delegations]);
    const deadline = Date.now() + 150_000;
    while (pending.size > 0 && Date.now() < deadline) {
      for (const txID of [...pending]) if (Number((await p('platform.getRewardUTXOs', { txID })).numFetched) > 0) pending.delete(txID);
      if (pending.size > 0) await new Promise((r) => setTimeout(r, 2_000));
    }
    expect([...pending]).toEqual([]);
  }, 180_000);
});
