import type { Queryable } from '../../../../store/database/database.js';
import { l1ValidatorsById, type L1ValidatorState } from '../../../../store/queries/primary-api/l1-validators-by-id.js';
import { blockchainsById, type Blockchain } from '../../../../store/queries/primary/subnets.js';
import type { PrimaryTransaction } from '../../../../store/queries/primary/transactions.js';
import type { ResolvedChain } from '../networks/blockchain-id.js';
import type { ResolvedNetwork } from '../networks/resolve-network.js';
import { cChainTransactionWire, type CChainAtomicTransactionWire } from '../wire/c-chain-transaction.js';
import { createdBlockchainIdsOf, l1ValidationIdsOf, pChainTransactionWire, type PChainTransactionWire } from '../wire/p-chain-transaction.js';
import { xChainTransactionWire, type XChainLinearTransactionWire } from '../wire/x-chain-transaction.js';
import { assetCacheOf } from './asset-cache.js';
import { hexOf } from '../../../../lib/hex.js';

export type PrimaryTransactionWire = PChainTransactionWire | XChainLinearTransactionWire | CChainAtomicTransactionWire;

/** Every asset a tx mentions (amounts, UTXOs, EVM inputs and outputs). */
function assetIdsOf(txs: readonly PrimaryTransaction[]): Uint8Array[] {
  const ids = new Map<string, Uint8Array>();
  const add = (id: Uint8Array) => ids.set(hexOf(id), id);
  for (const t of txs) {
    for (const list of Object.values(t.amounts)) for (const a of list ?? []) add(a.assetId);
    for (const u of [...t.consumedUtxos, ...t.emittedUtxos]) add(u.assetId);
    for (const e of [...(t.details.evmInputs ?? []), ...(t.details.evmOutputs ?? [])]) add(e.assetId);
  }
  return [...ids.values()];
}

/**
 * How P-chain txs' details are completed from the store, by hex id: the L1 validators they name and the blockchains
 * they create. By default read for the txs at hand; a route answering one tx per request passes batch loaders, so
 * requests served together share one statement.
 */
export interface PChainDetailLookups {
  l1Validators(chain: number, validationIds: Uint8Array[]): Promise<Map<string, L1ValidatorState>>;
  blockchains(chain: number, blockchainIds: Uint8Array[]): Promise<Map<string, Blockchain>>;
}

const storeLookups = (db: Queryable): PChainDetailLookups => ({
  l1Validators: (chain, ids) => l1ValidatorsById(db, chain, ids),
  blockchains: (chain, ids) => blockchainsById(db, chain, ids),
});

/**
 * The txs of one chain in that chain's shape (P: PChainTransaction; X: XChainLinearTransaction; C: the atomic
 * export/import shapes), with what the shapes need looked up once per page: asset descriptions, the L1
 * validators the txs name and the blockchains they create.
 */
export async function transactionWires(
  db: Queryable, net: ResolvedNetwork, chain: ResolvedChain, txs: readonly PrimaryTransaction[], lookups: PChainDetailLookups = storeLookups(db),
): Promise<PrimaryTransactionWire[]> {
  const assets = await assetCacheOf(db).assets(net.network.id, assetIdsOf(txs));
  const base = { hrp: net.network.hrp, assets };
  if (chain.role === 'X') return txs.map((t) => xChainTransactionWire(t, base));
  if (chain.role === 'C') return txs.map((t) => cChainTransactionWire(t, base));
  const validationIds = l1ValidationIdsOf(txs);
  const blockchainIds = createdBlockchainIdsOf(txs);
  const [l1Validators, blockchains] = await Promise.all([
    validationIds.length > 0 ? lookups.l1Validators(chain.chain.id, validationIds) : new Map<string, L1ValidatorState>(),
    blockchainIds.length > 0 ? lookups.blockchains(chain.chain.id, blockchainIds) : new Map<string, Blockchain>(),
  ]);
  return txs.map((t) => pChainTransactionWire(t, { ...base, l1Validators, blockchains }));
}
