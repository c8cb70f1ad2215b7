import type { GenesisConfig } from './genesis-config.js';
import type { PlatformGenesis } from '../../codec/platformvm/genesis.js';
import type { ValidatorKeys } from './validator-keys.js';

/** An id in both forms. */
export interface IdPair {
  id: Uint8Array;
  /** cb58 text (AvalancheGo's ids.ID.String()). */
  string: string;
}

export interface GenesisBlockInfo extends IdPair {
  bytes: Uint8Array;
}

/** A funded C-chain account derived from the mnemonic. */
export interface DevAccount {
  index: number;
  derivationPath: string;
  /** EIP-55 checksummed. */
  address: string;
  /** `0x…` hex. */
  privateKey: string;
  balanceWei: bigint;
}

/** A secp256k1 key funded at genesis on the X, P and/or C chains. */
export interface FundedKey {
  privateKeyHex: string;
  /** `PrivateKey-<cb58>` (AvalancheGo / wallet import form). */
  privateKeyCb58: string;
  shortId: Uint8Array;
  /** `X-<hrp>1…` */
  xAddress: string;
  /** `P-<hrp>1…` */
  pAddress: string;
  /** EIP-55 checksummed C-chain address. */
  cAddress: string;
  /** nAVAX. */
  xBalance: bigint;
  /** nAVAX in unlocked P-chain UTXOs. */
  pUnlocked: bigint;
  /** nAVAX in stakeable-locked P-chain UTXOs. */
  pLocked: bigint;
  /** nAVAX staked by the genesis validators from this key. */
  pStaked: bigint;
  /** Wei in the C-chain genesis alloc. */
  cBalanceWei: bigint;
}

export interface GenesisValidator extends ValidatorKeys {
  index: number;
  /** nAVAX. */
  weight: bigint;
  startTime: bigint;
  endTime: bigint;
  /** Parts per million (20000 = 2%). */
  delegationFee: number;
  /** `P-<hrp>1…` of the reward owner. */
  rewardAddress: string;
  /** Id of the genesis AddPermissionlessValidatorTx (the validator's txID in platform.getCurrentValidators). */
  txId: IdPair;
}

export interface NetworkGenesis {
  networkId: number;
  networkName: string;
  hrp: string;
  /** Genesis (P-chain) time, Unix seconds. */
  startTime: bigint;
  evmChainId: number;
  /** nAVAX. */
  initialSupply: bigint;

  pChainId: IdPair;
  xChainId: IdPair;
  cChainId: IdPair;
  primaryNetworkId: IdPair;
  avaxAssetId: IdPair;
  vmIds: { platformvm: IdPair; avm: IdPair; evm: IdPair };
  fxIds: { secp256k1fx: IdPair; nftfx: IdPair; propertyfx: IdPair };

  /** platformvm genesis bytes (what AvalancheGo's genesis.FromConfig returns). */
  pChainGenesisBytes: Uint8Array;
  /** avm genesis bytes (the X-Chain CreateChainTx's genesis data). */
  xChainGenesisBytes: Uint8Array;
  /** Coreth genesis JSON (the C-Chain CreateChainTx's genesis data). */
  cChainGenesisJson: string;

  /** ApricotCommitBlock at height 0 on sha256(P genesis bytes). */
  pChainGenesisBlock: GenesisBlockInfo;
  /** StandardBlock at height 0 on the generated stop vertex. */
  xChainGenesisBlock: GenesisBlockInfo & { stopVertex: GenesisBlockInfo };

  ewoq: FundedKey;
  /** AvalancheGo's local stake owner key (vmRQ…): owns the genesis validators' stake. */
  stakeOwner: FundedKey;
  mnemonic: string;
  devAccounts: DevAccount[];
  validators: GenesisValidator[];

  /** The AvalancheGo-shaped config the bytes were built from, and the decoded P genesis. */
  config: GenesisConfig;
  platformGenesis: PlatformGenesis;
}
