import { SignatureAggregator } from './aggregator.js';
import { PChainNodeClient } from './node-client.js';

export { AggregationFailed, SignatureAggregator, type AggregationRequest, type AggregationResult } from './aggregator.js';
export { NoWarpMessage, pChainTxMessage } from './p-chain-tx-message.js';
export { NodeRpcError, PChainNodeClient } from './node-client.js';

/** The aggregator of the Data API's /v1/signatureAggregator routes, and the node it reads P-chain txs from. */
export interface SignatureAggregation {
  aggregator: SignatureAggregator;
  node: PChainNodeClient;
}

export function createSignatureAggregation(nodeUrls: string[]): SignatureAggregation {
  const nodes = nodeUrls.map((url) => new PChainNodeClient(url.replace(/\/+$/, '')));
  return { aggregator: new SignatureAggregator(nodes), node: nodes[0]! };
}
