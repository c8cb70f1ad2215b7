import { formatAddress, parseAddress } from '../../../lib/bech32-address.js';
import { cb58Decode, idFromString, idToString } from '../../../lib/cb58.js';
import { compareBytes } from '../../../lib/bytes.js';
import { decodeBytes, encodeBytes, readEncoding, type ApiEncoding as ContainerEncoding } from '../../server/encoding.js';
import { createAvalancheRpcHandler, type RpcService } from '../../server/avalanche-rpc.js';
import { ArgumentError, type RpcArgs } from '../../server/rpc-args.js';
import type { Router } from '../../server/router.js';
import type { AvmVm } from './avm-vm.js';
import { parseAvmBlock } from './block-codec.js';
import { inputIdOf, parseAvmTx } from './tx-codec.js';
import { blockJson, txJson } from './tx-json.js';

/** AvalancheGo's `avm` service (vms/avm/service.go): shapes, defaults and error messages. */
const MAX_GET_UTXOS_ADDRS = 1024;
const MAX_PAGE_SIZE = 1024;

export function createAvmService(vm: AvmVm): RpcService {
  return {
    name: 'avm',
    methods: {
      issueTx: async (args) => {
        const encoding = readEncoding(args);
        let bytes: Uint8Array;
        try {
          bytes = decodeBytes(encoding, args.string('tx'));
        } catch (e) {
          throw new Error(`problem decoding transaction: ${(e as Error).message}`);
        }
        return { txID: idToString(await vm.issueTx(bytes)) };
      },

      getTx: async (args) => {
        const txId = args.id('txID');
        if (isZero(txId)) throw new Error('nil transaction ID');
        const encoding = readEncoding(args);
        const raw = await vm.getTxBytes(txId);
        if (!raw) throw new Error('not found');
        const tx = encoding === 'json' ? txJson(parseAvmTx(raw), vm.jsonContext) : encodeBytes(encoding, raw);
        return { tx, encoding };
      },

      getTxStatus: async (args) => {
        const txId = args.id('txID');
        if (isZero(txId)) throw new Error('nil transaction ID');
        return { status: (await vm.getTxBytes(txId)) ? 'Accepted' : 'Unknown' };
      },

      getUTXOs: async (args) => {
        const addrStrs = args.stringArray('addresses') ?? [];
        if (addrStrs.length === 0) throw new Error('no addresses provided');
        if (addrStrs.length > MAX_GET_UTXOS_ADDRS) throw new Error(`number of addresses given, ${addrStrs.length}, exceeds maximum, ${MAX_GET_UTXOS_ADDRS}`);
        const sourceAlias = args.string('sourceChain');
        let source = vm.chainId;
        if (sourceAlias !== '') {
          try {
            source = vm.lookupChain(sourceAlias);
          } catch (e) {
            throw new Error(`problem parsing source chainID ${JSON.stringify(sourceAlias)}: ${(e as Error).message}`);
          }
        }
        const addrs = addrStrs.map((a) => parseServiceAddress(vm, a));
        const start = readStartIndex(vm, args.value('startIndex'));
        const limitArg = Number(args.uint64('limit'));
        const limit = limitArg <= 0 || limitArg > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : limitArg;
        const encoding = readEncoding(args);
        const page = compareBytes(source, vm.chainId) === 0
          ? await vm.paginatedUtxos(addrs, start.addr, start.utxo, limit)
          : await vm.atomicUtxos(source, addrs, start.addr, start.utxo, limit);
        const utxos = page.utxoBytes.map((b, i) => {
          try {
            return encodeBytes(encoding, b);
          } catch (e) {
            throw new Error(`couldn't encode UTXO ${idToString(inputIdOf(page.utxos[i]!))} as string: ${(e as Error).message}`);
          }
        });
        return {
          numFetched: String(utxos.length),
          utxos,
          endIndex: { address: formatAddress('X', vm.hrp, page.endAddr), utxo: idToString(page.endUtxo) },
          encoding,
        };
      },

      getBalance: async (args) => {
        const assetId = vm.lookupAssetId(args.string('assetID'));
        let balance = 0n;
        const utxoIDs: { txID: string; outputIndex: number }[] = [];
        for (const u of await balanceUtxos(vm, args)) {
          if (compareBytes(u.assetId, assetId) !== 0) continue;
          balance += u.amount;
          if (balance > 0xffffffffffffffffn) throw new Error('overflow');
          utxoIDs.push({ txID: idToString(u.txId), outputIndex: u.outputIndex });
        }
        return { balance: balance.toString(), utxoIDs };
      },

      getAllBalances: async (args) => {
        const balances = new Map<string, { assetId: Uint8Array; amount: bigint }>();
        for (const u of await balanceUtxos(vm, args)) {
          const k = idToString(u.assetId);
          const b = balances.get(k) ?? { assetId: u.assetId, amount: 0n };
          b.amount += u.amount;
          balances.set(k, b);
        }
        const max = 0xffffffffffffffffn;
        return { balances: [...balances.values()].map((b) => ({ asset: vm.assetAlias(b.assetId), balance: (b.amount > max ? max : b.amount).toString() })) };
      },

      getAssetDescription: async (args) => {
        const assetId = vm.lookupAssetId(args.string('assetID'));
        const tx = await vm.getTx(assetId);
        if (!tx) throw new Error('not found');
        if (tx.kind !== 'CreateAssetTx') throw new Error("transaction doesn't create an asset");
        return { assetID: idToString(assetId), name: tx.name, symbol: tx.symbol, denomination: String(tx.denomination) };
      },

      getHeight: () => ({ height: vm.height.toString() }),

      getBlock: async (args) => {
        const blockId = args.id('blockID');
        const encoding = readEncoding(args);
        const block = await vm.blockById(blockId);
        if (!block) throw new Error(`couldn't get block with id ${idToString(blockId)}: not found`);
        return { block: formatBlock(vm, block.bytes, encoding), encoding };
      },

      getBlockByHeight: async (args) => {
        const height = args.uint64('height');
        const encoding = readEncoding(args);
        const block = await vm.blockAt(height);
        if (!block) throw new Error(`couldn't get block at height ${height}: not found`);
        return { block: formatBlock(vm, block.bytes, encoding), encoding };
      },

      getTxFee: () => ({ txFee: vm.txFee.toString(), createAssetTxFee: vm.createAssetTxFee.toString() }),
    },
  };
}

/** Mounts `avm` at `/ext/<base>` (e.g. `bc/<X chain id>`, whose aliases then serve it too). */
export function registerAvmRoutes(router: Router, base: string, vm: AvmVm): void {
  router.addRoute(base, '', { handler: createAvalancheRpcHandler([createAvmService(vm)]) });
}

/**
 * getBalance / getAllBalances: the secp256k1 transfer outputs of `address` that count toward a balance —
 * only those it alone can spend now, unless `includePartial` (multisig or time-locked ones too).
 */
async function balanceUtxos(vm: AvmVm, args: RpcArgs): Promise<{ txId: Uint8Array; outputIndex: number; assetId: Uint8Array; amount: bigint }[]> {
  const address = args.string('address');
  let addr: Uint8Array;
  try {
    addr = parseServiceAddress(vm, address);
  } catch (e) {
    throw new Error(`problem parsing address '${address}': ${(e as Error).message}`);
  }
  const includePartial = args.boolean('includePartial');
  const now = BigInt(Math.floor(Date.now() / 1000));
  const out: { txId: Uint8Array; outputIndex: number; assetId: Uint8Array; amount: bigint }[] = [];
  for (const u of await vm.allUtxosOf(addr)) {
    if (u.out.kind !== 'secp-transfer') continue;
    const o = u.out.owners;
    if (!includePartial && (o.addrs.length !== 1 || o.locktime > now)) continue;
    out.push({ txId: u.txId, outputIndex: u.outputIndex, assetId: u.assetId, amount: u.out.amount });
  }
  return out;
}

function isZero(id: Uint8Array): boolean {
  return id.every((b) => b === 0);
}

/** avm ParseLocalAddress: `X-<hrp>1…` (or the chain id / `avm` alias) on this network's HRP. */
function parseLocalAddress(vm: AvmVm, address: string): Uint8Array {
  if (!address.includes('-')) throw new Error('no separator found in address');
  const { chainAlias, hrp, shortId } = parseAddress(address);
  let chain: Uint8Array;
  try {
    chain = vm.lookupChain(chainAlias ?? '');
  } catch (e) {
    throw new Error((e as Error).message);
  }
  if (compareBytes(chain, vm.chainId) !== 0) throw new Error('mismatched chainIDs');
  if (hrp !== vm.hrp) throw new Error(`expected hrp ${JSON.stringify(vm.hrp)} but got ${JSON.stringify(hrp)}`);
  return shortId;
}

/** avax.ParseServiceAddress: a cb58 short id, else a local address (quoted in the error). */
function parseServiceAddress(vm: AvmVm, address: string): Uint8Array {
  try {
    const shortId = cb58Decode(address);
    if (shortId.length === 20) return shortId;
  } catch {
    // not a short id: a bech32 address
  }
  try {
    return parseLocalAddress(vm, address);
  } catch (e) {
    throw new Error(`couldn't parse address ${JSON.stringify(address)}: ${(e as Error).message}`);
  }
}

/** getUTXOs' `startIndex` {address, utxo}: where the previous page ended; zero values start from the beginning. */
function readStartIndex(vm: AvmVm, value: unknown): { addr: Uint8Array; utxo: Uint8Array } {
  const start: { addr: Uint8Array; utxo: Uint8Array } = { addr: new Uint8Array(20), utxo: new Uint8Array(32) };
  if (value === undefined || value === null) return start;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ArgumentError('startIndex');
  const fields = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
  const address = fields.address ?? '';
  const utxo = fields.utxo ?? '';
  if (typeof address !== 'string' || typeof utxo !== 'string') throw new ArgumentError('startIndex');
  if (address === '') return start;
  try {
    start.addr = parseServiceAddress(vm, address);
  } catch (e) {
    throw new Error(`couldn't parse start index address ${JSON.stringify(address)}: ${(e as Error).message}`);
  }
  try {
    start.utxo = idFromString(utxo);
  } catch (e) {
    throw new Error(`couldn't parse start index utxo: ${(e as Error).message}`);
  }
  return start;
}

/** A block as getBlock / getBlockByHeight return it: JSON with parsed txs, or its bytes in the encoding. */
function formatBlock(vm: AvmVm, bytes: Uint8Array, encoding: ContainerEncoding): unknown {
  return encoding === 'json' ? blockJson(parseAvmBlock(bytes), vm.jsonContext) : encodeBytes(encoding, bytes);
}
