import { describe, expect, it } from 'vitest';
import { selectorOf, standardFunctionName, STANDARD_FUNCTIONS } from './known-selectors.js';

describe('standard function selectors', () => {
  // Selectors every block explorer shows for these functions.
  it.each([
    ['transfer(address,uint256)', 'a9059cbb'],
    ['approve(address,uint256)', '095ea7b3'],
    ['transferFrom(address,address,uint256)', '23b872dd'],
    ['safeTransferFrom(address,address,uint256)', '42842e0e'],
    ['safeTransferFrom(address,address,uint256,bytes)', 'b88d4fde'],
    ['safeTransferFrom(address,address,uint256,uint256,bytes)', 'f242432a'],
    ['safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)', '2eb2c2d6'],
    ['setApprovalForAll(address,bool)', 'a22cb465'],
    ['supportsInterface(bytes4)', '01ffc9a7'],
  ])('%s is %s', (signature, selector) => {
    expect(selectorOf(signature)).toBe(selector);
    expect(standardFunctionName(selector)).toBe(signature);
  });

  it('has no two functions on one selector', () => {
    expect(new Set(STANDARD_FUNCTIONS.map(selectorOf)).size).toBe(STANDARD_FUNCTIONS.length);
  });

  it('names nothing else', () => {
    expect(standardFunctionName('deadbeef')).toBeUndefined();
    expect(standardFunctionName('A9059CBB')).toBeUndefined();
  });
});
