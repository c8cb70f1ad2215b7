import { hexOf } from '../../../lib/hex.js';
import { KEY_LOOKUP, type Queryable, type Row } from '../../database/database.js';
import type { ContractErcType } from '../../writers/evm/evm-batch.js';
import { big, bytes, num, optBytes, optNum, optText } from './rows.js';

/** What the store knows of a contract: its ERC type, token fields read at creation, and how it was deployed. */
export interface EvmContract {
  address: Uint8Array;
  ercType: ContractErcType;
  name?: string;
  symbol?: string;
  decimals?: number;
  deployment: {
    txHash: Uint8Array;
    /** Sender of the creating transaction. */
    deployer: Uint8Array;
    /** The factory contract, for a CREATE/CREATE2 inside a call. */
    deployerContract?: Uint8Array;
    blockNumber: bigint;
    txIndex: number;
  };
}

export function evmContractFromRow(r: Row): EvmContract {
  return {
    address: bytes(r.address),
    ercType: r.erc_type as ContractErcType,
    name: optText(r.name),
    symbol: optText(r.symbol),
    decimals: optNum(r.decimals),
    deployment: {
      txHash: bytes(r.tx_hash),
      deployer: bytes(r.deployer_address),
      deployerContract: optBytes(r.deployer_contract),
      blockNumber: big(r.block_number),
      txIndex: num(r.tx_index),
    },
  };
}

/** Contract metadata by address; undefined when the store saw no creation at that address. */
export async function getEvmContract(db: Queryable, chain: number, address: Uint8Array): Promise<EvmContract | undefined> {
  return (await getEvmContracts(db, chain, [address])).get(hexOf(address));
}

/** Contracts by address, keyed by the hex address (addresses with no contract are left out): one statement. */
export async function getEvmContracts(db: Queryable, chain: number, addresses: readonly Uint8Array[]): Promise<Map<string, EvmContract>> {
  if (addresses.length === 0) return new Map();
  const { rows } = await db.query('SELECT * FROM evm_contracts WHERE chain = $1 AND address = ANY($2::bytea[])', [chain, addresses], KEY_LOOKUP);
  return new Map(rows.map(evmContractFromRow).map((contract) => [hexOf(contract.address), contract]));
}
