import { describe, it, expect } from 'vitest';
import { formatBanner } from './banner.js';
import { buildLocalGenesis } from './local-genesis.js';

describe('formatBanner', () => {
  const genesis = buildLocalGenesis({ startTime: 1_767_225_600, validatorCount: 2, devAccountCount: 3 });
  const banner = formatBanner(genesis, { httpUrl: 'http://127.0.0.1:9650/' });

  it('lists chains, accounts, keys, ewoq, validators and endpoints', () => {
    expect(banner).toContain('local (network id 12345, hrp local)');
    expect(banner).toContain(`X-Chain:        ${genesis.xChainId.string}`);
    expect(banner).toContain(`C-Chain:        ${genesis.cChainId.string}`);
    expect(banner).toContain('(0) 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 (10000 AVAX)');
    expect(banner).toContain('(0) 0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(banner).toContain('X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u (300000000 AVAX)');
    expect(banner).toContain('0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC (50000000 AVAX)');
    expect(banner).toContain(genesis.validators[1]!.nodeIdString);
    expect(banner).toContain('http://127.0.0.1:9650/ext/bc/C/rpc');
    expect(banner).toContain('http://127.0.0.1:9650/ext/bc/P');
    expect(banner).toContain('http://127.0.0.1:9650/ext/bc/X');
    expect(banner).toContain("m/44'/60'/0'/0/<index>");
  });
});
