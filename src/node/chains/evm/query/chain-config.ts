import type { EvmChain } from '../evm-chain.js';
import { parseGenesis } from '../genesis.js';

/** Helicon is unscheduled: AvalancheGo's UnscheduledActivationTime (9999-12-01). */
const UNSCHEDULED = 253_399_622_400;

/** geth's block-numbered forks, all at block 0 on a local C-chain. */
const BLOCK_FORKS = ['homesteadBlock', 'daoForkBlock', 'eip150Block', 'eip155Block', 'eip158Block', 'byzantiumBlock', 'constantinopleBlock', 'petersburgBlock', 'istanbulBlock', 'muirGlacierBlock', 'berlinBlock', 'londonBlock'];
/** coreth's network upgrades (params/extras/network_upgrades.go JSON names). */
const UPGRADES = [
  'apricotPhase1BlockTimestamp', 'apricotPhase2BlockTimestamp', 'apricotPhase3BlockTimestamp', 'apricotPhase4BlockTimestamp',
  'apricotPhase5BlockTimestamp', 'apricotPhasePre6BlockTimestamp', 'apricotPhase6BlockTimestamp', 'apricotPhasePost6BlockTimestamp',
  'banffBlockTimestamp', 'cortinaBlockTimestamp', 'durangoBlockTimestamp', 'etnaTimestamp', 'fortunaTimestamp', 'graniteTimestamp',
];

const num = (v: unknown): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^(0x[0-9a-f]+|[0-9]+)$/i.test(v)) return Number(BigInt(v));
  return undefined;
};

const cache = new WeakMap<EvmChain, Record<string, unknown>>();

/**
 * eth_getChainConfig: geth's ChainConfig fields with coreth's upgrade times merged at the root (keys sorted,
 * as libevm marshals the merged map). Every upgrade the devnet runs is active from its genesis; an upgrade
 * absent from the genesis config is reported at the genesis time; shanghaiTime = Durango, cancunTime = Etna.
 */
export function chainConfigJson(chain: EvmChain): Record<string, unknown> {
  const hit = cache.get(chain);
  if (hit) return hit;
  const given = parseGenesis(chain.devnetAccess().genesisJson).config;
  const genesisTime = Number(chain.genesisTimestamp);
  const out: Record<string, unknown> = { chainId: Number(chain.chainId), daoForkSupport: given.daoForkSupport ?? true };
  for (const k of BLOCK_FORKS) out[k] = num(given[k]) ?? 0;
  for (const k of UPGRADES) out[k] = num(given[k]) ?? genesisTime;
  out.heliconTimestamp = num(given.heliconTimestamp) ?? UNSCHEDULED;
  out.shanghaiTime = out.durangoBlockTimestamp;
  out.cancunTime = out.etnaTimestamp;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(out).sort()) sorted[k] = out[k];
  cache.set(chain, sorted);
  return sorted;
}
