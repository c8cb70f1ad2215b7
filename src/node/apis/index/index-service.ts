import type { RpcArgs } from '../../server/rpc-args.js';
import type { RpcService } from '../../server/avalanche-rpc.js';
import type { ContainerIndex, IndexedContainer } from './container-index.js';
import { formatContainer, readEncoding, type ContainerJson } from './container-json.js';

/** Largest numToFetch of getContainerRange (AvalancheGo's MaxFetchedByRange). */
export const MAX_FETCHED_BY_RANGE = 1024;

/**
 * The `index` JSON-RPC service of one container index (AvalancheGo's indexer/service.go), with the seed's
 * contract where it is explicit: getContainerRange answers a bare array, and numToFetch 0 answers null.
 * Lookup errors come before encoding errors, as in AvalancheGo (it formats after fetching).
 */
export function createIndexService(index: ContainerIndex): RpcService {
  const found = (c: IndexedContainer | undefined): IndexedContainer => {
    if (!c) throw new Error('not found');
    return c;
  };

  return {
    name: 'index',
    methods: {
      async getContainerByID(args: RpcArgs): Promise<ContainerJson> {
        const id = args.id('id');
        const encoding = readEncoding(args);
        return formatContainer(found(await index.getById(id)), encoding);
      },

      async getContainerByIndex(args: RpcArgs): Promise<ContainerJson> {
        const at = args.uint64('index');
        const encoding = readEncoding(args);
        const c = await index.getByIndex(at);
        if (!c) throw new Error(`no container at index ${at}`);
        return formatContainer(c, encoding);
      },

      async getContainerRange(args: RpcArgs): Promise<ContainerJson[] | null> {
        const start = args.uint64('startIndex');
        const numToFetch = args.uint64('numToFetch');
        const encoding = readEncoding(args);
        if (numToFetch === 0n) return null;
        if (numToFetch > BigInt(MAX_FETCHED_BY_RANGE)) {
          throw new Error(`numToFetch must be in [0,${MAX_FETCHED_BY_RANGE}] but is ${numToFetch}`);
        }
        if (index.size === 0n) throw new Error('no containers have been accepted');
        const last = index.size - 1n;
        if (start > last) throw new Error(`start index (${start}) > last accepted index (${last})`);
        const containers = await index.getRange(start, Number(numToFetch));
        return containers.map((c) => formatContainer(c, encoding));
      },

      async getIndex(args: RpcArgs): Promise<{ index: string }> {
        const at = await index.getIndex(args.id('id'));
        if (at === undefined) throw new Error('not found');
        return { index: at.toString() };
      },

      async isAccepted(args: RpcArgs): Promise<{ isAccepted: boolean }> {
        return { isAccepted: await index.isAccepted(args.id('id')) };
      },

      async getLastAccepted(args: RpcArgs): Promise<ContainerJson> {
        const encoding = readEncoding(args);
        const c = await index.getLastAccepted();
        if (!c) throw new Error('no containers have been accepted');
        return formatContainer(c, encoding);
      },
    },
  };
}
