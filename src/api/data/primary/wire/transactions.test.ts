import { describe, expect, it } from 'vitest';
import { formatBech32 } from '../../../../lib/bech32-address.js';
import type { PrimaryAsset } from '../../../../store/queries/primary/assets.js';
import type { PrimaryTransaction } from '../../../../store/queries/primary/transactions.js';
import type { PrimaryUtxo } from '../../../../store/queries/primary/utxos.js';
import { cChainTransactionWire } from './c-chain-transaction.js';
import { cb58, nodeIdText } from './format.js';
import { pChainTransactionWire } from './p-chain-transaction.js';
import type { UtxoContext } from './utxos.js';
import { xChainTransactionWire } from './x-chain-transaction.js';

const id = (b: number) => new Uint8Array(32).fill(b);
const addr = (b: number) => new Uint8Array(20).fill(b);
const AVAX = id(0xaa);
const P_ID = id(0);
const X_ID = id(0x58);
const C_ID = id(0x43);
const avax: PrimaryAsset = { assetId: AVAX, name: 'Avalanche', symbol: 'AVAX', denomination: 9, cap: 'fixed', type: 'secp256k1', createTxId: AVAX, createdAt: 0n };
const assets = new Map([[Buffer.from(AVAX).toString('hex'), avax]]);
const ctx: UtxoContext = { hrp: 'local', assets };

function tx(over: Partial<PrimaryTransaction>): PrimaryTransaction {
  return {
    chain: 1, txId: id(0x11), blockHeight: 5n, blockId: id(0x55), blockTimestamp: 1000n, txIndex: 0, txType: 'BaseTx', memo: new Uint8Array(0),
    amounts: {}, details: {}, consumedUtxos: [], emittedUtxos: [], ...over,
  };
}

function utxo(over: Partial<PrimaryUtxo>): PrimaryUtxo {
  return {
    utxoId: id(0x77), txId: id(0x11), outputIndex: 0, assetId: AVAX, amount: 5n, createdOn: P_ID,
    created: {
      chain: 1, creatingTxId: id(0x11), consumableOn: P_ID, blockHeight: 5n, blockTimestamp: 1000n, outputType: 'transfer', locktime: 0n, threshold: 1,
      addresses: [addr(1)], staked: false, bytes: Uint8Array.of(0, 0),
    },
    ...over,
  };
}

const asset = (amount: string) => ({ assetId: cb58(AVAX), name: 'Avalanche', symbol: 'AVAX', denomination: 9, type: 'secp256k1', amount });

describe('pChainTransactionWire', () => {
  it('shows a staking tx with its period, fee, owners, BLS keys, stake and reward', () => {
    const staked = utxo({ outputIndex: 1, amount: 10n, created: { ...utxo({}).created!, staked: true, stakeStart: 1000n, stakeEnd: 4600n } });
    const w = pChainTransactionWire(tx({
      txType: 'AddPermissionlessValidatorTx', nodeId: addr(0x66), subnetId: P_ID, startTime: 1000n, endTime: 4600n, delegationShares: 20_000,
      amounts: { value: [{ assetId: AVAX, amount: 5n }], burned: [{ assetId: AVAX, amount: 1n }], staked: [{ assetId: AVAX, amount: 10n }] },
      details: { rewardOwner: { locktime: 0n, threshold: 1, addresses: [addr(0xa1)] }, bls: { publicKey: Uint8Array.of(1), proofOfPossession: Uint8Array.of(2) } },
      emittedUtxos: [utxo({}), staked],
      staker: { stakingTxId: id(0x11), endKind: 'rewarded', endTxId: id(0x99), validationReward: 42n },
      memo: Uint8Array.of(0x68, 0x69),
    }), ctx);
    expect(w).toMatchObject({
      txHash: cb58(id(0x11)), txType: 'AddPermissionlessValidatorTx', blockNumber: '5', blockHash: cb58(id(0x55)), blockTimestamp: 1000,
      nodeId: nodeIdText(addr(0x66)), subnetId: cb58(P_ID), startTimestamp: 1000, endTimestamp: 4600, delegationFeePercent: '2.0000000000000000',
      value: [asset('5')], amountBurned: [asset('1')], amountStaked: [asset('10')], amountL1ValidatorBalanceBurned: [],
      rewardAddresses: [formatBech32('local', addr(0xa1))], blsCredentials: { publicKey: '0x01', proofOfPossession: '0x02' },
      estimatedReward: '42', rewardTxHash: cb58(id(0x99)), memo: '0x6869',
    });
    expect(w.emittedUtxos[1]).toMatchObject({ utxoType: 'STAKE', staked: true, utxoStartTimestamp: 1000, utxoEndTimestamp: 4600, outputIndex: 1 });
    expect(w.emittedUtxos[0]).toMatchObject({
      addresses: [formatBech32('local', addr(1))], utxoType: 'TRANSFER', utxoBytes: '0x0000', platformLocktime: 0, threshold: 1, txHash: cb58(id(0x11)),
      consumedOnChainId: cb58(P_ID), createdOnChainId: cb58(P_ID), asset: asset('5'), amount: '5', assetId: cb58(AVAX),
    });
  });

  it('shows a spent UTXO created before the indexed range with what its input said', () => {
    const w = pChainTransactionWire(tx({
      consumedUtxos: [{ utxoId: id(0x78), txId: id(0x12), outputIndex: 3, assetId: AVAX, amount: 9n, createdOn: P_ID,
        consumed: { chain: 1, txId: id(0x11), inputIndex: 0, consumedOn: P_ID, blockHeight: 5n, blockTimestamp: 1000n } }],
    }), ctx);
    expect(w.consumedUtxos[0]).toEqual({
      addresses: [], asset: asset('9'), consumedOnChainId: cb58(P_ID), createdOnChainId: cb58(P_ID), utxoId: cb58(id(0x78)), amount: '9', assetId: cb58(AVAX),
      blockNumber: '0', blockTimestamp: 0, outputIndex: 3, txHash: cb58(id(0x12)), utxoType: 'TRANSFER', consumingTxHash: cb58(id(0x11)), consumingBlockNumber: '5', consumingBlockTimestamp: 1000,
    });
  });

  it('fills L1 details the tx names only by validation id from the validator, and maps unlisted types to UNKNOWN', () => {
    const validationId = id(0x71);
    const state = { validationId, nodeId: addr(0x33), subnetId: id(0x44), weight: 20n, balance: 700n, blsPublicKey: Uint8Array.of(7), disabled: false };
    const l1ValidatorStates = new Map([[Buffer.from(validationId).toString('hex'), state]]);
    const increase = pChainTransactionWire(tx({ txType: 'IncreaseL1ValidatorBalanceTx', details: { l1Validators: [{ validationId, nodeId: new Uint8Array(0), subnetId: new Uint8Array(0), balance: 200n }] }, l1ValidatorStates }), ctx);
    expect(increase.l1ValidatorDetails).toEqual([{
      validationId: cb58(validationId), validationIdHex: `0x${'71'.repeat(32)}`, nodeId: nodeIdText(addr(0x33)), subnetId: cb58(id(0x44)),
      weight: 20, remainingBalance: 700, balanceChange: 200, blsCredentials: { publicKey: '0x07' },
    }]);
    const unknownValidator = pChainTransactionWire(tx({ txType: 'DisableL1ValidatorTx', details: { l1Validators: [{ validationId: id(0x72), nodeId: new Uint8Array(0), subnetId: new Uint8Array(0) }] }, l1ValidatorStates }), ctx);
    expect(unknownValidator.l1ValidatorDetails).toEqual([]);
    expect(pChainTransactionWire(tx({ txType: 'AddAutoRenewedValidatorTx' }), ctx).txType).toBe('UNKNOWN');
  });

  it('describes a created chain with its genesis and a conversion with its manager', () => {
    const chainId = id(0x16);
    const genesis = { config: { chainId: 777 }, alloc: {} };
    const createdBlockchain = { genesisData: new TextEncoder().encode(JSON.stringify(genesis)), genesisJson: genesis };
    const details = { blockchain: { blockchainId: chainId, subnetId: id(0x15), name: 'indexed', vmId: id(5), fxIds: [] } };
    const created = pChainTransactionWire(tx({ txType: 'CreateChainTx', subnetId: id(0x15), details, createdBlockchain }), ctx);
    expect(created.blockchainInfo).toEqual({ chainName: 'indexed', vmId: cb58(id(5)), genesisData: { config: { chainId: 777 }, alloc: {} } });
    const converted = pChainTransactionWire(tx({ txType: 'ConvertSubnetToL1Tx', details: { l1Manager: { blockchainId: chainId, address: Uint8Array.from(Buffer.from('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'hex')) } } }), ctx);
    expect(converted.l1ValidatorManagerDetails).toEqual({ blockchainId: cb58(chainId), contractAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' });
  });
});

describe('X-chain and C-chain atomic shapes', () => {
  it('shows an X-chain tx in the linear form, with the asset it created and base64 credentials', () => {
    const spent = utxo({ createdOn: X_ID, consumed: { chain: 2, txId: id(0x21), inputIndex: 0, consumedOn: X_ID, blockHeight: 6n, blockTimestamp: 1100n, credentials: [{ signature: Uint8Array.of(1, 2, 3), publicKey: Uint8Array.of(4) }] } });
    const w = xChainTransactionWire(tx({
      txId: id(0x21), txType: 'CreateAssetTx', amounts: { unlocked: [{ assetId: AVAX, amount: 5n }], created: [{ assetId: AVAX, amount: 4n }] },
      details: { asset: { name: 'Firn', symbol: 'FIRN', denomination: 6, cap: 'fixed', type: 'secp256k1' } }, consumedUtxos: [spent],
    }), { hrp: 'local', assets });
    expect(w).toMatchObject({
      txHash: cb58(id(0x21)), chainFormat: 'linear', timestamp: 1000, txType: 'CreateAssetTx', memo: '', blockHeight: 5, blockHash: cb58(id(0x55)),
      amountUnlocked: [asset('5')], amountCreated: [asset('4')],
      assetCreated: { assetId: cb58(id(0x21)), name: 'Firn', symbol: 'FIRN', denomination: 6, type: 'secp256k1', createdAtTimestamp: 1000, cap: 'fixed' },
    });
    expect(w.consumedUtxos[0]).toMatchObject({ outputIndex: '0', creationTxHash: cb58(id(0x11)), utxoType: 'transfer', locktime: 0, threshold: 1, timestamp: 1000,
      consumingTxHash: cb58(id(0x21)), consumingTxTimestamp: 1100, credentials: [{ signature: 'AQID', publicKey: 'BA==' }] });
  });

  it('shows C-chain exports with EVM inputs and imports with EVM outputs', () => {
    const from = Uint8Array.from(Buffer.from('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', 'hex'));
    const exported = cChainTransactionWire(tx({
      txType: 'ExportTx', blockId: id(0xbb), sourceChain: C_ID, destinationChain: P_ID,
      details: { evmInputs: [{ address: from, assetId: AVAX, amount: 7n, nonce: 0n, credentials: [{ signature: Uint8Array.of(9) }] }] },
      emittedUtxos: [utxo({ createdOn: C_ID })],
    }), { hrp: 'local', assets });
    expect(exported).toMatchObject({
      txType: 'ExportTx', blockHeight: 5, blockHash: `0x${'bb'.repeat(32)}`, sourceChain: cb58(C_ID), destinationChain: cb58(P_ID),
      evmInputs: [{ fromAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', asset: asset('7'), credentials: [{ signature: 'CQ==' }] }],
    });
    expect(exported.txType === 'ExportTx' && exported.emittedUtxos).toHaveLength(1);
    const imported = cChainTransactionWire(tx({ txType: 'ImportTx', sourceChain: X_ID, destinationChain: C_ID, details: { evmOutputs: [{ address: from, assetId: AVAX, amount: 6n }] } }), { hrp: 'local', assets });
    expect(imported).toMatchObject({ txType: 'ImportTx', evmOutputs: [{ toAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', asset: asset('6') }], consumedUtxos: [] });
  });
});
