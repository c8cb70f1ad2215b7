import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Runs `node <bin> <args>` with a loader hook that logs every module it loads: what a command parses before it runs.
 * `close` removes the hook's files.
 */
export function moduleLoadRecorder(): {
  run(bin: string, args: string[], env?: Record<string, string>): Promise<{ stdout: string; urls: string[] }>;
  close(): void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'firn-modules-'));
  const hooks = join(dir, 'hooks.mjs');
  const register = join(dir, 'register.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) { appendFileSync(process.env.FIRN_LOADED_LOG, url + '\\n'); return next(url, context); }
`);
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  let runs = 0;
  return {
    async run(bin, args, env = {}) {
      const log = join(dir, `run-${runs++}.log`);
      writeFileSync(log, '');
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', register, bin, ...args], {
        env: { ...process.env, ...env, FIRN_LOADED_LOG: log },
      });
      return { stdout, urls: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
