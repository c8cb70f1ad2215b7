import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The reference OpenAPI documents of the real service (the project's shared reference folder, beside the
 * repository). A checkout elsewhere finds it through FIRN_REFERENCE_DIR or the workspace's usual place.
 */
export function referenceOpenApiDir(): string {
  const candidates = [
    process.env.FIRN_REFERENCE_DIR && resolve(process.env.FIRN_REFERENCE_DIR, 'openapi'),
    resolve(import.meta.dirname, '../../../shared/reference/openapi'),
    '/work/shared/reference/openapi',
  ].filter((c): c is string => Boolean(c));
  const found = candidates.find((c) => existsSync(resolve(c, 'glacier-response-schemas.json')));
  if (!found) throw new Error(`the reference OpenAPI documents were not found (looked in ${candidates.join(', ')}); set FIRN_REFERENCE_DIR`);
  return found;
}
