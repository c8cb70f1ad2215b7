/**
 * Issue 3 "Done when": viem and ethers drive the devnet's C-chain over JSON-RPC exactly as they drive any
 * Ethereum node — deploy and use ERC-20, ERC-721 and ERC-1155 contracts compiled from test/contracts with
 * solc, see reverts with their decoded reasons, and read fee fields that agree with eth_baseFee.
 */
import { Contract, ContractFactory, JsonRpcProvider, Wallet, type Log as EthersLog } from 'ethers';
import {
  BaseError, ContractFunctionRevertedError, createPublicClient, createWalletClient, decodeErrorResult, defineChain,
  encodeFunctionData, http, parseEventLogs, type Abi, type Address, type Hex, type PublicClient, type TransactionReceipt,
  webSocket,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { contract } from '../helpers/solc.js';

/** anvil's first three mnemonic accounts: funded with 10,000 AVAX each on the devnet's C-chain. */
const KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const;
const [alice, bob, carol] = KEYS.map((k) => privateKeyToAccount(k)) as [ReturnType<typeof privateKeyToAccount>, ReturnType<typeof privateKeyToAccount>, ReturnType<typeof privateKeyToAccount>];


const token20 = contract('Token20');
const nft721 = contract('Collectible721');
const multi1155 = contract('MultiToken1155');
const receiver = contract('TokenReceiver');

let node: DevnetProcess;
let rpcUrl: string;
let chain: ReturnType<typeof defineChain>;
let pub: PublicClient;
let walletOf: (a: typeof alice) => ReturnType<typeof createWalletClient>;
let provider: JsonRpcProvider;

const addrs = {} as { token: Address; nft: Address; multi: Address; receiver: Address };

async function raw(method: string, params: unknown[] = []): Promise<{ result?: any; error?: { code: number; message: string; data?: string } }> {
  const r = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await r.json()) as any;
}

/** Sends through viem's wallet client (local signing → eth_sendRawTransaction) and waits for the receipt. */
async function send(from: typeof alice, to: Address, abi: Abi, functionName: string, args: unknown[]): Promise<TransactionReceipt> {
  const hash = await walletOf(from).writeContract({ address: to, abi, functionName, args, account: from, chain } as never);
  return pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
}

async function deploy(from: typeof alice, c: { abi: Abi; bytecode: Hex }, args: unknown[]): Promise<Address> {
  const hash = await walletOf(from).deployContract({ abi: c.abi, bytecode: c.bytecode, args, account: from, chain } as never);
  const receipt = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  expect(receipt.status).toBe('success');
  expect(receipt.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
  return receipt.contractAddress!;
}

/** The revert a viem read or simulation raised, decoded. */
async function revertOf(p: Promise<unknown>): Promise<ContractFunctionRevertedError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(BaseError);
  const reverted = (err as BaseError).walk((e) => e instanceof ContractFunctionRevertedError);
  expect(reverted).toBeInstanceOf(ContractFunctionRevertedError);
  return reverted as ContractFunctionRevertedError;
}

beforeAll(async () => {
  node = await startDevnet();
  rpcUrl = `${node.url}/ext/bc/C/rpc`;
  chain = defineChain({
    id: 43112, name: 'Firn devnet C-chain', nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  pub = createPublicClient({ chain, transport: http(rpcUrl), pollingInterval: 20 }) as PublicClient;
  walletOf = (a) => createWalletClient({ account: a, chain, transport: http(rpcUrl) });
  // cacheTimeout −1: ethers otherwise reuses identical reads (pending nonce, latest block) for 250 ms, which an
  // automining node outpaces
  provider = new JsonRpcProvider(rpcUrl, { chainId: 43112, name: 'firn' }, { staticNetwork: true, pollingInterval: 20, batchMaxCount: 1, cacheTimeout: -1 });

  addrs.token = await deploy(alice, token20, ['Firn Token', 'FIRN', 1_000_000n * 10n ** 18n]);
  addrs.multi = await deploy(alice, multi1155, ['firn://multi/{id}.json']);
  // ethers deploys the other two, through its own signer and nonce handling
  const signer = new Wallet(KEYS[0], provider);
  const nft = await new ContractFactory(nft721.abi as never, nft721.bytecode, signer).deploy('Firn Collectibles', 'FCOL');
  await nft.waitForDeployment();
  addrs.nft = (await nft.getAddress()) as Address;
  const rcv = await new ContractFactory(receiver.abi as never, receiver.bytecode, new Wallet(KEYS[2], provider)).deploy();
  await rcv.waitForDeployment();
  addrs.receiver = (await rcv.getAddress()) as Address;
}, 60_000);

afterAll(async () => {
  provider?.destroy();
  await node?.stop();
});

describe('chain identity (viem and ethers)', () => {
  it('reports chain id 43112 to both clients and coreth net_version', async () => {
    expect(await pub.getChainId()).toBe(43112);
    expect((await provider.getNetwork()).chainId).toBe(43112n);
    expect((await raw('net_version')).result).toBe('43112');
  });

  it('returns blocks both clients parse, with coreth header extras', async () => {
    const block = await pub.getBlock({ blockTag: 'latest' });
    expect(block.number).toBeGreaterThan(0n);
    expect(block.miner).toBe('0x0100000000000000000000000000000000000000');
    expect(block.difficulty).toBe(1n);
    const ethersBlock = await provider.getBlock('latest');
    expect(ethersBlock?.hash).toBe(block.hash);
    expect(ethersBlock?.baseFeePerGas).toBe(block.baseFeePerGas);
    const rawBlock = (await raw('eth_getBlockByNumber', ['latest', false])).result;
    for (const k of ['extDataHash', 'extDataGasUsed', 'blockGasCost', 'blockExtraData', 'timestampMilliseconds', 'minDelayExcess', 'parentBeaconBlockRoot']) {
      expect(rawBlock, k).toHaveProperty(k);
    }
    expect(rawBlock).not.toHaveProperty('withdrawals');
    expect(BigInt(rawBlock.timestampMilliseconds) / 1000n).toBe(BigInt(rawBlock.timestamp));
  });
});

describe('ERC-20', () => {
  it('reads metadata and the deployer supply (viem)', async () => {
    const read = (functionName: string, args: unknown[] = []) => pub.readContract({ address: addrs.token, abi: token20.abi, functionName, args } as never);
    expect(await read('name')).toBe('Firn Token');
    expect(await read('symbol')).toBe('FIRN');
    expect(await read('decimals')).toBe(18);
    expect(await read('totalSupply')).toBe(1_000_000n * 10n ** 18n);
    expect(await read('balanceOf', [alice.address])).toBe(1_000_000n * 10n ** 18n);
  });

  it('transfers with a Transfer event (viem)', async () => {
    const receipt = await send(alice, addrs.token, token20.abi, 'transfer', [bob.address, 1234n]);
    expect(receipt.status).toBe('success');
    const [ev] = parseEventLogs({ abi: token20.abi, logs: receipt.logs, eventName: 'Transfer' }) as any[];
    expect(ev.args).toEqual({ from: alice.address, to: bob.address, value: 1234n });
    expect(receipt.logs[0]!.address).toBe(addrs.token.toLowerCase());
    expect(receipt.logs[0]!.transactionHash).toBe(receipt.transactionHash);
    expect(receipt.logs[0]!.blockHash).toBe(receipt.blockHash);
    expect(await pub.readContract({ address: addrs.token, abi: token20.abi, functionName: 'balanceOf', args: [bob.address] })).toBe(1234n);
  });

  it('approves and spends an allowance (ethers)', async () => {
    const asAlice = new Contract(addrs.token, token20.abi as never, new Wallet(KEYS[0], provider));
    const asBob = new Contract(addrs.token, token20.abi as never, new Wallet(KEYS[1], provider));
    const approval = await (await asAlice.getFunction('approve')(bob.address, 500n)).wait();
    expect(approval.status).toBe(1);
    const parsed = approval.logs.map((l: EthersLog) => asAlice.interface.parseLog(l));
    expect(parsed[0].name).toBe('Approval');
    expect(parsed[0].args.toArray()).toEqual([alice.address, bob.address, 500n]);
    expect(await asAlice.getFunction('allowance')(alice.address, bob.address)).toBe(500n);

    const spent = await (await asBob.getFunction('transferFrom')(alice.address, carol.address, 200n)).wait();
    expect(spent.status).toBe(1);
    expect(spent.from).toBe(bob.address);
    expect(await asAlice.getFunction('allowance')(alice.address, bob.address)).toBe(300n);
    expect(await asAlice.getFunction('balanceOf')(carol.address)).toBe(200n);
  });

  it('reverts an over-spend with its reason (viem and ethers)', async () => {
    const err = await revertOf(pub.simulateContract({
      address: addrs.token, abi: token20.abi, functionName: 'transferFrom', args: [alice.address, carol.address, 10_000n], account: bob.address,
    } as never));
    expect(err.reason).toBe('Token20: insufficient allowance');
    const asBob = new Contract(addrs.token, token20.abi as never, new Wallet(KEYS[1], provider));
    await expect(asBob.getFunction('transferFrom').staticCall(alice.address, carol.address, 10_000n)).rejects.toMatchObject({
      code: 'CALL_EXCEPTION', reason: 'Token20: insufficient allowance',
    });
  });
});

describe('logs and block receipts', () => {
  it('eth_getLogs finds the ERC-20 events by indexed argument (viem and ethers)', async () => {
    const toCarol = await pub.getContractEvents({ address: addrs.token, abi: token20.abi, eventName: 'Transfer', args: { to: carol.address }, fromBlock: 0n } as never);
    expect(toCarol.map((e) => (e as unknown as { args: { value: bigint } }).args.value)).toEqual([200n]);
    const logs = await provider.getLogs({ address: addrs.token, fromBlock: 0, topics: [null, null, '0x' + carol.address.slice(2).toLowerCase().padStart(64, '0')] });
    expect(logs.map((l) => l.transactionHash)).toEqual(toCarol.map((e) => e.transactionHash));
  });

  it('eth_getBlockReceipts returns the same receipts as eth_getTransactionReceipt', async () => {
    const r = await send(alice, addrs.token, token20.abi, 'transfer', [bob.address, 1n]);
    const all = (await raw('eth_getBlockReceipts', [`0x${r.blockNumber.toString(16)}`])).result;
    const one = (await raw('eth_getTransactionReceipt', [r.transactionHash])).result;
    expect(all).toEqual([one]);
    // the full block takes each tx hash from its stored receipt; the hashes-only block hashes the txs
    const tag = `0x${r.blockNumber.toString(16)}`;
    const full = (await raw('eth_getBlockByNumber', [tag, true])).result;
    const hashes = (await raw('eth_getBlockByNumber', [tag, false])).result;
    expect(full.transactions.map((t: { hash: string }) => t.hash)).toEqual([r.transactionHash]);
    expect(hashes.transactions).toEqual([r.transactionHash]);
  });
});

describe('ERC-721', () => {
  const read = (functionName: string, args: unknown[] = []) => pub.readContract({ address: addrs.nft, abi: nft721.abi, functionName, args } as never);

  it('supports ERC-165 with the ERC-721 and metadata interface ids', async () => {
    expect(await read('supportsInterface', ['0x01ffc9a7'])).toBe(true);
    expect(await read('supportsInterface', ['0x80ac58cd'])).toBe(true);
    expect(await read('supportsInterface', ['0x5b5e139f'])).toBe(true);
    expect(await read('supportsInterface', ['0xffffffff'])).toBe(false);
  });

  it('mints with a Transfer from zero, all three topics indexed', async () => {
    for (const id of [1n, 2n, 3n, 4n]) {
      const receipt = await send(alice, addrs.nft, nft721.abi, 'mint', [alice.address, id]);
      expect(receipt.logs).toHaveLength(1);
      expect(receipt.logs[0]!.topics).toHaveLength(4);
      expect(receipt.logs[0]!.data).toBe('0x');
    }
    expect(await read('ownerOf', [1n])).toBe(alice.address);
    expect(await read('balanceOf', [alice.address])).toBe(4n);
    expect(await read('tokenURI', [3n])).toBe('firn://collectible/3');
    expect((await revertOf(read('ownerOf', [99n]))).reason).toBe('ERC721: nonexistent token');
  });

  it('safe-transfers to an EOA and to a receiver contract that gets the data', async () => {
    const toEoa = await send(alice, addrs.nft, nft721.abi, 'safeTransferFrom', [alice.address, bob.address, 1n]);
    expect(toEoa.status).toBe('success');
    expect(await read('ownerOf', [1n])).toBe(bob.address);

    const toContract = await send(alice, addrs.nft, nft721.abi, 'safeTransferFrom', [alice.address, addrs.receiver, 2n, '0xc0ffee']);
    const received = parseEventLogs({ abi: receiver.abi, logs: toContract.logs, eventName: 'Received' }) as any[];
    expect(received).toHaveLength(1);
    expect(received[0].address).toBe(addrs.receiver.toLowerCase());
    expect(received[0].args).toMatchObject({ token: addrs.nft, operator: alice.address, from: alice.address, id: 2n, value: 1n, data: '0xc0ffee' });
    expect(await read('ownerOf', [2n])).toBe(addrs.receiver);
  });

  it('refuses safe transfers to non-receivers and to a refusing receiver, with reasons', async () => {
    const sim = (to: Address) => pub.simulateContract({ address: addrs.nft, abi: nft721.abi, functionName: 'safeTransferFrom', args: [alice.address, to, 3n], account: alice.address } as never);
    expect((await revertOf(sim(addrs.token))).reason).toBe('ERC721: transfer to non ERC721Receiver');
    await send(carol, addrs.receiver, receiver.abi, 'setAccepting', [false]);
    expect((await revertOf(sim(addrs.receiver))).reason).toBe('TokenReceiver: refusing');
    await send(carol, addrs.receiver, receiver.abi, 'setAccepting', [true]);
    // plain transferFrom skips the receiver check
    expect((await send(alice, addrs.nft, nft721.abi, 'transferFrom', [alice.address, addrs.token, 3n])).status).toBe('success');
  });

  it('transfers through approvals and operators (ethers)', async () => {
    const asAlice = new Contract(addrs.nft, nft721.abi as never, new Wallet(KEYS[0], provider));
    const asCarol = new Contract(addrs.nft, nft721.abi as never, new Wallet(KEYS[2], provider));
    await (await asAlice.getFunction('approve')(carol.address, 4n)).wait();
    expect(await asAlice.getFunction('getApproved')(4n)).toBe(carol.address);
    const r = await (await asCarol.getFunction('safeTransferFrom(address,address,uint256)')(alice.address, carol.address, 4n)).wait();
    expect(r.status).toBe(1);
    expect(await asAlice.getFunction('getApproved')(4n)).toBe('0x0000000000000000000000000000000000000000');
    await expect(asCarol.getFunction('transferFrom').staticCall(bob.address, carol.address, 1n)).rejects.toMatchObject({ reason: 'ERC721: not authorized' });
    const asBob = new Contract(addrs.nft, nft721.abi as never, new Wallet(KEYS[1], provider));
    const op = await (await asBob.getFunction('setApprovalForAll')(carol.address, true)).wait();
    expect(asBob.interface.parseLog(op.logs[0])?.name).toBe('ApprovalForAll');
    await (await asCarol.getFunction('transferFrom')(bob.address, carol.address, 1n)).wait();
    expect(await asAlice.getFunction('ownerOf')(1n)).toBe(carol.address);
  });
});

describe('ERC-1155', () => {
  const read = (functionName: string, args: unknown[] = []) => pub.readContract({ address: addrs.multi, abi: multi1155.abi, functionName, args } as never);

  it('supports ERC-165 with the ERC-1155 and metadata URI interface ids', async () => {
    expect(await read('supportsInterface', ['0xd9b67a26'])).toBe(true);
    expect(await read('supportsInterface', ['0x0e89341c'])).toBe(true);
    expect(await read('supportsInterface', ['0x80ac58cd'])).toBe(false);
    expect(await read('uri', [5n])).toBe('firn://multi/{id}.json');
  });

  it('mints single and batch, and reads balances in a batch', async () => {
    const single = await send(alice, addrs.multi, multi1155.abi, 'mint', [alice.address, 1n, 100n, '0x']);
    const [ts] = parseEventLogs({ abi: multi1155.abi, logs: single.logs, eventName: 'TransferSingle' }) as any[];
    expect(ts.args).toEqual({ operator: alice.address, from: '0x0000000000000000000000000000000000000000', to: alice.address, id: 1n, value: 100n });
    const batch = await send(alice, addrs.multi, multi1155.abi, 'mintBatch', [alice.address, [2n, 3n, 4n], [20n, 30n, 40n], '0x']);
    const [tb] = parseEventLogs({ abi: multi1155.abi, logs: batch.logs, eventName: 'TransferBatch' }) as any[];
    expect(tb.args.ids).toEqual([2n, 3n, 4n]);
    expect(tb.args.values).toEqual([20n, 30n, 40n]);
    expect(await read('balanceOfBatch', [[alice.address, alice.address, alice.address, bob.address], [1n, 2n, 4n, 1n]])).toEqual([100n, 20n, 40n, 0n]);
  });

  it('batch-transfers into a receiver contract, which sees every id', async () => {
    const r = await send(alice, addrs.multi, multi1155.abi, 'safeBatchTransferFrom', [alice.address, addrs.receiver, [2n, 3n], [5n, 6n], '0xbeef']);
    expect(r.status).toBe('success');
    const got = parseEventLogs({ abi: receiver.abi, logs: r.logs, eventName: 'Received' }) as any[];
    expect(got.map((e) => [e.args.id, e.args.value, e.args.data])).toEqual([[2n, 5n, '0xbeef'], [3n, 6n, '0xbeef']]);
    // logs are in execution order: TransferBatch first, then the receiver's events
    expect(r.logs.map((l) => l.logIndex)).toEqual(r.logs.map((_, i) => r.logs[0]!.logIndex + i));
    expect(await read('balanceOfBatch', [[addrs.receiver, addrs.receiver], [2n, 3n]])).toEqual([5n, 6n]);
  });

  it('single transfers by an operator; rejects non-receivers and over-spends (ethers)', async () => {
    const asAlice = new Contract(addrs.multi, multi1155.abi as never, new Wallet(KEYS[0], provider));
    const asBob = new Contract(addrs.multi, multi1155.abi as never, new Wallet(KEYS[1], provider));
    await (await asAlice.getFunction('setApprovalForAll')(bob.address, true)).wait();
    const r = await (await asBob.getFunction('safeTransferFrom')(alice.address, carol.address, 1n, 10n, '0x')).wait();
    const ev = asBob.interface.parseLog(r.logs[0]);
    expect(ev?.name).toBe('TransferSingle');
    expect(ev?.args.toArray()).toEqual([bob.address, alice.address, carol.address, 1n, 10n]);
    await expect(asBob.getFunction('safeTransferFrom').staticCall(alice.address, addrs.token, 1n, 1n, '0x')).rejects.toMatchObject({ reason: 'ERC1155: transfer to non ERC1155Receiver' });
    await expect(asBob.getFunction('safeTransferFrom').staticCall(alice.address, carol.address, 1n, 1000n, '0x')).rejects.toMatchObject({ reason: 'ERC1155: insufficient balance' });
  });
});

describe('reverts', () => {
  it('eth_call answers code 3 with the reason and the revert data', async () => {
    const data = encodeFunctionData({ abi: token20.abi, functionName: 'mint', args: [bob.address, 1n] });
    const res = await raw('eth_call', [{ from: bob.address, to: addrs.token, data }, 'latest']);
    expect(res.error?.code).toBe(3);
    expect(res.error?.message).toBe('execution reverted: Token20: not owner');
    expect(decodeErrorResult({ abi: token20.abi, data: res.error!.data as Hex })).toMatchObject({ errorName: 'Error', args: ['Token20: not owner'] });
  });

  it('viem decodes the reason from eth_call and from eth_estimateGas', async () => {
    const read = await revertOf(pub.readContract({ address: addrs.token, abi: token20.abi, functionName: 'mint', args: [bob.address, 1n], account: bob.address } as never));
    expect(read.reason).toBe('Token20: not owner');
    const est = await pub.estimateContractGas({ address: addrs.token, abi: token20.abi, functionName: 'mint', args: [bob.address, 1n], account: bob.address } as never).catch((e: BaseError) => e);
    expect(est).toBeInstanceOf(BaseError);
    expect((est as BaseError).message).toContain('Token20: not owner');
  });

  it('a reverting tx is mined with status 0 and charges its gas', async () => {
    const before = await pub.getBalance({ address: bob.address });
    const hash = await walletOf(bob).writeContract({
      address: addrs.token, abi: token20.abi, functionName: 'mint', args: [bob.address, 1n], account: bob, chain, gas: 100_000n,
    } as never);
    const r = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    expect(r.status).toBe('reverted');
    expect(r.logs).toEqual([]);
    expect(r.gasUsed).toBeGreaterThan(21_000n);
    expect(r.gasUsed).toBeLessThan(100_000n);
    expect(before - (await pub.getBalance({ address: bob.address }))).toBe(r.gasUsed * r.effectiveGasPrice);
  });
});

describe('fees', () => {
  it('eth_baseFee is the base fee of the next block, and the fee fields relate as EIP-1559 says', async () => {
    const baseFee = BigInt((await raw('eth_baseFee')).result);
    const tip = 3n;
    const maxFee = baseFee * 2n + tip;
    const hash = await walletOf(alice).sendTransaction({ to: bob.address, value: 7n, maxFeePerGas: maxFee, maxPriorityFeePerGas: tip, account: alice, chain } as never);
    const r = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const block = await pub.getBlock({ blockHash: r.blockHash });
    const tx = await pub.getTransaction({ hash });
    // idle devnet: the next block's base fee is what eth_baseFee said (ACP-176 floor, no load in between)
    expect(block.baseFeePerGas).toBe(baseFee);
    expect(r.effectiveGasPrice).toBe(block.baseFeePerGas! + (tip < maxFee - block.baseFeePerGas! ? tip : maxFee - block.baseFeePerGas!));
    expect(tx.maxFeePerGas).toBe(maxFee);
    expect(tx.maxPriorityFeePerGas).toBe(tip);
    expect(tx.gasPrice).toBe(r.effectiveGasPrice);
    expect(r.type).toBe('eip1559');
    const history = await pub.getFeeHistory({ blockCount: 1, blockNumber: r.blockNumber, rewardPercentiles: [50] });
    expect(history.baseFeePerGas[0]).toBe(block.baseFeePerGas);
    expect(history.reward?.[0]?.[0]).toBe(tip);
  });

  it('a capped tip: effectiveGasPrice = maxFeePerGas when maxFee − baseFee < tip', async () => {
    const baseFee = BigInt((await raw('eth_baseFee')).result);
    const maxFee = baseFee + 1n;
    const hash = await walletOf(alice).sendTransaction({ to: bob.address, value: 1n, maxFeePerGas: maxFee, maxPriorityFeePerGas: maxFee, account: alice, chain } as never);
    const r = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const block = await pub.getBlock({ blockHash: r.blockHash });
    // min(maxFee, baseFee + tip) with tip = maxFee
    expect(block.baseFeePerGas).toBe(baseFee);
    expect(r.effectiveGasPrice).toBe(maxFee);
    expect((await pub.getTransaction({ hash })).gasPrice).toBe(maxFee);
  });

  it('legacy and EIP-2930 txs pay their gasPrice', async () => {
    const gasPrice = BigInt((await raw('eth_gasPrice')).result);
    expect(gasPrice).toBeGreaterThanOrEqual(BigInt((await raw('eth_baseFee')).result));
    for (const type of ['legacy', 'eip2930'] as const) {
      const hash = await walletOf(alice).sendTransaction({ type, to: bob.address, value: 1n, gasPrice, account: alice, chain, ...(type === 'eip2930' ? { accessList: [] } : {}) } as never);
      const r = await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      expect(r.type).toBe(type);
      expect(r.effectiveGasPrice).toBe(gasPrice);
      expect((await pub.getTransaction({ hash })).gasPrice).toBe(gasPrice);
    }
  });

  it('viem and ethers fee estimates cover the base fee', async () => {
    const baseFee = BigInt((await raw('eth_baseFee')).result);
    const fees = await pub.estimateFeesPerGas();
    expect(fees.maxFeePerGas).toBeGreaterThanOrEqual(baseFee);
    expect(fees.maxPriorityFeePerGas).toBe(BigInt((await raw('eth_maxPriorityFeePerGas')).result));
    const ef = await provider.getFeeData();
    expect(ef.maxFeePerGas!).toBeGreaterThanOrEqual(baseFee);
    expect(ef.gasPrice!).toBeGreaterThanOrEqual(baseFee);
  });
});

describe('WebSocket (viem and ethers)', () => {
  const wsUrl = () => `${node.url.replace('http', 'ws')}/ext/bc/C/ws`;
  let ws: PublicClient;

  beforeAll(() => {
    ws = createPublicClient({ chain, transport: webSocket(wsUrl()), pollingInterval: 20 }) as unknown as PublicClient;
  });

  afterAll(async () => {
    const client = await (ws?.transport as { getRpcClient?: () => Promise<{ close: () => void }> } | undefined)?.getRpcClient?.();
    client?.close();
  });

  it('serves the same chain over /ext/bc/C/ws', async () => {
    expect(await ws.getChainId()).toBe(43112);
    expect(await ws.getBlockNumber()).toBe(await pub.getBlockNumber());
    expect(await ws.readContract({ address: addrs.token, abi: token20.abi, functionName: 'symbol' })).toBe('FIRN');
  });

  it('sends a transaction over WebSocket (viem wallet client)', async () => {
    const wallet = createWalletClient({ account: bob, chain, transport: webSocket(wsUrl()) });
    try {
      const hash = await wallet.writeContract({ address: addrs.token, abi: token20.abi, functionName: 'transfer', args: [carol.address, 1n], account: bob, chain } as never);
      expect((await pub.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success');
    } finally {
      (await (wallet.transport as unknown as { getRpcClient: () => Promise<{ close: () => void }> }).getRpcClient()).close();
    }
  });

  it('delivers new heads and filtered logs to viem subscriptions (eth_subscribe)', async () => {
    const heads: bigint[] = [];
    const transfers: { from: string; to: string; value: bigint }[] = [];
    const unwatchBlocks = ws.watchBlocks({ onBlock: (b: { number: bigint | null }) => heads.push(b.number!), poll: false } as never);
    const unwatchEvents = ws.watchContractEvent({
      address: addrs.token, abi: token20.abi, eventName: 'Transfer', args: { to: carol.address }, poll: false,
      onLogs: (logs: { args: { from: string; to: string; value: bigint } }[]) => transfers.push(...logs.map((l) => l.args)),
    } as never);
    try {
      await new Promise((r) => setTimeout(r, 200)); // subscriptions registered
      await send(alice, addrs.token, token20.abi, 'transfer', [bob.address, 5n]); // filtered out: to ≠ carol
      const r = await send(alice, addrs.token, token20.abi, 'transfer', [carol.address, 6n]);
      await waitFor(() => transfers.length >= 1 && heads.includes(r.blockNumber));
      expect(transfers).toEqual([{ from: alice.address, to: carol.address, value: 6n }]);
    } finally {
      unwatchBlocks();
      unwatchEvents();
    }
  });

  it('delivers blocks and contract events to ethers WebSocketProvider listeners', async () => {
    const { WebSocketProvider } = await import('ethers');
    const wsp = new WebSocketProvider(wsUrl(), { chainId: 43112, name: 'firn' }, { staticNetwork: true, cacheTimeout: -1 });
    try {
      const blocks: number[] = [];
      const events: bigint[] = [];
      const token = new Contract(addrs.token, token20.abi as never, wsp);
      await wsp.on('block', (n: number) => blocks.push(n));
      // with a filter object ethers hands the listener only the payload, whose `args` it decodes
      await token.on(token.filters.Transfer!(alice.address, bob.address), (payload: { args: [string, string, bigint] }) => events.push(payload.args[2]));
      await new Promise((r) => setTimeout(r, 200));
      const r = await send(alice, addrs.token, token20.abi, 'transfer', [bob.address, 77n]);
      await waitFor(() => events.includes(77n) && blocks.includes(Number(r.blockNumber)));
      expect(events).toEqual([77n]);
    } finally {
      await wsp.destroy();
    }
  });
});

async function waitFor(cond: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out waiting for a notification');
    await new Promise((r) => setTimeout(r, 10));
  }
}
