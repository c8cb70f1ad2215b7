import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskSpaceCheck } from './diskspace.js';

const fixed = (available: bigint, total: bigint) => async () => ({ availableBytes: available, totalBytes: total });

describe('diskSpaceCheck', () => {
  it('reads the real filesystem of the data dir', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-disk-'));
    try {
      const details = await diskSpaceCheck(dir, { warningPercent: 0, requiredPercent: 0 })() as { availableDiskBytes: bigint; availableDiskPercentage: bigint };
      expect(details.availableDiskBytes).toBeGreaterThan(0n);
      expect(details.availableDiskPercentage).toBeLessThanOrEqual(100n);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it('passes above the warning threshold', async () => {
    await expect(diskSpaceCheck('/x', { read: fixed(50n, 100n) })()).resolves.toEqual({ availableDiskBytes: 50n, availableDiskPercentage: 50n });
  });

  it('warns below 10% and fails hard below 3% with the exact messages', async () => {
    await expect(diskSpaceCheck('/x', { read: fixed(99n, 1000n) })()).rejects.toThrow(
      'remaining available disk space percentage (9%) is below warning threshold available space percentage (10%)');
    let shutdown = false;
    const check = diskSpaceCheck('/x', { read: fixed(29n, 1000n), onBelowRequired: () => { shutdown = true; } });
    await expect(check()).rejects.toMatchObject({
      message: 'remaining available disk space percentage (2%) is below minimum required available space percentage (3%)',
      details: { availableDiskBytes: 29n, availableDiskPercentage: 2n },
    });
    expect(shutdown).toBe(true);
  });
});
