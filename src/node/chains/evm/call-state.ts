import type { AccountFields, StateManagerInterface } from '@ethereumjs/common';
import { Account, type Address, KECCAK256_RLP, unpadBytes } from '@ethereumjs/util';
import { keccak256 } from './crypto.js';
import { hexOf } from '../../../lib/hex.js';

/** What a CallState reads through: a state at one fixed root that nothing writes to. */
export type CallStateBase = Pick<StateManagerInterface, 'getAccount' | 'getStorage' | 'getCode' | 'getStateRoot' | 'hasStateRoot'>;

/** Entries each map of kept reads holds before it starts over. */
const MAX_KEPT = 50_000;

/**
 * Base reads that hold whatever the state: a slot under a storage root and the code under a code hash never
 * change, so the call states of successive heads share them.
 */
export class ContentReads {
  readonly slots = new Map<string, Uint8Array>();
  readonly codes = new Map<string, Uint8Array>();
}

const clone = (a: Account): Account => new Account(a.nonce, a.balance, a.storageRoot, a.codeHash);
const EMPTY = new Uint8Array(0);

/**
 * The state an eth_call runs on: a base state that is only read, and the call's writes in memory on top of
 * it, with checkpoints as a stack of undo entries. `reset()` drops the writes. What it reads from the base
 * it keeps for the calls after it: accounts here, slots and code in `content` (shared across bases).
 *
 * ethereumjs' MerkleStateManager keeps accounts RLP-encoded in its caches and journals each cache entry, so
 * a simple call (~20 account reads and writes in runTx and the EVM) spent more time encoding and decoding
 * accounts than running its opcodes; here an account is decoded once per base and copied on each read.
 *
 * What the EVM reads behaves as on MerkleStateManager (the differential test holds them side by side): storage
 * values come back without leading zeros, deleting an account drops its code and storage. One thing differs:
 * storage writes leave the account's storageRoot as it was (MerkleStateManager rewrites the storage trie on
 * each), and clearStorage sets it to the empty root. The EVM reads a storageRoot only in the create-collision
 * check, on an account that is not empty, and storage can only have been written into such an account by a
 * call's own writes after its creation.
 */
export class CallState implements StateManagerInterface {
  private readonly baseAccounts = new Map<string, Account | null>();

  /** Written accounts; null once deleted. */
  private readonly accounts = new Map<string, Account | null>();
  /** Written slots per account. */
  private readonly slots = new Map<string, Map<string, Uint8Array>>();
  /** Accounts whose base storage no longer shows (cleared, deleted). */
  private readonly cleared = new Set<string>();
  /** Written code per account (empty once deleted). */
  private readonly codes = new Map<string, Uint8Array>();
  /** One list of undo steps per open checkpoint. */
  private readonly undo: (() => void)[][] = [];

  private originals = new Map<string, Uint8Array>();
  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const k = hexOf(address.bytes) + hexOf(key);
      let value = this.originals.get(k);
      if (value === undefined) this.originals.set(k, (value = await this.getStorage(address, key)));
      return value;
    },
    clear: (): void => { this.originals = new Map(); },
  };

  constructor(private readonly base: CallStateBase, private readonly content = new ContentReads()) {}

  /** Drops every write and checkpoint: the state is the base again. */
  reset(): void {
    this.accounts.clear();
    this.slots.clear();
    this.cleared.clear();
    this.codes.clear();
    this.undo.length = 0;
    this.originalStorageCache.clear();
  }

  // ── accounts ──────────────────────────────────────────────────────────────────────────────

  async getAccount(address: Address): Promise<Account | undefined> {
    const key = hexOf(address.bytes);
    const written = this.accounts.get(key);
    if (written !== undefined) return written === null ? undefined : clone(written);
    const base = await this.baseAccount(address, key);
    return base === null ? undefined : clone(base);
  }

  /** The account as the base has it (not to be changed: callers get clones). */
  private async baseAccount(address: Address, key: string): Promise<Account | null> {
    let base = this.baseAccounts.get(key);
    if (base === undefined) keep(this.baseAccounts, key, (base = (await this.base.getAccount(address)) ?? null));
    return base;
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    this.setAccount(hexOf(address.bytes), account ? clone(account) : null);
  }

  async deleteAccount(address: Address): Promise<void> {
    const key = hexOf(address.bytes);
    this.setAccount(key, null);
    this.setCode(key, EMPTY);
    this.clearSlots(key);
  }

  async modifyAccountFields(address: Address, fields: AccountFields): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    account.nonce = fields.nonce ?? account.nonce;
    account.balance = fields.balance ?? account.balance;
    account.storageRoot = fields.storageRoot ?? account.storageRoot;
    account.codeHash = fields.codeHash ?? account.codeHash;
    await this.putAccount(address, account);
  }

  // ── code ──────────────────────────────────────────────────────────────────────────────────

  async putCode(address: Address, value: Uint8Array): Promise<void> {
    this.setCode(hexOf(address.bytes), value);
    if ((await this.getAccount(address)) === undefined) await this.putAccount(address, new Account());
    await this.modifyAccountFields(address, { codeHash: keccak256(value) });
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const key = hexOf(address.bytes);
    const written = this.codes.get(key);
    if (written !== undefined) return written;
    const account = await this.getAccount(address);
    if (!account?.isContract()) return EMPTY;
    const hash = hexOf(account.codeHash);
    let code = this.content.codes.get(hash);
    if (code === undefined) keep(this.content.codes, hash, (code = await this.base.getCode(address)));
    return code;
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  // ── storage ───────────────────────────────────────────────────────────────────────────────

  async getStorage(address: Address, slot: Uint8Array): Promise<Uint8Array> {
    if (slot.length !== 32) throw new Error('Storage key must be 32 bytes long');
    const key = hexOf(address.bytes);
    const slotKey = hexOf(slot);
    const written = this.slots.get(key)?.get(slotKey);
    if (written !== undefined) return written;
    if (this.cleared.has(key) || (await this.getAccount(address)) === undefined) return EMPTY;
    const base = await this.baseAccount(address, key);
    if (base === null) return EMPTY;
    const contentKey = hexOf(base.storageRoot) + slotKey;
    let value = this.content.slots.get(contentKey);
    if (value === undefined) keep(this.content.slots, contentKey, (value = await this.base.getStorage(address, slot)));
    return value;
  }

  async putStorage(address: Address, slot: Uint8Array, value: Uint8Array): Promise<void> {
    if (slot.length !== 32) throw new Error('Storage key must be 32 bytes long');
    if (value.length > 32) throw new Error('Storage value cannot be longer than 32 bytes');
    if ((await this.getAccount(address)) === undefined) throw new Error('putStorage() called on non-existing account');
    const key = hexOf(address.bytes);
    let map = this.slots.get(key);
    if (!map) {
      const made = (map = new Map());
      this.slots.set(key, made);
      this.record(() => { if (this.slots.get(key) === made) this.slots.delete(key); });
    }
    const slotKey = hexOf(slot);
    const before = map.get(slotKey);
    const target = map;
    target.set(slotKey, unpadBytes(value));
    this.record(() => { if (before === undefined) target.delete(slotKey); else target.set(slotKey, before); });
  }

  async clearStorage(address: Address): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    this.clearSlots(hexOf(address.bytes));
    account.storageRoot = KECCAK256_RLP;
    await this.putAccount(address, account);
  }

  // ── checkpoints ───────────────────────────────────────────────────────────────────────────

  async checkpoint(): Promise<void> {
    this.undo.push([]);
  }

  async commit(): Promise<void> {
    const top = this.undo.pop();
    if (!top) throw new Error('commit without a checkpoint');
    const parent = this.undo[this.undo.length - 1];
    if (parent) for (const step of top) parent.push(step);
    else this.originalStorageCache.clear();
  }

  async revert(): Promise<void> {
    const top = this.undo.pop();
    if (!top) throw new Error('revert without a checkpoint');
    for (let i = top.length - 1; i >= 0; i--) top[i]!();
    if (this.undo.length === 0) this.originalStorageCache.clear();
  }

  // ── roots ─────────────────────────────────────────────────────────────────────────────────

  async getStateRoot(): Promise<Uint8Array> {
    if (this.accounts.size + this.slots.size + this.cleared.size + this.codes.size > 0) throw new Error('an eth_call state has no state root once written to');
    return this.base.getStateRoot();
  }

  async setStateRoot(): Promise<void> {
    throw new Error('an eth_call state stays at its base root');
  }

  hasStateRoot(root: Uint8Array): Promise<boolean> {
    return this.base.hasStateRoot(root);
  }

  clearCaches(): void {
    // Nothing cached here can go stale: the base never changes.
  }

  shallowCopy(): StateManagerInterface {
    throw new Error('an eth_call state cannot be copied');
  }

  // ── writes, each with its undo step ───────────────────────────────────────────────────────

  private record(step: () => void): void {
    this.undo[this.undo.length - 1]?.push(step);
  }

  private setAccount(key: string, account: Account | null): void {
    const had = this.accounts.has(key);
    const before = this.accounts.get(key);
    this.accounts.set(key, account);
    this.record(() => { if (had) this.accounts.set(key, before!); else this.accounts.delete(key); });
  }

  private setCode(key: string, code: Uint8Array): void {
    const before = this.codes.get(key);
    this.codes.set(key, code);
    this.record(() => { if (before === undefined) this.codes.delete(key); else this.codes.set(key, before); });
  }

  private clearSlots(key: string): void {
    const wasCleared = this.cleared.has(key);
    const before = this.slots.get(key);
    this.cleared.add(key);
    this.slots.set(key, new Map());
    this.record(() => {
      if (!wasCleared) this.cleared.delete(key);
      if (before === undefined) this.slots.delete(key); else this.slots.set(key, before);
    });
  }
}

function keep<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
}
