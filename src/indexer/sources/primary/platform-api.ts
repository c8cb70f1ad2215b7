import { LinearReader } from '../../../codec/linear/reader.js';
import { idToString } from '../../../lib/cb58.js';
import { sha256 } from '../../../lib/hash.js';
import { PVM_TYPES, readUtxo, type TxOutput } from '../../decode/platform/avax-components.js';
import { JsonRpcClient, RpcError, type JsonRpcClientOptions } from '../json-rpc-client.js';
import { decodeNodeHex } from './container-bytes.js';
import { sameBytes } from '../../../lib/bytes.js';

/** A P-chain UTXO (avax.UTXO) as the node serves it. */
export interface PlatformUtxo {
  txId: Uint8Array;
  outputIndex: number;
  assetId: Uint8Array;
  output: TxOutput;
}

function decodePlatformUtxo(bytes: Uint8Array): PlatformUtxo {
  const reader = new LinearReader(bytes);
  const utxo = readUtxo(reader, PVM_TYPES);
  reader.end();
  return utxo;
}

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
  async getRewardUtxos(stakingTxId: Uint8Array): Promise<PlatformUtxo[] | undefined> {
    let r: { utxos: string[] | null };
    try {
      r = await this.client.call<{ utxos: string[] | null }>('platform.getRewardUTXOs', { txID: idToString(stakingTxId), encoding: 'hex' });
    } catch (error) {
      if (error instanceof RpcError && /can't find method|deprecated/i.test(error.message)) return undefined;
      throw error;
    }
    return (r.utxos ?? []).map((hex) => decodeNodeHex(hex, decodePlatformUtxo));
  }

  /**
   * Every UTXO the P-chain holds for these addresses (bech32, `P-` prefixed), page by page (1024 a page); at most
   * 1024 addresses a call, as AvalancheGo allows.
   */
  async getUtxos(addresses: readonly string[]): Promise<PlatformUtxo[]> {
    const out: PlatformUtxo[] = [];
    for (let i = 0; i < addresses.length; i += 1024) {
      const chunk = addresses.slice(i, i + 1024);
      let startIndex: { address: string; utxo: string } | undefined;
      for (;;) {
        const r = await this.client.call<{ numFetched: string; utxos: string[] | null; endIndex: { address: string; utxo: string } }>('platform.getUTXOs', {
          addresses: chunk, limit: 1024, encoding: 'hex', ...(startIndex ? { startIndex } : {}),
        });
        const page = (r.utxos ?? []).map((hex) => decodeNodeHex(hex, decodePlatformUtxo));
        out.push(...page);
        if (page.length < 1024 || !r.endIndex?.address) break;
        startIndex = r.endIndex;
      }
    }
    return out;
  }

  /** platform.getCurrentSupply of the primary network, with the height it holds at (AvalancheGo ≥ 1.11 says). */
  async getCurrentSupply(): Promise<{ supply: bigint; height?: bigint }> {
    const r = await this.client.call<{ supply: string; height?: string }>('platform.getCurrentSupply', {});
    if (!/^[0-9]+$/.test(r.supply) || (r.height !== undefined && !/^[0-9]+$/.test(r.height))) throw new Error(`platform.getCurrentSupply: unexpected answer ${JSON.stringify(r)}`);
    return { supply: BigInt(r.supply), ...(r.height !== undefined ? { height: BigInt(r.height) } : {}) };
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

