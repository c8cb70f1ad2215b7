/** A block decoded from a node's bytes: every source gives at least its id and height. */
export interface DecodedContainer {
  /** The id of the bytes as served (a proposervm block id, or the inner block id for bare blocks). */
  id: Uint8Array;
  height: bigint;
  /** Byte length of the bytes as served (without any hex checksum). */
  size: number;
}

export interface SourcedBlock<B extends DecodedContainer> {
  block: B;
  /** When the node accepted it (index API only), unix seconds. */
  acceptedAt?: bigint;
}

/** Where a P- or X-chain stream reads its blocks: the index API or `<vm>.getBlockByHeight`. */
export interface PrimaryBlockSource<B extends DecodedContainer> {
  readonly description: string;
  /** Height of the last accepted block. */
  lastAcceptedHeight(): Promise<bigint>;
  /** The blocks at heights [from, to], in order; throws when one is missing. */
  blocks(from: bigint, to: bigint): Promise<SourcedBlock<B>[]>;
}

/** Runs `fn` over `items` with at most `limit` calls in flight, keeping the order of results. */
export async function mapConcurrent<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  });
  await Promise.all(workers);
  return out;
}
