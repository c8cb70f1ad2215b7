/**
 * eth_call's view interpreter on Solidity contracts: the view functions of test/contracts' ERC-20, ERC-721 and
 * ERC-1155 run on it (not handed to ethereumjs) and end exactly as on ethereumjs — return data, reverts with
 * their reasons, gas used; calls it must not take (value, a gas price, a sub-call) go to ethereumjs unchanged.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { type Abi, type Hex, encodeDeployData, encodeFunctionData } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, hexToBytes } from '../../src/lib/hex.js';
import { openMemoryStore } from '../../src/node/storage/kv.js';
import { type CallOutcome, type CallRequest, callBlock, runCall } from '../../src/node/chains/evm/call.js';
import { EvmChain } from '../../src/node/chains/evm/evm-chain.js';
import { FakeAcceptor, TEST_KEYS, fakeClock, silentLog, testGenesis } from '../../src/node/chains/evm/testing.js';
import { tryViewCall } from '../../src/node/chains/evm/view-call/view-call.js';
import { compileContracts } from '../helpers/solc.js';

const owner = privateKeyToAccount(TEST_KEYS[0]);
const holder = privateKeyToAccount(TEST_KEYS[1]).address;
const ZERO = '0x0000000000000000000000000000000000000000';

let chain: EvmChain;
let nonce = 0;
const addresses: Record<string, Hex> = {};
const abis: Record<string, Abi> = {};

async function send(data: Hex, to?: Hex): Promise<Uint8Array | undefined> {
  const raw = await owner.signTransaction({ type: 'eip1559', chainId: 43112, nonce: nonce++, data, gas: 3_000_000n, maxFeePerGas: 10n ** 12n, maxPriorityFeePerGas: 1n, ...(to ? { to } : {}) });
  const found = await chain.getReceipt(await chain.sendRawTransaction(hexToBytes(raw)));
  expect(found?.receipt?.status).toBe(1);
  return found?.receipt?.contractAddress;
}

beforeAll(async () => {
  const db = openMemoryStore();
  chain = await EvmChain.create({ db, blockchainId: new Uint8Array(32).fill(3), genesisJson: testGenesis(), acceptor: new FakeAcceptor(db), log: silentLog, now: fakeClock().now });
  const c = compileContracts();
  const deploy = async (name: string, args: unknown[]) => {
    abis[name] = c[name]!.abi;
    addresses[name] = bytesToHex((await send(encodeDeployData({ abi: c[name]!.abi, bytecode: c[name]!.bytecode, args } as never)))!) as Hex;
  };
  await deploy('Token20', ['Firn Token', 'FIRN', 10n ** 24n]);
  await deploy('Collectible721', ['Firn Collectibles', 'FCOL']);
  await deploy('MultiToken1155', ['firn://multi/{id}.json']);
  await send(encodeFunctionData({ abi: abis.Token20!, functionName: 'transfer', args: [holder, 1234n] }), addresses.Token20);
  await send(encodeFunctionData({ abi: abis.Collectible721!, functionName: 'mint', args: [holder, 7n] }), addresses.Collectible721);
  await send(encodeFunctionData({ abi: abis.MultiToken1155!, functionName: 'mint', args: [holder, 5n, 99n, '0x'] }), addresses.MultiToken1155);
});

const summary = (o: CallOutcome) => ({ success: o.success, reverted: o.reverted, returnValue: bytesToHex(o.returnValue), gasUsed: o.gasUsed, error: o.error });

/** The call on the view interpreter (undefined if it hands it over) and on ethereumjs, on views of the head. */
async function both(req: CallRequest, gas = 50_000_000n) {
  const a = await chain.stateView();
  const header = a.block.block.header;
  await a.state.checkpoint();
  const fast = await tryViewCall(a.vm, a.state, callBlock(chain.common, header, req), req, gas);
  await a.state.revert();
  const b = await chain.stateView();
  const full = await runCall(b.vm, b.state, chain.common, header, req, gas, { fullEvm: true });
  return { fast, full };
}

const call = (contract: string, functionName: string, args: unknown[] = [], extra: Partial<CallRequest> = {}): CallRequest => ({
  to: hexToBytes(addresses[contract]!), data: hexToBytes(encodeFunctionData({ abi: abis[contract]!, functionName, args } as never)), ...extra,
});

describe('eth_call view interpreter on Solidity contracts', () => {
  const views: [string, string, unknown[]][] = [
    ['Token20', 'name', []], ['Token20', 'symbol', []], ['Token20', 'decimals', []], ['Token20', 'totalSupply', []],
    ['Token20', 'balanceOf', [holder]], ['Token20', 'balanceOf', [ZERO]], ['Token20', 'allowance', [owner.address, holder]],
    ['Collectible721', 'name', []], ['Collectible721', 'ownerOf', [7n]], ['Collectible721', 'tokenURI', [7n]],
    ['Collectible721', 'balanceOf', [holder]], ['Collectible721', 'supportsInterface', ['0x80ac58cd']], ['Collectible721', 'getApproved', [7n]],
    ['MultiToken1155', 'uri', [5n]], ['MultiToken1155', 'balanceOf', [holder, 5n]], ['MultiToken1155', 'balanceOfBatch', [[holder, owner.address], [5n, 5n]]],
    ['MultiToken1155', 'isApprovedForAll', [holder, owner.address]],
  ];
  for (const [contract, fn, args] of views) {
    it(`${contract}.${fn} runs on the interpreter with ethereumjs' result`, async () => {
      const { fast, full } = await both(call(contract, fn, args, { from: hexToBytes(holder) }));
      expect(fast).toBeDefined();
      expect(summary(fast!)).toEqual(summary(full));
      expect(fast!.success).toBe(true);
    });
  }

  it('reverts with the same reason data (require in a view)', async () => {
    for (const req of [call('Collectible721', 'ownerOf', [8n]), call('Collectible721', 'balanceOf', [ZERO]), call('MultiToken1155', 'balanceOfBatch', [[holder], [1n, 2n]])]) {
      const { fast, full } = await both(req);
      expect(fast?.reverted).toBe(true);
      expect(summary(fast!)).toEqual(summary(full));
    }
    await expect(chain.call(call('Collectible721', 'ownerOf', [8n]))).rejects.toMatchObject({ code: 3, message: 'execution reverted: ERC721: nonexistent token' });
  });

  it('gives the answer through EvmChain.call', async () => {
    const out = await chain.call(call('Token20', 'balanceOf', [holder]));
    expect(BigInt(bytesToHex(out))).toBe(1234n);
  });

  it('hands over what it must not run: value, a gas price, state writes, an account without code, too little gas', async () => {
    const cases: [string, CallRequest, bigint?][] = [
      ['value', call('Token20', 'balanceOf', [holder], { value: 1n, from: hexToBytes(owner.address) })],
      ['gas price', call('Token20', 'balanceOf', [holder], { gasPrice: 1n, from: hexToBytes(owner.address) })],
      ['a state write', call('Token20', 'transfer', [holder, 1n], { from: hexToBytes(owner.address) })],
      ['no code', { to: hexToBytes(holder), data: new Uint8Array([1, 2]) }],
      ['a precompile', { to: hexToBytes('0x0000000000000000000000000000000000000002'), data: new Uint8Array([1]) }],
      ['out of gas', call('Token20', 'balanceOf', [holder]), 21_000n + 16n * 36n + 100n],
    ];
    for (const [what, req, gas] of cases) {
      const { fast, full } = await both(req, gas);
      expect(fast, what).toBeUndefined();
      // and the full EVM's answer is what eth_call gives
      const view = await chain.stateView();
      expect(summary(await runCall(view.vm, view.state, chain.common, view.block.block.header, req, gas ?? 50_000_000n)), what).toEqual(summary(full));
    }
  });
});
