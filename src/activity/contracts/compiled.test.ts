import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileActivityContracts, OUTPUT_FILE } from '../../../scripts/compile-activity-contracts.js';
import { ActivityRouter, ActivityToken } from './compiled.js';

describe('compiled activity contracts', () => {
  it('match their Solidity sources (run scripts/compile-activity-contracts.ts after editing a .sol file)', () => {
    expect(readFileSync(OUTPUT_FILE, 'utf8')).toBe(compileActivityContracts());
  }, 60_000);

  it('expose the functions the generator calls', () => {
    const names = (abi: readonly { type: string; name?: string }[]) => abi.filter((e) => e.type === 'function').map((e) => e.name);
    expect(names(ActivityToken.abi)).toEqual(expect.arrayContaining(['transfer', 'transferFrom', 'approve', 'mint', 'burn']));
    expect(names(ActivityRouter.abi)).toEqual(expect.arrayContaining(['swap', 'multiSend', 'split', 'tryCall', 'fail', 'failWithCode', 'divide']));
    expect(ActivityToken.bytecode).toMatch(/^0x[0-9a-f]+$/);
  });
});
