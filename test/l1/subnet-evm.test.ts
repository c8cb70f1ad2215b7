import * as avalanchejs from '@avalabs/avalanchejs';
import solc from 'solc';
import { type Abi, type Hex, createPublicClient, decodeEventLog, defineChain, encodeFunctionData, getAddress, http, parseAbi, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToBytes } from '../../src/lib/hex.js';
import { SUBNET_EVM_ID_STRING } from '../../src/lib/networks.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { EWOQ_KEY, EWOQ_P } from '../helpers/ewoq.js';

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; the wallet surface used here, typed loosely. */
type Any = any;
const A = avalanchejs as Any;


// anvil's well-known test keys: admin of every precompile, an enabled sender, an outsider, a manager
const ADMIN = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const USER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const OUTSIDER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const MANAGER = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6');
const LATE = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a');
const MINTED_AT_GENESIS = '0x00000000000000000000000000000000000f1e1d';
const REWARD = getAddress('0x000000000000000000000000000000000000fee5');
const BLACKHOLE = '0x0100000000000000000000000000000000000000';

const P = {
  deployer: '0x0200000000000000000000000000000000000000',
  minter: '0x0200000000000000000000000000000000000001',
  txAllowList: '0x0200000000000000000000000000000000000002',
  feeManager: '0x0200000000000000000000000000000000000003',
  rewardManager: '0x0200000000000000000000000000000000000004',
} as const;

const ALLOW_LIST_ABI = parseAbi([
  'function setAdmin(address addr)', 'function setEnabled(address addr)', 'function setManager(address addr)', 'function setNone(address addr)',
  'function readAllowList(address addr) view returns (uint256 role)',
  'event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole)',
]);
const MINTER_ABI = parseAbi([
  'function mintNativeCoin(address addr, uint256 amount)',
  'event NativeCoinMinted(address indexed sender, address indexed recipient, uint256 amount)',
]);
const FEE_MANAGER_ABI = parseAbi([
  'function setFeeConfig(uint256 gasLimit, uint256 targetBlockRate, uint256 minBaseFee, uint256 targetGas, uint256 baseFeeChangeDenominator, uint256 minBlockGasCost, uint256 maxBlockGasCost, uint256 blockGasCostStep)',
  'function getFeeConfig() view returns (uint256 gasLimit, uint256 targetBlockRate, uint256 minBaseFee, uint256 targetGas, uint256 baseFeeChangeDenominator, uint256 minBlockGasCost, uint256 maxBlockGasCost, uint256 blockGasCostStep)',
  'function getFeeConfigLastChangedAt() view returns (uint256 blockNumber)',
  'struct FeeConfig { uint256 gasLimit; uint256 targetBlockRate; uint256 minBaseFee; uint256 targetGas; uint256 baseFeeChangeDenominator; uint256 minBlockGasCost; uint256 maxBlockGasCost; uint256 blockGasCostStep; }',
  'event FeeConfigChanged(address indexed sender, FeeConfig oldFeeConfig, FeeConfig newFeeConfig)',
]);
const REWARD_MANAGER_ABI = parseAbi([
  'function setRewardAddress(address addr)', 'function allowFeeRecipients()', 'function disableRewards()',
  'function currentRewardAddress() view returns (address rewardAddress)', 'function areFeeRecipientsAllowed() view returns (bool isAllowed)',
  'event RewardAddressChanged(address indexed sender, address indexed oldRewardAddress, address indexed newRewardAddress)',
  'event RewardsDisabled(address indexed sender)',
]);

/** A contract that uses the minter as a caller of its own, and tries it through DELEGATECALL. */
const MINT_CALLER_SOURCE = `
pragma solidity ^0.8.24;
interface INativeMinter { function mintNativeCoin(address addr, uint256 amount) external; }
contract MintCaller {
  address constant MINTER = 0x0200000000000000000000000000000000000001;
  function mint(address to, uint256 amount) external { INativeMinter(MINTER).mintNativeCoin(to, amount); }
  function mintByDelegate(address to, uint256 amount) external returns (bool ok) {
    (ok, ) = MINTER.delegatecall(abi.encodeWithSignature("mintNativeCoin(address,uint256)", to, amount));
  }
}`;

function compileMintCaller(): { abi: Abi; bytecode: Hex } {
  const input = { language: 'Solidity', sources: { 'MintCaller.sol': { content: MINT_CALLER_SOURCE } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const c = out.contracts['MintCaller.sol'].MintCaller;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

const CHAIN_ID = 424_242;
const ETHER = 10n ** 18n;
const UPGRADE_AT = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;

const FEE_CONFIG = {
  gasLimit: 8_000_000, targetBlockRate: 2, minBaseFee: 25_000_000_000, targetGas: 15_000_000,
  baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000,
};

const GENESIS = {
  config: {
    chainId: CHAIN_ID,
    feeConfig: FEE_CONFIG,
    contractDeployerAllowListConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address] },
    contractNativeMinterConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address], initialMint: { [MINTED_AT_GENESIS]: '0x3635c9adc5dea00000' } },
    txAllowListConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address], enabledAddresses: [USER.address] },
    feeManagerConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address] },
    rewardManagerConfig: { blockTimestamp: 0, adminAddresses: [ADMIN.address] },
    upgrades: { precompileUpgrades: [{ txAllowListConfig: { blockTimestamp: UPGRADE_AT, disable: true } }] },
  },
  alloc: Object.fromEntries([ADMIN, USER, OUTSIDER, MANAGER, LATE].map((a) => [a.address.slice(2), { balance: '0x' + (1000n * ETHER).toString(16) }])),
  nonce: '0x0', timestamp: '0x0', extraData: '0x', gasLimit: '0x7a1200', difficulty: '0x0',
  mixHash: '0x' + '00'.repeat(32), coinbase: '0x' + '00'.repeat(20), number: '0x0', gasUsed: '0x0', parentHash: '0x' + '00'.repeat(32),
};

interface Sent { hash?: Hex; error?: string }

/** Intrinsic calldata gas: 16 per non-zero byte, 4 per zero byte. */
const calldataGas = (data: Hex) => [...hexToBytes(data)].reduce((n, b) => n + (b === 0 ? 4n : 16n), 0n);

describe('subnet-EVM chains on the devnet process', () => {
  let node: DevnetProcess;
  let pApi: Any;
  let context: Any;
  let subnetId: string;
  let blockchainId: string;
  let validatorTxId: string;
  let nodeId: string;
  let client: PublicClient;
  let rpcPath: string;

  const ethRpc = async (method: string, params: unknown[] = []) => (await rpc(node.url, rpcPath, method, params)) as { result?: any; error?: { code: number; message: string } };

  /** Signs locally and sends with eth_sendRawTransaction; automine answers once the block is accepted. */
  async function send(account: typeof ADMIN, tx: { to?: Hex; data?: Hex; value?: bigint; gas?: bigint; maxFeePerGas?: bigint }): Promise<Sent> {
    const nonce = BigInt((await ethRpc('eth_getTransactionCount', [account.address, 'latest'])).result);
    const raw = await account.signTransaction({
      chainId: CHAIN_ID, type: 'eip1559', nonce: Number(nonce), to: tx.to ?? null, data: tx.data ?? '0x', value: tx.value ?? 0n,
      gas: tx.gas ?? 1_000_000n, maxFeePerGas: tx.maxFeePerGas ?? 1_000_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n,
    });
    const r = await ethRpc('eth_sendRawTransaction', [raw]);
    return r.error ? { error: r.error.message } : { hash: r.result };
  }

  async function mined(account: typeof ADMIN, tx: Parameters<typeof send>[1]) {
    const s = await send(account, tx);
    if (s.error) throw new Error(s.error);
    return client.getTransactionReceipt({ hash: s.hash! });
  }

  const call = (to: Hex, data: Hex, from?: Hex) => ethRpc('eth_call', [{ to, data, ...(from ? { from } : {}) }, 'latest']);

  /** Builds, signs (and authorizes for the subnet) a P-chain tx with avalanchejs, and issues it. */
  async function issueP(build: (c: { feeState: Any; fromAddressesBytes: Uint8Array[]; utxos: Any[] }) => Any, subnetAuth = false): Promise<string> {
    const feeState = await pApi.getFeeState();
    const { utxos } = await pApi.getUTXOs({ addresses: [EWOQ_P] });
    const tx = build({ feeState, fromAddressesBytes: [A.utils.bech32ToBytes(EWOQ_P)], utxos });
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    if (subnetAuth) tx.addSignatureAt(await A.secp256k1.sign(tx.toBytes(), EWOQ_KEY), tx.getCredentials().length - 1, 0);
    return (await pApi.issueSignedTx(tx.getSignedTx())).txID as string;
  }

  /** AvalancheGo starts a chain asynchronously after accepting its CreateChainTx: poll until it serves. */
  async function waitForChain(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const r = await fetch(`${node.url}${rpcPath}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
      if (r.status === 200) return;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`chain ${blockchainId} never served:\n${node.output()}`);
  }

  function connect(): void {
    const chain = defineChain({ id: CHAIN_ID, name: 'firn-l1', nativeCurrency: { name: 'L1', symbol: 'L1', decimals: 18 }, rpcUrls: { default: { http: [`${node.url}${rpcPath}`] } } });
    client = createPublicClient({ chain, transport: http() }) as PublicClient;
  }

  beforeAll(async () => {
    node = await startDevnet(['--api-admin-enabled']);
    context = await A.Context.getContextFromURI(node.url);
    pApi = new A.pvm.PVMApi(node.url);
    const ewoq = A.utils.bech32ToBytes(EWOQ_P);
    subnetId = await issueP((c) => A.pvm.newCreateSubnetTx({ ...c, subnetOwners: [ewoq] }, context));
    nodeId = (await rpc(node.url, '/ext/info', 'info.getNodeID', {})).result.nodeID;
    const now = BigInt(Math.floor(Date.now() / 1000));
    validatorTxId = await issueP((c) => A.pvm.newAddSubnetValidatorTx({ ...c, nodeId, start: now, end: now + 3600n, weight: 20n, subnetId, subnetAuth: [0] }, context), true);
    blockchainId = await issueP((c) => A.pvm.newCreateChainTx({ ...c, subnetId, chainName: 'firnl1', vmId: SUBNET_EVM_ID_STRING, fxIds: [], genesisData: GENESIS, subnetAuth: [0] }, context), true);
    rpcPath = `/ext/bc/${blockchainId}/rpc`;
    await waitForChain();
    connect();
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('launches the chain created on the P-chain with its genesis', async () => {
    expect((await rpc(node.url, '/ext/bc/P', 'platform.getBlockchains', {})).result.blockchains).toContainEqual({ id: blockchainId, name: 'firnl1', subnetID: subnetId, vmID: SUBNET_EVM_ID_STRING });
    expect(await client.getChainId()).toBe(CHAIN_ID);
    const genesis = await client.getBlock({ blockNumber: 0n });
    expect(genesis.baseFeePerGas).toBe(25_000_000_000n);
    expect(genesis.gasLimit).toBe(8_000_000n);
    expect(genesis.timestamp).toBe(0n);
    // no coreth-only fields on a subnet-EVM block
    const raw = (await ethRpc('eth_getBlockByNumber', ['0x0', false])).result;
    expect(raw).not.toHaveProperty('extDataHash');
    expect(raw).not.toHaveProperty('blockExtraData');
    expect(await client.getBalance({ address: MINTED_AT_GENESIS })).toBe(1000n * ETHER);
    expect(await client.getBalance({ address: USER.address })).toBe(1000n * ETHER);
    // the precompiles are live accounts (nonce 1, code 0x01), so Solidity may call them
    expect(await client.getCode({ address: P.feeManager })).toBe('0x01');
  });

  it('answers seed 002 subnet-EVM methods: chain config, fee config, active precompiles and rules', async () => {
    const cfg = (await ethRpc('eth_getChainConfig')).result;
    expect(cfg).toMatchObject({
      chainId: CHAIN_ID, feeConfig: FEE_CONFIG, allowFeeRecipients: false, eip150Hash: '0x' + '00'.repeat(32),
      homesteadBlock: 0, istanbulBlock: 0, muirGlacierBlock: 0, subnetEVMTimestamp: 0, durangoTimestamp: 1607144400,
      txAllowListConfig: { adminAddresses: [ADMIN.address.toLowerCase()], enabledAddresses: [USER.address.toLowerCase()], blockTimestamp: 0 },
      contractNativeMinterConfig: { adminAddresses: [ADMIN.address.toLowerCase()], blockTimestamp: 0, initialMint: { [MINTED_AT_GENESIS]: '0x3635c9adc5dea00000' } },
      upgrades: { precompileUpgrades: [{ txAllowListConfig: { blockTimestamp: UPGRADE_AT, disable: true, adminAddresses: [] } }] },
    });
    expect(Object.keys(cfg).at(-1)).toBe('upgrades');

    const fee = (await ethRpc('eth_feeConfig')).result;
    expect(fee).toEqual({ feeConfig: FEE_CONFIG, lastChangedAt: 0 });
    expect((await ethRpc('eth_feeConfig', ['0x0'])).result).toEqual(fee);

    const active = (await ethRpc('eth_getActivePrecompilesAt')).result;
    expect(Object.keys(active)).toEqual(['contractDeployerAllowListConfig', 'contractNativeMinterConfig', 'feeManagerConfig', 'rewardManagerConfig', 'txAllowListConfig']);
    expect(active.feeManagerConfig).toEqual({ adminAddresses: [ADMIN.address.toLowerCase()], blockTimestamp: 0 });
    expect(Object.keys((await ethRpc('eth_getActivePrecompilesAt', [UPGRADE_AT])).result)).not.toContain('txAllowListConfig');

    const rules = (await ethRpc('eth_getActiveRulesAt', [UPGRADE_AT - 1])).result;
    expect(rules.ethRules).toMatchObject({ ChainID: CHAIN_ID, IsHomestead: true, IsIstanbul: true, IsShanghai: true, IsCancun: true, IsPrague: false });
    expect(rules.networkRules).toEqual({ IsSubnetEVM: true, IsDurango: true, IsEtna: true, IsFortuna: false, IsGranite: true, IsHelicon: false });
    expect(rules.avalancheRules).toEqual(rules.networkRules);
    expect(rules.precompiles).toEqual({
      contractDeployerAllowListConfig: { timestamp: 0 }, contractNativeMinterConfig: { timestamp: 0 }, feeManagerConfig: { timestamp: 0 },
      rewardManagerConfig: { timestamp: 0 }, txAllowListConfig: { timestamp: 0 },
    });
    expect((await ethRpc('eth_getActiveRulesAt', [0])).result.networkRules).toMatchObject({ IsSubnetEVM: true, IsDurango: false });
    expect((await ethRpc('eth_getActiveRulesAt', ['0x1'])).error?.code).toBe(-32602);
  });

  it('enforces the tx allow list at the pool and lets admins and managers change roles', async () => {
    const refused = await send(OUTSIDER, { to: USER.address, value: 1n });
    expect(refused.error).toBe(`cannot issue transaction from non-allow listed address: ${OUTSIDER.address}`);

    const enableData = encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setEnabled', args: [OUTSIDER.address] });
    const enable = await mined(ADMIN, { to: P.txAllowList, data: enableData });
    expect(enable.status).toBe('success');
    const ev = decodeEventLog({ abi: ALLOW_LIST_ABI, ...enable.logs[0]! });
    expect(ev).toMatchObject({ eventName: 'RoleSet', args: { role: 1n, account: OUTSIDER.address, sender: ADMIN.address, oldRole: 0n } });
    // intrinsic gas + 20,000 to modify + the event (375 + 4·375 + 8·32)
    expect(enable.gasUsed).toBe(21_000n + calldataGas(enableData) + 20_000n + 2_131n);
    expect((await mined(OUTSIDER, { to: USER.address, value: 1n })).status).toBe('success');

    // an Enabled account may not change roles
    const denied = await call(P.txAllowList, encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setEnabled', args: [LATE.address] }), USER.address);
    expect(denied.error?.message).toBe(`cannot modify allow list: modify address: ${USER.address}, from role: NoRole, to role: EnabledRole`);
    // a Manager moves accounts between None and Enabled only
    await mined(ADMIN, { to: P.txAllowList, data: encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setManager', args: [MANAGER.address] }) });
    const readRole = async (a: Hex) => BigInt((await call(P.txAllowList, encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'readAllowList', args: [a] }))).result);
    expect(await readRole(MANAGER.address)).toBe(3n);
    expect((await mined(MANAGER, { to: P.txAllowList, data: encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setNone', args: [OUTSIDER.address] }) })).status).toBe('success');
    expect(await readRole(OUTSIDER.address)).toBe(0n);
    const failed = await mined(MANAGER, { to: P.txAllowList, data: encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setAdmin', args: [OUTSIDER.address] }), gas: 100_000n });
    expect(failed.status).toBe('reverted');
    expect(failed.gasUsed).toBe(100_000n);
    expect((await send(OUTSIDER, { to: USER.address, value: 1n })).error).toMatch(/non-allow listed address/);
    // a read is not a write
    expect((await call(P.txAllowList, encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'readAllowList', args: [ADMIN.address] }))).result).toBe('0x' + '2'.padStart(64, '0'));
  });

  it('lets only allow-listed origins deploy contracts', async () => {
    const { bytecode } = compileMintCaller();
    const est = await ethRpc('eth_estimateGas', [{ from: USER.address, data: bytecode }]);
    expect(est.error?.message).toBe(`tx.origin ${USER.address} is not authorized to deploy a contract`);
    const blocked = await mined(USER, { data: bytecode, gas: 500_000n });
    expect(blocked.status).toBe('reverted');
    expect(blocked.gasUsed).toBe(500_000n);
    expect(await client.getCode({ address: blocked.contractAddress! })).toBeUndefined();

    await mined(ADMIN, { to: P.deployer, data: encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setEnabled', args: [USER.address] }) });
    const deployed = await mined(USER, { data: bytecode, gas: 1_000_000n });
    expect(deployed.status).toBe('success');
    expect(deployed.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('mints native coin for enabled callers only, with its event, and never through DELEGATECALL', async () => {
    const to = '0x000000000000000000000000000000000000a11c' as Hex;
    const mint = await mined(ADMIN, { to: P.minter, data: encodeFunctionData({ abi: MINTER_ABI, functionName: 'mintNativeCoin', args: [to, 5n * ETHER] }) });
    expect(mint.status).toBe('success');
    expect(await client.getBalance({ address: to })).toBe(5n * ETHER);
    expect(decodeEventLog({ abi: MINTER_ABI, ...mint.logs[0]! })).toMatchObject({ eventName: 'NativeCoinMinted', args: { sender: ADMIN.address, recipient: to, amount: 5n * ETHER } });
    expect((await call(P.minter, encodeFunctionData({ abi: MINTER_ABI, functionName: 'mintNativeCoin', args: [to, 1n] }), USER.address)).error?.message)
      .toBe(`non-enabled cannot mint: ${USER.address}`);

    // A contract calls the minter as itself: it must be enabled, whoever sends the tx.
    const { abi, bytecode } = compileMintCaller();
    const contract = (await mined(ADMIN, { data: bytecode, gas: 1_000_000n })).contractAddress as Hex;
    const viaContract = { to: contract, data: encodeFunctionData({ abi, functionName: 'mint', args: [to, ETHER] }), gas: 200_000n };
    expect((await mined(ADMIN, viaContract)).status).toBe('reverted');
    await mined(ADMIN, { to: P.minter, data: encodeFunctionData({ abi: ALLOW_LIST_ABI, functionName: 'setEnabled', args: [contract] }) });
    expect((await mined(USER, viaContract)).status).toBe('success');
    expect(await client.getBalance({ address: to })).toBe(6n * ETHER);
    // Granite: a DELEGATECALL into a stateful precompile reverts
    const delegated = await call(contract, encodeFunctionData({ abi, functionName: 'mintByDelegate', args: [to, ETHER] }), ADMIN.address);
    expect(BigInt(delegated.result)).toBe(0n);
  });

  it('changes the fee config through the fee manager, and the next blocks follow it', async () => {
    const next = { ...FEE_CONFIG, minBaseFee: 50_000_000_000, gasLimit: 9_000_000 };
    const args = [next.gasLimit, next.targetBlockRate, next.minBaseFee, next.targetGas, next.baseFeeChangeDenominator, next.minBlockGasCost, next.maxBlockGasCost, next.blockGasCostStep].map(BigInt) as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    const data = encodeFunctionData({ abi: FEE_MANAGER_ABI, functionName: 'setFeeConfig', args });
    expect((await call(P.feeManager, data, USER.address)).error?.message).toBe(`non-enabled cannot change fee config: ${USER.address}`);
    const r = await mined(ADMIN, { to: P.feeManager, data });
    expect(r.status).toBe('success');
    expect(r.gasUsed).toBe(21_000n + calldataGas(data) + 180_000n + 45_221n);
    const ev = decodeEventLog({ abi: FEE_MANAGER_ABI, ...r.logs[0]! }) as Any;
    expect(ev.eventName).toBe('FeeConfigChanged');
    expect(ev.args.oldFeeConfig.minBaseFee).toBe(25_000_000_000n);
    expect(ev.args.newFeeConfig.minBaseFee).toBe(50_000_000_000n);

    expect((await ethRpc('eth_feeConfig')).result).toEqual({ feeConfig: next, lastChangedAt: Number(r.blockNumber) });
    expect((await ethRpc('eth_feeConfig', [`0x${(r.blockNumber - 1n).toString(16)}`])).result).toEqual({ feeConfig: FEE_CONFIG, lastChangedAt: 0 });
    const lastChanged = await call(P.feeManager, encodeFunctionData({ abi: FEE_MANAGER_ABI, functionName: 'getFeeConfigLastChangedAt' }));
    expect(BigInt(lastChanged.result)).toBe(r.blockNumber);

    // the pool refuses a fee cap under the new minimum; the next block is priced and sized by the new config
    const cheap = await send(USER, { to: ADMIN.address, value: 1n, maxFeePerGas: 30_000_000_000n });
    expect(cheap.error).toMatch(/transaction underpriced: address .* have gas fee cap \(30000000000\) < pool minimum fee cap \(5\d{10}\)/);
    const paid = await mined(USER, { to: ADMIN.address, value: 1n });
    const block = await client.getBlock({ blockNumber: paid.blockNumber });
    expect(block.baseFeePerGas! >= 50_000_000_000n).toBe(true);
    expect(block.gasLimit).toBe(9_000_000n);
  });

  it('sends block fees to the reward address, then burns them again', async () => {
    const set = await mined(ADMIN, { to: P.rewardManager, data: encodeFunctionData({ abi: REWARD_MANAGER_ABI, functionName: 'setRewardAddress', args: [REWARD] }) });
    expect(decodeEventLog({ abi: REWARD_MANAGER_ABI, ...set.logs[0]! })).toMatchObject({ eventName: 'RewardAddressChanged', args: { sender: ADMIN.address, oldRewardAddress: BLACKHOLE, newRewardAddress: REWARD } });
    expect(BigInt((await call(P.rewardManager, encodeFunctionData({ abi: REWARD_MANAGER_ABI, functionName: 'currentRewardAddress' }))).result)).toBe(BigInt(REWARD));
    expect(BigInt((await call(P.rewardManager, encodeFunctionData({ abi: REWARD_MANAGER_ABI, functionName: 'areFeeRecipientsAllowed' }))).result)).toBe(0n);
    expect((await call(P.rewardManager, encodeFunctionData({ abi: REWARD_MANAGER_ABI, functionName: 'disableRewards' }), USER.address)).error?.message)
      .toBe(`non-enabled cannot call disableRewards: ${USER.address}`);

    const before = await client.getBalance({ address: REWARD });
    const paid = await mined(USER, { to: ADMIN.address, value: 1n });
    expect((await client.getBlock({ blockNumber: paid.blockNumber })).miner).toBe(REWARD.toLowerCase());
    expect(await client.getBalance({ address: REWARD })).toBe(before + paid.gasUsed * paid.effectiveGasPrice);

    const off = await mined(ADMIN, { to: P.rewardManager, data: encodeFunctionData({ abi: REWARD_MANAGER_ABI, functionName: 'disableRewards' }) });
    expect(decodeEventLog({ abi: REWARD_MANAGER_ABI, ...off.logs[0]! })).toMatchObject({ eventName: 'RewardsDisabled', args: { sender: ADMIN.address } });
    // the block holding disableRewards still pays the reward address (the parent's state decides)
    const earned = before + paid.gasUsed * paid.effectiveGasPrice + off.gasUsed * off.effectiveGasPrice;
    expect(await client.getBalance({ address: REWARD })).toBe(earned);
    const after = await mined(USER, { to: ADMIN.address, value: 1n });
    expect((await client.getBlock({ blockNumber: after.blockNumber })).miner).toBe(BLACKHOLE);
    expect(await client.getBalance({ address: REWARD })).toBe(earned);
  });

  it('serves validators.getCurrentValidators for the chain\'s subnet', async () => {
    const all = await rpc(node.url, `/ext/bc/${blockchainId}/validators`, 'validators.getCurrentValidators', {});
    expect(all.result.validators).toHaveLength(1);
    expect(all.result.validators[0]).toMatchObject({
      validationID: validatorTxId, nodeID: nodeId, weight: 20, isActive: true, isL1Validator: false, isConnected: true, uptimePercentage: 100,
    });
    expect(typeof all.result.validators[0].startTimestamp).toBe('number');
    const other = await rpc(node.url, `/ext/bc/${blockchainId}/validators`, 'validators.getCurrentValidators', { nodeIDs: ['NodeID-111111111111111111116DBWJs'] });
    expect(other.result).toEqual({ validators: [] });
    const mine = await rpc(node.url, `/ext/bc/${blockchainId}/validators`, 'validators.getCurrentValidators', [{ nodeIDs: [nodeId] }]);
    expect(mine.result.validators).toHaveLength(1);
  });

  it('serves the chain under an alias and over WebSocket', async () => {
    expect((await rpc(node.url, '/ext/admin', 'admin.aliasChain', { chain: blockchainId, alias: 'firnl1' })).error).toBeUndefined();
    expect((await rpc(node.url, '/ext/bc/firnl1/rpc', 'eth_chainId', [])).result).toBe(`0x${CHAIN_ID.toString(16)}`);
    const { WebSocket } = await import('ws');
    const ws = new WebSocket(`${node.url.replace('http', 'ws')}/ext/bc/${blockchainId}/ws`);
    const reply = await new Promise<any>((resolve, reject) => {
      ws.once('open', () => ws.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_feeConfig', params: [] })));
      ws.once('message', (m) => resolve(JSON.parse(m.toString())));
      ws.once('error', reject);
    });
    ws.close();
    expect(reply.result.feeConfig.minBaseFee).toBe(50_000_000_000);
  });

  it('applies a precompile upgrade when the chain reaches its timestamp', async () => {
    expect((await send(LATE, { to: USER.address, value: 1n })).error).toMatch(/non-allow listed address/);
    expect((await ethRpc('evm_setNextBlockTimestamp', [UPGRADE_AT])).error).toBeUndefined();
    const r = await mined(USER, { to: ADMIN.address, value: 1n });
    expect((await client.getBlock({ blockNumber: r.blockNumber })).timestamp).toBe(BigInt(UPGRADE_AT));
    // txAllowList disabled from this block on: anyone sends; its account is gone
    expect((await mined(LATE, { to: USER.address, value: 1n })).status).toBe('success');
    expect(await client.getCode({ address: P.txAllowList })).toBeUndefined();
    expect(Object.keys((await ethRpc('eth_getActiveRulesAt')).result.precompiles)).not.toContain('txAllowListConfig');
  });

  it('keeps the chain, its state and its precompile settings across a restart', async () => {
    const head = await client.getBlockNumber();
    const headHash = (await client.getBlock({ blockNumber: head })).hash;
    const minted = await client.getBalance({ address: '0x000000000000000000000000000000000000a11c' });
    const fee = (await ethRpc('eth_feeConfig')).result;
    expect(await node.stop()).toBe(0);
    node = await startDevnet([], { dataDir: node.dataDir });
    connect();
    expect((await client.getBlock({ blockNumber: head })).hash).toBe(headHash);
    expect(await client.getBlockNumber()).toBe(head);
    expect(await client.getBalance({ address: '0x000000000000000000000000000000000000a11c' })).toBe(minted);
    expect((await ethRpc('eth_feeConfig')).result).toEqual(fee);
    // still producing blocks under the same rules
    const r = await mined(USER, { to: ADMIN.address, value: 1n });
    expect(r.blockNumber).toBe(head + 1n);
    expect((await rpc(node.url, `/ext/bc/${blockchainId}/validators`, 'validators.getCurrentValidators', {})).result.validators).toHaveLength(1);
  });
});
