import { ParamError } from '../rpc/codec.js';

/**
 * Block numbers as coreth's rpc.BlockNumber: tags are negative (safe −4, finalized/accepted −3, latest −2,
 * pending −1); earliest is 0.
 */
export const SAFE = -4n;
export const FINALIZED = -3n;
export const LATEST = -2n;
export const PENDING = -1n;

/** The maximum number of addresses and topic positions in a filter (eth/filters/api.go). */
export const MAX_ADDRESSES = 1000;
export const MAX_TOPICS = 4;

/** geth's FilterCriteria, decoded: hex strings are lower-case and 0x-prefixed, as logs are rendered. */
export interface LogCriteria {
  blockHash?: string;
  fromBlock?: bigint;
  toBlock?: bigint;
  /** Any of these (empty = any address). */
  addresses: string[];
  /** Per position: any of these, or null = wildcard. Positions past the list are unconstrained. */
  topics: (string[] | null)[];
}

class CriteriaError extends Error {}

/** hexutil.Decode's checks. */
function decodeHex(s: string): string {
  if (s.length === 0) throw new CriteriaError('empty hex string');
  if (!s.startsWith('0x') && !s.startsWith('0X')) throw new CriteriaError('hex string without 0x prefix');
  const body = s.slice(2);
  if (body.length % 2 !== 0) throw new CriteriaError('hex string of odd length');
  if (!/^[0-9a-fA-F]*$/.test(body)) throw new CriteriaError('invalid hex string');
  return body.toLowerCase();
}

function decodeFixed(s: string, bytes: number, what: 'address' | 'topic'): string {
  const body = decodeHex(s);
  if (body.length !== bytes * 2) throw new CriteriaError(`hex has invalid length ${body.length / 2} after decoding; expected ${bytes} for ${what}`);
  return '0x' + body;
}

/** rpc.BlockNumber's UnmarshalJSON (coreth: "accepted" ≡ "finalized", earliest = 0). */
function blockNumber(v: unknown): bigint {
  if (typeof v !== 'string') {
    // a JSON number reaches hexutil as its digits, which lack the 0x prefix
    if (typeof v === 'number') throw new CriteriaError('hex string without 0x prefix');
    throw new CriteriaError(`json: cannot unmarshal ${goJsonType(v)} into Go value of type rpc.BlockNumber`);
  }
  switch (v.trim()) {
    case 'earliest': return 0n;
    case 'latest': return LATEST;
    case 'pending': return PENDING;
    case 'accepted': case 'finalized': return FINALIZED;
    case 'safe': return SAFE;
  }
  const s = v.trim();
  if (s.length === 0) throw new CriteriaError('empty hex string');
  if (!s.startsWith('0x') && !s.startsWith('0X')) throw new CriteriaError('hex string without 0x prefix');
  const body = s.slice(2);
  if (body.length === 0) throw new CriteriaError('hex string "0x"');
  if (!/^[0-9a-fA-F]+$/.test(body)) throw new CriteriaError('invalid hex string');
  if (body.length > 1 && body[0] === '0') throw new CriteriaError('hex number with leading zero digits');
  if (body.length > 16) throw new CriteriaError('hex number > 64 bits');
  const n = BigInt(s);
  if (n > (1n << 63n) - 1n) throw new CriteriaError('block number larger than int64');
  return n;
}

function goJsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'object') return 'object';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return 'number';
  return 'string';
}

/**
 * eth_getLogs / eth_newFilter params[index] → criteria, with geth's FilterCriteria.UnmarshalJSON errors
 * (reported as -32602 "invalid argument N: …").
 */
export function parseLogCriteria(v: unknown, index: number): LogCriteria {
  try {
    return parse(v);
  } catch (e) {
    if (e instanceof CriteriaError) throw new ParamError(`invalid argument ${index}: ${e.message}`);
    throw e;
  }
}

function parse(v: unknown): LogCriteria {
  if (v === null || v === undefined) return { addresses: [], topics: [] };
  if (typeof v !== 'object' || Array.isArray(v)) throw new CriteriaError(`json: cannot unmarshal ${goJsonType(v)} into Go value of type filters.input`);
  const o = v as Record<string, unknown>;
  const present = (k: string) => o[k] !== undefined && o[k] !== null;
  const out: LogCriteria = { addresses: [], topics: [] };
  if (present('blockHash')) {
    const h = o.blockHash;
    if (typeof h !== 'string') throw new CriteriaError(`json: cannot unmarshal ${goJsonType(h)} into Go struct field input.blockHash of type common.Hash`);
    const body = h.startsWith('0x') || h.startsWith('0X') ? h.slice(2) : h;
    if (body.length !== 64) throw new CriteriaError(`hex string has length ${body.length}, want 64 for common.Hash`);
    if (!/^[0-9a-fA-F]*$/.test(body)) throw new CriteriaError('invalid hex string');
    if (present('fromBlock') || present('toBlock')) {
      throw new CriteriaError('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
    }
    out.blockHash = '0x' + body.toLowerCase();
  } else {
    if (present('fromBlock')) out.fromBlock = blockNumber(o.fromBlock);
    if (present('toBlock')) out.toBlock = blockNumber(o.toBlock);
  }
  if (present('address')) {
    const a = o.address;
    if (Array.isArray(a)) {
      if (a.length > MAX_ADDRESSES) throw new CriteriaError('exceed max addresses');
      a.forEach((x, i) => {
        if (typeof x !== 'string') throw new CriteriaError(`non-string address at index ${i}`);
        try {
          out.addresses.push(decodeFixed(x, 20, 'address'));
        } catch (e) {
          throw new CriteriaError(`invalid address at index ${i}: ${(e as Error).message}`);
        }
      });
    } else if (typeof a === 'string') {
      try {
        out.addresses.push(decodeFixed(a, 20, 'address'));
      } catch (e) {
        throw new CriteriaError(`invalid address: ${(e as Error).message}`);
      }
    } else {
      throw new CriteriaError('invalid addresses in query');
    }
  }
  if (present('topics')) {
    const t = o.topics;
    if (!Array.isArray(t)) throw new CriteriaError(`json: cannot unmarshal ${goJsonType(t)} into Go struct field input.topics of type []interface {}`);
    for (const pos of t) {
      if (pos === null) out.topics.push(null);
      else if (typeof pos === 'string') out.topics.push([decodeFixed(pos, 32, 'topic')]);
      else if (Array.isArray(pos)) {
        let alts: string[] | null = [];
        for (const x of pos) {
          // a null alternative makes the whole position a wildcard
          if (x === null) { alts = null; break; }
          if (typeof x !== 'string') throw new CriteriaError('invalid topic(s)');
          alts.push(decodeFixed(x, 32, 'topic'));
        }
        out.topics.push(alts === null || alts.length === 0 ? null : alts);
      } else {
        throw new CriteriaError('invalid topic(s)');
      }
    }
  }
  return out;
}

/** A log as rendered (geth's types.Log JSON). */
export interface LogJson {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  transactionHash: string;
  transactionIndex: string;
  blockHash: string;
  logIndex: string;
  removed: boolean;
}

/** Criteria compiled for matching: sets for the address and each topic position. */
export interface LogMatcher {
  addresses: Set<string> | null;
  topics: (Set<string> | null)[];
}

export function compileMatcher(c: Pick<LogCriteria, 'addresses' | 'topics'>): LogMatcher {
  return {
    addresses: c.addresses.length > 0 ? new Set(c.addresses) : null,
    topics: c.topics.map((t) => (t === null ? null : new Set(t))),
  };
}

/** geth's filterLogs check (without the block range). */
export function logMatches(log: LogJson, m: LogMatcher): boolean {
  if (m.addresses && !m.addresses.has(log.address)) return false;
  if (m.topics.length > log.topics.length) return false;
  for (let i = 0; i < m.topics.length; i++) {
    const want = m.topics[i];
    if (want && !want.has(log.topics[i]!)) return false;
  }
  return true;
}
