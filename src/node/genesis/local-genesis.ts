import { cb58Decode, idToString } from '../../lib/cb58.js';
import { buildCChainGenesisJson } from './c-chain-genesis.js';
import { fromConfig } from './from-config.js';
import type { GenesisConfig } from './genesis-config.js';
import { platformGenesisBlock, xChainGenesisBlock } from './genesis-blocks.js';
import {
  ANVIL_MNEMONIC,
  DEFAULT_DERIVATION_PREFIX,
  VMRQ_PRIVATE_KEY_CB58,
  chainAddress,
  deriveMnemonicAccounts,
  ethAddressBytes,
  ewoqAccount,
  secp256k1Account,
} from './keys.js';
import type { Secp256k1Account } from './keys.js';
import {
  AVM_ID,
  EVM_ID,
  INITIALLY_ACTIVE_TIME,
  LOCAL_EVM_CHAIN_ID,
  LOCAL_ID,
  NANO_AVAX_PER_AVAX,
  NFTFX_ID,
  PROPERTYFX_ID,
  SECP256K1FX_ID,
  WEI_PER_ETHER,
  ZERO_ID,
  networkHrp,
  networkName,
} from './network-constants.js';
import { genesisTxId } from '../../codec/platformvm/genesis.js';
import type { FundedKey, GenesisValidator, IdPair, NetworkGenesis } from './types.js';
import { deriveValidatorKeys, signDigestWithStakingKey } from './validator-keys.js';

export interface LocalGenesisOptions {
  /** Avalanche network id (default 12345, "local"). */
  networkId?: number;
  /** Genesis time in Unix seconds (default DEFAULT_GENESIS_START_TIME; see recentLocalStartTime). */
  startTime?: number | bigint;
  /** Genesis validators' staking period in seconds (default one year). */
  stakeDuration?: number | bigint;
  /** Each later validator ends this many seconds earlier (AvalancheGo's initialStakeDurationOffset; default 0). */
  stakeDurationOffset?: number | bigint;
  validatorCount?: number;
  /** nAVAX staked per validator (default 2000 AVAX). */
  stakePerValidator?: bigint;
  /** Parts per million (default 20000 = 2%). */
  delegationFee?: number;
  /** Seed string for validator keys (default DEFAULT_VALIDATOR_SEED). */
  seed?: string;
  mnemonic?: string;
  derivationPrefix?: string;
  devAccountCount?: number;
  /** Wei per dev account (default 10000 ether). */
  devAccountBalanceWei?: bigint;
  evmChainId?: number;
  /** nAVAX for ewoq on the X-chain (default 300M AVAX, as AvalancheGo's local genesis). */
  ewoqXAmount?: bigint;
  /** nAVAX in an unlocked P-chain UTXO for ewoq (default 20M AVAX). */
  ewoqPUnlocked?: bigint;
  /** nAVAX in a stakeable-locked P-chain UTXO for ewoq (default 10M AVAX), locked until startTime + lockDuration. */
  ewoqPLocked?: bigint;
  /** Seconds (default = stakeDuration). */
  lockDuration?: number | bigint;
  /** Wei for ewoq on the C-chain (default 50M AVAX, as AvalancheGo's local genesis). */
  ewoqCBalanceWei?: bigint;
  /** C-chain genesis header timestamp (default upgrade.InitiallyActiveTime, as AvalancheGo's local genesis). */
  cChainTimestamp?: number | bigint;
  /** C-chain genesis gas limit (default 100,000,000, as AvalancheGo's local genesis). */
  cChainGasLimit?: bigint;
  /** P-chain genesis message. */
  message?: string;
}

/** AvalancheGo's genesis_local.json startTime (before its 9-month renewal). */
export const DEFAULT_GENESIS_START_TIME = 1721016000;
export const DEFAULT_VALIDATOR_SEED = 'firn-devnet-validator';
const ONE_YEAR = 365n * 24n * 3600n;
/** genesis/config.go localNetworkUpdateStartTimePeriod: 9 × 30 days. */
const LOCAL_START_TIME_PERIOD = 9 * 30 * 24 * 3600;

/**
 * AvalancheGo's local start-time renewal (getRecentStartTime): the latest DEFAULT_GENESIS_START_TIME + k × 270 days
 * that is not after `nowSeconds`. Pass the result as `startTime` (and persist it) to get a genesis whose validators
 * are current, as a freshly started AvalancheGo local node does.
 */
export function recentLocalStartTime(nowSeconds: number): number {
  let start = DEFAULT_GENESIS_START_TIME;
  while (start + LOCAL_START_TIME_PERIOD <= nowSeconds) start += LOCAL_START_TIME_PERIOD;
  return start;
}

const pair = (id: Uint8Array): IdPair => ({ id, string: idToString(id) });

function fundedKey(account: Secp256k1Account, hrp: string, amounts: Omit<FundedKey, 'privateKeyHex' | 'privateKeyCb58' | 'shortId' | 'xAddress' | 'pAddress' | 'cAddress'>): FundedKey {
  return {
    privateKeyHex: account.privateKeyHex,
    privateKeyCb58: account.privateKeyCb58,
    shortId: account.shortId,
    xAddress: chainAddress('X', hrp, account.shortId),
    pAddress: chainAddress('P', hrp, account.shortId),
    cAddress: account.ethAddress,
    ...amounts,
  };
}

/**
 * The devnet's network genesis: AvalancheGo-format P, X and C genesis data for a local network funded for the
 * well-known ewoq key and an anvil-style mnemonic, with deterministic genesis validators. Pure: the same options
 * give byte-identical output.
 */
export function buildLocalGenesis(options: LocalGenesisOptions = {}): NetworkGenesis {
  const networkId = options.networkId ?? LOCAL_ID;
  const hrp = networkHrp(networkId);
  const startTime = BigInt(options.startTime ?? DEFAULT_GENESIS_START_TIME);
  const stakeDuration = BigInt(options.stakeDuration ?? ONE_YEAR);
  const stakeOffset = BigInt(options.stakeDurationOffset ?? 0);
  const validatorCount = options.validatorCount ?? 5;
  const stakePerValidator = options.stakePerValidator ?? 2000n * NANO_AVAX_PER_AVAX;
  const delegationFee = options.delegationFee ?? 20_000;
  const seed = options.seed ?? DEFAULT_VALIDATOR_SEED;
  const mnemonic = options.mnemonic ?? ANVIL_MNEMONIC;
  const derivationPrefix = options.derivationPrefix ?? DEFAULT_DERIVATION_PREFIX;
  const evmChainId = options.evmChainId ?? LOCAL_EVM_CHAIN_ID;
  const ewoqX = options.ewoqXAmount ?? 300_000_000n * NANO_AVAX_PER_AVAX;
  const ewoqPUnlocked = options.ewoqPUnlocked ?? 20_000_000n * NANO_AVAX_PER_AVAX;
  const ewoqPLocked = options.ewoqPLocked ?? 10_000_000n * NANO_AVAX_PER_AVAX;
  const lockedUntil = startTime + BigInt(options.lockDuration ?? stakeDuration);
  const ewoqC = options.ewoqCBalanceWei ?? 50_000_000n * WEI_PER_ETHER;
  const devBalance = options.devAccountBalanceWei ?? 10_000n * WEI_PER_ETHER;

  if (!Number.isInteger(validatorCount) || validatorCount < 1) throw new Error('initial stakers must be > 0');
  if (stakeDuration <= 0n) throw new Error('initial stake duration must be > 0');
  if (stakeOffset * BigInt(validatorCount - 1) > stakeDuration) throw new Error('initial stake duration is too low');
  if (stakePerValidator <= 0n) throw new Error('stake per validator must be > 0');
  if (delegationFee < 0 || delegationFee > 1_000_000) throw new Error('delegation fee must be within [0, 1000000]');

  const ewoq = ewoqAccount();
  const stakeOwner = secp256k1Account(cb58Decode(VMRQ_PRIVATE_KEY_CB58));
  const devKeys = deriveMnemonicAccounts(mnemonic, options.devAccountCount ?? 10, derivationPrefix);
  const validatorKeys = Array.from({ length: validatorCount }, (_, i) => deriveValidatorKeys(seed, i));

  const cChainGenesisJson = buildCChainGenesisJson({
    evmChainId,
    timestamp: BigInt(options.cChainTimestamp ?? INITIALLY_ACTIVE_TIME),
    gasLimit: options.cChainGasLimit ?? 100_000_000n,
    alloc: [{ address: ewoq.ethAddress, balanceWei: ewoqC }, ...devKeys.map((k) => ({ address: k.ethAddress, balanceWei: devBalance }))],
  });

  const config: GenesisConfig = {
    networkId,
    allocations: [
      {
        ethAddr: ethAddressBytes(ewoq.privateKey),
        avaxAddr: ewoq.shortId,
        initialAmount: ewoqX,
        unlockSchedule: [
          { amount: ewoqPUnlocked, locktime: 0n },
          { amount: ewoqPLocked, locktime: lockedUntil },
        ].filter((u) => u.amount > 0n),
      },
      {
        ethAddr: ethAddressBytes(stakeOwner.privateKey),
        avaxAddr: stakeOwner.shortId,
        initialAmount: 0n,
        unlockSchedule: [{ amount: stakePerValidator * BigInt(validatorCount), locktime: 0n }],
      },
    ],
    startTime,
    initialStakeDuration: stakeDuration,
    initialStakeDurationOffset: stakeOffset,
    initialStakedFunds: [stakeOwner.shortId],
    initialStakers: validatorKeys.map((k) => ({
      nodeId: k.nodeId,
      rewardAddress: ewoq.shortId,
      delegationFee,
      signer: { publicKey: k.blsPublicKey, proofOfPossession: k.blsProofOfPossession },
    })),
    cChainGenesis: cChainGenesisJson,
    message: options.message ?? 'firn local devnet',
  };

  const built = fromConfig(config);
  const { platformGenesis } = built;
  const [xChainTx, cChainTx] = platformGenesis.chains;
  if (!xChainTx || !cChainTx) throw new Error('genesis has no X or C chain');
  const xChainId = genesisTxId(xChainTx);
  const xBlock = xChainGenesisBlock(xChainId, BigInt(INITIALLY_ACTIVE_TIME));
  const pBlock = platformGenesisBlock(built.platformGenesisBytes);

  const validators: GenesisValidator[] = validatorKeys.map((keys, index) => {
    const tx = platformGenesis.validators.find((t) => Buffer.from(t.validator.nodeId).equals(keys.nodeId));
    if (!tx) throw new Error(`validator ${keys.nodeIdString} missing from genesis`);
    return {
      ...keys,
      index,
      weight: tx.validator.weight,
      startTime: tx.validator.start,
      endTime: tx.validator.end,
      delegationFee,
      rewardAddress: chainAddress('P', hrp, ewoq.shortId),
      txId: pair(genesisTxId(tx)),
    };
  });

  return {
    networkId,
    networkName: networkName(networkId),
    hrp,
    startTime,
    evmChainId,
    initialSupply: platformGenesis.initialSupply,
    pChainId: pair(ZERO_ID),
    xChainId: pair(xChainId),
    cChainId: pair(genesisTxId(cChainTx)),
    primaryNetworkId: pair(ZERO_ID),
    avaxAssetId: pair(built.avaxAssetId),
    vmIds: { platformvm: pair(ZERO_ID), avm: pair(AVM_ID), evm: pair(EVM_ID) },
    fxIds: { secp256k1fx: pair(SECP256K1FX_ID), nftfx: pair(NFTFX_ID), propertyfx: pair(PROPERTYFX_ID) },
    pChainGenesisBytes: built.platformGenesisBytes,
    xChainGenesisBytes: built.avmGenesisBytes,
    cChainGenesisJson,
    pChainGenesisBlock: { ...pair(pBlock.id), bytes: pBlock.bytes },
    xChainGenesisBlock: {
      ...pair(xBlock.id),
      bytes: xBlock.bytes,
      stopVertex: { ...pair(xBlock.stopVertex.id), bytes: xBlock.stopVertex.bytes },
    },
    ewoq: fundedKey(ewoq, hrp, {
      xBalance: ewoqX,
      pUnlocked: lockedUntil > startTime ? ewoqPUnlocked : ewoqPUnlocked + ewoqPLocked,
      pLocked: lockedUntil > startTime ? ewoqPLocked : 0n,
      pStaked: 0n,
      cBalanceWei: ewoqC,
    }),
    stakeOwner: fundedKey(stakeOwner, hrp, {
      xBalance: 0n,
      pUnlocked: 0n,
      pLocked: 0n,
      pStaked: stakePerValidator * BigInt(validatorCount),
      cBalanceWei: 0n,
    }),
    mnemonic,
    devAccounts: devKeys.map((k, index) => ({
      index,
      derivationPath: `${derivationPrefix}/${index}`,
      address: k.ethAddress,
      privateKey: k.privateKeyHex,
      balanceWei: devBalance,
    })),
    validators,
    config,
    platformGenesis,
  };
}

/** ECDSA P-256 DER signature over `digest` with genesis validator `validatorIndex`'s staking key. */
export function signWithStakingKey(genesis: Pick<NetworkGenesis, 'validators'>, validatorIndex: number, digest: Uint8Array): Uint8Array {
  const validator = genesis.validators[validatorIndex];
  if (!validator) throw new Error(`no genesis validator ${validatorIndex}`);
  return signDigestWithStakingKey(validator, digest);
}

/** `(validatorIndex, digest) => signature` bound to one genesis, for the proposervm block builder. */
export function stakingSigner(genesis: Pick<NetworkGenesis, 'validators'>): (validatorIndex: number, digest: Uint8Array) => Uint8Array {
  return (validatorIndex, digest) => signWithStakingKey(genesis, validatorIndex, digest);
}
