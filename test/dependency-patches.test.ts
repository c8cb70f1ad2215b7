import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script (it runs before anything is compiled); its shapes are checked here
import { EDITS, applyEdits } from '../scripts/patch-dependencies.mjs';

interface Edit { pkg: string; version: string; files: string[]; find: string; replace: string }
interface Line { file: string; status: string; detail: string }
const edits = EDITS as Edit[];
const apply = applyEdits as (nodeModules: string, edits?: Edit[], opts?: { check?: boolean }) => Line[];

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

function fakePackage(version: string, text: string): { root: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'firn-patch-'));
  dirs.push(root);
  mkdirSync(join(root, 'lib', 'dist'), { recursive: true });
  writeFileSync(join(root, 'lib', 'package.json'), JSON.stringify({ name: 'lib', version }));
  writeFileSync(join(root, 'lib', 'dist', 'a.js'), text);
  return { root, file: join(root, 'lib', 'dist', 'a.js') };
}
const edit: Edit = { pkg: 'lib', version: '1.0.0', files: ['dist/a.js'], find: 'slow();\n', replace: 'fast();\n' };

// What the edits change is tested by everything that runs the EVM (the anvil differential test among them): the
// suite runs on the installed, edited package, which the first test checks.
describe('dependency patches', () => {
  it('are all in place in the installed node_modules (npm ci ran the postinstall)', () => {
    const report = apply(resolve(import.meta.dirname, '../node_modules'), edits, { check: true });
    expect(report.length).toBe(edits.reduce((n, e) => n + e.files.length, 0));
    for (const line of report) expect(line, `${line.file}: ${line.detail}`).toMatchObject({ status: 'present' });
  });

  it('applies an edit once, and a second run finds it present', () => {
    const { root, file } = fakePackage('1.0.0', 'a();\nslow();\nb();\n');
    expect(apply(root, [edit]).map((l) => l.status)).toEqual(['applied']);
    expect(readFileSync(file, 'utf8')).toBe('a();\nfast();\nb();\n');
    expect(apply(root, [edit]).map((l) => l.status)).toEqual(['present']);
    expect(readFileSync(file, 'utf8')).toBe('a();\nfast();\nb();\n');
  });

  it('leaves the file alone when the version, the text or its uniqueness differ', () => {
    for (const [version, text, detail] of [
      ['1.0.1', 'slow();\n', 'written for 1.0.0, installed 1.0.1'],
      ['1.0.0', 'other();\n', 'text not found'],
      ['1.0.0', 'slow();\nslow();\n', 'text found 2 times'],
    ] as const) {
      const { root, file } = fakePackage(version, text);
      expect(apply(root, [edit])).toMatchObject([{ status: 'skipped', detail }]);
      expect(readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('reports a missing edit in check mode without writing', () => {
    const { root, file } = fakePackage('1.0.0', 'slow();\n');
    expect(apply(root, [edit], { check: true })).toMatchObject([{ status: 'missing' }]);
    expect(readFileSync(file, 'utf8')).toBe('slow();\n');
  });
});
