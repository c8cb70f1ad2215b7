import { describe, expect, it } from 'vitest';
import { ethRpc, sendTransfer } from './helpers/c-chain-tx.js';
import { freePort, rpc, runFirn, startDevnet, tempDataDir } from './helpers/devnet-process.js';

describe('node lifecycle', () => {
  it('firn start prints the banner, serves the index through the Data API, and keeps chain and index across a restart', async () => {
    const dataDir = tempDataDir();
    const [dataApiPort, metricsApiPort] = [await freePort(), await freePort()];
    const args = ['--activity=false', `--data-api-port=${dataApiPort}`, `--metrics-api-port=${metricsApiPort}`, '--indexer-metrics-port=0'];
    const node = await startDevnet(args, { dataDir, command: 'start' });
    // printed before the node reports healthy, but its pipe and the health answer reach this process independently
    for (let i = 0; i < 100 && !node.output().includes('NodeID-'); i++) await new Promise((res) => setTimeout(res, 20));
    const banner = node.output();
    expect(banner).toContain('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(banner).toContain('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(banner).toMatch(/NodeID-/);
    const xId = (await rpc(node.url, '/ext/info', 'info.getBlockchainID', { alias: 'X' })).result.blockchainID;
    const txHash = await sendTransfer(node.url, { nonce: 0 });
    const dataApi = `http://127.0.0.1:${dataApiPort}`;
    const indexed = async () => {
      for (let i = 0; i < 300; i++) {
        const r = await fetch(`${dataApi}/v1/chains/43112/transactions/${txHash}`).catch(() => undefined);
        if (r?.status === 200) return (await r.json()) as any;
        await new Promise((res) => setTimeout(res, 100));
      }
      throw new Error(`transaction ${txHash} never reached the Data API:\n${node.output().slice(-3000)}`);
    };
    expect((await indexed()).nativeTransaction.blockNumber).toBe('1');
    // the Metrics API starts listening after the Data API; firn start prints both addresses once both listen
    for (let i = 0; i < 300 && !node.output().includes('Metrics API'); i++) await new Promise((res) => setTimeout(res, 100));
    const metrics = await fetch(`http://127.0.0.1:${metricsApiPort}/v2/chains`);
    expect(metrics.status).toBe(200);
    expect(await node.stop()).toBe(0);
    const again = await startDevnet(args, { dataDir, command: 'start' });
    expect((await rpc(again.url, '/ext/info', 'info.getBlockchainID', { alias: 'X' })).result.blockchainID).toBe(xId);
    expect((await ethRpc(again.url, 'eth_blockNumber')).result).toBe('0x1');
    expect((await indexed()).nativeTransaction.txHash).toBe(txHash);
    await again.stop();
  });

  it('loses nothing accepted when killed with SIGKILL mid-stream', async () => {
    const dataDir = tempDataDir();
    const node = await startDevnet(['--index-enabled'], { dataDir });
    const accepted: string[] = [];
    let nonce = 0;
    const sending = (async () => {
      for (;;) {
        try {
          accepted.push(await sendTransfer(node.url, { nonce }));
          nonce++;
        } catch {
          return;
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    await node.kill();
    await sending;
    expect(accepted.length).toBeGreaterThan(5);

    const again = await startDevnet(['--index-enabled'], { dataDir });
    const height = Number((await ethRpc(again.url, 'eth_blockNumber')).result);
    expect(height).toBeGreaterThanOrEqual(accepted.length);
    for (const hash of accepted) {
      const receipt = (await ethRpc(again.url, 'eth_getTransactionReceipt', [hash])).result;
      expect(receipt?.status).toBe('0x1');
    }
    // The index holds exactly one container per block, no gap and no duplicate.
    const range = (await rpc(again.url, '/ext/index/C/block', 'index.getContainerRange', { startIndex: 0, numToFetch: 1024 })).result as { index: string; id: string }[];
    expect(range.length).toBe(height);
    expect(new Set(range.map((c) => c.id)).size).toBe(height);
    // The chain goes on from where it stopped.
    await sendTransfer(again.url, { nonce: height });
    expect(Number((await ethRpc(again.url, 'eth_blockNumber')).result)).toBe(height + 1);
    await again.stop();
  });

  it('refuses to start with the index turned off after it was on, unless allowed', async () => {
    const dataDir = tempDataDir();
    const node = await startDevnet(['--index-enabled'], { dataDir });
    await node.stop();
    const refused = await runFirn(['node', `--data-dir=${dataDir}`, '--http-port=0']);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toContain('running would cause index to become incomplete but incomplete indices are disabled');
    const allowed = await startDevnet(['--index-allow-incomplete'], { dataDir });
    await allowed.stop();
  });

  it('indexes at start-up the blocks accepted while indexing was off', async () => {
    const dataDir = tempDataDir();
    const first = await startDevnet(['--index-enabled'], { dataDir });
    await sendTransfer(first.url, { nonce: 0 });
    await first.stop();
    const off = await startDevnet(['--index-allow-incomplete'], { dataDir });
    await sendTransfer(off.url, { nonce: 1 });
    await sendTransfer(off.url, { nonce: 2 });
    await off.stop();
    const on = await startDevnet(['--index-enabled', '--index-allow-incomplete'], { dataDir });
    const range = (await rpc(on.url, '/ext/index/C/block', 'index.getContainerRange', { startIndex: 0, numToFetch: 10 })).result as { id: string }[];
    expect(range).toHaveLength(3);
    await sendTransfer(on.url, { nonce: 3 });
    expect((await rpc(on.url, '/ext/index/C/block', 'index.getLastAccepted', {})).result.index).toBe('3');
    await on.stop();
  });

  it('mines on an interval or only when asked, as configured', async () => {
    const manual = await startDevnet(['--no-mining']);
    const pending = sendTransfer(manual.url, { nonce: 0 });
    expect(await pending).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await ethRpc(manual.url, 'eth_blockNumber')).result).toBe('0x0');
    await manual.stop();
    const interval = await startDevnet(['--block-time=300ms']);
    await new Promise((r) => setTimeout(r, 1000));
    expect(Number((await ethRpc(interval.url, 'eth_blockNumber')).result)).toBeGreaterThanOrEqual(2);
    await interval.stop();
  });

  it('rejects bad flags with a clear message', async () => {
    const r = await runFirn(['node', '--http-port=notaport']);
    expect(r.code).toBe(2);
    expect(r.output).toContain('invalid value for --http-port');
    const help = await runFirn(['node', '--help']);
    expect(help.code).toBe(0);
    expect(help.output).toContain('--api-admin-enabled');
  });
});
