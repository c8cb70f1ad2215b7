/**
 * Issue 8's "Done when", on one devnet process: a subnet and a subnet-EVM chain with precompiles, each precompile
 * used, the subnet converted to an L1 whose validators are then registered, re-weighted, topped up and disabled,
 * a warp message from the C-chain to the L1 and one back, both signed by Firn's own aggregator (the Data API's
 * /v1/signatureAggregator), and every step read back through the Data API over the store an in-process indexer
 * writes. Every Data API read goes through @avalanche-sdk/chainkit, whose zod schemas reject a response that does
 * not match the hosted API's (a call that returns at all passed them).
 */
import { Avalanche } from '@avalanche-sdk/chainkit';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { type Hex, decodeEventLog, decodeFunctionResult, encodeFunctionData, getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataApi } from '../../src/api/data/create-data-api.js';
import { flattenValidatorSet } from '../../src/codec/warp/canonical-set.js';
import { conversionValidationId } from '../../src/codec/warp/l1-messages.js';
import { parseWarpMessage } from '../../src/codec/warp/message.js';
import { verifyBitSetSignature } from '../../src/codec/warp/verify.js';
import { loadIndexerConfig } from '../../src/config/indexer-config.js';
import { startIndexer, type RunningIndexer } from '../../src/indexer/indexer.js';
import { idFromString, idToString, nodeIdFromString } from '../../src/lib/cb58.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { SUBNET_EVM_ID_STRING } from '../../src/lib/networks.js';
import { predicateStorageKeys, packPredicate } from '../../src/node/chains/evm/warp/predicate.js';
import { openTestDatabase, type TestDatabase } from '../../src/store/testing.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import {
  ALLOW_LIST_ABI, type BlsValidator, EvmChain, FEE_MANAGER_ABI, hex, MINTER_ABI, outsideValidator, PChainWallet, PRECOMPILES, type Receipt,
  REWARD_MANAGER_ABI, until, WARP_ABI, warpReaderCreationCode,
} from '../helpers/l1-kit.js';

type Any = any;

// anvil's test keys: precompile admin (also funded on the C-chain), an enabled sender, an outsider
const ADMIN = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const USER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const OUTSIDER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const REWARD = getAddress('0x000000000000000000000000000000000000fee5');
const MINTED_TO = getAddress('0x000000000000000000000000000000000000a11c');
/** The validator manager's address on the L1 (recorded by the conversion; the devnet helper signs as it). */
const MANAGER = '0x0feedc0de0000000000000000000000000000000' as Hex;
const L1_EVM_ID = 434_343;
const C_EVM_ID = 43_112;
const ETHER = 10n ** 18n;
const AVAX = 1_000_000_000n;
const PRIMARY_NETWORK = idToString(new Uint8Array(32));

const FEE_CONFIG = {
  gasLimit: 8_000_000, targetBlockRate: 2, minBaseFee: 25_000_000_000, targetGas: 15_000_000,
  baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000,
};

const GENESIS = {
  config: {
    chainId: L1_EVM_ID,
    feeConfig: FEE_CONFIG,
    contractDeployerAllowListConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address] },
    contractNativeMinterConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address] },
    txAllowListConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address], enabledAddresses: [USER.address] },
    feeManagerConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address] },
    rewardManagerConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address] },
    // C-chain messages must carry Primary Network signatures here, so the aggregator's default signing subnet fits.
    // Warp cannot activate before Durango (the devnet's, as on a local AvalancheGo network: 2020-12-05 05:00 UTC).
    warpConfig: { blockTimestamp: 1_607_144_400, quorumNumerator: 67, requirePrimaryNetworkSigners: true },
  },
  alloc: Object.fromEntries([ADMIN, USER, OUTSIDER].map((a) => [a.address.slice(2), { balance: '0x' + (1000n * ETHER).toString(16) }])),
  nonce: '0x0', timestamp: '0x5fcb13d0', extraData: '0x', gasLimit: '0x7a1200', difficulty: '0x0',
  mixHash: '0x' + '00'.repeat(32), coinbase: '0x' + '00'.repeat(20), number: '0x0', gasUsed: '0x0', parentHash: '0x' + '00'.repeat(32),
};

describe('issue 8: an L1 end to end on one devnet process, read back through the Data API', () => {
  let node: DevnetProcess;
  let wallet: PChainWallet;
  let cChain: EvmChain;
  let l1: EvmChain;
  let store: TestDatabase;
  let indexer: RunningIndexer;
  let indexerFailure: unknown;
  let api: FastifyInstance;
  /** Per-call chainkit options: Firn's Data API instead of the hosted one. */
  let data: { serverURL: string };
  const sdk = new Avalanche({ network: 'fuji', enableTelemetry: false });

  let cChainId: string;
  let subnetId: string;
  let chainId: string;
  let createSubnetTx: string;
  let convertTx: string;
  let devnetKeys: BlsValidator[];
  /** The registered validator, and its P-chain txs oldest first. */
  let registered: { validationID: string; nodeID: string; txs: string[] };
  /** Every L1 transaction this file sent, and the C-chain's warp transactions. */
  const l1Txs: Hex[] = [];
  const cTxs: Hex[] = [];
  /** The indexer's streams when it started (before the L1 existed). */
  let streamsAtStart: string[];

  const l1Mined = async (account: typeof ADMIN, tx: Parameters<EvmChain['mined']>[1]): Promise<Receipt> => {
    const r = await l1.mined(account, tx);
    l1Txs.push(r.transactionHash);
    return r;
  };
  const aggregate = (message: Hex, signingSubnetId?: string) =>
    sdk.data.signatureAggregator.aggregate({ network: 'fuji', signatureAggregatorRequest: { message: message.slice(2), ...(signingSubnetId ? { signingSubnetId } : {}) } }, data);

  /** The canonical warp set of `subnet` now, as the P-chain reports it. */
  async function canonicalSet(subnet: string) {
    const set = await wallet.result('platform.getValidatorsAt', { subnetID: subnet, height: 'proposed' });
    return flattenValidatorSet(Object.entries(set).map(([id, v]: [string, Any]) => ({
      nodeId: nodeIdFromString(id), weight: BigInt(v.weight), ...(v.publicKey ? { publicKey: hexToBytes(v.publicKey) } : {}),
    })));
  }

  /** Deploys the warp reader on `chain` and delivers `signed` as predicate 0 of a call to it; what the precompile answered. */
  async function deliver(chain: EvmChain, signed: Uint8Array) {
    const deployed = await chain.mined(ADMIN, { data: warpReaderCreationCode(), gas: 200_000n });
    expect(deployed.status).toBe('0x1');
    const receipt = await chain.mined(ADMIN, {
      to: deployed.contractAddress!, data: encodeFunctionData({ abi: WARP_ABI, functionName: 'getVerifiedWarpMessage', args: [0] }), gas: 1_000_000n,
      accessList: [{ address: PRECOMPILES.warp, storageKeys: predicateStorageKeys(packPredicate(signed)).map(hex) }],
    });
    expect(receipt.status).toBe('0x1');
    const log = receipt.logs.find((l) => l.address.toLowerCase() === deployed.contractAddress!.toLowerCase())!;
    expect(BigInt(log.topics[0])).toBe(1n); // the STATICCALL succeeded
    const [message, valid] = decodeFunctionResult({ abi: WARP_ABI, functionName: 'getVerifiedWarpMessage', data: log.data });
    return { message, valid, receipt };
  }

  /** Sends `payload` with sendWarpMessage on `chain`; the unsigned message from the SendWarpMessage log. */
  async function sendWarp(chain: EvmChain, payload: Hex): Promise<Receipt & { message: Hex }> {
    const sent = await chain.mined(ADMIN, { to: PRECOMPILES.warp, data: encodeFunctionData({ abi: WARP_ABI, functionName: 'sendWarpMessage', args: [payload] }), gas: 200_000n });
    expect(sent.status).toBe('0x1');
    const log = sent.logs.find((l) => l.address.toLowerCase() === PRECOMPILES.warp)!;
    const event = decodeEventLog({ abi: WARP_ABI, data: log.data, topics: log.topics });
    expect(event).toMatchObject({ eventName: 'SendWarpMessage', args: { sender: ADMIN.address } });
    return { ...sent, message: (event.args as { message: Hex }).message };
  }

  beforeAll(async () => {
    node = await startDevnet(['--index-enabled']);
    wallet = await PChainWallet.connect(node.url);
    cChain = new EvmChain(node.url, '/ext/bc/C/rpc', C_EVM_ID);
    cChainId = (await wallet.result('platform.getBlockchains')).blockchains.find((b: Any) => b.name === 'C-Chain').id;
    // The indexer starts before the L1 exists: it must discover the chain when the P-chain creates it.
    store = await openTestDatabase('pglite');
    const { config } = loadIndexerConfig([`--node-url=${node.url}`, '--metrics-port=0', '--poll-interval=50ms', '--nft-metadata=false', '--log-level=warn'], {});
    indexer = await startIndexer(config, { db: store.db });
    indexer.done.catch((e: unknown) => (indexerFailure = e));
    streamsAtStart = indexer.streams.map((s) => s.label);
    api = await createDataApi(store.db, {
      pageTokens: { secret: 'l1-end-to-end-test-secret' }, rateLimits: { enabled: false }, nodeUrls: [node.url], networkAliases: { fuji: 'local' },
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    data = { serverURL: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}` };
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await indexer?.stop();
    await store?.dispose();
    await node?.stop();
  });

  it('creates a subnet and a subnet-EVM chain with the precompiles enabled', async () => {
    createSubnetTx = subnetId = await wallet.createSubnet();
    chainId = await wallet.createChain(subnetId, 'e2el1', SUBNET_EVM_ID_STRING, GENESIS);
    l1 = new EvmChain(node.url, `/ext/bc/${chainId}/rpc`, L1_EVM_ID);
    await l1.waitServing();
    const active = await l1.result('eth_getActivePrecompilesAt');
    expect(Object.keys(active).sort()).toEqual(['contractDeployerAllowListConfig', 'contractNativeMinterConfig', 'feeManagerConfig', 'rewardManagerConfig', 'txAllowListConfig', 'warpConfig']);
    expect(BigInt(await l1.result('eth_getBalance', [USER.address, 'latest']))).toBe(1000n * ETHER);
  });

  it('uses each precompile: roles enforced, minting, fee changes, the reward address', async () => {
    // tx allow list: an outsider is refused at the pool; an Enabled account may not grant roles; the admin may
    expect((await l1.send(OUTSIDER, { to: USER.address, value: 1n })).error).toBe(`cannot issue transaction from non-allow listed address: ${OUTSIDER.address}`);
    const enableOutsider = encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setEnabled', args: [OUTSIDER.address] });
    expect((await l1.read(PRECOMPILES.txAllowList, enableOutsider, USER.address)).error).toBe(`cannot modify allow list: modify address: ${USER.address}, from role: NoRole, to role: EnabledRole`);
    const enabled = await l1Mined(ADMIN, { to: PRECOMPILES.txAllowList, data: enableOutsider });
    expect(decodeEventLog({ abi: ALLOW_LIST_ABI, ...enabled.logs[0]! })).toMatchObject({ eventName: 'RoleSet', args: { role: 1n, account: OUTSIDER.address, sender: ADMIN.address, oldRole: 0n } });
    expect((await l1Mined(OUTSIDER, { to: USER.address, value: 1n })).status).toBe('0x1');

    // native minter: the admin mints; an account with no minter role may not
    const mint = encodeFunctionData({ abi: MINTER_ABI, functionName: 'mintNativeCoin', args: [MINTED_TO, 5n * ETHER] });
    expect((await l1.read(PRECOMPILES.minter, mint, USER.address)).error).toBe(`non-enabled cannot mint: ${USER.address}`);
    const minted = await l1Mined(ADMIN, { to: PRECOMPILES.minter, data: mint });
    expect(decodeEventLog({ abi: MINTER_ABI, ...minted.logs[0]! })).toMatchObject({ eventName: 'NativeCoinMinted', args: { sender: ADMIN.address, recipient: MINTED_TO, amount: 5n * ETHER } });
    expect(BigInt(await l1.result('eth_getBalance', [MINTED_TO, 'latest']))).toBe(5n * ETHER);

    // fee manager: a doubled minimum base fee and a larger gas limit, followed by the next block
    const next = { ...FEE_CONFIG, minBaseFee: 50_000_000_000, gasLimit: 9_000_000 };
    const feeArgs = [next.gasLimit, next.targetBlockRate, next.minBaseFee, next.targetGas, next.baseFeeChangeDenominator, next.minBlockGasCost, next.maxBlockGasCost, next.blockGasCostStep].map(BigInt) as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    const setFee = encodeFunctionData({ abi: FEE_MANAGER_ABI, functionName: 'setFeeConfig', args: feeArgs });
    expect((await l1.read(PRECOMPILES.feeManager, setFee, USER.address)).error).toBe(`non-enabled cannot change fee config: ${USER.address}`);
    const feeChanged = await l1Mined(ADMIN, { to: PRECOMPILES.feeManager, data: setFee });
    expect((decodeEventLog({ abi: FEE_MANAGER_ABI, ...feeChanged.logs[0]! }) as Any).args.newFeeConfig.minBaseFee).toBe(50_000_000_000n);
    expect(await l1.result('eth_feeConfig')).toEqual({ feeConfig: next, lastChangedAt: Number(BigInt(feeChanged.blockNumber)) });
    const paid = await l1Mined(USER, { to: ADMIN.address, value: 1n });
    const paidBlock = await l1.result('eth_getBlockByNumber', [paid.blockNumber, false]);
    expect(BigInt(paidBlock.baseFeePerGas)).toBeGreaterThanOrEqual(50_000_000_000n);
    expect(BigInt(paidBlock.gasLimit)).toBe(9_000_000n);

    // reward manager: block fees go to the reward address from the next block on
    const setReward = encodeFunctionData({ abi: REWARD_MANAGER_ABI, functionName: 'setRewardAddress', args: [REWARD] });
    expect((await l1.read(PRECOMPILES.rewardManager, setReward, USER.address)).error).toBe(`non-enabled cannot call setRewardAddress: ${USER.address}`);
    const rewardSet = await l1Mined(ADMIN, { to: PRECOMPILES.rewardManager, data: setReward });
    expect(decodeEventLog({ abi: REWARD_MANAGER_ABI, ...rewardSet.logs[0]! })).toMatchObject({ eventName: 'RewardAddressChanged', args: { newRewardAddress: REWARD } });
    const before = BigInt(await l1.result('eth_getBalance', [REWARD, 'latest']));
    const rewarded = await l1Mined(USER, { to: ADMIN.address, value: 1n });
    expect((await l1.result('eth_getBlockByNumber', [rewarded.blockNumber, false])).miner).toBe(REWARD.toLowerCase());
    const receipt = await l1.result('eth_getTransactionReceipt', [rewarded.transactionHash]);
    expect(BigInt(await l1.result('eth_getBalance', [REWARD, 'latest']))).toBe(before + BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice));
  });

  it('converts the subnet to an L1 whose validator manager lives on that chain', async () => {
    devnetKeys = (await wallet.result('devnet.getValidatorKeys')).validators;
    expect(devnetKeys).toHaveLength(5);
    convertTx = await wallet.convert(subnetId, chainId, MANAGER, devnetKeys, 100n, AVAX);
    expect(await wallet.result('platform.getSubnet', { subnetID: subnetId })).toMatchObject({ isPermissioned: false, managerChainID: chainId, managerAddress: MANAGER });
    // the chain's own validators API now answers the L1 validators
    const { validators } = (await rpc(node.url, `/ext/bc/${chainId}/validators`, 'validators.getCurrentValidators', {})).result;
    expect(validators.map((v: Any) => v.nodeID).sort()).toEqual(devnetKeys.map((k) => k.nodeID).sort());
    expect(validators.every((v: Any) => v.isL1Validator && v.weight === 100 && v.isActive)).toBe(true);
  });

  it('registers, re-weights, tops up and disables an L1 validator', async () => {
    const outside = outsideValidator('l1-end-to-end');
    const owner = { threshold: 1, addresses: [wallet.pAddr] };
    const reg = await wallet.result('devnet.registerL1ValidatorMessage', {
      subnetID: subnetId, nodeID: outside.nodeID, blsPublicKey: hex(outside.publicKey), weight: '40', remainingBalanceOwner: owner, disableOwner: owner,
    });
    const registerTx = await wallet.register(reg.signedMessage, outside.pop, AVAX / 2n);
    const get = () => wallet.result('platform.getL1Validator', { validationID: reg.validationID });
    expect(await get()).toMatchObject({ nodeID: outside.nodeID, subnetID: subnetId, weight: '40', publicKey: hex(outside.publicKey) });

    const weight = await wallet.result('devnet.l1ValidatorWeightMessage', { validationID: reg.validationID, weight: '60' });
    const setWeightTx = await wallet.setWeight(weight.signedMessage);
    expect(await get()).toMatchObject({ weight: '60', minNonce: '1' });

    const beforeTopUp = BigInt((await get()).balance);
    const increaseTx = await wallet.increaseBalance(reg.validationID, AVAX);
    expect(BigInt((await get()).balance)).toBeGreaterThan(beforeTopUp + AVAX - 1000n);

    const disableTx = await wallet.disable(reg.validationID);
    expect(await get()).toMatchObject({ weight: '60', balance: '0' });
    registered = { validationID: reg.validationID, nodeID: outside.nodeID, txs: [registerTx, setWeightTx, increaseTx, disableTx] };
  });

  it('sends a warp message from the C-chain to the L1, signed by Firn\'s aggregator for the Primary Network', async () => {
    const payload: Hex = '0xc0ffee0000e2e0';
    const sent = await sendWarp(cChain, payload);
    const { signedMessage } = await aggregate(sent.message);
    const signed = parseWarpMessage(hexToBytes(signedMessage));
    expect(hex(signed.unsigned.bytes)).toBe(sent.message);
    const primary = await canonicalSet(PRIMARY_NETWORK);
    expect(() => verifyBitSetSignature(signed.unsigned, signed.signature, wallet.context.networkID, primary)).not.toThrow();

    cTxs.push(sent.transactionHash);
    const got = await deliver(l1, hexToBytes(signedMessage));
    l1Txs.push(got.receipt.transactionHash);
    expect(got.valid).toBe(true);
    expect(got.message).toEqual({ sourceChainID: hex(idFromString(cChainId)), originSenderAddress: ADMIN.address, payload });

    // one flipped signature bit: delivered, but not verified
    const tampered = hexToBytes(signedMessage);
    tampered[tampered.length - 1]! ^= 0x01;
    const bad = await deliver(l1, tampered);
    l1Txs.push(bad.receipt.transactionHash);
    expect(bad.valid).toBe(false);
  });

  it('sends a warp message from the L1 back to the C-chain, signed by the L1\'s validators', async () => {
    const payload: Hex = '0x0e2e0b4c';
    const sent = await sendWarp(l1, payload);
    l1Txs.push(sent.transactionHash);
    // the default signing subnet is the source chain's: the L1, run by the devnet's BLS keys (the disabled one is out)
    const { signedMessage } = await aggregate(sent.message);
    const signed = parseWarpMessage(hexToBytes(signedMessage));
    expect(idToString(signed.unsigned.sourceChainId)).toBe(chainId);
    const l1Set = await canonicalSet(subnetId);
    expect(l1Set.validators).toHaveLength(5);
    expect(() => verifyBitSetSignature(signed.unsigned, signed.signature, wallet.context.networkID, l1Set)).not.toThrow();

    const got = await deliver(cChain, hexToBytes(signedMessage));
    cTxs.push(got.receipt.transactionHash);
    expect(got.valid).toBe(true);
    expect(got.message).toEqual({ sourceChainID: hex(idFromString(chainId)), originSenderAddress: ADMIN.address, payload });
  });

  describe('read back through the Data API (validated by @avalanche-sdk/chainkit)', () => {
    beforeAll(async () => {
      // The index has caught up once the last P-chain tx and the L1's head block are served.
      const head = BigInt(await l1.result('eth_blockNumber'));
      const cHead = BigInt(await cChain.result('eth_blockNumber'));
      await until('the indexer to reach the L1 and C-chain heads and the last P-chain tx', async () => {
        if (indexerFailure) throw indexerFailure;
        const ok = async (url: string) => (await api.inject({ method: 'GET', url })).statusCode === 200;
        const caughtUp = await ok(`/v1/networks/local/blockchains/p-chain/transactions/${registered.txs.at(-1)}`)
          && await ok(`/v1/chains/${L1_EVM_ID}/blocks/${head}`) && await ok(`/v1/chains/${C_EVM_ID}/blocks/${cHead}`);
        return caughtUp ? true : undefined;
      }, 90_000, 100);
    }, 100_000);

    it('the subnet: an L1, its conversion tx and validator manager, its chain', async () => {
      const subnet = await sdk.data.primaryNetwork.getSubnetById({ network: 'fuji', subnetId }, data);
      expect(subnet).toMatchObject({
        subnetId, isL1: true, l1ConversionTransactionHash: convertTx, l1ValidatorManagerDetails: { blockchainId: chainId, contractAddress: getAddress(MANAGER) },
        ownerAddresses: [wallet.pAddr.slice(2)], threshold: 1,
      });
      expect(subnet.blockchains).toEqual([expect.objectContaining({ blockchainId: chainId, blockchainName: 'e2el1', subnetId, vmId: SUBNET_EVM_ID_STRING, evmChainId: L1_EVM_ID })]);
      const pages = await sdk.data.primaryNetwork.listSubnets({ network: 'fuji', pageSize: 100 }, data);
      expect(pages.result.subnets.find((s) => s.subnetId === subnetId)?.isL1).toBe(true);
    });

    it('the L1 chain in /v1/chains, its blocks and transactions indexed like the C-chain\'s', async () => {
      // found by the indexer after it started, when the P-chain created it
      expect(streamsAtStart).not.toContain('local/e2el1/blocks');
      expect(indexer.streams.map((s) => s.label)).toContain('local/e2el1/blocks');
      const { chains } = await sdk.data.evm.chains.list({ network: 'fuji' }, data);
      expect(chains.find((c) => c.chainId === String(L1_EVM_ID))).toMatchObject({ platformChainId: chainId, subnetId, vmName: 'EVM', status: 'OK' });
      expect(await sdk.data.evm.chains.get({ chainId: String(L1_EVM_ID) }, data)).toMatchObject({ chainId: String(L1_EVM_ID), platformChainId: chainId, subnetId });

      const head = BigInt(await l1.result('eth_blockNumber'));
      const blocks: Any[] = [];
      for await (const page of await sdk.data.evm.blocks.listLatest({ chainId: String(L1_EVM_ID), pageSize: 100 }, data)) blocks.push(...page.result.blocks);
      expect(blocks[0].blockNumber).toBe(head.toString());
      for (const b of blocks) {
        const theirs = await l1.result('eth_getBlockByNumber', [`0x${BigInt(b.blockNumber).toString(16)}`, false]);
        expect(b, b.blockNumber).toMatchObject({ blockHash: theirs.hash, parentHash: theirs.parentHash, txCount: theirs.transactions.length, gasUsed: BigInt(theirs.gasUsed).toString() });
      }
      expect(blocks.at(-1)!.blockNumber).toMatch(/^[01]$/);

      const hashes: string[] = [];
      for await (const page of await sdk.data.evm.transactions.listLatest({ chainId: String(L1_EVM_ID), pageSize: 100 }, data)) hashes.push(...page.result.transactions.map((t) => t.txHash));
      expect(hashes).toEqual(expect.arrayContaining(l1Txs));
      const mintTx = l1Txs[2]!;
      const detail = await sdk.data.evm.transactions.get({ chainId: String(L1_EVM_ID), txHash: mintTx }, data);
      expect(detail.nativeTransaction).toMatchObject({ txHash: mintTx, from: { address: ADMIN.address }, to: { address: getAddress(PRECOMPILES.minter) }, txStatus: '1' });
      // the warp transactions on the C-chain side, and their logs
      for (const txHash of cTxs) {
        const c = await sdk.data.evm.transactions.get({ chainId: String(C_EVM_ID), txHash }, data);
        expect(c.nativeTransaction).toMatchObject({ txHash, from: { address: ADMIN.address }, txStatus: '1' });
      }
    });

    it('every L1 P-chain tx, and an L1 validator\'s txs by l1ValidationId', async () => {
      const list = (q: Record<string, unknown>) => sdk.data.primaryNetwork.transactions.listLatest({ blockchainId: 'p-chain', network: 'fuji', pageSize: 100, ...q }, data);
      const lifecycle = (await list({ txTypes: ['CreateSubnetTx', 'CreateChainTx', 'ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx'] })).result as Any;
      const types = new Map(lifecycle.transactions.map((t: Any) => [t.txHash, t.txType]));
      expect([createSubnetTx, convertTx, ...registered.txs].map((t) => types.get(t))).toEqual(
        ['CreateSubnetTx', 'ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx']);
      expect([...types.values()]).toContain('CreateChainTx');

      const byValidation = (await list({ l1ValidationId: registered.validationID })).result as Any;
      expect(byValidation.transactions.map((t: Any) => t.txHash)).toEqual([...registered.txs].reverse());
      const converted = idToString(conversionValidationId(idFromString(subnetId), 0));
      expect(((await list({ l1ValidationId: converted })).result as Any).transactions.map((t: Any) => t.txHash)).toEqual([convertTx]);
    });

    it('/l1Validators with its filters, the disabled one only with includeInactiveL1Validators', async () => {
      const list = async (q: Record<string, unknown>) => (await sdk.data.primaryNetwork.listL1Validators({ network: 'fuji', pageSize: 100, ...q }, data)).result.validators as Any[];
      const active = await list({ subnetId });
      expect(active.map((v) => v.nodeId).sort()).toEqual(devnetKeys.map((k) => k.nodeID).sort());
      expect(active.every((v) => v.weight === 100 && v.subnetId === subnetId)).toBe(true);
      const all = await list({ subnetId, includeInactiveL1Validators: true });
      expect(all).toHaveLength(6);
      const [gone] = await list({ l1ValidationId: registered.validationID, includeInactiveL1Validators: true });
      expect(gone).toMatchObject({ validationId: registered.validationID, nodeId: registered.nodeID, weight: 60, remainingBalance: 0, subnetId });
      expect(await list({ l1ValidationId: registered.validationID })).toEqual([]);
      const first = devnetKeys[0]!;
      const mine = await list({ nodeId: first.nodeID, subnetId });
      expect(mine).toHaveLength(1);
      // chainkit's schema for blsCredentials is an empty object (it strips the keys): read them from the wire
      const raw = await api.inject({ method: 'GET', url: `/v1/networks/fuji/l1Validators?nodeId=${first.nodeID}&subnetId=${subnetId}` });
      expect(raw.json().validators[0].blsCredentials.publicKey).toBe(first.publicKey);
    });

    it('the conversion\'s signed P-chain message through GET /v1/signatureAggregator/{network}/aggregateSignatures/{txHash}', async () => {
      const { signedMessage } = await sdk.data.signatureAggregator.get({ network: 'fuji', txHash: convertTx }, data);
      const signed = parseWarpMessage(hexToBytes(signedMessage));
      expect(idToString(signed.unsigned.sourceChainId)).toBe(PRIMARY_NETWORK);
      const l1Set = await canonicalSet(subnetId);
      expect(() => verifyBitSetSignature(signed.unsigned, signed.signature, wallet.context.networkID, l1Set)).not.toThrow();
    });
  });
});
