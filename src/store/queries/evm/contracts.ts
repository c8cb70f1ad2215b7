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
  const { rows } = await db.query('SELECT * FROM evm_contracts WHERE chain = $1 AND address = $2', [chain, address], KEY_LOOKUP);
  return rows[0] ? evmContractFromRow(rows[0]) : undefined;
}
