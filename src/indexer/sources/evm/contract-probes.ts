import type { DecodedEvmRange } from '../../decode/evm/evm-range.js';
import { CONTRACT_PROBE_CALLS, interpretContractProbe, interpretTokenUri, tokenUriCall } from '../../decode/evm/erc-probe.js';
import type { CallAnswer, EthCall, EvmRpcSource } from './evm-rpc-source.js';

/**
 * Fill in what the range's rows need from contract state, in one batched round of eth_calls: the ERC type,
 * name, symbol and decimals of each new contract (read at its creation block) and the URI of each NFT minted
 * (read at its mint block). Calls the node cannot answer at an old height (pruned state) are asked again at
 * the latest block.
 */
export async function probeRange(source: EvmRpcSource, range: DecodedEvmRange): Promise<void> {
  const calls: EthCall[] = [];
  for (const c of range.contractsToProbe) {
    for (const data of CONTRACT_PROBE_CALLS) calls.push({ to: c.address, data, height: c.blockNumber });
  }
  for (const m of range.mints) calls.push({ to: m.token.contract, data: tokenUriCall(m.token.ercType, m.token.tokenId), height: m.blockNumber });
  if (calls.length === 0) return;

  const answers = await source.callAt(calls);
  const retry = answers.flatMap((a, i) => (a === 'missing-state' ? [i] : []));
  if (retry.length > 0) {
    const again = await source.callAt(retry.map((i) => ({ ...calls[i]!, height: 'latest' as const })));
    retry.forEach((i, j) => (answers[i] = again[j]!));
  }
  const bytes = (a: CallAnswer | undefined): Uint8Array | undefined => (a instanceof Uint8Array ? a : undefined);

  let at = 0;
  for (const c of range.contractsToProbe) {
    const probed = interpretContractProbe(answers.slice(at, at + CONTRACT_PROBE_CALLS.length).map(bytes));
    at += CONTRACT_PROBE_CALLS.length;
    c.ercType = probed.ercType;
    if (probed.name !== undefined) c.name = probed.name;
    if (probed.symbol !== undefined) c.symbol = probed.symbol;
    if (probed.decimals !== undefined) c.decimals = probed.decimals;
  }
  for (const m of range.mints) {
    const uri = interpretTokenUri(bytes(answers[at++]));
    if (uri !== undefined) m.token.tokenUri = uri;
  }
}
