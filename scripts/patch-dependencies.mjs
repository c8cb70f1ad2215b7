/**
 * Small, exact edits to installed dependencies, applied by `npm ci` / `npm install` (the root package's
 * postinstall). Each edit names the package version it was written for and the exact text it replaces; it is
 * skipped, with a notice, when the version or the text differs, so an upgrade can never half-apply one. Every
 * edit keeps the library's behaviour and only changes how fast it runs: without them Firn is correct, slower.
 *
 *   node scripts/patch-dependencies.mjs           # apply (idempotent)
 *   node scripts/patch-dependencies.mjs --check   # exit 1 unless every edit is in place
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * @typedef {{ pkg: string; version: string; files: string[]; find: string; replace: string; why: string }} Edit
 */

/** @type {Edit[]} */
export const EDITS = [
  {
    pkg: '@ethereumjs/evm',
    version: '10.1.3',
    files: ['dist/esm/evm.js', 'dist/cjs/evm.js'],
    find: '...{ codeAddress: message.codeAddress },\n',
    replace: 'codeAddress: message.codeAddress,\n',
    why:
      'Every message frame built its interpreter message as `{ ...{ codeAddress }, ...message, gasLimit }`. On V8 ' +
      '(Node 20) spreading a one-property literal gives an object whose later properties each make a new map, ' +
      '~28 µs per frame and a stream of maps into the old generation. The same object, written without the inner spread.',
  },
  {
    pkg: '@ethereumjs/evm',
    version: '10.1.3',
    files: ['dist/esm/evm.js', 'dist/cjs/evm.js'],
    find: 'runState: {\n                ...interpreterRes.runState,\n                ...result,\n                ...interpreter._env,\n            },\n',
    replace: 'runState: Object.assign({}, interpreterRes.runState, result, interpreter._env),\n',
    why:
      "runInterpreter's merged runState (a spread of the run state, the result and the env) cost ~20 µs per frame " +
      'for the same reason; Object.assign onto an empty object builds the same object through maps V8 keeps.',
  },
];

/**
 * Applies `edits` under `nodeModules`. Returns one line per edit and file: applied, already applied, or why it
 * was skipped.
 */
export function applyEdits(nodeModules, edits = EDITS, { check = false } = {}) {
  const report = [];
  for (const edit of edits) {
    const dir = join(nodeModules, edit.pkg);
    let version;
    try {
      version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
    } catch {
      report.push({ edit, file: '', status: 'skipped', detail: `${edit.pkg} is not installed` });
      continue;
    }
    for (const file of edit.files) {
      const label = `${edit.pkg}/${file}`;
      if (version !== edit.version) {
        report.push({ edit, file: label, status: 'skipped', detail: `written for ${edit.version}, installed ${version}` });
        continue;
      }
      const path = join(dir, file);
      let text;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        report.push({ edit, file: label, status: 'skipped', detail: 'file not found' });
        continue;
      }
      const found = text.split(edit.find).length - 1;
      if (found === 0) {
        const done = text.includes(edit.replace);
        report.push({ edit, file: label, status: done ? 'present' : 'skipped', detail: done ? '' : 'text not found' });
        continue;
      }
      if (found > 1) {
        report.push({ edit, file: label, status: 'skipped', detail: `text found ${found} times` });
        continue;
      }
      if (check) {
        report.push({ edit, file: label, status: 'missing', detail: 'not applied' });
        continue;
      }
      writeFileSync(path, text.replace(edit.find, edit.replace));
      report.push({ edit, file: label, status: 'applied', detail: '' });
    }
  }
  return report;
}

function main() {
  const check = process.argv.includes('--check');
  const nodeModules = resolve(import.meta.dirname, '../node_modules');
  const report = applyEdits(nodeModules, EDITS, { check });
  let bad = 0;
  for (const r of report) {
    if (r.status === 'applied') console.log(`patch-dependencies: applied to ${r.file}`);
    else if (r.status !== 'present') {
      bad++;
      console.warn(`patch-dependencies: ${r.status} ${r.file || r.edit.pkg}: ${r.detail} (Firn runs correctly without it, slower)`);
    }
  }
  if (check && bad > 0) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
