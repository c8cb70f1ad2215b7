import { NANO_AVAX_PER_AVAX, WEI_PER_ETHER } from './network-constants.js';
import type { NetworkGenesis } from './types.js';

function units(amount: bigint, per: bigint): string {
  const whole = amount / per;
  const frac = amount % per;
  if (frac === 0n) return whole.toString();
  return `${whole}.${frac.toString().padStart(per.toString().length - 1, '0').replace(/0+$/, '')}`;
}

const avax = (nAvax: bigint): string => `${units(nAvax, NANO_AVAX_PER_AVAX)} AVAX`;
const ether = (wei: bigint): string => `${units(wei, WEI_PER_ETHER)} AVAX`;

/** An anvil-like start-up banner: chains, funded accounts and keys, validators, endpoints. */
export function formatBanner(genesis: NetworkGenesis, options: { httpUrl: string }): string {
  const url = options.httpUrl.replace(/\/+$/, '');
  const lines: string[] = [];
  const section = (title: string): void => {
    lines.push('', title, '='.repeat(title.length), '');
  };

  lines.push('Firn devnet', '');
  lines.push(`Network:        ${genesis.networkName} (network id ${genesis.networkId}, hrp ${genesis.hrp})`);
  lines.push(`EVM chain id:   ${genesis.evmChainId}`);
  lines.push(`P-Chain:        ${genesis.pChainId.string}`);
  lines.push(`X-Chain:        ${genesis.xChainId.string}`);
  lines.push(`C-Chain:        ${genesis.cChainId.string}`);
  lines.push(`AVAX asset id:  ${genesis.avaxAssetId.string}`);

  section('Available Accounts (C-Chain)');
  for (const a of genesis.devAccounts) lines.push(`(${a.index}) ${a.address} (${ether(a.balanceWei)})`);

  section('Private Keys');
  for (const a of genesis.devAccounts) lines.push(`(${a.index}) ${a.privateKey}`);

  section('Wallet');
  lines.push(`Mnemonic:          ${genesis.mnemonic}`);
  lines.push(`Derivation path:   ${genesis.devAccounts[0]?.derivationPath.replace(/\/\d+$/, '/') ?? ''}<index>`);

  const e = genesis.ewoq;
  section('ewoq key (X / P / C)');
  lines.push(`Private key:  ${e.privateKeyHex}`);
  lines.push(`              ${e.privateKeyCb58}`);
  lines.push(`X address:    ${e.xAddress} (${avax(e.xBalance)})`);
  lines.push(`P address:    ${e.pAddress} (${avax(e.pUnlocked)} unlocked, ${avax(e.pLocked)} stakeable-locked)`);
  lines.push(`C address:    ${e.cAddress} (${ether(e.cBalanceWei)})`);

  section('Genesis validators');
  for (const v of genesis.validators) lines.push(`(${v.index}) ${v.nodeIdString} weight ${avax(v.weight)}, until ${new Date(Number(v.endTime) * 1000).toISOString()}`);

  section('Endpoints');
  lines.push(`C-Chain RPC:  ${url}/ext/bc/C/rpc`);
  lines.push(`C-Chain WS:   ${url.replace(/^http/, 'ws')}/ext/bc/C/ws`);
  lines.push(`P-Chain:      ${url}/ext/bc/P`);
  lines.push(`X-Chain:      ${url}/ext/bc/X`);
  lines.push(`Info:         ${url}/ext/info`);
  lines.push('');
  return lines.join('\n');
}
