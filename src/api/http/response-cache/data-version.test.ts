import { describe, expect, it } from 'vitest';
import { LatestRead } from './data-version.js';

/** A read that finishes when the test says, counting its runs. */
function gatedRead() {
  const pending: Array<(v: string) => void> = [];
  const read = () => new Promise<string>((resolve) => pending.push(resolve));
  return { read, pending };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('LatestRead', () => {
  it('callers arriving during a read share the next one, never the running one', async () => {
    const { read, pending } = gatedRead();
    const latest = new LatestRead(read);
    const first = latest.current();
    const second = latest.current(); // arrives while the first read runs
    const third = latest.current();
    expect(pending).toHaveLength(1);
    pending[0]!('a');
    expect(await first).toBe('a');
    await tick();
    expect(pending).toHaveLength(2); // one read for both later callers
    pending[1]!('b');
    expect(await second).toBe('b');
    expect(await third).toBe('b');
    const fourth = latest.current(); // nothing running: a read of its own
    await tick();
    expect(pending).toHaveLength(3);
    pending[2]!('c');
    expect(await fourth).toBe('c');
  });

  it('a failed read fails its callers; the next caller reads again', async () => {
    let calls = 0;
    const latest = new LatestRead(async () => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return 'ok';
    });
    await expect(latest.current()).rejects.toThrow('connection lost');
    expect(await latest.current()).toBe('ok');
  });
});
