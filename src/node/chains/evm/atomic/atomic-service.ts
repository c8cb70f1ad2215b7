import { formatAddress, parseAddress } from '../../../../lib/bech32-address.js';
import { compareBytes } from '../../../../lib/bytes.js';
import { cb58Decode, idFromString, idToString } from '../../../../lib/cb58.js';
import type { RpcService } from '../../../server/avalanche-rpc.js';
import { decodeBytes, encodeBytes, readEncoding } from '../../../server/encoding.js';
import { ArgumentError, type RpcArgs } from '../../../server/rpc-args.js';
import type { AtomicBackend } from './atomic-backend.js';

/** coreth's atomic/vm/api.go limits. */
const MAX_GET_UTXOS_ADDRS = 1024;
const MAX_UTXOS_TO_FETCH = 1024;

/**
 * The C-chain's atomic API, served twice: as AvalancheGo serves it (`/ext/bc/C/avax`, service `avax`,
 * counts and heights as quoted decimals) and as seed 002 describes it (`/ext/bc/C/native`, service
 * `native`, counts and heights as numbers). Same params, same errors.
 */
export function createAtomicService(backend: AtomicBackend, flavor: 'avax' | 'native'): RpcService {
  const count = (n: bigint | number) => (flavor === 'avax' ? String(n) : Number(n));
  return {
    name: flavor,
    methods: {
      getUTXOs: async (args) => {
        const addrStrs = args.stringArray('addresses') ?? [];
        if (addrStrs.length === 0) throw new Error('no addresses provided');
        if (addrStrs.length > MAX_GET_UTXOS_ADDRS) throw new Error(`number of addresses given, ${addrStrs.length}, exceeds maximum, ${MAX_GET_UTXOS_ADDRS}`);
        const sourceAlias = args.string('sourceChain');
        if (sourceAlias === '') throw new Error('no source chain provided');
        let source: Uint8Array;
        try {
          source = backend.lookupChain(sourceAlias);
        } catch (e) {
          throw new Error(`problem parsing source chainID ${JSON.stringify(sourceAlias)}: ${(e as Error).message}`);
        }
        const addrs = addrStrs.map((a) => {
          try {
            return parseServiceAddress(backend, a);
          } catch (e) {
            throw new Error(`couldn't parse address ${JSON.stringify(a)}: ${(e as Error).message}`);
          }
        });
        const start = readStartIndex(backend, args.value('startIndex'));
        const limitArg = Number(args.uint64('limit'));
        const limit = limitArg <= 0 || limitArg > MAX_UTXOS_TO_FETCH ? MAX_UTXOS_TO_FETCH : limitArg;
        const encoding = readEncoding(args);
        const page = await backend.atomicUtxos(source, addrs, start.addr, start.utxo, limit);
        const utxos = page.utxos.map((b) => {
          try {
            return encodeBytes(encoding, b);
          } catch (e) {
            throw new Error(`problem encoding utxo: ${(e as Error).message}`);
          }
        });
        return {
          numFetched: count(utxos.length),
          utxos,
          endIndex: { address: formatAddress('C', backend.hrp, page.endAddr), utxo: idToString(page.endUtxo) },
          encoding,
        };
      },

      issueTx: async (args) => {
        const encoding = readEncoding(args);
        let bytes: Uint8Array;
        try {
          bytes = decodeBytes(encoding, args.string('tx'));
        } catch (e) {
          throw new Error(`problem decoding transaction: ${(e as Error).message}`);
        }
        return { txID: idToString(await backend.issueTx(bytes)) };
      },

      getAtomicTxStatus: async (args) => {
        const txId = readTxId(args);
        const found = await backend.lookup(txId);
        return found.height === undefined ? { status: found.status } : { status: found.status, blockHeight: count(found.height) };
      },

      getAtomicTx: async (args) => {
        const txId = readTxId(args);
        const encoding = readEncoding(args);
        const found = await backend.lookup(txId);
        if (found.status === 'Unknown' || !found.bytes) throw new Error(`could not find tx ${idToString(txId)}`);
        const reply: Record<string, unknown> = { tx: encodeBytes(encoding, found.bytes), encoding };
        if (found.height !== undefined) reply.blockHeight = count(found.height);
        return reply;
      },
    },
  };
}

function readTxId(args: RpcArgs): Uint8Array {
  const id = args.id('txID');
  if (id.every((b) => b === 0)) throw new Error('nil transaction ID');
  return id;
}

/** ParseServiceAddress: a cb58 short id, else a `C-<hrp>1…` address of this chain (ParseLocalAddress). */
function parseServiceAddress(backend: AtomicBackend, address: string): Uint8Array {
  try {
    const shortId = cb58Decode(address);
    if (shortId.length === 20) return shortId;
  } catch {
    // not a short id: a bech32 address
  }
  if (!address.includes('-')) throw new Error('no separator found in address');
  const { chainAlias, hrp, shortId } = parseAddress(address);
  const chain = backend.lookupChain(chainAlias ?? '');
  if (hrp !== backend.hrp) throw new Error(`expected hrp ${JSON.stringify(backend.hrp)} but got ${JSON.stringify(hrp)}`);
  if (compareBytes(chain, backend.chainId) !== 0) {
    throw new Error(`expected chainID to be ${JSON.stringify(idToString(backend.chainId))} but was ${JSON.stringify(idToString(chain))}`);
  }
  return shortId;
}

/** getUTXOs' `startIndex` {address, utxo}: where the previous page ended; both empty start from the beginning. */
function readStartIndex(backend: AtomicBackend, value: unknown): { addr: Uint8Array; utxo: Uint8Array } {
  const start: { addr: Uint8Array; utxo: Uint8Array } = { addr: new Uint8Array(20), utxo: new Uint8Array(32) };
  if (value === undefined || value === null) return start;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ArgumentError('startIndex');
  const fields = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v]));
  const address = fields.address ?? '';
  const utxo = fields.utxo ?? '';
  if (typeof address !== 'string' || typeof utxo !== 'string') throw new ArgumentError('startIndex');
  if (address === '' && utxo === '') return start;
  try {
    start.addr = parseServiceAddress(backend, address);
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
