/** Go's wording for errno values (syscall.Errno.Error()), for the ones file operations commonly hit. */
const ERRNO_TEXT: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  EEXIST: 'file exists',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EMFILE: 'too many open files',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
};

/** Node syscall names that Go reports under another operation name. */
const OP_NAME: Record<string, string> = { scandir: 'open', opendir: 'open', mkdir: 'mkdir', open: 'open', write: 'write' };

/**
 * Rewrites a Node fs error as Go's *PathError text (`open /dir: no such file or directory`), the form
 * AvalancheGo returns for OS errors from its admin API. Other errors pass through unchanged.
 */
export function goFsError(err: unknown): Error {
  const e = err as NodeJS.ErrnoException;
  if (!(e instanceof Error) || typeof e.code !== 'string' || typeof e.path !== 'string') return e instanceof Error ? e : new Error(String(err));
  const text = ERRNO_TEXT[e.code] ?? e.message.replace(/^[A-Z]+: /, '').replace(/, \w+ '.*'$/, '');
  const op = OP_NAME[e.syscall ?? ''] ?? e.syscall ?? 'open';
  return new Error(`${op} ${e.path}: ${text}`);
}
