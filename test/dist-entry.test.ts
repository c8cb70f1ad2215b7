/**
 * bin/firn.js runs dist/ only while it was built from exactly the sources present, and src/ through tsx otherwise.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleLoadRecorder } from './helpers/loaded-modules.js';
// @ts-expect-error plain JavaScript modules without declarations
import { distIsCurrent } from '../bin/dist-entry.js';
// @ts-expect-error plain JavaScript modules without declarations
import { buildDist } from '../scripts/build.mjs';

const REPO = resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('dist/ is current only for the sources it was built from', () => {
  const root = tempDir('firn-dist-rules-');
  mkdirSync(join(root, 'src', 'lib'), { recursive: true });
  writeFileSync(join(root, 'src', 'lib', 'a.ts'), 'export const a = 1;\n');
  writeFileSync(join(root, 'src', 'lib', 'a.test.ts'), 'export {};\n');
  writeFileSync(join(root, 'src', 'types.d.ts'), 'declare const x: number;\n');

  it('is not current without a build', () => {
    expect(distIsCurrent(root)).toBe(false);
  });

  it('is current after a build, whatever happens to tests and declaration files', async () => {
    await buildDist(root);
    expect(readFileSync(join(root, 'dist', 'src', 'lib', 'a.js'), 'utf8')).toContain('a = 1');
    expect(distIsCurrent(root)).toBe(true);
    writeFileSync(join(root, 'src', 'lib', 'a.test.ts'), 'export const changed = true;\n');
    writeFileSync(join(root, 'src', 'types.d.ts'), 'declare const y: string;\n');
    expect(distIsCurrent(root)).toBe(true);
  });

  it('is stale once a source changes, even to the same size', async () => {
    await buildDist(root);
    writeFileSync(join(root, 'src', 'lib', 'a.ts'), 'export const a = 2;\n');
    expect(distIsCurrent(root)).toBe(false);
    await buildDist(root);
    expect(distIsCurrent(root)).toBe(true);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'src', 'lib', 'a.ts'), later, later);
    expect(distIsCurrent(root)).toBe(false);
  });

  it('is stale once a source is added or removed', async () => {
    await buildDist(root);
    writeFileSync(join(root, 'src', 'lib', 'b.ts'), 'export const b = 1;\n');
    expect(distIsCurrent(root)).toBe(false);
    await buildDist(root);
    expect(distIsCurrent(root)).toBe(true);
    unlinkSync(join(root, 'src', 'lib', 'b.ts'));
    expect(distIsCurrent(root)).toBe(false);
  });

  it('is stale when the stamp is damaged or from another build version', async () => {
    await buildDist(root);
    const stamp = join(root, 'dist', 'build-stamp.json');
    const good = JSON.parse(readFileSync(stamp, 'utf8'));
    writeFileSync(stamp, JSON.stringify({ ...good, version: good.version + 1 }));
    expect(distIsCurrent(root)).toBe(false);
    writeFileSync(stamp, '{"version":');
    expect(distIsCurrent(root)).toBe(false);
  });
});

describe('bin/firn.js', () => {
  // A copy of the repository's bin/ and src/ (node_modules linked), so building and editing it leaves the checkout alone.
  const root = tempDir('firn-dist-run-');
  cpSync(join(REPO, 'bin'), join(root, 'bin'), { recursive: true });
  cpSync(join(REPO, 'src'), join(root, 'src'), { recursive: true });
  cpSync(join(REPO, 'package.json'), join(root, 'package.json'));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  const recorder = moduleLoadRecorder();
  afterAll(() => recorder.close());

  /** Runs `firn index --help` from the copy: its output and the CLI module it loaded. */
  const run = async (env: Record<string, string> = {}) => {
    const { stdout, urls } = await recorder.run(join(root, 'bin', 'firn.js'), ['index', '--help'], { FIRN_FROM_SOURCE: '', ...env });
    return { stdout, main: urls.filter((u) => /\/cli\/main\.(ts|js)$/.test(u)) };
  };

  it('runs the built JavaScript while it is current, and src/ once a source changes', async () => {
    const fromSource = await run();
    expect(fromSource.main).toEqual([pathToFileURL(join(root, 'src', 'cli', 'main.ts')).href]);

    await buildDist(root);
    const fromDist = await run();
    expect(fromDist.main).toEqual([pathToFileURL(join(root, 'dist', 'src', 'cli', 'main.js')).href]);
    expect(fromDist.stdout).toBe(fromSource.stdout);
    expect(fromDist.stdout).toContain('--node-url');

    expect((await run({ FIRN_FROM_SOURCE: '1' })).main).toEqual(fromSource.main);

    const changed = join(root, 'src', 'cli', 'main.ts');
    writeFileSync(changed, readFileSync(changed, 'utf8') + '\n// edited\n');
    expect((await run()).main).toEqual(fromSource.main);
  }, 120_000);
});
