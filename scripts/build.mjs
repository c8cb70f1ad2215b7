/**
 * Builds dist/: each source of src/ (tests and declaration files aside) as JavaScript, one file per module, with
 * esbuild (the transform tsx applies when it runs src/). bin/firn.js runs dist/ only while it matches the sources
 * (bin/dist-entry.js); a stale or missing dist/ only makes a start slower. Run by `npm ci` (postinstall) and by
 * `npm run build`.
 *
 *   node scripts/build.mjs [root]     # root defaults to the repository
 */
import { build } from 'esbuild';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_VERSION, sourceManifest, stampPath } from '../bin/dist-entry.js';

export async function buildDist(root) {
  const started = performance.now();
  // The manifest is taken first: a source changed while the build runs then leaves the stamp stale, never dist/.
  const sources = sourceManifest(root);
  const dist = join(root, 'dist');
  rmSync(stampPath(root), { force: true });
  rmSync(join(dist, 'src'), { recursive: true, force: true });
  await build({
    entryPoints: Object.keys(sources).map((name) => join(root, name)),
    outdir: join(dist, 'src'),
    outbase: join(root, 'src'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  mkdirSync(dist, { recursive: true });
  const stamp = stampPath(root);
  writeFileSync(stamp + '.tmp', JSON.stringify({ version: BUILD_VERSION, sources }));
  renameSync(stamp + '.tmp', stamp);
  return { modules: Object.keys(sources).length, ms: performance.now() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(process.argv[2] ?? join(import.meta.dirname, '..'));
  const { modules, ms } = await buildDist(root);
  console.log(`firn: built ${modules} modules into ${join(root, 'dist')} in ${(ms / 1000).toFixed(1)} s`);
}
