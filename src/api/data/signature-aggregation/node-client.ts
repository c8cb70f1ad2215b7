import { cb58Decode, idFromString, idToString, nodeIdFromString } from '../../../lib/cb58.js';
import { bytesToHex, hexToBytes } from '../../../lib/hex.js';
import type { ValidatorWeight } from '../../../codec/warp/canonical-set.js';

/** A node's P-chain answers the aggregator needs, over JSON-RPC (`/ext/bc/P`) and ACP-118 over HTTP (`/ext/bc/P/acp118`). */
export class NodeRpcError extends Error {
  constructor(message: string, readonly rpcMessage?: string) {
    super(message);
    this.name = 'NodeRpcError';
  }
}

export interface SignatureFromNode {
  publicKey: Uint8Array;
  signature: Uint8Array;
}

type Json = Record<string, unknown>;

/** Node ids only label validators here; one the codec cannot read (an L1's longer id) must not fail the set. */
function nodeIdOrEmpty(text: string): Uint8Array {
  try {
    return nodeIdFromString(text);
  } catch {
    return new Uint8Array(0);
  }
}

export class PChainNodeClient {
  constructor(readonly url: string, private readonly timeoutMs = 15_000) {}

  async call<T = Json>(method: string, params: Json = {}): Promise<T> {
    const body = await this.post('/ext/bc/P', { jsonrpc: '2.0', id: 1, method, params });
    const reply = body as { result?: T; error?: { message?: string } };
    if (reply.error) throw new NodeRpcError(`${method}: ${reply.error.message ?? 'error'}`, reply.error.message);
    if (reply.result === undefined) throw new NodeRpcError(`${method}: the node answered without a result`);
    return reply.result;
  }

  private async post(path: string, payload: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${this.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new NodeRpcError(`node ${this.url} is unreachable: ${(e as Error).message}`);
    }
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new NodeRpcError(`node ${this.url} answered ${res.status} with something other than JSON`);
    }
  }

  async height(): Promise<bigint> {
    return BigInt((await this.call<{ height: string }>('platform.getHeight')).height);
  }

  /** platform.getValidatorsAt: each node id with its weight and BLS key (older nodes answer weights only). */
  async validatorsAt(subnetId: Uint8Array, height: bigint | 'proposed'): Promise<ValidatorWeight[]> {
    const result = await this.call<Record<string, unknown>>('platform.getValidatorsAt', {
      subnetID: idToString(subnetId),
      height: height === 'proposed' ? 'proposed' : height.toString(),
    });
    const map = (result.validators && typeof result.validators === 'object' ? result.validators : result) as Record<string, unknown>;
    return Object.entries(map).map(([text, v]) => {
      const nodeId = nodeIdOrEmpty(text);
      if (typeof v === 'string' || typeof v === 'number') return { nodeId, weight: BigInt(v) };
      const e = v as { weight: string | number; publicKey?: string | null };
      return { nodeId, weight: BigInt(e.weight), ...(e.publicKey ? { publicKey: hexToBytes(e.publicKey) } : {}) };
    });
  }

  /** The subnet a chain was created on, or undefined for a chain the P-chain does not know. */
  async subnetOfChain(chainId: Uint8Array): Promise<Uint8Array | undefined> {
    const { blockchains } = await this.call<{ blockchains: Array<{ id: string; subnetID: string }> }>('platform.getBlockchains');
    const id = idToString(chainId);
    const found = blockchains.find((b) => b.id === id);
    if (found) return idFromString(found.subnetID);
    try {
      const tx = await this.txJson(chainId);
      if (typeof tx.subnetID === 'string' && typeof tx.chainName === 'string') return idFromString(tx.subnetID);
    } catch {
      // not a tx this node knows
    }
    return undefined;
  }

  /** The unsigned tx of platform.getTx in JSON. */
  async txJson(txId: Uint8Array): Promise<Json> {
    const r = await this.call<{ tx: { unsignedTx: Json } }>('platform.getTx', { txID: idToString(txId), encoding: 'json' });
    return r.tx.unsignedTx;
  }

  async subnet(subnetId: Uint8Array): Promise<{ conversionId?: Uint8Array; managerChainId?: Uint8Array }> {
    const r = await this.call<{ conversionID?: string; managerChainID?: string }>('platform.getSubnet', { subnetID: idToString(subnetId) });
    const id = (s: string | undefined) => (s && s !== idToString(new Uint8Array(32)) ? cb58Decode(s) : undefined);
    const conversionId = id(r.conversionID);
    const managerChainId = id(r.managerChainID);
    return { ...(conversionId ? { conversionId } : {}), ...(managerChainId ? { managerChainId } : {}) };
  }

  /** platform.getL1Validator, or undefined when the validation does not exist (any more). */
  async l1Validator(validationId: Uint8Array): Promise<{ subnetId: Uint8Array; weight: bigint; minNonce: bigint } | undefined> {
    try {
      const r = await this.call<{ subnetID: string; weight: string; minNonce: string }>('platform.getL1Validator', { validationID: idToString(validationId) });
      return { subnetId: idFromString(r.subnetID), weight: BigInt(r.weight), minNonce: BigInt(r.minNonce) };
    } catch (e) {
      if (e instanceof NodeRpcError && e.rpcMessage !== undefined) return undefined;
      throw e;
    }
  }

  /**
   * An ACP-118 signature request to every validator this node runs: the signatures it returns, or the node's
   * refusal (AvalancheGo's verifier text) as an error.
   */
  async requestSignatures(message: Uint8Array, justification: Uint8Array): Promise<SignatureFromNode[]> {
    const body = (await this.post('/ext/bc/P/acp118', {
      message: bytesToHex(message),
      ...(justification.length > 0 ? { justification: bytesToHex(justification) } : {}),
    })) as { signatures?: Array<{ publicKey: string; signature: string }>; error?: { code?: number; message?: string } };
    if (body.error) throw new NodeRpcError(`node ${this.url} refused to sign: ${body.error.message ?? 'error'} (code ${body.error.code ?? '?'})`, body.error.message);
    if (!Array.isArray(body.signatures)) throw new NodeRpcError(`node ${this.url} answered the signature request without signatures`);
    return body.signatures.map((s) => ({ publicKey: hexToBytes(s.publicKey), signature: hexToBytes(s.signature) }));
  }
}
