import { encodeDeployData, encodeFunctionData } from 'viem';
import { ActivityCollectible, ActivityFactory, ActivityMultiToken, ActivityRouter, ActivityToken } from '../contracts/compiled.js';
import type { Actor, Hex } from '../keys.js';
import type { EvmClient, SentTx } from './evm-client.js';

export { ActivityCollectible, ActivityFactory, ActivityMultiToken, ActivityRouter, ActivityToken };

/** Deploys a contract from `from`; resolves with its address once mined. */
export async function deploy(evm: EvmClient, from: Actor, data: Hex): Promise<{ address: Hex; tx: SentTx }> {
  const tx = await evm.send(from, { data });
  if (!tx.ok || !tx.receipt.contractAddress) throw new Error(`deployment ${tx.hash} failed`);
  return { address: tx.receipt.contractAddress, tx };
}

export const deployData = {
  token: (name: string, symbol: string, decimals: number, supply: bigint) =>
    encodeDeployData({ abi: ActivityToken.abi, bytecode: ActivityToken.bytecode, args: [name, symbol, decimals, supply] }),
  collectible: (name: string, symbol: string) => encodeDeployData({ abi: ActivityCollectible.abi, bytecode: ActivityCollectible.bytecode, args: [name, symbol] }),
  multiToken: (uri: string) => encodeDeployData({ abi: ActivityMultiToken.abi, bytecode: ActivityMultiToken.bytecode, args: [uri] }),
  factory: () => encodeDeployData({ abi: ActivityFactory.abi, bytecode: ActivityFactory.bytecode }),
  router: () => encodeDeployData({ abi: ActivityRouter.abi, bytecode: ActivityRouter.bytecode }),
};

/** Reads one uint256 (or uint8) returned by a view call. */
export async function readUint(evm: EvmClient, to: Hex, data: Hex): Promise<bigint> {
  const out = await evm.call(to, data);
  return out === '0x' ? 0n : BigInt(out.slice(0, 66));
}

/** Reads an address returned by a view call; undefined when the call reverts (e.g. ownerOf a burned id). */
export async function readAddress(evm: EvmClient, to: Hex, data: Hex): Promise<Hex | undefined> {
  try {
    const out = await evm.call(to, data);
    return out.length >= 66 ? (`0x${out.slice(26, 66)}` as Hex) : undefined;
  } catch {
    return undefined;
  }
}

export const erc20 = {
  balanceOf: (holder: Hex) => encodeFunctionData({ abi: ActivityToken.abi, functionName: 'balanceOf', args: [holder] }),
  allowance: (owner: Hex, spender: Hex) => encodeFunctionData({ abi: ActivityToken.abi, functionName: 'allowance', args: [owner, spender] }),
  transfer: (to: Hex, value: bigint) => encodeFunctionData({ abi: ActivityToken.abi, functionName: 'transfer', args: [to, value] }),
  transferFrom: (from: Hex, to: Hex, value: bigint) => encodeFunctionData({ abi: ActivityToken.abi, functionName: 'transferFrom', args: [from, to, value] }),
  approve: (spender: Hex, value: bigint) => encodeFunctionData({ abi: ActivityToken.abi, functionName: 'approve', args: [spender, value] }),
  mint: (to: Hex, value: bigint) => encodeFunctionData({ abi: ActivityToken.abi, functionName: 'mint', args: [to, value] }),
  burn: (value: bigint) => encodeFunctionData({ abi: ActivityToken.abi, functionName: 'burn', args: [value] }),
};

export const erc721 = {
  mint: (to: Hex) => encodeFunctionData({ abi: ActivityCollectible.abi, functionName: 'mint', args: [to] }),
  ownerOf: (id: bigint) => encodeFunctionData({ abi: ActivityCollectible.abi, functionName: 'ownerOf', args: [id] }),
  nextTokenId: () => encodeFunctionData({ abi: ActivityCollectible.abi, functionName: 'nextTokenId' }),
  transferFrom: (from: Hex, to: Hex, id: bigint) => encodeFunctionData({ abi: ActivityCollectible.abi, functionName: 'transferFrom', args: [from, to, id] }),
  safeTransferFrom: (from: Hex, to: Hex, id: bigint) => encodeFunctionData({ abi: ActivityCollectible.abi, functionName: 'safeTransferFrom', args: [from, to, id] }),
  approve: (to: Hex, id: bigint) => encodeFunctionData({ abi: ActivityCollectible.abi, functionName: 'approve', args: [to, id] }),
  burn: (id: bigint) => encodeFunctionData({ abi: ActivityCollectible.abi, functionName: 'burn', args: [id] }),
};

export const erc1155 = {
  balanceOf: (holder: Hex, id: bigint) => encodeFunctionData({ abi: ActivityMultiToken.abi, functionName: 'balanceOf', args: [holder, id] }),
  mint: (to: Hex, id: bigint, value: bigint) => encodeFunctionData({ abi: ActivityMultiToken.abi, functionName: 'mint', args: [to, id, value, '0x'] }),
  mintBatch: (to: Hex, ids: bigint[], values: bigint[]) => encodeFunctionData({ abi: ActivityMultiToken.abi, functionName: 'mintBatch', args: [to, ids, values, '0x'] }),
  safeTransferFrom: (from: Hex, to: Hex, id: bigint, value: bigint) =>
    encodeFunctionData({ abi: ActivityMultiToken.abi, functionName: 'safeTransferFrom', args: [from, to, id, value, '0x'] }),
  safeBatchTransferFrom: (from: Hex, to: Hex, ids: bigint[], values: bigint[]) =>
    encodeFunctionData({ abi: ActivityMultiToken.abi, functionName: 'safeBatchTransferFrom', args: [from, to, ids, values, '0x'] }),
};

export const factory = {
  create: (name: string, symbol: string, supply: bigint) => encodeFunctionData({ abi: ActivityFactory.abi, functionName: 'create', args: [name, symbol, supply] }),
  create2: (salt: Hex, name: string, symbol: string, supply: bigint) => encodeFunctionData({ abi: ActivityFactory.abi, functionName: 'create2', args: [salt, name, symbol, supply] }),
};

export const router = {
  swap: (tokenIn: Hex, tokenOut: Hex, amountIn: bigint) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'swap', args: [tokenIn, tokenOut, amountIn] }),
  multiSend: (token: Hex, to: Hex[], amounts: bigint[]) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'multiSend', args: [token, to, amounts] }),
  split: (to: Hex[]) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'split', args: [to] }),
  tryCall: (target: Hex, data: Hex) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'tryCall', args: [target, data] }),
  releaseNft: (nft: Hex, id: bigint, to: Hex) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'releaseNft', args: [nft, id, to] }),
  fail: (reason: string) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'fail', args: [reason] }),
  failWithCode: (code: bigint) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'failWithCode', args: [code] }),
  divide: (a: bigint, b: bigint) => encodeFunctionData({ abi: ActivityRouter.abi, functionName: 'divide', args: [a, b] }),
};
