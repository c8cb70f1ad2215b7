import { LinearReader } from '../../../codec/linear/reader.js';
import { idToString } from '../../../lib/cb58.js';
import { sha256 } from '../../../lib/hash.js';
import { PVM_TYPES, readUtxo, type TxOutput } from '../../decode/platform/avax-components.js';
import { JsonRpcClient, RpcError, type JsonRpcClientOptions } from '../json-rpc-client.js';
import { decodeNodeHex } from './container-bytes.js';

/** The node's answers about a current staker (platform.getCurrentValidators), as sent on the wire. */
export interface CurrentStakerJson {
  txID: string;
  startTime: string;
  endTime: string;
  weight?: string;
  stakeAmount?: string;
  nodeID: string;
  uptime?: string;
  connected?: boolean;
  potentialReward?: string;
  accruedDelegateeReward?: string;
  delegationFee?: string;
  delegatorCount?: string;
  validationRewardOwner?: OwnerJson;
  delegationRewardOwner?: OwnerJson;
  rewardOwner?: OwnerJson;
  signer?: { publicKey: string; proofOfPossession: string };
  delegators?: CurrentStakerJson[] | null;
}

export interface OwnerJson {
  locktime: string;
  threshold: string;
  addresses: string[];
}

export interface BlockchainJson {
  id: string;
  name: string;
  subnetID: string;
  vmID: string;
}

/** The P-chain's `platform` service over HTTP (one call per request: AvalancheGo accepts no batches). */
export class PlatformApi {
  private readonly client: JsonRpcClient;

  constructor(nodeUrl: string, options: JsonRpcClientOptions = {}) {
    this.client = new JsonRpcClient(`${nodeUrl}/ext/bc/P`, { ...options, maxBatchSize: 1 });
  }

  /** The signed bytes of a tx, or undefined when the node does not know it. */
  async getTx(txId: Uint8Array): Promise<Uint8Array | undefined> {
    try {
      const r = await this.client.call<{ tx: string }>('platform.getTx', { txID: idToString(txId), encoding: 'hex' });
      return decodeNodeHex(r.tx, (b) => b, (b) => sameBytes(sha256(b), txId));
    } catch (error) {
      if (error instanceof RpcError) return undefined;
      throw error;
    }
  }

  /**
   * The reward UTXOs paid for a staking tx (empty before it is rewarded, or when it was not); undefined when the
   * node does not serve the (deprecated) method.
   */
  async getRewardUtxos(stakingTxId: Uint8Array): Promise<{ txId: Uint8Array; outputIndex: number; assetId: Uint8Array; output: TxOutput }[] | undefined> {
    let r: { utxos: string[] | null };
    try {
      r = await this.client.call<{ utxos: string[] | null }>('platform.getRewardUTXOs', { txID: idToString(stakingTxId), encoding: 'hex' });
    } catch (error) {
      if (error instanceof RpcError && /can't find method|deprecated/i.test(error.message)) return undefined;
      throw error;
    }
    return (r.utxos ?? []).map((hex) => decodeNodeHex(hex, (bytes) => {
      const reader = new LinearReader(bytes);
      const utxo = readUtxo(reader, PVM_TYPES);
      reader.end();
      return utxo;
    }));
  }

  async getCurrentValidators(params: { subnetID?: string; nodeIDs?: string[] } = {}): Promise<CurrentStakerJson[]> {
    const r = await this.client.call<{ validators: CurrentStakerJson[] | null }>('platform.getCurrentValidators', params);
    return r.validators ?? [];
  }

  async getBlockchains(): Promise<BlockchainJson[]> {
    const r = await this.client.call<{ blockchains: BlockchainJson[] | null }>('platform.getBlockchains', {});
    return r.blockchains ?? [];
  }
}

/** The X-chain's `avm` service over HTTP. */
export class AvmApi {
  private readonly client: JsonRpcClient;

  constructor(nodeUrl: string, options: JsonRpcClientOptions = {}) {
    this.client = new JsonRpcClient(`${nodeUrl}/ext/bc/X`, { ...options, maxBatchSize: 1 });
  }

  async getTx(txId: Uint8Array): Promise<Uint8Array | undefined> {
    try {
      const r = await this.client.call<{ tx: string }>('avm.getTx', { txID: idToString(txId), encoding: 'hex' });
      return decodeNodeHex(r.tx, (b) => b, (b) => sameBytes(sha256(b), txId));
    } catch (error) {
      if (error instanceof RpcError) return undefined;
      throw error;
    }
  }

  async getAssetDescription(assetId: Uint8Array): Promise<{ name: string; symbol: string; denomination: number } | undefined> {
    try {
      const r = await this.client.call<{ name: string; symbol: string; denomination: string | number }>('avm.getAssetDescription', { assetID: idToString(assetId) });
      return { name: r.name, symbol: r.symbol, denomination: Number(r.denomination) };
    } catch (error) {
      if (error instanceof RpcError) return undefined;
      throw error;
    }
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
