/** Runs tasks one at a time, in call order (block building must never interleave). */
export class Lock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once everything queued so far has finished. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
