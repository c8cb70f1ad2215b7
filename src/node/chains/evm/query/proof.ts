import { getMerkleStateProof } from '@ethereumjs/statemanager';
import { Address, KECCAK256_RLP } from '@ethereumjs/util';
import type { EvmChain } from '../evm-chain.js';
import { type BlockRef, ParamError, toRpc } from '../rpc/codec.js';
import { stateBlock } from './block-ref.js';
import { queryOptionsOf } from './options.js';

const ZERO_HASH = '0x' + '00'.repeat(32);

/** coreth's decodeHash for proof keys: the 32-byte key and the input's byte length (it decides the output form). */
function proofKey(v: unknown, index: number): { key: Uint8Array; len: number } {
  if (typeof v !== 'string') throw new ParamError(`invalid argument ${index}: json: cannot unmarshal non-string into Go value of type string`);
  let body = v.startsWith('0x') || v.startsWith('0X') ? v.slice(2) : v;
  if (body.length % 2 === 1) body = '0' + body;
  if (!/^[0-9a-fA-F]*$/.test(body)) throw new Error('hex string invalid');
  if (body.length > 64) throw new Error('hex string too long, want at most 32 bytes');
  return { key: new Uint8Array(Buffer.from(body.padStart(64, '0'), 'hex')), len: body.length / 2 };
}

export function parseProofKeys(v: unknown, index: number): { key: Uint8Array; len: number }[] {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) throw new ParamError(`invalid argument ${index}: json: cannot unmarshal non-array into Go value of type []string`);
  return v.map((k) => proofKey(k, index));
}

/**
 * coreth's stateQueryBlockNumberAllowed: an archival node with window 0 serves any block; otherwise the
 * block must be within `window` blocks of the last accepted one (a pruning node's window is state-history).
 */
async function checkProofWindow(chain: EvmChain, ref: BlockRef): Promise<void> {
  const o = queryOptionsOf(chain);
  const window = BigInt(o.pruning ? o.stateHistory : o.historicalProofQueryWindow);
  if (!o.pruning && window === 0n) return;
  const last = chain.headNumber;
  let number: bigint;
  if ('tag' in ref) return; // tags are negative numbers, always ≥ the oldest allowed as uint64
  if ('number' in ref) number = ref.number;
  else {
    const b = await chain.getBlockByHash(ref.hash);
    if (!b) throw new Error(`historical proof query not allowed: block from hash ${toRpc.hash(ref.hash)} doesn't exist`);
    number = b.block.header.number;
  }
  const oldest = last > window ? last - window : 0n;
  if (number < oldest) {
    throw new Error(`historical proof query not allowed: block number ${number} is before the oldest allowed block number ${oldest} (window of ${window} blocks)`);
  }
}

/** eth_getProof (EIP-1186) from the state trie at the block, shaped as geth's AccountResult. */
export async function getProof(chain: EvmChain, address: Uint8Array, keys: { key: Uint8Array; len: number }[], ref: BlockRef) {
  await checkProofWindow(chain, ref);
  const b = await stateBlock(chain, ref);
  const { state } = await chain.stateView(b.block.header.number);
  const addr = new Address(address);
  const account = await state.getAccount(addr);
  const proof = await getMerkleStateProof(state, addr, account ? keys.map((k) => k.key) : []);
  // geth reports a missing account with zero code hash and storage root
  const storageHash = account ? proof.storageHash : ZERO_HASH;
  const emptyStorage = !account || Buffer.from(account.storageRoot).equals(Buffer.from(KECCAK256_RLP));
  return {
    address: toRpc.data(address),
    accountProof: proof.accountProof,
    balance: toRpc.quantity(account?.balance ?? 0n),
    codeHash: account ? proof.codeHash : ZERO_HASH,
    nonce: toRpc.quantity(account?.nonce ?? 0n),
    storageHash,
    storageProof: keys.map((k, i) => {
      const key = k.len === 32 ? toRpc.data(k.key) : toRpc.quantity(BigInt(toRpc.data(k.key)));
      if (emptyStorage) return { key, value: '0x0', proof: [] };
      const p = proof.storageProof[i]!;
      return { key, value: toRpc.quantity(BigInt(p.value === '0x' ? '0x0' : p.value)), proof: p.proof };
    }),
  };
}
