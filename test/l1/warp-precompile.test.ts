import * as avalanchejs from '@avalabs/avalanchejs';
import solc from 'solc';
import { type Abi, type Hex, bytesToHex, decodeEventLog, encodeFunctionData, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFromString, idToString } from '../../src/lib/cb58.js';
import { hexToBytes } from '../../src/lib/hex.js';
import { SUBNET_EVM_ID_STRING } from '../../src/lib/networks.js';
import { packPredicate, predicateStorageKeys } from '../../src/node/chains/evm/warp/predicate.js';
import { decodePredicateResults } from '../../src/node/chains/evm/warp/predicate-results.js';
import { rpc, startDevnet, type DevnetProcess } from '../helpers/devnet-process.js';
import { EWOQ_KEY, EWOQ_P } from '../helpers/ewoq.js';

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; the wallet surface used here, typed loosely. */
type Any = any;
const A = avalanchejs as Any;

const SENDER = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const WARP = '0x0200000000000000000000000000000000000005';
const L1_CHAIN_ID = 515_151;
const ETHER = 10n ** 18n;
/** The devnet's Durango (AvalancheGo's InitiallyActiveTime): subnet-evm refuses a warp config before it. */
const DURANGO = 1_607_144_400;

const WARP_ABI = parseAbi([
  'function sendWarpMessage(bytes payload) returns (bytes32 messageID)',
  'function getBlockchainID() view returns (bytes32 blockchainID)',
  'event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)',
]);

/** Reads predicate 0 through the precompile inside a tx and logs what it saw. */
const RECEIVER_SOURCE = `
pragma solidity ^0.8.24;
struct WarpMessage { bytes32 sourceChainID; address originSenderAddress; bytes payload; }
interface IWarpMessenger { function getVerifiedWarpMessage(uint32 index) external view returns (WarpMessage memory message, bool valid); }
contract Receiver {
  event Received(bytes32 sourceChainID, address originSenderAddress, bytes payload, bool valid);
  function receiveMessage(uint32 index) external {
    (WarpMessage memory m, bool valid) = IWarpMessenger(0x0200000000000000000000000000000000000005).getVerifiedWarpMessage(index);
    emit Received(m.sourceChainID, m.originSenderAddress, m.payload, valid);
  }
}`;

function compileReceiver(): { abi: Abi; bytecode: Hex } {
  const input = { language: 'Solidity', sources: { 'Receiver.sol': { content: RECEIVER_SOURCE } }, settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const c = out.contracts['Receiver.sol'].Receiver;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

const GENESIS = {
  config: {
    chainId: L1_CHAIN_ID,
    feeConfig: { gasLimit: 8_000_000, targetBlockRate: 2, minBaseFee: 25_000_000_000, targetGas: 15_000_000, baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000 },
    warpConfig: { blockTimestamp: DURANGO, quorumNumerator: 67 },
  },
  alloc: { [SENDER.address.slice(2)]: { balance: '0x' + (1000n * ETHER).toString(16) } },
  // at Durango, so warp is active (and its account configured) from the genesis, as in subnet-evm's tests/warp genesis
  nonce: '0x0', timestamp: '0x' + DURANGO.toString(16), extraData: '0x', gasLimit: '0x7a1200', difficulty: '0x0',
  mixHash: '0x' + '00'.repeat(32), coinbase: '0x' + '00'.repeat(20), number: '0x0', gasUsed: '0x0', parentHash: '0x' + '00'.repeat(32),
};

describe('warp from the C-chain to a subnet-EVM L1 on the devnet process', () => {
  let node: DevnetProcess;
  let pApi: Any;
  let context: Any;
  let subnetId: string;
  let blockchainId: string;
  let cChainId: string;
  let l1Rpc: string;
  /** The C-chain message sent by the first test: its ID and unsigned bytes. */
  let sentMessage: { id: string; bytes: Hex } | undefined;
  const C_RPC = '/ext/bc/C/rpc';

  const call = async (path: string, method: string, params: unknown[] = []) => (await rpc(node.url, path, method, params)) as { result?: any; error?: { code: number; message: string } };

  async function send(path: string, chainId: number, tx: { to?: Hex; data?: Hex; gas?: bigint; accessList?: { address: Hex; storageKeys: Hex[] }[] }) {
    const nonce = Number(BigInt((await call(path, 'eth_getTransactionCount', [SENDER.address, 'latest'])).result));
    const raw = await SENDER.signTransaction({
      chainId, type: 'eip1559', nonce, to: tx.to ?? null, data: tx.data ?? '0x', value: 0n, gas: tx.gas ?? 1_000_000n,
      maxFeePerGas: 1_000_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, accessList: tx.accessList ?? [],
    });
    const r = await call(path, 'eth_sendRawTransaction', [raw]);
    if (r.error) throw new Error(r.error.message);
    const receipt = (await call(path, 'eth_getTransactionReceipt', [r.result])).result;
    expect(receipt).toBeTruthy();
    return receipt;
  }

  async function issueP(build: (c: { feeState: Any; fromAddressesBytes: Uint8Array[]; utxos: Any[] }) => Any, subnetAuth = false): Promise<string> {
    const feeState = await pApi.getFeeState();
    const { utxos } = await pApi.getUTXOs({ addresses: [EWOQ_P] });
    const tx = build({ feeState, fromAddressesBytes: [A.utils.bech32ToBytes(EWOQ_P)], utxos });
    await A.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    if (subnetAuth) tx.addSignatureAt(await A.secp256k1.sign(tx.toBytes(), EWOQ_KEY), tx.getCredentials().length - 1, 0);
    return (await pApi.issueSignedTx(tx.getSignedTx())).txID as string;
  }

  beforeAll(async () => {
    node = await startDevnet();
    context = await A.Context.getContextFromURI(node.url);
    pApi = new A.pvm.PVMApi(node.url);
    const ewoq = A.utils.bech32ToBytes(EWOQ_P);
    subnetId = await issueP((c) => A.pvm.newCreateSubnetTx({ ...c, subnetOwners: [ewoq] }, context));
    const nodeId = (await rpc(node.url, '/ext/info', 'info.getNodeID', {})).result.nodeID;
    const now = BigInt(Math.floor(Date.now() / 1000));
    await issueP((c) => A.pvm.newAddSubnetValidatorTx({ ...c, nodeId, start: now, end: now + 3600n, weight: 20n, subnetId, subnetAuth: [0] }, context), true);
    blockchainId = await issueP((c) => A.pvm.newCreateChainTx({ ...c, subnetId, chainName: 'warpl1', vmId: SUBNET_EVM_ID_STRING, fxIds: [], genesisData: GENESIS, subnetAuth: [0] }, context), true);
    l1Rpc = `/ext/bc/${blockchainId}/rpc`;
    for (let i = 0; i < 200; i++) {
      const r = await fetch(`${node.url}${l1Rpc}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
      if (r.status === 200) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    cChainId = (await rpc(node.url, '/ext/info', 'info.getBlockchainID', { alias: 'C' })).result.blockchainID;
  }, 120_000);

  it('shows warpConfig as subnet-evm does: no allow list, its quorum fields', async () => {
    expect((await call(l1Rpc, 'eth_getChainConfig')).result.warpConfig).toEqual({ blockTimestamp: DURANGO, quorumNumerator: 67, requirePrimaryNetworkSigners: false });
    expect((await call(l1Rpc, 'eth_getActiveRulesAt')).result.precompiles).toHaveProperty('warpConfig');
  });

  it('configures the warp account where warp activated: nonce 1 and code 0x01 on the C-chain and the L1', async () => {
    for (const path of [C_RPC, l1Rpc]) {
      expect((await call(path, 'eth_getCode', [WARP, 'latest'])).result).toBe('0x01');
      expect((await call(path, 'eth_getTransactionCount', [WARP, 'latest'])).result).toBe('0x1');
    }
  });

  it('does not launch a chain whose warpConfig takes effect before Durango, and logs why', async () => {
    const genesis = { ...GENESIS, config: { ...GENESIS.config, chainId: L1_CHAIN_ID + 1, warpConfig: { blockTimestamp: 0 } } };
    const refusedId = await issueP((c) => A.pvm.newCreateChainTx({ ...c, subnetId, chainName: 'warpearly', vmId: SUBNET_EVM_ID_STRING, fxIds: [], genesisData: genesis, subnetAuth: [0] }, context), true);
    for (let i = 0; i < 200 && !node.output().includes('warp cannot be activated before Durango'); i++) await new Promise((res) => setTimeout(res, 50));
    const line = node.output().split('\n').find((l) => l.includes(refusedId) && l.includes('subnet-EVM chain not started'));
    expect(line).toBeDefined();
    expect(line).toContain('warp cannot be activated before Durango');
    const r = await fetch(`${node.url}/ext/bc/${refusedId}/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) });
    expect(r.status).not.toBe(200);
  }, 60_000);
  afterAll(async () => {
    await node?.stop();
  });

  it('sends on the C-chain, aggregates, and delivers on the L1 through the access-list predicate', async () => {
    const cChain = Number(BigInt((await call(C_RPC, 'eth_chainId')).result));
    // getBlockchainID answers the chain's own ID on both chains
    const idCall = encodeFunctionData({ abi: WARP_ABI, functionName: 'getBlockchainID' });
    expect((await call(C_RPC, 'eth_call', [{ to: WARP, data: idCall }, 'latest'])).result).toBe(bytesToHex(idFromString(cChainId)));
    expect((await call(l1Rpc, 'eth_call', [{ to: WARP, data: idCall }, 'latest'])).result).toBe(bytesToHex(idFromString(blockchainId)));

    const payload: Hex = '0xdeadbeef00c0ffee';
    const sent = await send(C_RPC, cChain, { to: WARP, data: encodeFunctionData({ abi: WARP_ABI, functionName: 'sendWarpMessage', args: [payload] }), gas: 200_000n });
    expect(sent.status).toBe('0x1');
    const log = sent.logs.find((l: Any) => l.address === WARP);
    const event = decodeEventLog({ abi: WARP_ABI, data: log.data, topics: log.topics }) as Any;
    expect(event.eventName).toBe('SendWarpMessage');
    expect(event.args.sender.toLowerCase()).toBe(SENDER.address.toLowerCase());
    const messageId = idToString(hexToBytes(event.args.messageID));
    sentMessage = { id: messageId, bytes: event.args.message };

    // the accepted message is served by warp_getMessage and signed by this node
    expect((await call(C_RPC, 'warp_getMessage', [messageId])).result).toBe(event.args.message);
    const own = (await call(C_RPC, 'warp_getMessageSignature', [messageId])).result as string;
    expect(hexToBytes(own)).toHaveLength(96);
    expect((await call(C_RPC, 'warp_getMessage', [idToString(new Uint8Array(32))])).error?.message).toMatch(/^failed to get message .* with error not found$/);

    // a C-chain message is verified on the L1 against the L1's own validators (requirePrimaryNetworkSigners false)
    const agg = await call(C_RPC, 'warp_getMessageAggregateSignature', [messageId, 67, subnetId]);
    expect(agg.error).toBeUndefined();
    const signed = hexToBytes(agg.result);

    const receiver = compileReceiver();
    const deployed = await send(l1Rpc, L1_CHAIN_ID, { data: receiver.bytecode, gas: 2_000_000n });
    const receiverAddress = deployed.contractAddress as Hex;
    const deliver = async (message: Uint8Array, gas = 1_000_000n) => {
      const keys = predicateStorageKeys(packPredicate(message)).map((k) => bytesToHex(k));
      const receipt = await send(l1Rpc, L1_CHAIN_ID, {
        to: receiverAddress, data: encodeFunctionData({ abi: receiver.abi, functionName: 'receiveMessage', args: [0] }), gas,
        accessList: [{ address: WARP, storageKeys: keys }],
      });
      expect(receipt.status).toBe('0x1');
      const got = decodeEventLog({ abi: receiver.abi, data: receipt.logs[0].data, topics: receipt.logs[0].topics }) as Any;
      const block = (await call(l1Rpc, 'eth_getBlockByNumber', [receipt.blockNumber, false])).result;
      return { got: got.args, receipt, block };
    };

    // predicate gas is intrinsic in the pool too: a tx that cannot pay it is refused at submission
    const refused = await deliver(signed, 100_000n).then(() => undefined, (e: Error) => e.message);
    expect(refused).toMatch(/^intrinsic gas too low: address 0x[0-9a-fA-F]{40} tx gas \(100000\), minimum needed \d+$/);
    expect(BigInt(refused!.split(' ').at(-1)!)).toBeGreaterThan(125_000n);

    const ok = await deliver(signed);
    expect(ok.got).toEqual({ sourceChainID: bytesToHex(idFromString(cChainId)), originSenderAddress: SENDER.address, payload, valid: true });
    // predicate gas is intrinsic: well above a plain call's
    expect(BigInt(ok.receipt.gasUsed)).toBeGreaterThan(125_000n);
    // the header's Extra carries the results after the 80-byte fee window: this tx, no failures
    const results = decodePredicateResults(hexToBytes(ok.block.extraData).subarray(80));
    expect([...results.keys()]).toEqual([ok.receipt.transactionHash]);
    expect(results.get(ok.receipt.transactionHash)!.get(WARP)).toEqual(new Uint8Array(0));

    const tampered = signed.slice();
    tampered[tampered.length - 1] = tampered.at(-1)! ^ 0x01;
    const bad = await deliver(tampered);
    expect(bad.got.valid).toBe(false);
    expect(bad.got.payload).toBe('0x');
    const badResults = decodePredicateResults(hexToBytes(bad.block.extraData).subarray(80));
    expect(badResults.get(bad.receipt.transactionHash)!.get(WARP)).toEqual(new Uint8Array([1]));

    // a trace re-runs each tx with the results its block recorded
    for (const [tx, valid] of [[ok, true], [bad, false]] as const) {
      const trace = (await call(l1Rpc, 'debug_traceTransaction', [tx.receipt.transactionHash, { tracer: 'callTracer', tracerConfig: { withLog: true } }])).result;
      const traced = decodeEventLog({ abi: receiver.abi, data: trace.logs[0].data, topics: trace.logs[0].topics }) as Any;
      expect(traced.args.valid).toBe(valid);
      expect(BigInt(trace.gasUsed)).toBe(BigInt(tx.receipt.gasUsed));
      // the default callTracer answers from what the L1's block builder recorded: the same frames as the replay
      const recorded = (await call(l1Rpc, 'debug_traceTransaction', [tx.receipt.transactionHash, { tracer: 'callTracer' }])).result;
      const withoutLogs = (f: Any): Any => {
        const { logs: _logs, calls, ...rest } = f;
        return calls ? { ...rest, calls: calls.map(withoutLogs) } : rest;
      };
      expect(recorded).toEqual(withoutLogs(trace));
    }
  }, 120_000);

  it('sends on the L1 and delivers on the C-chain, verified against the L1 subnet\'s validators', async () => {
    const cChain = Number(BigInt((await call(C_RPC, 'eth_chainId')).result));
    const payload: Hex = '0x1234';
    const sent = await send(l1Rpc, L1_CHAIN_ID, { to: WARP, data: encodeFunctionData({ abi: WARP_ABI, functionName: 'sendWarpMessage', args: [payload] }), gas: 200_000n });
    const log = sent.logs.find((l: Any) => l.address === WARP);
    const messageId = idToString(hexToBytes(log.topics[2]));
    // default signing subnet: the L1's own
    const agg = await call(l1Rpc, 'warp_getMessageAggregateSignature', [messageId, 67]);
    expect(agg.error).toBeUndefined();

    const receiver = compileReceiver();
    const deployed = await send(C_RPC, cChain, { data: receiver.bytecode, gas: 2_000_000n });
    const keys = predicateStorageKeys(packPredicate(hexToBytes(agg.result))).map((k) => bytesToHex(k));
    const receipt = await send(C_RPC, cChain, {
      to: deployed.contractAddress, data: encodeFunctionData({ abi: receiver.abi, functionName: 'receiveMessage', args: [0] }), gas: 1_000_000n,
      accessList: [{ address: WARP, storageKeys: keys }],
    });
    const got = decodeEventLog({ abi: receiver.abi, data: receipt.logs[0].data, topics: receipt.logs[0].topics }) as Any;
    expect(got.args).toEqual({ sourceChainID: bytesToHex(idFromString(blockchainId)), originSenderAddress: SENDER.address, payload, valid: true });
    // on the C-chain the results follow the 24-byte ACP-176 state
    const block = (await call(C_RPC, 'eth_getBlockByNumber', [receipt.blockNumber, false])).result;
    expect(decodePredicateResults(hexToBytes(block.extraData).subarray(24)).get(receipt.transactionHash)!.get(WARP)).toEqual(new Uint8Array(0));
  });

  it('signs the C-chain message and accepted block hashes over ACP-118-backed RPC', async () => {
    const head = (await call(C_RPC, 'eth_getBlockByNumber', ['latest', false])).result;
    const blockId = idToString(hexToBytes(head.hash));
    expect(hexToBytes((await call(C_RPC, 'warp_getBlockSignature', [blockId])).result)).toHaveLength(96);
    const agg = await call(C_RPC, 'warp_getBlockAggregateSignature', [blockId, 67]);
    expect(agg.error).toBeUndefined();
    expect((await call(C_RPC, 'warp_getBlockSignature', [idToString(new Uint8Array(32).fill(7))])).error?.message).toMatch(/not found/);
  });

  it('still knows (and its validators still sign) the sent message after a restart', async () => {
    expect(sentMessage).toBeDefined();
    const dataDir = node.dataDir;
    expect(await node.stop()).toBe(0);
    node = await startDevnet([], { dataDir });
    expect((await call(C_RPC, 'warp_getMessage', [sentMessage!.id])).result).toBe(sentMessage!.bytes);
    const acp118 = async (message: string) => {
      const r = await fetch(`${node.url}/ext/bc/P/acp118`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });
      return { status: r.status, body: (await r.json()) as Any };
    };
    const ok = await acp118(sentMessage!.bytes);
    expect(ok.status).toBe(200);
    expect(ok.body.signatures.length).toBeGreaterThan(0);
    // a message the C-chain never emitted is refused with subnet-evm's verify error code
    const forged = hexToBytes(sentMessage!.bytes);
    forged[forged.length - 1] = forged.at(-1)! ^ 0xff;
    const refused = await acp118(bytesToHex(forged));
    expect(refused).toMatchObject({ status: 400, body: { error: { code: 2 } } });
  }, 60_000);
});
