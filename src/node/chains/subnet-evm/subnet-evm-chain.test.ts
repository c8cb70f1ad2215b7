import { encodeFunctionData, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../../../lib/hex.js';
import { openMemoryStore, type KvStore } from '../../storage/kv.js';
import { EvmChain } from '../evm/evm-chain.js';
import { FakeAcceptor, TEST_KEYS, fakeClock, silentLog } from '../evm/testing.js';
import { readSubnetEvmConfig } from './chain-config.js';
import { readGenesisExtras } from './genesis.js';
import { INITIALLY_ACTIVE_TIME, UNSCHEDULED_TIME, defaultNetworkUpgrades } from './network-upgrades.js';
import { SUBNET_EVM_MODULES } from './precompiles/modules.js';
import { SubnetEvmRules } from './rules.js';

const ewoq = privateKeyToAccount(TEST_KEYS[0]);
const alice = privateKeyToAccount(TEST_KEYS[1]);
const carol = privateKeyToAccount(TEST_KEYS[2]);
const bob = '0x000000000000000000000000000000000000b0b0';
const GWEI = 10n ** 9n;
const START_MS = 1_700_000_000_000;
const FEE_MANAGER_AT = 1_700_000_100;

const GENESIS = JSON.stringify({
  config: {
    chainId: 99,
    feeConfig: { gasLimit: 8_000_000, targetBlockRate: 2, minBaseFee: 1_000_000_000, targetGas: 10_000, baseFeeChangeDenominator: 8, minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000 },
    contractDeployerAllowListConfig: { blockTimestamp: 0, adminAddresses: [ewoq.address] },
    txAllowListConfig: { blockTimestamp: 0, adminAddresses: [ewoq.address], enabledAddresses: [alice.address] },
    contractNativeMinterConfig: { blockTimestamp: 0, adminAddresses: [ewoq.address], initialMint: { [bob]: '0x64' } },
    upgrades: { precompileUpgrades: [{ feeManagerConfig: { blockTimestamp: FEE_MANAGER_AT, adminAddresses: [ewoq.address] } }] },
  },
  alloc: { [ewoq.address.slice(2)]: { balance: '0x3635c9adc5dea00000' }, [alice.address.slice(2)]: { balance: '0x3635c9adc5dea00000' }, [carol.address.slice(2)]: { balance: '0x3635c9adc5dea00000' } },
  timestamp: '0x0', gasLimit: '0x7a1200', difficulty: '0x0', extraData: '0x', number: '0x0', gasUsed: '0x0',
});

/** Runtime: STATICCALL the allow list at 0x…02 with this call's input; return 1 if it succeeded. */
const STATIC_PROBE = '0x602c600c600039602c6000f3' + '3660006000376000600036600073' + '0200000000000000000000000000000000000002' + '5afa60005260206000f3';
/** Runtime: CREATE an empty contract; return its address (0 when the creation failed). */
const FACTORY = '0x600f600c600039600f6000f3' + '600060006000f060005260206000f3';

const ALLOW = parseAbi(['function setEnabled(address)', 'function readAllowList(address) view returns (uint256)']);
const FEES = parseAbi(['function getFeeConfig() view returns (uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256)']);

function rulesFor() {
  const defaults = defaultNetworkUpgrades({ durango: INITIALLY_ACTIVE_TIME, etna: INITIALLY_ACTIVE_TIME, granite: INITIALLY_ACTIVE_TIME, helicon: UNSCHEDULED_TIME });
  const config = readSubnetEvmConfig(JSON.parse(GENESIS).config, { defaults, modules: SUBNET_EVM_MODULES });
  return new SubnetEvmRules('test-l1', config, readGenesisExtras(GENESIS));
}

async function open(db: KvStore = openMemoryStore(), clock = fakeClock(START_MS)) {
  const rules = rulesFor();
  const chain = await EvmChain.create({ db, blockchainId: new Uint8Array(32).fill(3), genesisJson: GENESIS, acceptor: new FakeAcceptor(db), log: silentLog, now: clock.now, rules });
  return { chain, rules, clock, db };
}

type Signer = typeof ewoq;
const nonces = new Map<string, number>();
async function send(chain: EvmChain, signer: Signer, tx: { to?: `0x${string}`; data?: `0x${string}`; value?: bigint; gas?: bigint }) {
  const nonce = Number(await chain.getNonce(hexToBytes(signer.address)));
  nonces.set(signer.address, nonce + 1);
  const raw = await signer.signTransaction({
    type: 'eip1559', chainId: 99, nonce, to: tx.to ?? null, data: tx.data ?? '0x', value: tx.value ?? 0n, gas: tx.gas ?? 200_000n,
    maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: 1n,
  });
  const hash = await chain.sendRawTransaction(hexToBytes(raw));
  return (await chain.getReceipt(hash))!;
}

const call = (chain: EvmChain, from: Signer, to: `0x${string}`, data: `0x${string}`) => chain.call({ from: hexToBytes(from.address), to: hexToBytes(to), data: hexToBytes(data) });

describe('a subnet-EVM chain run by the shared EVM', () => {
  it('writes a genesis with its precompiles configured and a header of its time (pre-Etna at 0)', async () => {
    const { chain, rules } = await open();
    const g = chain.headBlock.block.header;
    expect(g.baseFee).toBe(GWEI);
    expect(g.blockGasCost).toBeUndefined();
    expect(g.timestampMs).toBeUndefined();
    expect(await chain.getCode(hexToBytes('0x0200000000000000000000000000000000000000'))).toEqual(new Uint8Array([1]));
    expect(await chain.getNonce(hexToBytes('0x0200000000000000000000000000000000000002'))).toBe(1n);
    expect(await chain.getBalance(hexToBytes(bob))).toBe(100n);
    // the fee manager only comes later
    expect(await chain.getCode(hexToBytes('0x0200000000000000000000000000000000000003'))).toEqual(new Uint8Array(0));
    expect(rules.headContext.lastChangedAt).toBe(0n);
  });

  it('builds Granite blocks with the fee window in Extra and window-priced base fees', async () => {
    const { chain, clock } = await open();
    const r1 = await send(chain, alice, { to: bob, value: 1n, gas: 21_000n });
    expect(r1.receipt!.status).toBe(1);
    const h1 = chain.headBlock.block.header;
    expect(h1.baseFee).toBe(GWEI);
    expect(h1.extra.length).toBe(86);
    expect(h1.blockGasCost).toBe(0n);
    expect(h1.timestampMs).toBe(BigInt(START_MS));
    expect(h1.minDelayExcess).toBe(7_970_124n);
    expect(h1.gasLimit).toBe(8_000_000n);
    expect(Buffer.from(h1.coinbase).toString('hex')).toBe('01' + '00'.repeat(19));
    clock.advance(1_000);
    await send(chain, alice, { to: bob, value: 1n, gas: 21_000n });
    // 21,000 used in the window against a 10,000 target: 1 gwei + 11,000·1e9/10,000/8
    expect(chain.headBlock.block.header.baseFee).toBe(GWEI + 137_500_000n);
    // a child right now: both blocks' 21,000 are in the window (42,000): + 32,000·1.1375e9/10,000/8
    expect(chain.nextFees().baseFee).toBe(GWEI + 137_500_000n + 455_000_000n);
  });

  it('refuses senders off the tx allow list at the pool', async () => {
    const { chain } = await open();
    await expect(send(chain, carol, { to: bob, value: 1n, gas: 21_000n })).rejects.toThrow(`cannot issue transaction from non-allow listed address: ${carol.address}`);
  });

  it('makes a precompile read-only inside STATICCALL', async () => {
    const { chain } = await open();
    const probe = (await send(chain, ewoq, { data: STATIC_PROBE as `0x${string}` })).receipt!.contractAddress!;
    const probeHex = `0x${Buffer.from(probe).toString('hex')}` as const;
    const read = await call(chain, ewoq, probeHex, encodeFunctionData({ abi: ALLOW, functionName: 'readAllowList', args: [alice.address] }));
    expect(BigInt(`0x${Buffer.from(read).toString('hex')}`)).toBe(1n);
    const write = await call(chain, ewoq, probeHex, encodeFunctionData({ abi: ALLOW, functionName: 'setEnabled', args: [carol.address] }));
    expect(BigInt(`0x${Buffer.from(write).toString('hex')}`)).toBe(0n);
    // the same write outside a static context is allowed for the admin
    await expect(call(chain, ewoq, '0x0200000000000000000000000000000000000002', encodeFunctionData({ abi: ALLOW, functionName: 'setEnabled', args: [carol.address] }))).resolves.toEqual(new Uint8Array(0));
  });

  it('checks tx.origin on a CREATE inside a contract too', async () => {
    const { chain } = await open();
    const factory = (await send(chain, ewoq, { data: FACTORY as `0x${string}` })).receipt!.contractAddress!;
    const factoryHex = `0x${Buffer.from(factory).toString('hex')}` as const;
    expect(BigInt(`0x${Buffer.from(await call(chain, alice, factoryHex, '0x')).toString('hex')}`)).toBe(0n);
    expect(BigInt(`0x${Buffer.from(await call(chain, ewoq, factoryHex, '0x')).toString('hex')}`)).not.toBe(0n);
  });

  it('activates a precompile upgrade in the first block at or after its time, and survives a reopen', async () => {
    const db = openMemoryStore();
    const clock = fakeClock(START_MS);
    const { chain, rules } = await open(db, clock);
    await send(chain, alice, { to: bob, value: 1n, gas: 21_000n });
    await expect(call(chain, ewoq, '0x0200000000000000000000000000000000000003', encodeFunctionData({ abi: FEES, functionName: 'getFeeConfig' }))).resolves.toEqual(new Uint8Array(0));
    clock.set(FEE_MANAGER_AT * 1000 + 500);
    await send(chain, alice, { to: bob, value: 1n, gas: 21_000n });
    const activatedAt = chain.headNumber;
    const out = await call(chain, ewoq, '0x0200000000000000000000000000000000000003', encodeFunctionData({ abi: FEES, functionName: 'getFeeConfig' }));
    expect(out.length).toBe(256);
    expect(BigInt(`0x${Buffer.from(out.subarray(96, 128)).toString('hex')}`)).toBe(10_000n);
    expect(rules.headContext.lastChangedAt).toBe(activatedAt);
    await chain.close();

    const again = await open(db, clock);
    expect(again.chain.headNumber).toBe(activatedAt);
    expect(again.chain.genesisHash).toEqual(chain.genesisHash);
    expect(again.rules.headContext).toEqual(rules.headContext);
  });
});
