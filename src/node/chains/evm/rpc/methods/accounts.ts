import { keystoreOf } from '../../accounts/keystore.js';
import { sendFromAccount, type SenderAuth } from '../../accounts/sender.js';
import { isImpersonated } from '../../controls/devnet.js';
import { personalMessageHash, recoverPersonal, signHash } from '../../accounts/signing.js';
import { buildUnsignedTx, parseTxArgs, requireSignable, type TxArgs } from '../../accounts/tx-args.js';
import { hashTypedData, parseTypedData } from '../../accounts/typed-data.js';
import { checkTxFee } from '../../tx-validation.js';
import type { EvmChain } from '../../evm-chain.js';
import { ParamError, arity, fromRpc, toRpc } from '../codec.js';
import { txJson } from '../render.js';
import type { EthMethods } from '../types.js';

const string = (v: unknown, i: number): string => {
  if (typeof v !== 'string') throw new ParamError(`invalid argument ${i}: json: cannot unmarshal ${v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v} into Go value of type string`);
  return v;
};

/** geth's SignTransactionResult: the raw bytes and the signed tx. */
function signTx(chain: EvmChain, args: TxArgs, key: Uint8Array): { raw: string; tx: Record<string, unknown> } {
  const chainId = args.chainId ?? chain.chainId;
  if (chainId !== chain.chainId) throw new Error(`chainId does not match node's (have=${chainId}, want=${chain.chainId})`);
  const signed = buildUnsignedTx(chain, { ...args, chainId }).sign(key);
  checkTxFee(signed);
  const raw = signed.serialize();
  const { blockHash: _h, blockNumber: _n, transactionIndex: _i, from: _f, ...tx } = txJson({ tx: signed, raw, from: args.from! });
  return { raw: toRpc.data(raw), tx };
}

/**
 * The node's accounts (in-memory keystore, see accounts/keystore.ts): eth_accounts and the signing
 * methods for unlocked accounts, and geth's personal_ namespace.
 */
export const accountMethods: EthMethods = {
  eth_accounts(p, { chain }) {
    arity(p, 0, 0);
    return keystoreOf(chain).addresses().map(toRpc.data);
  },
  eth_sign(p, { chain }) {
    arity(p, 2, 2);
    const key = keystoreOf(chain).unlockedKey(fromRpc.address(p[0], 0));
    return toRpc.data(signHash(personalMessageHash(fromRpc.data(p[1], 1)), key));
  },
  eth_signTypedData_v4(p, { chain }) {
    arity(p, 2, 2);
    const address = fromRpc.address(p[0], 0);
    let hash: Uint8Array;
    try {
      hash = hashTypedData(parseTypedData(p[1]));
    } catch (e) {
      throw new ParamError(`invalid argument 1: ${(e as Error).message}`);
    }
    return toRpc.data(signHash(hash, keystoreOf(chain).unlockedKey(address)));
  },
  eth_signTransaction(p, { chain }) {
    arity(p, 1, 1);
    const args = parseTxArgs(p[0], 0);
    requireSignable(args);
    return signTx(chain, args, keystoreOf(chain).unlockedKey(args.from ?? new Uint8Array(20)));
  },
  async eth_sendTransaction(p, { chain }) {
    arity(p, 1, 1);
    const args = parseTxArgs(p[0], 0);
    const from = args.from ?? new Uint8Array(20);
    // Dev accounts sign; an impersonated address (anvil/hardhat_impersonateAccount) sends unsigned.
    const auth: SenderAuth = !keystoreOf(chain).has(from) && isImpersonated(chain, from) ? { impersonated: true } : { key: keystoreOf(chain).unlockedKey(from) };
    return toRpc.hash(await sendFromAccount(chain, args, auth));
  },

  personal_listAccounts(p, { chain }) {
    arity(p, 0, 0);
    return keystoreOf(chain).addresses().map(toRpc.data);
  },
  personal_newAccount(p, { chain }) {
    arity(p, 1, 1);
    return toRpc.data(keystoreOf(chain).newAccount(string(p[0], 0)));
  },
  personal_importRawKey(p, { chain }) {
    arity(p, 2, 2);
    return toRpc.data(keystoreOf(chain).importRawKey(string(p[0], 0), string(p[1], 1)));
  },
  personal_unlockAccount(p, { chain }) {
    arity(p, 2, 3);
    const address = fromRpc.address(p[0], 0);
    const password = string(p[1], 1);
    let seconds = 300;
    if (p[2] !== undefined && p[2] !== null) {
      if (typeof p[2] !== 'number' || !Number.isInteger(p[2]) || p[2] < 0) {
        throw new ParamError('invalid argument 2: json: cannot unmarshal into Go value of type uint64');
      }
      if (p[2] > 9_223_372_036) throw new Error('unlock duration too large');
      seconds = p[2];
    }
    keystoreOf(chain).unlock(address, password, seconds);
    return true;
  },
  personal_lockAccount(p, { chain }) {
    arity(p, 1, 1);
    return keystoreOf(chain).lock(fromRpc.address(p[0], 0));
  },
  // geth requires the password; wallets and viem send [data, address] only, which signs with an unlocked account
  personal_sign(p, { chain }) {
    arity(p, 2, 3);
    const data = fromRpc.data(p[0], 0);
    const address = fromRpc.address(p[1], 1);
    const keystore = keystoreOf(chain);
    const key = p[2] === undefined ? keystore.unlockedKey(address) : keystore.keyWithPassword(address, string(p[2], 2));
    return toRpc.data(signHash(personalMessageHash(data), key));
  },
  personal_ecRecover(p) {
    arity(p, 2, 2);
    return toRpc.data(recoverPersonal(fromRpc.data(p[0], 0), fromRpc.data(p[1], 1)));
  },
  personal_signTransaction(p, { chain }) {
    arity(p, 2, 2);
    const args = parseTxArgs(p[0], 0);
    if (args.from === undefined) throw new Error('from not specified');
    requireSignable(args);
    return signTx(chain, args, keystoreOf(chain).keyWithPassword(args.from, string(p[1], 1)));
  },
  async personal_sendTransaction(p, { chain }) {
    arity(p, 2, 2);
    const args = parseTxArgs(p[0], 0);
    const key = keystoreOf(chain).keyWithPassword(args.from ?? new Uint8Array(20), string(p[1], 1));
    return toRpc.hash(await sendFromAccount(chain, args, { key }));
  },
};
