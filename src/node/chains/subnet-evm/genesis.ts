import type { Common } from '@ethereumjs/common';
import { Account, Address, bytesToBigInt } from '@ethereumjs/util';
import { EMPTY_ROOT, EMPTY_UNCLE_HASH, type CorethBlock } from '../evm/coreth-block.js';
import type { CorethHeader } from '../evm/coreth-header.js';
import { ACP226 } from '../evm/fees.js';
import type { CorethGenesis } from '../evm/genesis.js';
import { openState } from '../evm/state.js';
import type { TrieDb } from '../evm/trie-db.js';
import { applyPrecompileActivations } from './activation.js';
import { type SubnetEvmConfig, rulesAt } from './chain-config.js';
import { optionalUint64 } from './json-fields.js';

/** params.GenesisGasLimit and GenesisDifficulty, used when the genesis gives none. */
const GENESIS_GAS_LIMIT = 4_712_388n;
const GENESIS_DIFFICULTY = 131_072n;

/** The raw genesis fields the shared parser does not keep. */
export interface SubnetGenesisExtras {
  difficultyGiven: boolean;
  blobGasUsed?: bigint;
  excessBlobGas?: bigint;
}

export function readGenesisExtras(json: string): SubnetGenesisExtras {
  const g = JSON.parse(json) as Record<string, unknown>;
  const hash = g.airdropHash;
  if (typeof hash === 'string' && /[1-9a-f]/i.test(hash.replace(/^0x/i, ''))) throw new Error('genesis: airdrops are not supported on the devnet');
  const blobGasUsed = optionalUint64(g.blobGasUsed, 'blobGasUsed');
  const excessBlobGas = optionalUint64(g.excessBlobGas, 'excessBlobGas');
  return {
    difficultyGiven: g.difficulty !== undefined && g.difficulty !== null,
    ...(blobGasUsed !== undefined ? { blobGasUsed } : {}),
    ...(excessBlobGas !== undefined ? { excessBlobGas } : {}),
  };
}

/**
 * Genesis.toBlock for subnet-EVM: the precompiles enabled at the genesis time are configured first, then
 * the allocation is applied on top; the header carries what the upgrades active at its time require (base
 * fee = minBaseFee from SubnetEVM, block gas cost and Cancun fields from Etna, ms time and the initial
 * ACP-226 delay excess from Granite).
 */
export async function buildSubnetGenesis(genesis: CorethGenesis, extras: SubnetGenesisExtras, config: SubnetEvmConfig, db: TrieDb, common: Common): Promise<CorethBlock> {
  if (genesis.number !== 0n) throw new Error("can't commit genesis block with number > 0");
  const state = openState(db, undefined, common);
  await applyPrecompileActivations(config, undefined, { number: genesis.number, time: genesis.timestamp }, state);
  for (const [hex, acct] of genesis.alloc) {
    const address = new Address(new Uint8Array(Buffer.from(hex, 'hex')));
    const existing = await state.getAccount(address);
    if (existing) await state.modifyAccountFields(address, { balance: acct.balance, nonce: acct.nonce });
    else await state.putAccount(address, new Account(acct.nonce, acct.balance));
    if (acct.code) await state.putCode(address, acct.code);
    for (const [k, v] of acct.storage) if (bytesToBigInt(v) !== 0n) await state.putStorage(address, k, v);
  }
  const rules = rulesAt(config, genesis.timestamp);
  const header: CorethHeader = {
    parentHash: genesis.parentHash,
    uncleHash: EMPTY_UNCLE_HASH,
    coinbase: genesis.coinbase,
    stateRoot: await state.getStateRoot(),
    txRoot: EMPTY_ROOT,
    receiptRoot: EMPTY_ROOT,
    bloom: new Uint8Array(256),
    difficulty: extras.difficultyGiven ? genesis.difficulty : GENESIS_DIFFICULTY,
    number: 0n,
    gasLimit: genesis.gasLimit === 0n ? GENESIS_GAS_LIMIT : genesis.gasLimit,
    gasUsed: genesis.gasUsed,
    timestamp: genesis.timestamp,
    extra: genesis.extraData,
    mixHash: genesis.mixHash,
    nonce: u64Bytes(genesis.nonce),
    extDataHash: new Uint8Array(32),
  };
  if (rules.IsSubnetEVM) header.baseFee = genesis.baseFee ?? config.feeConfig.minBaseFee;
  if (rules.IsEtna) {
    header.blockGasCost = 0n;
    header.parentBeaconRoot = new Uint8Array(32);
    header.blobGasUsed = extras.blobGasUsed ?? 0n;
    header.excessBlobGas = extras.excessBlobGas ?? 0n;
  }
  if (rules.IsGranite) {
    header.timestampMs = genesis.timestamp * 1000n;
    header.minDelayExcess = ACP226.initialDelayExcess;
  }
  return { header, txs: [], uncles: [], version: 0, extData: new Uint8Array(0) };
}

function u64Bytes(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, n);
  return out;
}
