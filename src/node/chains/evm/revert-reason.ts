/** geth's abi.UnpackRevert: Error(string) → the string; Panic(uint256) → solidity's panic description. */

const ERROR_SELECTOR = '08c379a0';
const PANIC_SELECTOR = '4e487b71';

const PANIC_REASONS: Record<string, string> = {
  '0': 'generic panic',
  '1': 'assert(false)',
  '17': 'arithmetic underflow or overflow',
  '18': 'division or modulo by zero',
  '33': 'enum overflow',
  '34': 'invalid encoded storage byte array accessed',
  '49': 'out-of-bounds array access; popping on an empty array',
  '50': 'out-of-bounds access of an array or bytesSlice',
  '65': 'out of memory',
  '81': 'uninitialized function',
};

const word = (b: Uint8Array, at: number): bigint | undefined =>
  at + 32 <= b.length ? BigInt('0x' + Buffer.from(b.subarray(at, at + 32)).toString('hex')) : undefined;

export function unpackRevert(data: Uint8Array): string | undefined {
  if (data.length < 4) return undefined;
  const selector = Buffer.from(data.subarray(0, 4)).toString('hex');
  const body = data.subarray(4);
  if (selector === ERROR_SELECTOR) {
    const offset = word(body, 0);
    if (offset === undefined || offset > BigInt(body.length)) return undefined;
    const len = word(body, Number(offset));
    if (len === undefined) return undefined;
    const start = Number(offset) + 32;
    if (BigInt(start) + len > BigInt(body.length)) return undefined;
    return Buffer.from(body.subarray(start, start + Number(len))).toString('utf8');
  }
  if (selector === PANIC_SELECTOR) {
    const code = word(body, 0);
    if (code === undefined) return undefined;
    return PANIC_REASONS[code.toString()] ?? `unknown panic code: 0x${code.toString(16)}`;
  }
  return undefined;
}
