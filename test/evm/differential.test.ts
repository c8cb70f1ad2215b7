/**
 * Differential test (issue 3 "Done when"): the same signed transactions go to anvil (started here, Cancun
 * rules, chain id 43112, the same `test … junk` mnemonic account) and to Firn; receipts (status, gasUsed,
 * logs, contractAddress, bloom, tx hash) and eth_call return data must agree, except where coreth
 * legitimately differs from plain Ethereum. Each intended difference is named in KNOWN_DIFFERENCES and
 * asserted on its own, with coreth's value on the Firn side.
 */
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import {
  type Abi, type Address, type Hex, concat, encodeAbiParameters, encodeDeployData, encodeFunctionData, getContractAddress,
  keccak256, pad, toHex,
} from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilProcess } from '../../bench/anvil.js';
import { freePort, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { contract } from '../helpers/solc.js';

/**
 * Where coreth (and so Firn) is not plain Ethereum. Sources: ../shared/reference/evm-rpc.md and coreth
 * (core/state_transition.go, params/hooks_libevm.go, consensus/dummy).
 */
const KNOWN_DIFFERENCES = {
  /** Apricot Phase 1 removed gas refunds: clearing storage earns nothing back (anvil applies EIP-3529). */
  noGasRefunds: 'coreth refundGas(): no refund from ApricotPhase1 on',
  /** Every block's coinbase is the black-hole address 0x0100…00 (anvil: its own coinbase). */
  coinbase: 'coinbase = 0x0100000000000000000000000000000000000000',
  /** Base fees follow ACP-176 (1 wei floor on an idle devnet), not EIP-1559's 1 gwei start; effectiveGasPrice differs. */
  baseFee: 'ACP-176 base fee',
  /** The whole fee, base fee included, goes to the coinbase; Ethereum burns the base fee. */
  blackholeFees: 'coreth TransitionDb: AddBalance(coinbase, gasUsed × gasPrice)',
  /** Granite adds P256VERIFY (RIP-7212) at 0x…0100; Cancun anvil has no precompile there. */
  p256Precompile: 'Granite: P256Verify at 0x100',
} as const;

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
const alice = privateKeyToAccount(KEY);
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d').address;
const CHAIN_ID = 43112;
const BLACKHOLE = '0x0100000000000000000000000000000000000000';
const ZERO = '0x0000000000000000000000000000000000000000';
const P256_VERIFY = '0x0000000000000000000000000000000000000100';

/** RIP-7212 input: hash ‖ r ‖ s ‖ x ‖ y for a fresh P-256 key. */
function p256Input(): Hex {
  const msg = sha256(new TextEncoder().encode('firn p256'));
  const priv = p256.utils.randomSecretKey();
  const sig = p256.sign(msg, priv, { prehash: false, format: 'compact' });
  return concat([toHex(msg), toHex(sig), toHex(p256.getPublicKey(priv, false).slice(1))]);
}

const token20 = contract('Token20');
const nft721 = contract('Collectible721');
const multi1155 = contract('MultiToken1155');
const receiver = contract('TokenReceiver');
const probe = contract('Probe');

interface Side { name: 'anvil' | 'firn'; url: string }
interface Receipt {
  status: string; gasUsed: string; cumulativeGasUsed: string; contractAddress: string | null; logsBloom: string;
  transactionHash: string; transactionIndex: string; type: string; from: string; to: string | null;
  logs: { address: string; topics: string[]; data: string; logIndex: string; transactionIndex: string }[];
}
interface Step { label: string; receipts: Record<Side['name'], Receipt> }

let anvil: AnvilProcess;
let firn: DevnetProcess;
let sides: [Side, Side];
let nonce = 0;
const steps: Step[] = [];
const at = {} as Record<'token' | 'nft' | 'multi' | 'receiver' | 'probe', Address>;

async function call(side: Side, method: string, params: unknown[] = []): Promise<{ result?: any; error?: { code: number; message: string; data?: string } }> {
  const r = await fetch(side.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await r.json()) as any;
}

async function result(side: Side, method: string, params: unknown[] = []): Promise<any> {
  const r = await call(side, method, params);
  if (r.error) throw new Error(`${side.name} ${method}: ${r.error.message}`);
  return r.result;
}

/** Signs one tx from alice and sends the same bytes to both nodes (automine on both); returns both receipts. */
async function both(label: string, tx: { to?: Address; data?: Hex; value?: bigint; gas?: bigint; type?: 'legacy' | 'eip2930'; accessList?: { address: Address; storageKeys: Hex[] }[] }): Promise<Step> {
  const common = { chainId: CHAIN_ID, nonce: nonce++, gas: tx.gas ?? 3_000_000n, value: tx.value ?? 0n, data: tx.data ?? '0x', ...(tx.to ? { to: tx.to } : {}) };
  const raw = tx.type === undefined
    ? await alice.signTransaction({ ...common, type: 'eip1559', maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n })
    : await alice.signTransaction({ ...common, type: tx.type, gasPrice: 100_000_000_000n, ...(tx.type === 'eip2930' ? { accessList: tx.accessList ?? [] } : {}) } as never);
  const receipts = {} as Step['receipts'];
  await Promise.all(sides.map(async (side) => {
    const hash = await result(side, 'eth_sendRawTransaction', [raw]);
    for (let i = 0; ; i++) {
      const r = await result(side, 'eth_getTransactionReceipt', [hash]);
      if (r) { receipts[side.name] = r; break; }
      if (i > 200) throw new Error(`${side.name}: no receipt for ${label}`);
      await new Promise((res) => setTimeout(res, 10));
    }
  }));
  const step = { label, receipts };
  steps.push(step);
  return step;
}

const fn = (abi: Abi, functionName: string, args: unknown[] = []) => encodeFunctionData({ abi, functionName, args } as never);
const deployData = (c: { abi: Abi; bytecode: Hex }, args: unknown[] = []) => encodeDeployData({ abi: c.abi, bytecode: c.bytecode, args } as never);

/** What both nodes must agree on in a receipt. */
function comparable(r: Receipt) {
  return {
    status: r.status, contractAddress: r.contractAddress, logsBloom: r.logsBloom, transactionHash: r.transactionHash,
    transactionIndex: r.transactionIndex, type: r.type, from: r.from.toLowerCase(), to: r.to?.toLowerCase() ?? null,
    logs: r.logs.map((l) => ({ address: l.address.toLowerCase(), topics: l.topics, data: l.data, logIndex: l.logIndex, transactionIndex: l.transactionIndex })),
  };
}

/** The refund an EIP-3529 node (anvil) applied to a tx: its final refund counter, capped at gasUsed/5 of the gross gas. */
async function anvilRefund(r: Receipt): Promise<bigint> {
  // a failed tx's refund counter is reverted with the rest of its state
  if (r.status === '0x0') return 0n;
  const hash = r.transactionHash;
  const trace = await result(sides[0], 'debug_traceTransaction', [hash, { disableStack: true, disableMemory: true, disableStorage: true }]);
  const logs = trace.structLogs as { refund?: number }[];
  const counter = BigInt(logs.length ? (logs[logs.length - 1]!.refund ?? 0) : 0);
  const net = BigInt(trace.gas);
  // net = gross − min(counter, gross / 5)
  if (counter <= (net + counter) / 5n) return counter;
  for (let gross = (net * 5n) / 4n - 2n; gross <= (net * 5n) / 4n + 2n; gross++) if (gross - gross / 5n === net) return gross - net;
  throw new Error(`cannot invert refund for ${hash}`);
}

beforeAll(async () => {
  const [a, f] = await Promise.all([
    freePort().then((port) => startAnvil(port, ['--chain-id', String(CHAIN_ID), '--hardfork', 'cancun', '--steps-tracing'])),
    startDevnet(),
  ]);
  anvil = a;
  firn = f;
  sides = [{ name: 'anvil', url: anvil.url }, { name: 'firn', url: `${firn.url}/ext/bc/C/rpc` }];

  const deploys: [keyof typeof at, { abi: Abi; bytecode: Hex }, unknown[]][] = [
    ['token', token20, ['Diff Token', 'DIFF', 10n ** 24n]], ['nft', nft721, ['Diff NFT', 'DNFT']], ['multi', multi1155, ['diff://{id}']],
    ['receiver', receiver, []], ['probe', probe, []],
  ];
  for (const [key, c, args] of deploys) {
    const s = await both(`deploy ${key}`, { data: deployData(c, args), gas: 5_000_000n });
    at[key] = s.receipts.firn.contractAddress as Address;
  }
  const { token, nft, multi, probe: p } = at;
  const rcv = at.receiver;
  await both('ERC-20 transfer', { to: token, data: fn(token20.abi, 'transfer', [bob, 1000n]) });
  await both('ERC-20 approve', { to: token, data: fn(token20.abi, 'approve', [bob, 500n]) });
  await both('ERC-20 transfer to zero (reverts)', { to: token, data: fn(token20.abi, 'transfer', [ZERO, 1n]) });
  await both('ERC-721 mint 1', { to: nft, data: fn(nft721.abi, 'mint', [alice.address, 1n]) });
  await both('ERC-721 mint 2', { to: nft, data: fn(nft721.abi, 'mint', [alice.address, 2n]) });
  await both('ERC-721 safeTransferFrom to receiver', { to: nft, data: fn(nft721.abi, 'safeTransferFrom', [alice.address, rcv, 1n, '0xabcdef']) });
  await both('ERC-721 safeTransferFrom to non-receiver (reverts)', { to: nft, data: fn(nft721.abi, 'safeTransferFrom', [alice.address, token, 2n]) });
  await both('ERC-721 approve then transfer (clears the approval)', { to: nft, data: fn(nft721.abi, 'approve', [bob, 2n]) });
  await both('ERC-721 transferFrom', { to: nft, data: fn(nft721.abi, 'transferFrom', [alice.address, bob, 2n]) });
  await both('ERC-1155 mintBatch to receiver', { to: multi, data: fn(multi1155.abi, 'mintBatch', [rcv, [1n, 2n, 3n], [10n, 20n, 30n], '0x01']) });
  await both('ERC-1155 mint', { to: multi, data: fn(multi1155.abi, 'mint', [alice.address, 7n, 100n, '0x']) });
  await both('ERC-1155 transfer whole balance (clears a slot)', { to: multi, data: fn(multi1155.abi, 'safeTransferFrom', [alice.address, bob, 7n, 100n, '0x']) });
  await both('probe store 1', { to: p, data: fn(probe.abi, 'store', [1n, 5n]) });
  await both('probe store 2', { to: p, data: fn(probe.abi, 'store', [2n, 6n]) });
  await both('probe storeAndClear', { to: p, data: fn(probe.abi, 'storeAndClear', [1n, 2n]) });
  await both('probe emitAll (LOG0…LOG4)', { to: p, data: fn(probe.abi, 'emitAll', ['0x00ff00ff', 'note']) });
  for (const [name, args] of [['failRequire', []], ['failCustom', [7n]], ['failPanic', [0n]], ['failEmpty', []]] as const) {
    await both(`probe ${name} (reverts)`, { to: p, data: fn(probe.abi, name, [...args]) });
  }
  await both('probe tryInner (inner revert swallowed)', { to: p, data: fn(probe.abi, 'tryInner') });
  await both('probe transient storage', { to: p, data: fn(probe.abi, 'transient', [9n]) });
  await both('probe spawn (CREATE + CREATE2)', { to: p, data: fn(probe.abi, 'spawn', [pad('0x42')]) });
  await both('probe spawnAndDestroy (EIP-6780)', { to: p, data: fn(probe.abi, 'spawnAndDestroy') });
  await both('probe burnGas', { to: p, data: fn(probe.abi, 'burnGas', [40n]) });
  await both('probe out of gas', { to: p, data: fn(probe.abi, 'burnGas', [10_000n]), gas: 200_000n });
  await both('value transfer to a new account', { to: '0x00000000000000000000000000000000000d1ff0', value: 12345n, gas: 21_000n });
  await both('legacy tx', { to: token, data: fn(token20.abi, 'transfer', [bob, 1n]), type: 'legacy' });
  await both('EIP-2930 tx with an access list', {
    to: token, data: fn(token20.abi, 'transfer', [bob, 1n]), type: 'eip2930',
    accessList: [{ address: token, storageKeys: [pad('0x0'), pad('0x1')] }],
  });
  await both('deploy whose initcode reverts', { data: '0x60006000fd', gas: 100_000n });
}, 60_000);

afterAll(async () => {
  await Promise.all([anvil?.stop(), firn?.stop()]);
});

describe('receipts: anvil vs Firn', () => {
  it('ran every step on both nodes', () => {
    expect(steps.length).toBeGreaterThan(30);
    expect(steps.filter((s) => s.receipts.firn.status === '0x0').map((s) => s.label)).toEqual([
      'ERC-20 transfer to zero (reverts)', 'ERC-721 safeTransferFrom to non-receiver (reverts)', 'probe failRequire (reverts)',
      'probe failCustom (reverts)', 'probe failPanic (reverts)', 'probe failEmpty (reverts)', 'probe out of gas', 'deploy whose initcode reverts',
    ]);
  });

  it('agree on status, logs (address, topics, data, index), bloom, contract address and tx hash', () => {
    for (const s of steps) expect(comparable(s.receipts.firn), s.label).toEqual(comparable(s.receipts.anvil));
  });

  it('contract addresses are CREATE addresses of (sender, nonce), even for a failed creation', () => {
    steps.filter((s) => s.receipts.firn.to === null).forEach((s) => {
      expect(s.receipts.firn.contractAddress, s.label).toMatch(/^0x[0-9a-f]{40}$/);
    });
    expect(at.token).toBe(getContractAddress({ from: alice.address, nonce: 0n }).toLowerCase());
  });

  it(`agree on gasUsed wherever no storage refund is involved (${KNOWN_DIFFERENCES.noGasRefunds})`, async () => {
    const refunded: string[] = [];
    for (const s of steps) {
      // one tx per block on both
      expect(s.receipts.firn.cumulativeGasUsed, s.label).toBe(s.receipts.firn.gasUsed);
      if ((await anvilRefund(s.receipts.anvil)) !== 0n) { refunded.push(s.label); continue; }
      expect(s.receipts.firn.gasUsed, s.label).toBe(s.receipts.anvil.gasUsed);
    }
    // the refund-bearing steps below exist, so the todo that follows has cases to check
    expect(refunded).toEqual(['ERC-721 transferFrom', 'ERC-1155 transfer whole balance (clears a slot)', 'probe storeAndClear']);
  });

  it('build blocks with the same transactions root, and the same receipts root where gas agrees', async () => {
    for (const s of steps) {
      const [a, f] = await Promise.all(sides.map(async (side) => {
        const r = await result(side, 'eth_getTransactionReceipt', [s.receipts.firn.transactionHash]);
        return result(side, 'eth_getBlockByHash', [r.blockHash, false]);
      }));
      expect(f.transactionsRoot, s.label).toBe(a.transactionsRoot);
      if (s.receipts.firn.gasUsed === s.receipts.anvil.gasUsed) expect(f.receiptsRoot, s.label).toBe(a.receiptsRoot);
      expect(f.logsBloom, s.label).toBe(a.logsBloom);
    }
  });

  // coreth applies no storage refunds from ApricotPhase1 on, so where anvil refunds, Firn's gasUsed is anvil's + that refund.
  it(`refund-bearing steps use anvil's gasUsed + its refund (${KNOWN_DIFFERENCES.noGasRefunds})`, async () => {
    let checked = 0;
    for (const s of steps) {
      const refund = await anvilRefund(s.receipts.anvil);
      if (refund === 0n) continue;
      expect(BigInt(s.receipts.firn.gasUsed), s.label).toBe(BigInt(s.receipts.anvil.gasUsed) + refund);
      checked++;
    }
    expect(checked).toBe(3);
  });

  it(`effectiveGasPrice differs by design (${KNOWN_DIFFERENCES.baseFee}) but each matches its block's base fee + tip`, async () => {
    const s = steps.find((x) => x.label === 'ERC-20 transfer')!; // EIP-1559: maxFee 100 gwei, tip 1 gwei
    for (const side of sides) {
      const r = await result(side, 'eth_getTransactionReceipt', [s.receipts[side.name].transactionHash]);
      const base = BigInt((await result(side, 'eth_getBlockByHash', [r.blockHash, false])).baseFeePerGas);
      const tip = 1_000_000_000n;
      expect(BigInt(r.effectiveGasPrice), side.name).toBe(base + (tip < 100_000_000_000n - base ? tip : 100_000_000_000n - base));
    }
    const firnBlock = await result(sides[1], 'eth_getBlockByHash', [(await result(sides[1], 'eth_getTransactionReceipt', [s.receipts.firn.transactionHash])).blockHash, false]);
    expect(BigInt(firnBlock.baseFeePerGas)).toBe(1n); // ACP-176 floor on an idle devnet
  });
});

describe('state and eth_call: anvil vs Firn', () => {
  const callBoth = async (to: Address, data: Hex, extra: Record<string, unknown> = {}) => Promise.all(sides.map((s) => call(s, 'eth_call', [{ from: alice.address, to, data, ...extra }, 'latest'])));

  it('return the same data for view calls', async () => {
    const { token, nft, multi, probe: p } = at;
    const digest = keccak256(toHex('firn'));
    const sig = await sign({ hash: digest, privateKey: KEY });
    const cases: [string, Address, Hex][] = [
      ['token name', token, fn(token20.abi, 'name')],
      ['token balances', token, fn(token20.abi, 'balanceOf', [bob])],
      ['token allowance', token, fn(token20.abi, 'allowance', [alice.address, bob])],
      ['nft ownerOf', nft, fn(nft721.abi, 'ownerOf', [1n])],
      ['nft tokenURI', nft, fn(nft721.abi, 'tokenURI', [2n])],
      ['nft supportsInterface', nft, fn(nft721.abi, 'supportsInterface', ['0x80ac58cd'])],
      ['multi balanceOfBatch', multi, fn(multi1155.abi, 'balanceOfBatch', [[at.receiver, at.receiver, bob], [1n, 3n, 7n]])],
      ['probe slots', p, fn(probe.abi, 'slots', [1n])],
      ['probe counter', p, fn(probe.abi, 'counter')],
      ['probe hashes (keccak, sha256, ripemd160, identity)', p, fn(probe.abi, 'hashes', ['0x0102030405'])],
      ['probe ecrecover', p, fn(probe.abi, 'recover', [digest, Number(sig.v), sig.r, sig.s])],
      ['probe modexp', p, fn(probe.abi, 'modexp', [3n, 200n, 1_000_000_007n])],
      ['probe bn256 add', p, fn(probe.abi, 'bnAdd', [1n, 2n, 1n, 2n])],
      ['probe mcopy', p, fn(probe.abi, 'copyMemory', ['0xdeadbeefcafe'])],
      ['probe transient', p, fn(probe.abi, 'transient', [77n])],
      ['probe chainid', p, fn(probe.abi, 'chainId')],
    ];
    for (const [label, to, data] of cases) {
      const [a, f] = await callBoth(to, data);
      expect(a!.error, `anvil ${label}`).toBeUndefined();
      expect(f, label).toEqual(a);
    }
  });

  it('return the same revert code and data (Error, custom error, Panic, empty); messages worded as coreth', async () => {
    // anvil words custom errors its own way; coreth decodes only Error(string) and Panic(uint256)
    const expected: Record<string, string> = {
      failRequire: 'execution reverted: Probe: required condition failed',
      failCustom: 'execution reverted',
      failEmpty: 'execution reverted',
    };
    for (const [name, args] of [['failRequire', []], ['failCustom', [7n]], ['failPanic', [0n]], ['failEmpty', []]] as const) {
      const [a, f] = await callBoth(at.probe, fn(probe.abi, name, [...args]));
      expect(f!.error?.code, name).toBe(3);
      expect(f!.error?.code, name).toBe(a!.error?.code);
      expect(f!.error?.data ?? '0x', name).toBe(a!.error?.data ?? '0x');
      if (expected[name]) expect(f!.error?.message, name).toBe(expected[name]);
    }
  });

  // coreth's abi.UnpackRevert also names Panic codes: Panic(0x12) → "execution reverted: division or modulo by
  // zero"; Firn's revertError decodes Error(string) only and answers "execution reverted".
  it('Panic(uint256) reverts read "execution reverted: <panic reason>" as coreth words them', async () => {
    const [, f] = await callBoth(at.probe, fn(probe.abi, 'failPanic', [0n]));
    expect(f!.error).toMatchObject({ code: 3, message: 'execution reverted: division or modulo by zero' });
  });

  it('hold the same code, storage and nonces', async () => {
    for (const addr of Object.values(at)) {
      const [a, f] = await Promise.all(sides.map((s) => result(s, 'eth_getCode', [addr, 'latest'])));
      expect(f, addr).toBe(a);
      expect(f.length).toBeGreaterThan(2);
    }
    for (const slot of ['0x0', '0x1', '0x2', '0x3']) {
      const [a, f] = await Promise.all(sides.map((s) => result(s, 'eth_getStorageAt', [at.token, slot, 'latest'])));
      expect(f, slot).toBe(a);
    }
    const [na, nf] = await Promise.all(sides.map((s) => result(s, 'eth_getTransactionCount', [alice.address, 'latest'])));
    expect(nf).toBe(na);
    expect(BigInt(nf)).toBe(BigInt(nonce));
    const [ba, bf] = await Promise.all(sides.map((s) => result(s, 'eth_getBalance', ['0x00000000000000000000000000000000000d1ff0', 'latest'])));
    expect(bf).toBe(ba);
    // CREATE2 child of spawn() and the self-destructed child are the same on both
    const spawnStep = steps.find((s) => s.label.startsWith('probe spawn ('))!;
    const create2 = getContractAddress({ opcode: 'CREATE2', from: at.probe, salt: pad('0x42'), bytecode: concat([contract('Child').bytecode, encodeAbiParameters([{ type: 'uint256' }], [2n])]) });
    expect(spawnStep.receipts.firn.logs[1]!.data.slice(26, 66)).toBe(create2.slice(2).toLowerCase());
  });

  it(`COINBASE differs by design (${KNOWN_DIFFERENCES.coinbase})`, async () => {
    const [a, f] = await callBoth(at.probe, fn(probe.abi, 'coinbase'));
    expect(f!.result).toBe(pad(BLACKHOLE));
    expect(a!.result).not.toBe(pad(BLACKHOLE));
    const block = await result(sides[1], 'eth_getBlockByNumber', ['latest', false]);
    expect(block.miner).toBe(BLACKHOLE);
  });

  // coreth's state transition credits gasUsed × effectiveGasPrice to the coinbase (the black hole), base fee included.
  it(`the coinbase collects gasUsed × effectiveGasPrice, base fee included (${KNOWN_DIFFERENCES.blackholeFees})`, async () => {
    const firn = sides[1]!;
    const head = BigInt(await result(firn, 'eth_blockNumber', []));
    let expected = 0n;
    for (let n = 1n; n <= head; n++) {
      for (const r of await result(firn, 'eth_getBlockReceipts', ['0x' + n.toString(16)])) expected += BigInt(r.gasUsed) * BigInt(r.effectiveGasPrice);
    }
    expect(BigInt(await result(firn, 'eth_getBalance', [BLACKHOLE, 'latest']))).toBe(expected);
  });

  it(`BASEFEE in eth_call is the header's (${KNOWN_DIFFERENCES.baseFee}); 0 without a gas price, as geth's NoBaseFee`, async () => {
    const block = await result(sides[1], 'eth_getBlockByNumber', ['latest', false]);
    const [, withPrice] = await callBoth(at.probe, fn(probe.abi, 'baseFee'), { gasPrice: '0x174876e800' });
    expect(BigInt(withPrice!.result)).toBe(BigInt(block.baseFeePerGas));
    const [, without] = await callBoth(at.probe, fn(probe.abi, 'baseFee'));
    expect(BigInt(without!.result)).toBe(0n);
  });

  it(`P256VERIFY is absent on Cancun anvil (${KNOWN_DIFFERENCES.p256Precompile})`, async () => {
    const [a] = await Promise.all(sides.map((s) => call(s, 'eth_call', [{ to: P256_VERIFY, data: p256Input() }, 'latest'])));
    expect(a!.result).toBe('0x');
  });

  // coreth activates RIP-7212 P256Verify (3,450 gas) at 0x…0100 from Granite: a valid signature returns 32-byte 1.
  it(`P256VERIFY returns 1 for a valid signature on Firn (${KNOWN_DIFFERENCES.p256Precompile})`, async () => {
    expect((await call(sides[1]!, 'eth_call', [{ to: P256_VERIFY, data: p256Input() }, 'latest'])).result).toBe(pad('0x1'));
  });
});
