/**
 * Shared pieces of the L1 integration tests: an avalanchejs P-chain wallet funded by ewoq, a JSON-RPC client for
 * one EVM chain that signs locally and sends raw transactions, the subnet-EVM precompile ABIs, and a tiny
 * hand-assembled contract that reads the warp precompile inside a transaction (no Solidity compile needed).
 */
import * as avalanchejs from '@avalabs/avalanchejs';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { type Hex, parseAbi } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { nodeIdToString } from '../../src/lib/cb58.js';
import { sha256 } from '../../src/lib/hash.js';
import { bytesToHex, hexToBytes } from '../../src/lib/hex.js';
import { rpc } from './devnet-process.js';
import { EWOQ_KEY } from './ewoq.js';

export { EWOQ_KEY };

/* avalanchejs 5.2.0's .d.ts files do not resolve under NodeNext; its surface is typed loosely here. */
type Any = any;
const ajs = avalanchejs as Any;

const BLS_POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

export const PRECOMPILES = {
  deployer: '0x0200000000000000000000000000000000000000',
  minter: '0x0200000000000000000000000000000000000001',
  txAllowList: '0x0200000000000000000000000000000000000002',
  feeManager: '0x0200000000000000000000000000000000000003',
  rewardManager: '0x0200000000000000000000000000000000000004',
  warp: '0x0200000000000000000000000000000000000005',
} as const;

export const ALLOW_LIST_ABI = parseAbi([
  'function setAdmin(address addr)', 'function setEnabled(address addr)', 'function setManager(address addr)', 'function setNone(address addr)',
  'function readAllowList(address addr) view returns (uint256 role)',
  'event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole)',
]);
export const MINTER_ABI = parseAbi([
  'function mintNativeCoin(address addr, uint256 amount)',
  'event NativeCoinMinted(address indexed sender, address indexed recipient, uint256 amount)',
]);
export const FEE_MANAGER_ABI = parseAbi([
  'function setFeeConfig(uint256 gasLimit, uint256 targetBlockRate, uint256 minBaseFee, uint256 targetGas, uint256 baseFeeChangeDenominator, uint256 minBlockGasCost, uint256 maxBlockGasCost, uint256 blockGasCostStep)',
  'function getFeeConfig() view returns (uint256 gasLimit, uint256 targetBlockRate, uint256 minBaseFee, uint256 targetGas, uint256 baseFeeChangeDenominator, uint256 minBlockGasCost, uint256 maxBlockGasCost, uint256 blockGasCostStep)',
  'struct FeeConfig { uint256 gasLimit; uint256 targetBlockRate; uint256 minBaseFee; uint256 targetGas; uint256 baseFeeChangeDenominator; uint256 minBlockGasCost; uint256 maxBlockGasCost; uint256 blockGasCostStep; }',
  'event FeeConfigChanged(address indexed sender, FeeConfig oldFeeConfig, FeeConfig newFeeConfig)',
]);
export const REWARD_MANAGER_ABI = parseAbi([
  'function setRewardAddress(address addr)', 'function currentRewardAddress() view returns (address rewardAddress)',
  'event RewardAddressChanged(address indexed sender, address indexed oldRewardAddress, address indexed newRewardAddress)',
]);
export const WARP_ABI = parseAbi([
  'function sendWarpMessage(bytes payload) returns (bytes32 messageID)',
  'function getBlockchainID() view returns (bytes32 blockchainID)',
  'function getVerifiedWarpMessage(uint32 index) view returns ((bytes32 sourceChainID, address originSenderAddress, bytes payload) message, bool valid)',
  'event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)',
]);

/**
 * Creation code of a contract that forwards its calldata to the warp precompile with STATICCALL and logs the
 * returned bytes (LOG1, topic = the call's success flag). Runtime:
 * CALLDATASIZE PUSH0 PUSH0 CALLDATACOPY · PUSH0 PUSH0 CALLDATASIZE PUSH0 PUSH20 warp GAS STATICCALL ·
 * RETURNDATASIZE PUSH0 PUSH0 RETURNDATACOPY · RETURNDATASIZE PUSH0 LOG1 STOP.
 */
export function warpReaderCreationCode(): Hex {
  const runtime = `365f5f375f5f365f73${PRECOMPILES.warp.slice(2)}5afa3d5f5f3e3d5fa100`;
  const length = runtime.length / 2;
  // PUSH1 len DUP1 PUSH1 9 PUSH0 CODECOPY PUSH0 RETURN: copies the runtime (after these 9 bytes) and returns it.
  return `0x60${length.toString(16).padStart(2, '0')}8060095f395ff3${runtime}`;
}

export interface Receipt {
  status: Hex;
  transactionHash: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  contractAddress: Hex | null;
  logs: Array<{ address: Hex; topics: [Hex, ...Hex[]]; data: Hex }>;
}

/** One EVM chain of a devnet, reached over JSON-RPC; transactions are signed locally. */
export class EvmChain {
  constructor(readonly url: string, readonly path: string, readonly chainId: number) {}

  async call(method: string, params: unknown[] = []): Promise<{ result?: Any; error?: { code: number; message: string } }> {
    return rpc(this.url, this.path, method, params);
  }

  async result(method: string, params: unknown[] = []): Promise<Any> {
    const r = await this.call(method, params);
    if (r.error) throw new Error(`${method}: ${r.error.message}`);
    return r.result;
  }

  /** Signs and sends; the node's refusal as `error`. */
  async send(account: PrivateKeyAccount, tx: { to?: Hex; data?: Hex; value?: bigint; gas?: bigint; accessList?: { address: Hex; storageKeys: Hex[] }[] }): Promise<{ hash?: Hex; error?: string }> {
    const nonce = Number(BigInt(await this.result('eth_getTransactionCount', [account.address, 'latest'])));
    const raw = await account.signTransaction({
      chainId: this.chainId, type: 'eip1559', nonce, to: tx.to ?? null, data: tx.data ?? '0x', value: tx.value ?? 0n, gas: tx.gas ?? 1_000_000n,
      maxFeePerGas: 1_000_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, accessList: tx.accessList ?? [],
    });
    const r = await this.call('eth_sendRawTransaction', [raw]);
    return r.error ? { error: r.error.message } : { hash: r.result };
  }

  /** Sends and waits for the receipt (the devnet mines each transaction on arrival). */
  async mined(account: PrivateKeyAccount, tx: Parameters<EvmChain['send']>[1]): Promise<Receipt> {
    const sent = await this.send(account, tx);
    if (sent.error) throw new Error(sent.error);
    for (let i = 0; i < 400; i++) {
      const receipt = await this.result('eth_getTransactionReceipt', [sent.hash]);
      if (receipt) return receipt as Receipt;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no receipt for ${sent.hash}`);
  }

  /** eth_call at latest; the revert reason as `error`. */
  async read(to: Hex, data: Hex, from?: Hex): Promise<{ result?: Hex; error?: string }> {
    const r = await this.call('eth_call', [{ to, data, ...(from ? { from } : {}) }, 'latest']);
    return r.error ? { error: r.error.message } : { result: r.result };
  }

  /** AvalancheGo starts a chain asynchronously after accepting its CreateChainTx: polls until it serves. */
  async waitServing(): Promise<void> {
    for (let i = 0; i < 400; i++) {
      const r = await this.call('eth_chainId').catch(() => undefined);
      if (r?.result === `0x${this.chainId.toString(16)}`) return;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`${this.path} never served chain id ${this.chainId}`);
  }
}

/** An avalanchejs 5.2.0 wallet on the P-chain of a devnet, spending ewoq's funds. */
export class PChainWallet {
  readonly api: Any;
  readonly addr: Uint8Array;
  readonly pAddr: string;

  private constructor(readonly url: string, readonly context: Any) {
    this.api = new ajs.pvm.PVMApi(url);
    this.pAddr = `P-${context.hrp}18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u`;
    this.addr = ajs.utils.bech32ToBytes(this.pAddr);
  }

  static async connect(url: string): Promise<PChainWallet> {
    return new PChainWallet(url, await ajs.Context.getContextFromURI(url));
  }

  /** A platform.* call; throws on a JSON-RPC error. */
  async result(method: string, params: Record<string, unknown> = {}): Promise<Any> {
    const r = await rpc(this.url, '/ext/bc/P', method, params);
    if (r.error) throw new Error(`${method}: ${r.error.message}`);
    return r.result;
  }

  /** Builds with avalanchejs, signs the inputs (and the subnet/disable auth with `auth`), issues; the tx id. */
  async issue(build: (common: { feeState: Any; fromAddressesBytes: Uint8Array[]; utxos: Any[] }, context: Any) => Any, opts: { auth?: boolean } = {}): Promise<string> {
    const feeState = await this.api.getFeeState();
    const { utxos } = await this.api.getUTXOs({ addresses: [this.pAddr] });
    const tx = build({ feeState, fromAddressesBytes: [this.addr], utxos }, this.context);
    await ajs.addTxSignatures({ unsignedTx: tx, privateKeys: [EWOQ_KEY] });
    if (opts.auth) tx.addSignatureAt(await ajs.secp256k1.sign(tx.toBytes(), EWOQ_KEY), tx.getCredentials().length - 1, 0);
    return (await this.api.issueSignedTx(tx.getSignedTx())).txID as string;
  }

  createSubnet(): Promise<string> {
    return this.issue((c, ctx) => ajs.pvm.newCreateSubnetTx({ ...c, subnetOwners: [this.addr] }, ctx));
  }

  createChain(subnetId: string, chainName: string, vmId: string, genesisData: unknown): Promise<string> {
    return this.issue((c, ctx) => ajs.pvm.newCreateChainTx({ ...c, subnetId, chainName, vmId, fxIds: [], genesisData, subnetAuth: [0] }, ctx), { auth: true });
  }

  /** ConvertSubnetToL1Tx: every given validator at `weight` with `balance`, owners = ewoq. */
  convert(subnetId: string, chainId: string, manager: Hex, validators: BlsValidator[], weight: bigint, balance: bigint): Promise<string> {
    const owner = () => ajs.PChainOwner.fromNative([this.addr], 1);
    const l1Validators = validators.map((v) =>
      ajs.L1Validator.fromNative(v.nodeID, weight, balance, new ajs.pvmSerial.ProofOfPossession(hexToBytes(v.publicKey), hexToBytes(v.proofOfPossession)), owner(), owner()));
    return this.issue((c, ctx) => ajs.pvm.newConvertSubnetToL1Tx({ ...c, subnetId, chainId, address: hexToBytes(manager), validators: l1Validators, subnetAuth: [0] }, ctx), { auth: true });
  }

  register(signedMessage: string, pop: Uint8Array, balance: bigint): Promise<string> {
    return this.issue((c, ctx) => ajs.pvm.newRegisterL1ValidatorTx({ ...c, balance, blsSignature: pop, message: hexToBytes(signedMessage) }, ctx));
  }

  setWeight(signedMessage: string): Promise<string> {
    return this.issue((c, ctx) => ajs.pvm.newSetL1ValidatorWeightTx({ ...c, message: hexToBytes(signedMessage) }, ctx));
  }

  increaseBalance(validationId: string, balance: bigint): Promise<string> {
    return this.issue((c, ctx) => ajs.pvm.newIncreaseL1ValidatorBalanceTx({ ...c, validationId, balance }, ctx));
  }

  disable(validationId: string): Promise<string> {
    return this.issue((c, ctx) => ajs.pvm.newDisableL1ValidatorTx({ ...c, validationId, disableAuth: [0] }, ctx), { auth: true });
  }
}

export interface BlsValidator {
  nodeID: string;
  publicKey: string;
  proofOfPossession: string;
}

/** A node the devnet does not run, with a BLS key it does not hold (and its proof of possession). */
export function outsideValidator(seed: string): { nodeID: string; publicKey: Uint8Array; pop: Uint8Array } {
  const sigs = bls12_381.longSignatures;
  const secret = sha256(new TextEncoder().encode(seed));
  const publicKey = sigs.getPublicKey(secret).toBytes(true);
  return { nodeID: nodeIdToString(secret.subarray(0, 20)), publicKey, pop: sigs.sign(sigs.hash(publicKey, BLS_POP_DST), secret).toBytes(true) };
}

export const hex = (bytes: Uint8Array): Hex => bytesToHex(bytes) as Hex;

/** Polls `probe` until it returns a value. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
