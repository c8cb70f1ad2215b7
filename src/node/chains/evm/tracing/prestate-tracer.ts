import { generateAddress, generateAddress2 } from '@ethereumjs/util';
import { bytesToHex } from '../../../../lib/hex.js';
import { OP } from './opcodes.js';
import type { OpcodeStep, StateReader, Tracer, TxEnd, TxStart } from './types.js';

/** prestateTracer's tracerConfig. */
export interface PrestateTracerConfig {
  diffMode: boolean;
}

interface Account {
  balance?: bigint;
  code?: Uint8Array;
  nonce?: bigint;
  /** slot hex → value hex (0x-prefixed, 32 bytes). */
  storage: Map<string, string>;
  empty?: boolean;
}

const hex = (b: Uint8Array) => bytesToHex(b);
const ZERO_WORD = '0x' + '00'.repeat(32);
const word = (n: bigint) => '0x' + n.toString(16).padStart(64, '0');
const wordBytes = (n: bigint) => new Uint8Array(Buffer.from(n.toString(16).padStart(64, '0'), 'hex'));
const addressOf = (n: bigint) => wordBytes(n).slice(12);
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array | undefined) => Buffer.compare(Buffer.from(a ?? []), Buffer.from(b ?? [])) === 0;

/**
 * geth's native prestateTracer (eth/tracers/native/prestate.go): every account the tx touched, as it was
 * when first touched; with diffMode, the pre and post values of what changed.
 */
export class PrestateTracer implements Tracer {
  private readonly pre = new Map<string, Account>();
  private readonly post = new Map<string, Account>();
  private readonly created = new Set<string>();
  private readonly deleted = new Set<string>();

  constructor(private readonly cfg: PrestateTracerConfig) {}

  async onTxStart(tx: TxStart, state: StateReader): Promise<void> {
    let to: Uint8Array;
    if (tx.to) to = tx.to;
    else {
      const { nonce } = await state.account(tx.from);
      to = generateAddress(tx.from, bigBytes(nonce));
      this.created.add(hex(to));
    }
    await this.lookupAccount(tx.from, state);
    await this.lookupAccount(to, state);
    await this.lookupAccount(tx.coinbase, state);
  }

  async onOpcode(step: OpcodeStep, state: StateReader): Promise<void> {
    const s = step.stack;
    const n = s.length;
    const op = step.op;
    if (n >= 1 && (op === OP.SLOAD || op === OP.SSTORE)) {
      await this.lookupStorage(step.address, s[n - 1]!, state);
    } else if (n >= 1 && (op === OP.EXTCODECOPY || op === OP.EXTCODEHASH || op === OP.EXTCODESIZE || op === OP.BALANCE || op === OP.SELFDESTRUCT)) {
      await this.lookupAccount(addressOf(s[n - 1]!), state);
      if (op === OP.SELFDESTRUCT) this.deleted.add(hex(step.address));
    } else if (n >= 5 && (op === OP.DELEGATECALL || op === OP.CALL || op === OP.STATICCALL || op === OP.CALLCODE)) {
      await this.lookupAccount(addressOf(s[n - 2]!), state);
    } else if (op === OP.CREATE) {
      const { nonce } = await state.account(step.address);
      const addr = generateAddress(step.address, bigBytes(nonce));
      await this.lookupAccount(addr, state);
      this.created.add(hex(addr));
    } else if (n >= 4 && op === OP.CREATE2) {
      const offset = s[n - 2]!;
      const size = s[n - 3]!;
      if (offset > 1n << 32n || size > 1n << 32n) return;
      const init = new Uint8Array(Number(size));
      const o = Number(offset);
      if (o < step.memory.length) init.set(step.memory.subarray(o, Math.min(o + init.length, step.memory.length)));
      const addr = generateAddress2(step.address, wordBytes(s[n - 4]!), init);
      await this.lookupAccount(addr, state);
      this.created.add(hex(addr));
    }
  }

  async onTxEnd(_end: TxEnd, state: StateReader): Promise<void> {
    if (this.cfg.diffMode) await this.processDiffState(state);
    // the created contracts' prestate was empty: drop them (they may have existed before)
    for (const a of this.created) if (this.pre.get(a)?.empty) this.pre.delete(a);
  }

  result(): unknown {
    if (this.cfg.diffMode) return { post: renderMap(this.post), pre: renderMap(this.pre) };
    return renderMap(this.pre);
  }

  private async processDiffState(state: StateReader): Promise<void> {
    for (const [addr, acct] of this.pre) {
      if (this.deleted.has(addr)) continue;
      const address = new Uint8Array(Buffer.from(addr.slice(2), 'hex'));
      const now = await state.account(address);
      const post: Account = { storage: new Map() };
      let modified = false;
      if (now.balance !== acct.balance) { modified = true; post.balance = now.balance; }
      if (now.nonce !== acct.nonce) { modified = true; post.nonce = now.nonce; }
      if (!sameBytes(now.code, acct.code)) { modified = true; post.code = now.code; }
      for (const [key, val] of [...acct.storage]) {
        if (val === ZERO_WORD) acct.storage.delete(key);
        const newVal = hex(await state.storage(address, new Uint8Array(Buffer.from(key.slice(2), 'hex'))));
        if (val === newVal) acct.storage.delete(key);
        else {
          modified = true;
          if (newVal !== ZERO_WORD) post.storage.set(key, newVal);
        }
      }
      if (modified) this.post.set(addr, post);
      else this.pre.delete(addr);
    }
  }

  private async lookupAccount(address: Uint8Array, state: StateReader): Promise<void> {
    const key = hex(address);
    if (this.pre.has(key)) return;
    const a = await state.account(address);
    const exists = a.nonce > 0n || a.code.length > 0 || a.balance !== 0n;
    this.pre.set(key, { balance: a.balance, nonce: a.nonce, code: a.code, storage: new Map(), ...(exists ? {} : { empty: true }) });
  }

  private async lookupStorage(address: Uint8Array, slot: bigint, state: StateReader): Promise<void> {
    const acct = this.pre.get(hex(address));
    if (!acct) return;
    const key = word(slot);
    if (acct.storage.has(key)) return;
    acct.storage.set(key, hex(await state.storage(address, wordBytes(slot))));
  }
}

function bigBytes(n: bigint): Uint8Array {
  if (n === 0n) return new Uint8Array(0);
  const h = n.toString(16);
  return new Uint8Array(Buffer.from(h.length % 2 ? '0' + h : h, 'hex'));
}

/** geth's account JSON: balance (always in pre), code, nonce (number), storage — empty ones omitted. */
function renderMap(m: Map<string, Account>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [addr, a] of m) {
    out[addr] = {
      ...(a.balance !== undefined ? { balance: '0x' + a.balance.toString(16) } : {}),
      ...(a.code && a.code.length > 0 ? { code: hex(a.code) } : {}),
      ...(a.nonce !== undefined && a.nonce !== 0n ? { nonce: Number(a.nonce) } : {}),
      ...(a.storage.size > 0 ? { storage: Object.fromEntries(a.storage) } : {}),
    };
  }
  return out;
}
