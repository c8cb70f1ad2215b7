import type { Common } from '@ethereumjs/common';
import { Account, Address, bytesToBigInt, setLengthLeft } from '@ethereumjs/util';
import { hexToBytes } from '../../../lib/hex.js';
import type { UpgradeActivations } from './block-builder.js';
import { type CorethBlock, EMPTY_ROOT, EMPTY_UNCLE_HASH } from './coreth-block.js';
import type { CorethHeader } from './coreth-header.js';
import { ACP226 } from './fees.js';
import { openState } from './state.js';
import type { TrieDb } from './trie-db.js';

/** AP3's initial base fee, used when the genesis sets none (core/genesis.go). */
const AP3_INITIAL_BASE_FEE = 225_000_000_000n;

export interface GenesisAccount {
  balance: bigint;
  nonce: bigint;
  code?: Uint8Array;
  storage: [Uint8Array, Uint8Array][];
}

export interface CorethGenesis {
  chainId: bigint;
  /** The raw chain config (upgrade timestamps etc.), as given. */
  config: Record<string, unknown>;
  nonce: bigint;
  timestamp: bigint;
  extraData: Uint8Array;
  gasLimit: bigint;
  difficulty: bigint;
  mixHash: Uint8Array;
  coinbase: Uint8Array;
  number: bigint;
  gasUsed: bigint;
  parentHash: Uint8Array;
  baseFee?: bigint;
  alloc: Map<string, GenesisAccount>;
}

/** geth's HexOrDecimal: "0x…" hex, decimal string, or JSON number. */
function quantity(v: unknown, field: string, dflt = 0n): bigint {
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'number') return BigInt(v);
  if (typeof v === 'string') {
    if (/^0x[0-9a-f]*$/i.test(v)) return v.length === 2 ? 0n : BigInt(v);
    if (/^[0-9]+$/.test(v)) return BigInt(v);
  }
  throw new Error(`genesis: invalid ${field}: ${JSON.stringify(v)}`);
}

function bytes(v: unknown, field: string, len?: number): Uint8Array {
  if (v === undefined || v === null) return new Uint8Array(len ?? 0);
  if (typeof v !== 'string') throw new Error(`genesis: invalid ${field}`);
  const b = hexToBytes(v);
  return len === undefined ? b : setLengthLeft(b, len);
}

/** Upgrades the devnet executes; each must be active at the genesis time (absent = active, as on the local network). */
const REQUIRED_UPGRADES = [
  'apricotPhase1BlockTimestamp', 'apricotPhase2BlockTimestamp', 'apricotPhase3BlockTimestamp', 'apricotPhase4BlockTimestamp',
  'apricotPhase5BlockTimestamp', 'apricotPhasePre6BlockTimestamp', 'apricotPhase6BlockTimestamp', 'apricotPhasePost6BlockTimestamp',
  'banffBlockTimestamp', 'cortinaBlockTimestamp', 'durangoBlockTimestamp', 'etnaTimestamp', 'fortunaTimestamp', 'graniteTimestamp',
];

export function parseGenesis(json: string): CorethGenesis {
  const g = JSON.parse(json) as Record<string, unknown>;
  const config = (g.config ?? {}) as Record<string, unknown>;
  const chainId = quantity(config.chainId, 'config.chainId', -1n);
  if (chainId < 0n) throw new Error('genesis: config.chainId is required');
  const timestamp = quantity(g.timestamp, 'timestamp');
  for (const name of REQUIRED_UPGRADES) {
    const at = config[name];
    if (at !== undefined && at !== null && quantity(at, `config.${name}`) > timestamp) {
      throw new Error(`genesis: ${name} (${String(at)}) must be active at the genesis timestamp ${timestamp}: the devnet runs Granite rules from block 0`);
    }
  }
  const alloc = new Map<string, GenesisAccount>();
  for (const [addr, raw] of Object.entries((g.alloc ?? {}) as Record<string, Record<string, unknown>>)) {
    const address = bytes(addr.startsWith('0x') ? addr : `0x${addr}`, 'alloc address');
    if (address.length !== 20) throw new Error(`genesis: invalid alloc address ${addr}`);
    const storage = Object.entries((raw.storage ?? {}) as Record<string, string>).map(
      ([k, v]) => [bytes(k, 'storage key', 32), bytes(v, 'storage value', 32)] as [Uint8Array, Uint8Array],
    );
    const code = raw.code === undefined ? undefined : bytes(raw.code, 'code');
    alloc.set(Buffer.from(address).toString('hex'), {
      balance: quantity(raw.balance, 'balance'), nonce: quantity(raw.nonce, 'nonce'), storage,
      ...(code && code.length > 0 ? { code } : {}),
    });
  }
  return {
    chainId, config, timestamp, alloc,
    nonce: quantity(g.nonce, 'nonce'),
    extraData: bytes(g.extraData, 'extraData'),
    gasLimit: quantity(g.gasLimit, 'gasLimit'),
    difficulty: quantity(g.difficulty, 'difficulty'),
    mixHash: bytes(g.mixHash, 'mixHash', 32),
    coinbase: bytes(g.coinbase, 'coinbase', 20),
    number: quantity(g.number, 'number'),
    gasUsed: quantity(g.gasUsed, 'gasUsed'),
    parentHash: bytes(g.parentHash, 'parentHash', 32),
    ...(g.baseFeePerGas !== undefined && g.baseFeePerGas !== null ? { baseFee: quantity(g.baseFeePerGas, 'baseFeePerGas') } : {}),
  };
}

const GENESIS_GAS_LIMIT = 4_712_388n; // params.GenesisGasLimit, when the genesis gives 0

/**
 * Writes the allocation into a fresh state on `db` and forms the genesis header as coreth's
 * `Genesis.toBlock` does with every upgrade through Granite active: AP3 base fee (given or 225 gwei),
 * ExtDataGasUsed = BlockGasCost = 0 (Etna), blob fields 0 and zero beacon root (Cancun),
 * timestampMilliseconds = ts·1000 and the initial ACP-226 delay excess (Granite). ExtDataHash is left
 * zero: `types.NewBlock` does not compute it for the genesis. The precompiles enabled at the genesis time
 * (`activations`: warp when Durango is active) are configured first and the allocation written over them,
 * as coreth's `toBlock` does.
 */
export async function buildGenesis(genesis: CorethGenesis, db: TrieDb, common: Common, activations?: UpgradeActivations): Promise<CorethBlock> {
  if (genesis.number !== 0n) throw new Error("can't commit genesis block with number > 0");
  const state = openState(db, undefined, common);
  await activations?.(state, undefined, { number: genesis.number, time: genesis.timestamp }, genesis.chainId);
  for (const [hex, acct] of genesis.alloc) {
    const address = new Address(new Uint8Array(Buffer.from(hex, 'hex')));
    if (await state.getAccount(address)) {
      // a configured precompile's account: the allocation sets its balance, nonce and code (none = empty) over it
      await state.modifyAccountFields(address, { balance: acct.balance, nonce: acct.nonce });
      await state.putCode(address, acct.code ?? new Uint8Array(0));
    } else {
      await state.putAccount(address, new Account(acct.nonce, acct.balance));
      if (acct.code) await state.putCode(address, acct.code);
    }
    for (const [k, v] of acct.storage) {
      if (bytesToBigInt(v) !== 0n) await state.putStorage(address, k, v);
    }
  }
  const stateRoot = await state.getStateRoot();
  const header: CorethHeader = {
    parentHash: genesis.parentHash,
    uncleHash: EMPTY_UNCLE_HASH,
    coinbase: genesis.coinbase,
    stateRoot,
    txRoot: EMPTY_ROOT,
    receiptRoot: EMPTY_ROOT,
    bloom: new Uint8Array(256),
    difficulty: genesis.difficulty,
    number: 0n,
    gasLimit: genesis.gasLimit === 0n ? GENESIS_GAS_LIMIT : genesis.gasLimit,
    gasUsed: genesis.gasUsed,
    timestamp: genesis.timestamp,
    extra: genesis.extraData,
    mixHash: genesis.mixHash,
    nonce: u64Bytes(genesis.nonce),
    extDataHash: new Uint8Array(32),
    baseFee: genesis.baseFee ?? AP3_INITIAL_BASE_FEE,
    extDataGasUsed: 0n,
    blockGasCost: 0n,
    blobGasUsed: 0n,
    excessBlobGas: 0n,
    parentBeaconRoot: new Uint8Array(32),
    timestampMs: genesis.timestamp * 1000n,
    minDelayExcess: ACP226.initialDelayExcess,
  };
  return { header, txs: [], uncles: [], version: 0, extData: new Uint8Array(0) };
}

function u64Bytes(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
}
