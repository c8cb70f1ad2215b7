import { describe, it, expect } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goFsError } from './go-fs-error.js';

describe('goFsError', () => {
  it("words fs errors as Go's PathError", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'firn-fserr-'));
    try {
      const missing = join(dir, 'missing');
      expect(goFsError(await readdir(missing).catch((e) => e)).message).toBe(`open ${missing}: no such file or directory`);
      const file = join(dir, 'file');
      writeFileSync(file, '');
      expect(goFsError(await mkdir(join(file, 'x')).catch((e) => e)).message).toBe(`mkdir ${join(file, 'x')}: not a directory`);
      expect(goFsError(await writeFile(join(file, 'y'), '').catch((e) => e)).message).toBe(`open ${join(file, 'y')}: not a directory`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes other errors through', () => {
    const e = new Error('plain');
    expect(goFsError(e)).toBe(e);
    expect(goFsError('text').message).toBe('text');
  });
});
