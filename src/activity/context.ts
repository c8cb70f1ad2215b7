import type { Log } from '../lib/log.js';
import type { AjsChainApi, AjsContext } from './avalanchejs.js';
import type { EvmClient } from './c-chain/evm-client.js';
import type { JsonRpcClient } from './json-rpc.js';
import type { Actor, FundedKeys, Hex } from './keys.js';
import type { ActionKind } from './mix.js';
import type { PWallet } from './p-chain/p-wallet.js';
import type { Prng } from './prng.js';
import type { XWallet } from './x-chain/x-wallet.js';

/** The network's ids, read from the node at start. */
export interface NetworkInfo {
  networkId: number;
  hrp: string;
  avaxAssetId: string;
  xChainId: string;
  pChainId: string;
  cChainId: string;
  evmChainId: number;
}

/** Staking periods the generator picks from, seconds. */
export interface StakingPeriods {
  validator: [number, number];
  delegator: [number, number];
  subnetValidator: [number, number];
}

/** The generator's contracts on the C-chain. */
export interface TokenInfo {
  address: Hex;
  symbol: string;
  decimals: number;
}

export interface Contracts {
  /** ERC-20s: the two the router keeps reserves of first, then tokens created through the factory. */
  tokens: TokenInfo[];
  collectible: Hex;
  multiToken: Hex;
  factory: Hex;
  router: Hex;
}

export interface OwnedSubnet {
  id: string;
  owner: Actor;
  chains: string[];
}

/** What the generator remembers between actions; everything else it reads from the node. */
export interface WorldState {
  contracts?: Contracts;
  /** CREATE2 deployments through the factory (the same salt and arguments again revert). */
  usedSalts: { salt: Hex; name: string; symbol: string; supply: bigint }[];
  /** ERC-721 ids minted by the generator (their owner is read from the chain). */
  collectibleIds: bigint[];
  /** ERC-1155 ids in use. */
  multiTokenIds: bigint[];
  subnets: OwnedSubnet[];
  /** X-chain fungible assets created by the generator, with the user holding the mint right. */
  xAssets: { id: string; minter: Actor; denomination: number }[];
  /** X-chain NFT families created by the generator. */
  nftFamilies: { id: string; creator: Actor }[];
  /** Primary-network validators added by the generator. */
  validators: { nodeId: string; txId: string; end: number }[];
}

export interface ActivityContext {
  rpc: JsonRpcClient;
  log: Log;
  net: NetworkInfo;
  ajsContext: AjsContext;
  evm: EvmClient;
  x: XWallet;
  p: PWallet;
  /** avalanchejs' client of the C-chain atomic API (/ext/bc/C/avax). */
  cAvax: AjsChainApi;
  funded: FundedKeys;
  users: Actor[];
  world: WorldState;
  staking: StakingPeriods;
  /** Whether the node serves the C-chain atomic API; undefined until probed. */
  cAtomic: { available: boolean; checkedAt: number } | undefined;
}

export interface TxRef {
  chain: 'C' | 'X' | 'P';
  id: string;
  /** What the tx does (e.g. "export", "import", "revert: …"). */
  what: string;
  /** C-chain: the receipt's status. */
  ok?: boolean;
}

export interface ActionResult {
  txs: TxRef[];
  detail?: string;
  /** The action could not run here (e.g. a feature the node lacks); not an error. */
  skipped?: boolean;
}

export type Action = (ctx: ActivityContext, rng: Prng) => Promise<ActionResult>;
export type ActionTable = Record<ActionKind, Action>;

export const NANO_AVAX = 1_000_000_000n;
export const WEI_PER_NAVAX = 1_000_000_000n;
export const WEI_PER_AVAX = NANO_AVAX * WEI_PER_NAVAX;
