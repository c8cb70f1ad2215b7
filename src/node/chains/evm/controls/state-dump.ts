import { gunzipSync, gzipSync } from 'node:zlib';
import type { Common } from '@ethereumjs/common';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { Address, KECCAK256_RLP, ValueEncoding, createAccountFromRLP, equalsBytes, setLengthLeft } from '@ethereumjs/util';
import { keccak256 } from '../crypto.js';
import { parseGenesis } from '../genesis.js';
import { openState } from '../state.js';
import { ScratchDb } from '../trie-db.js';
import type { DevnetAccess } from './access.js';
import { preimageOf } from './preimages.js';
import { editHeadState, putBalance, putCode, putNonce, putSlot } from './state-edits.js';
import { bytesToHex } from '../../../../lib/hex.js';

/** One account as anvil's state dump holds it. */
export interface DumpedAccount {
  nonce: number;
  balance: string;
  code: string;
  storage: Record<string, string>;
}

/** anvil's SerializableState (the parts Firn fills: the head block's environment and every account). */
export interface StateDump {
  block: Record<string, unknown>;
  accounts: Record<string, DumpedAccount>;
  best_block_number: number;
  blocks: unknown[];
  transactions: unknown[];
}

const hex = (b: Uint8Array): string => bytesToHex(b);
const bytes = (h: string): Uint8Array => new Uint8Array(Buffer.from(h.startsWith('0x') ? h.slice(2) : h, 'hex'));

/**
 * Every account of the head state (with code and storage), keyed by address. The trie keys are hashes:
 * addresses and slots come back through the recorded preimages and the genesis allocation; an entry whose
 * preimage is unknown (none should be) is skipped and counted.
 */
export async function dumpState(x: DevnetAccess, common: Common): Promise<{ dump: StateDump; missing: number }> {
  const { root, head } = await x.exclusive(async () => ({ root: x.headStateRoot(), head: x.head() }));
  const db = new ScratchDb(x.trieDb);
  const genesisKeys = genesisPreimages(x.genesisJson);
  const known = async (hashed: Uint8Array) => genesisKeys.get(hex(hashed)) ?? (await preimageOf(x.trieDb, hashed));
  const trie = new MerklePatriciaTrie({ db, useKeyHashing: true, valueEncoding: ValueEncoding.Bytes, common, root });
  const state = openState(db, root, common);
  const accounts: Record<string, DumpedAccount> = {};
  let missing = 0;
  const { values } = await trie.getValueMap();
  for (const [hashedHex, rlpHex] of Object.entries(values)) {
    const address = await known(bytes(hashedHex));
    if (!address) { missing++; continue; }
    const acct = createAccountFromRLP(bytes(rlpHex));
    const a = new Address(address);
    const storage: Record<string, string> = {};
    if (!equalsBytes(acct.storageRoot, KECCAK256_RLP)) {
      for (const [slotHash, valueRlp] of Object.entries(await state.dumpStorage(a))) {
        const slot = await known(bytes(slotHash));
        if (!slot) { missing++; continue; }
        storage[hex(setLengthLeft(slot, 32))] = hex(setLengthLeft(RLP.decode(bytes(valueRlp)) as Uint8Array, 32));
      }
    }
    accounts[hex(address)] = { nonce: Number(acct.nonce), balance: '0x' + acct.balance.toString(16), code: hex(await state.getCode(a)), storage };
  }
  const h = head.block.header;
  return {
    missing,
    dump: {
      block: {
        number: '0x' + h.number.toString(16), beneficiary: hex(h.coinbase), timestamp: '0x' + h.timestamp.toString(16),
        gas_limit: Number(h.gasLimit), basefee: Number(h.baseFee ?? 0n), difficulty: '0x' + h.difficulty.toString(16),
        prevrandao: hex(setLengthLeft(new Uint8Array([1]), 32)), blob_excess_gas_and_price: { excess_blob_gas: 0, blob_gasprice: 1 },
      },
      accounts,
      best_block_number: Number(h.number),
      blocks: [],
      transactions: [],
    },
  };
}

/** anvil_dumpState's wire form: hex of the gzipped JSON. */
export function encodeDump(dump: StateDump): string {
  return hex(gzipSync(Buffer.from(JSON.stringify(dump))));
}

/** Reads a state given as JSON text, or as hex of JSON or of gzipped JSON (anvil's forms). */
export function decodeDump(input: string): StateDump {
  const text = input.trim();
  let json: string;
  if (text.startsWith('{')) json = text;
  else {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(text)) throw new Error('state must be hex-encoded (0x…) or JSON');
    const raw = Buffer.from(text.slice(2), 'hex');
    json = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('utf8');
  }
  const parsed = JSON.parse(json) as unknown;
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as StateDump).accounts !== 'object') {
    throw new Error('state has no accounts');
  }
  return parsed as StateDump;
}

const quantity = (v: unknown, what: string): bigint => {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v)) return v.length === 2 ? 0n : BigInt(v);
  if (typeof v === 'string' && /^[0-9]+$/.test(v)) return BigInt(v);
  throw new Error(`invalid ${what} in state: ${JSON.stringify(v)}`);
};
const hexBytes = (v: unknown, what: string, max?: number): Uint8Array => {
  if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new Error(`invalid ${what} in state: ${JSON.stringify(v)}`);
  const b = bytes(v);
  if (max !== undefined && b.length > max) throw new Error(`invalid ${what} in state: longer than ${max} bytes`);
  return b;
};

/** anvil_loadState: merges the dump's accounts into the head state (other accounts and slots stay). */
export async function loadState(x: DevnetAccess, dump: StateDump): Promise<number> {
  // validate everything first, so a bad entry changes nothing
  const edits = Object.entries(dump.accounts).map(([addr, a]) => {
    const address = hexBytes(addr, 'address', 20);
    if (address.length !== 20) throw new Error(`invalid address in state: ${addr}`);
    return {
      address,
      balance: a.balance === undefined ? undefined : quantity(a.balance, 'balance'),
      nonce: a.nonce === undefined ? undefined : quantity(a.nonce, 'nonce'),
      code: a.code === undefined ? undefined : hexBytes(a.code, 'code'),
      storage: Object.entries(a.storage ?? {}).map(([k, v]) => [setLengthLeft(hexBytes(k, 'storage key', 32), 32), setLengthLeft(hexBytes(v, 'storage value', 32), 32)] as const),
    };
  });
  await editHeadState(x, async (state) => {
    for (const e of edits) {
      if (e.balance !== undefined) await putBalance(state, e.address, e.balance);
      if (e.nonce !== undefined) await putNonce(state, e.address, e.nonce);
      if (e.code !== undefined) await putCode(state, e.address, e.code);
      for (const [k, v] of e.storage) await putSlot(state, e.address, k, v);
    }
  });
  return edits.length;
}

/** hashed key (0x hex) → preimage, for the genesis allocation's addresses and slots. */
function genesisPreimages(genesisJson: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const [addrHex, acct] of parseGenesis(genesisJson).alloc) {
    const address = bytes(addrHex);
    out.set(hex(keccak256(address)), address);
    for (const [slot] of acct.storage) out.set(hex(keccak256(slot)), slot);
  }
  return out;
}
