import { privateKeyToAccount } from 'viem/accounts';

/** anvil's first mnemonic account (funded on the devnet's C-chain). */
export const DEV_KEY_0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;

/** Signs a plain value transfer locally and sends it with eth_sendRawTransaction; returns the tx hash. */
export async function sendTransfer(url: string, opts: { nonce: number; to?: `0x${string}`; value?: bigint; key?: `0x${string}` }): Promise<string> {
  const account = privateKeyToAccount(opts.key ?? DEV_KEY_0);
  const raw = await account.signTransaction({
    chainId: 43112,
    type: 'eip1559',
    nonce: opts.nonce,
    to: opts.to ?? '0x000000000000000000000000000000000000dEaD',
    value: opts.value ?? 1n,
    gas: 21_000n,
    maxFeePerGas: 1_000_000_000_000n,
    maxPriorityFeePerGas: 1n,
  });
  const body = await ethRpc(url, 'eth_sendRawTransaction', [raw]);
  if (body.error) throw new Error(`eth_sendRawTransaction: ${body.error.message}`);
  return body.result as string;
}

export async function ethRpc(url: string, method: string, params: unknown[] = []): Promise<{ result?: any; error?: { code: number; message: string } }> {
  const r = await fetch(`${url}/ext/bc/C/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await r.json()) as any;
}
