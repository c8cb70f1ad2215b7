import { createEVM } from '@ethereumjs/evm';
import { hexToBytes } from '@ethereumjs/util';
import { describe, expect, it } from 'vitest';
import { createEvmCommon } from './crypto.js';
import * as cache from './jump-analysis-cache.js';

const common = createEvmCommon(43112n);
// JUMPs over an INVALID to a JUMPDEST, then returns 0x2a: wrong jump analysis would make it fail
const CODE = hexToBytes('0x600456fe5b602a60005260206000f3');
// the same, with the JUMPDEST moved: a result kept for CODE would send it to an invalid destination
const OTHER = hexToBytes('0x60055660fe5b602a60005260206000f3');

const run = async (evm: Awaited<ReturnType<typeof createEVM>>, code: Uint8Array) => {
  const r = await evm.runCode({ code, gasLimit: 100_000n });
  return r.exceptionError ? r.exceptionError.error : BigInt('0x' + Buffer.from(r.returnValue).toString('hex'));
};

describe('jump analysis cache', () => {
  it('analyses a code buffer once per EVM and keeps results apart per buffer and per EVM', async () => {
    const evm = await createEVM({ common });
    const before = cache.jumpAnalyses;
    expect(await run(evm, CODE)).toBe(42n);
    expect(await run(evm, CODE)).toBe(42n);
    expect(cache.jumpAnalyses - before).toBe(1);
    expect(await run(evm, OTHER)).toBe(42n);
    expect(cache.jumpAnalyses - before).toBe(2);
    // another EVM has its own opcode table
    expect(await run(await createEVM({ common }), CODE)).toBe(42n);
    expect(cache.jumpAnalyses - before).toBe(3);
  });

  it('rejects a jump to a non-JUMPDEST from a kept analysis too', async () => {
    const evm = await createEVM({ common });
    const bad = hexToBytes('0x600356fe5b00'); // jumps to the INVALID opcode's position
    expect(await run(evm, bad)).toMatch(/^invalid JUMP/);
    expect(await run(evm, bad)).toMatch(/^invalid JUMP/);
  });
});
