/** Stop `stoppable` on SIGINT/SIGTERM, then exit. */
export function exitOnSignals(stoppable: { stop(): Promise<void> }, log: { info(msg: string, fields?: Record<string, unknown>): void }): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    stoppable.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`firn: error while stopping: ${String(e)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
