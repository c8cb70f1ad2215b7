import { isCChain } from './chain-directory.js';
import type { ChainRef } from '../../../store/registry.js';
import { blockchainVmIds } from '../../../store/queries/evm-api/blockchain-vms.js';
import type { DataApiContext } from '../index.js';
import { chainInfoOf, presentationOf, type ChainInfoWire } from './chain-info.js';

/** ChainInfo of EVM chains with their status and VM ids (one store query per network for the L1s' VM ids). */
export async function loadChainInfos(ctx: DataApiContext, chains: readonly ChainRef[]): Promise<ChainInfoWire[]> {
  if (chains.length === 0) return [];
  const statuses = await ctx.chains.statuses();
  const l1sByNetwork = new Map<number, ChainRef[]>();
  for (const c of chains) {
    if (isCChain(c)) continue;
    const list = l1sByNetwork.get(c.network.id) ?? [];
    list.push(c);
    l1sByNetwork.set(c.network.id, list);
  }
  const vmIds = new Map<number, Uint8Array>();
  await Promise.all([...l1sByNetwork].map(async ([network, l1s]) => {
    const found = await blockchainVmIds(ctx.db, network, l1s.map((c) => c.blockchainId));
    for (const c of l1s) {
      const vm = found.get(Buffer.from(c.blockchainId).toString('hex'));
      if (vm) vmIds.set(c.id, vm);
    }
  }));
  return chains.map((c) => {
    const vmId = vmIds.get(c.id);
    const presentation = presentationOf(c, ctx.presentation.chains);
    return chainInfoOf(c, statuses.get(c.id) ?? 'UNAVAILABLE', {
      ...(presentation ? { presentation } : {}),
      ...(vmId ? { vmId } : {}),
      ...(ctx.presentation.enabledFeatures ? { features: ctx.presentation.enabledFeatures } : {}),
    });
  });
}
