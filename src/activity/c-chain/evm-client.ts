import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { isMethodNotFound, type JsonRpcClient } from '../json-rpc.js';
import type { Actor, Hex } from '../keys.js';

const RPC = '/ext/bc/C/rpc';

export interface EvmLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
}

export interface EvmReceipt {
  transactionHash: Hex;
  status: Hex;
  blockNumber: Hex;
  gasUsed: Hex;
  contractAddress: Hex | null;
  logs: EvmLog[];
}

export interface EvmTxRequest {
  to?: Hex;
  data?: Hex;
  value?: bigint;
  /** Explicit gas limit (needed for txs meant to fail, which eth_estimateGas refuses). */
  gas?: bigint;
}

export interface SentTx {
  hash: Hex;
  receipt: EvmReceipt;
  ok: boolean;
}

/**
 * The C-chain side of the generator: signs EIP-1559 transactions locally (viem), sends them with
 * eth_sendRawTransaction, keeps each sender's next nonce, and waits for receipts.
 */
export class EvmClient {
  private readonly nonces = new Map<string, number>();
  private readonly accounts = new Map<string, PrivateKeyAccount>();
  private fees: { at: number; maxFee: bigint; tip: bigint } | undefined;
  private mining: { at: number; on: boolean } | undefined;

  constructor(private readonly rpc: JsonRpcClient, readonly chainId: number, private readonly receiptTimeoutMs = 60_000) {}

  static async connect(rpc: JsonRpcClient, receiptTimeoutMs?: number): Promise<EvmClient> {
    const id = await rpc.call<Hex>(RPC, 'eth_chainId', []);
    return new EvmClient(rpc, Number(BigInt(id)), receiptTimeoutMs);
  }

  eth<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.rpc.call<T>(RPC, method, params);
  }

  async balance(address: Hex): Promise<bigint> {
    return BigInt(await this.eth<Hex>('eth_getBalance', [address, 'latest']));
  }

  async code(address: Hex): Promise<Hex> {
    return this.eth<Hex>('eth_getCode', [address, 'latest']);
  }

  async call(to: Hex, data: Hex, from?: Hex): Promise<Hex> {
    return this.eth<Hex>('eth_call', [{ to, data, ...(from ? { from } : {}) }, 'latest']);
  }

  /** The sender's next nonce: the node's pending count the first time, then counted here. */
  async takeNonce(address: Hex): Promise<number> {
    const key = address.toLowerCase();
    let next = this.nonces.get(key);
    if (next === undefined) next = Number(BigInt(await this.eth<Hex>('eth_getTransactionCount', [address, 'pending'])));
    this.nonces.set(key, next + 1);
    return next;
  }

  /** Forget a sender's nonce (after a failed send): the next tx asks the node again. */
  resetNonce(address: Hex): void {
    this.nonces.delete(address.toLowerCase());
  }

  private account(actor: Actor): PrivateKeyAccount {
    let a = this.accounts.get(actor.eth);
    if (!a) {
      a = privateKeyToAccount(actor.privateKeyHex);
      this.accounts.set(actor.eth, a);
    }
    return a;
  }

  /**
   * Whether the C-chain builds blocks by itself (automine or interval mining). In manual mining (`--no-mining`)
   * txs wait for evm_mine, so the generator leaves the C-chain alone. Nodes without anvil's controls mine.
   */
  async mines(): Promise<boolean> {
    if (this.mining && Date.now() - this.mining.at < 10_000) return this.mining.on;
    let on = true;
    try {
      const auto = await this.eth<boolean>('anvil_getAutomine');
      on = auto || (await this.eth<number | null>('anvil_getIntervalMining')) !== null;
    } catch (e) {
      if (!isMethodNotFound(e)) throw e;
    }
    this.mining = { at: Date.now(), on };
    return on;
  }

  /** maxFeePerGas / tip: twice the base fee plus the suggested tip, refreshed every few seconds. */
  private async feeCaps(): Promise<{ maxFee: bigint; tip: bigint }> {
    if (this.fees && Date.now() - this.fees.at < 5_000) return this.fees;
    const [base, tip] = await Promise.all([this.eth<Hex>('eth_baseFee'), this.eth<Hex>('eth_maxPriorityFeePerGas')]);
    const t = BigInt(tip);
    this.fees = { at: Date.now(), maxFee: 2n * BigInt(base) + t, tip: t };
    return this.fees;
  }

  /** Signs and sends a tx from `from`, then waits for its receipt. A reverted tx is returned with ok = false. */
  async send(from: Actor, req: EvmTxRequest): Promise<SentTx> {
    const account = this.account(from);
    let gas = req.gas;
    if (gas === undefined) {
      const est = BigInt(await this.eth<Hex>('eth_estimateGas', [{ from: from.eth, ...(req.to ? { to: req.to } : {}), ...(req.data ? { data: req.data } : {}), value: `0x${(req.value ?? 0n).toString(16)}` }]));
      gas = est + est / 4n + 5_000n;
    }
    const { maxFee, tip } = await this.feeCaps();
    const nonce = await this.takeNonce(from.eth);
    let hash: Hex;
    try {
      const raw = await account.signTransaction({
        chainId: this.chainId, type: 'eip1559', nonce, gas, maxFeePerGas: maxFee, maxPriorityFeePerGas: tip,
        ...(req.to ? { to: req.to } : {}), ...(req.data ? { data: req.data } : {}), value: req.value ?? 0n,
      });
      hash = await this.eth<Hex>('eth_sendRawTransaction', [raw]);
    } catch (e) {
      this.resetNonce(from.eth);
      throw e;
    }
    const receipt = await this.waitReceipt(hash);
    return { hash, receipt, ok: receipt.status === '0x1' };
  }

  async waitReceipt(hash: Hex): Promise<EvmReceipt> {
    const deadline = Date.now() + this.receiptTimeoutMs;
    for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
      const r = await this.eth<EvmReceipt | null>('eth_getTransactionReceipt', [hash]);
      if (r) return r;
      if (Date.now() > deadline) throw new Error(`no receipt for ${hash} after ${this.receiptTimeoutMs} ms (is the C-chain mining?)`);
      await new Promise((res) => setTimeout(res, delay));
    }
  }
}
