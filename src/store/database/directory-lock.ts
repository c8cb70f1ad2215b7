import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claim `dir` for this process with a `firn.lock` file holding our pid. A lock left by a process that no
 * longer exists (killed with SIGKILL, say) is taken over. Returns the release function.
 */
export function acquireDirectoryLock(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'firn.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && alive(holder)) {
        const who = holder === process.pid ? 'this process' : `process ${holder}`;
        throw new Error(`the database directory ${dir} is in use by ${who}; stop it or use --database-url`);
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not lock the database directory ${dir}`);
}
