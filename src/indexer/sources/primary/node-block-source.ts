import { idFromString } from '../../../lib/cb58.js';
import { JsonRpcClient, RpcError, TransportError, type JsonRpcClientOptions } from '../json-rpc-client.js';
import { mapConcurrent, type DecodedContainer, type PrimaryBlockSource, type SourcedBlock } from './block-source.js';
import { decodeNodeHex } from './container-bytes.js';
import { parseContainerRange, parseNodeTime, type ContainerJson } from './index-api-json.js';
import { sameBytes } from '../../../lib/bytes.js';

export interface NodeBlockSourceOptions<B extends DecodedContainer> {
  /** The node's base URL, e.g. http://127.0.0.1:9650. */
  nodeUrl: string;
  /** 'P' or 'X': the index path (/ext/index/<alias>/block) and chain API path (/ext/bc/<alias>). */
  chainAlias: string;
  /** JSON-RPC service of the chain API: 'platform' or 'avm'. */
  service: 'platform' | 'avm';
  /** Decodes the bytes of one block (proposervm-wrapped or bare) and says its id and height. */
  decode: (bytes: Uint8Array) => B;
  /** 'auto' (default) uses the index API when the node has one. */
  mode?: 'auto' | 'index' | 'by-height';
  /** getBlockByHeight calls in flight at once. */
  concurrency?: number;
  rpc?: JsonRpcClientOptions;
}

/** AvalancheGo's MaxFetchedByRange. */
const MAX_RANGE = 1024;

/**
 * A chain's accepted blocks read from a node over HTTP: the index API (`index.getContainerRange`, up to 1024
 * blocks per call) where the node has one, `<service>.getBlockByHeight` otherwise and for heights the index
 * does not hold (an index enabled after the chain had blocks). Index positions map to heights by the height
 * of the index's first container; every fetched block is checked to be at the height asked for.
 */
export class NodeBlockSource<B extends DecodedContainer> implements PrimaryBlockSource<B> {
  private readonly index: JsonRpcClient;
  private readonly chainApi: JsonRpcClient;
  /** Height of the container at index 0; undefined until known, null when the node has no index API. */
  private indexBase: bigint | null | undefined;

  constructor(private readonly options: NodeBlockSourceOptions<B>) {
    // AvalancheGo's gorilla JSON-RPC does not accept batches: one call per request.
    const rpc = { ...options.rpc, maxBatchSize: 1 };
    this.index = new JsonRpcClient(`${options.nodeUrl}/ext/index/${options.chainAlias}/block`, rpc);
    this.chainApi = new JsonRpcClient(`${options.nodeUrl}/ext/bc/${options.chainAlias}`, rpc);
    if (options.mode === 'by-height') this.indexBase = null;
  }

  get description(): string {
    const via = this.indexBase === null ? `${this.options.service}.getBlockByHeight` : 'index API';
    return `${this.options.chainAlias}-chain blocks from ${this.options.nodeUrl} (${via})`;
  }

  /** Whether blocks come from the index API (after the first probe). */
  async usesIndex(): Promise<boolean> {
    return (await this.probeIndex()) !== null;
  }

  async lastAcceptedHeight(): Promise<bigint> {
    const { height } = await this.chainApi.call<{ height: string | number }>(`${this.options.service}.getHeight`, {});
    return BigInt(height);
  }

  async blocks(from: bigint, to: bigint): Promise<SourcedBlock<B>[]> {
    if (to < from) return [];
    const base = await this.probeIndex();
    const out: SourcedBlock<B>[] = [];
    const indexFrom = base === null ? to + 1n : from > base ? from : base;
    if (from < indexFrom) out.push(...(await this.byHeight(from, indexFrom - 1n < to ? indexFrom - 1n : to)));
    for (let start = indexFrom; start <= to; start += BigInt(MAX_RANGE)) {
      const end = start + BigInt(MAX_RANGE) - 1n < to ? start + BigInt(MAX_RANGE) - 1n : to;
      out.push(...(await this.fromIndex(start, end, base ?? 0n)));
    }
    return out;
  }

  private async probeIndex(): Promise<bigint | null> {
    if (this.indexBase !== undefined) return this.indexBase;
    const probe = new JsonRpcClient(this.index.url, { ...this.options.rpc, maxBatchSize: 1, retries: 0 });
    try {
      const first = await probe.call<ContainerJson>('index.getContainerByIndex', { index: '0', encoding: 'hex' });
      this.indexBase = this.decodeContainer(first).block.height;
    } catch (error) {
      if (error instanceof RpcError && /no container/.test(error.message)) {
        // An enabled but empty index: read by height until its first container appears.
        if (this.options.mode === 'index') throw new Error(`${this.index.url}: the index holds no containers yet`);
        return null;
      }
      const absent = (error instanceof TransportError && (error.status === 404 || error.status === 405)) ||
        (error instanceof RpcError && /can't find (service|method)/.test(error.message));
      if (!absent || this.options.mode === 'index') throw error;
      this.indexBase = null;
    }
    return this.indexBase;
  }

  private decodeContainer(c: ContainerJson): SourcedBlock<B> {
    const id = c.id ? idFromString(c.id) : undefined;
    const block = decodeNodeHex(c.bytes, this.options.decode, (b) => !id || sameBytes(b.id, id));
    const acceptedAt = c.timestamp ? parseNodeTime(c.timestamp) : undefined;
    return { block, ...(acceptedAt !== undefined ? { acceptedAt } : {}) };
  }

  private async fromIndex(from: bigint, to: bigint, base: bigint): Promise<SourcedBlock<B>[]> {
    const count = Number(to - from + 1n);
    const result = await this.index.call<unknown>('index.getContainerRange', { startIndex: (from - base).toString(), numToFetch: count, encoding: 'hex' });
    const containers = parseContainerRange(result);
    if (containers.length !== count) throw new Error(`index returned ${containers.length} containers for heights ${from}..${to}`);
    return containers.map((c, i) => {
      const sourced = this.decodeContainer(c);
      const expected = from + BigInt(i);
      if (sourced.block.height !== expected) {
        throw new Error(`index position ${expected - base} holds height ${sourced.block.height}, expected ${expected}: the index has gaps`);
      }
      return sourced;
    });
  }

  private async byHeight(from: bigint, to: bigint): Promise<SourcedBlock<B>[]> {
    const heights: bigint[] = [];
    for (let h = from; h <= to; h++) heights.push(h);
    return mapConcurrent(heights, this.options.concurrency ?? 8, async (height) => {
      const r = await this.chainApi.call<{ block: string }>(`${this.options.service}.getBlockByHeight`, { height: height.toString(), encoding: 'hex' });
      const block = decodeNodeHex(r.block, this.options.decode);
      if (block.height !== height) throw new Error(`getBlockByHeight(${height}) returned height ${block.height}`);
      return { block };
    });
  }
}

