import type { EvmChain } from '../evm-chain.js';

export interface EthRpcContext {
  chain: EvmChain;
  /** web3_clientVersion. */
  clientVersion: string;
}

/** One eth-style method: positional params in, JSON-ready result out; throws ParamError / ClientError / Error. */
export type EthMethod = (params: unknown[], ctx: EthRpcContext) => unknown;
export type EthMethods = Record<string, EthMethod>;
