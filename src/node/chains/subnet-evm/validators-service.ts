import { idToString, nodeIdFromString, nodeIdToString } from '../../../lib/cb58.js';
import type { RpcService } from '../../server/avalanche-rpc.js';
import { ArgumentError } from '../../server/rpc-args.js';

/** One validator of the chain's subnet, as the P-chain's GetCurrentValidatorSet gives it. */
export interface ChainValidator {
  /** L1: the validation ID; legacy subnet: the AddSubnetValidatorTx id. */
  validationId: Uint8Array;
  nodeId: Uint8Array;
  weight: bigint;
  /** Unix seconds. */
  startTime: bigint;
  isActive: boolean;
  isL1Validator: boolean;
}

export interface ValidatorSource {
  currentValidators(): ChainValidator[];
  /** Connected to this node (the devnet's own validators run in this process: always). */
  isConnected(nodeId: Uint8Array): boolean;
  /** Node clock, Unix seconds. */
  now(): bigint;
}

/**
 * subnet-EVM's `validators` service (plugin/evm/service.go) at /ext/bc/<chain>/validators. Uptime is what the
 * node observed: a connected validator has been up since its start (100 %), an unknown one not at all; with
 * no time elapsed since the start the percentage is 100.
 */
export function createValidatorsService(source: ValidatorSource): RpcService {
  return {
    name: 'validators',
    methods: {
      getCurrentValidators(args) {
        const requested = new Set<string>();
        for (const text of args.stringArray('nodeIDs') ?? []) {
          try {
            requested.add(nodeIdToString(nodeIdFromString(text)));
          } catch (e) {
            throw new ArgumentError((e as Error).message);
          }
        }
        const now = source.now();
        const validators = [];
        for (const v of source.currentValidators()) {
          const nodeID = nodeIdToString(v.nodeId);
          if (requested.size > 0 && !requested.has(nodeID)) continue;
          const connected = source.isConnected(v.nodeId);
          const possible = now > v.startTime ? now - v.startTime : 0n;
          const up = connected ? possible : 0n;
          validators.push({
            validationID: idToString(v.validationId),
            nodeID,
            weight: v.weight,
            startTimestamp: v.startTime,
            isActive: v.isActive,
            isL1Validator: v.isL1Validator,
            isConnected: connected,
            uptimePercentage: possible === 0n ? 100 : Math.fround((Number(up) / Number(possible)) * 100),
            uptimeSeconds: up,
          });
        }
        return { validators };
      },
    },
  };
}
