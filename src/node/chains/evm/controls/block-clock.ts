/**
 * Block timestamps under devnet control, as anvil's time manager keeps them: the node clock runs at a
 * settable offset from the wall clock (evm_increaseTime), the next block can be given an exact time
 * (evm_setNextBlockTimestamp) and blocks can follow each other at a fixed interval
 * (anvil_setBlockTimestampInterval). Times are Unix milliseconds (the C-chain header keeps ms).
 */
export class BlockClock {
  private offsetMs = 0;
  private nextExactMs: bigint | undefined;
  private intervalMs: bigint | undefined;

  constructor(private readonly wall: () => number) {}

  /** The node clock. */
  now(): number {
    return this.wall() + this.offsetMs;
  }

  /** Moves the node clock forward (or back); returns the total offset in whole seconds, as anvil does. */
  increase(seconds: bigint): number {
    this.offsetMs += Number(seconds) * 1000;
    return Math.trunc(this.offsetMs / 1000);
  }

  /** The next block gets exactly this time (seconds); blocks after it continue from there. */
  setNextBlockTimestamp(seconds: bigint): void {
    this.nextExactMs = seconds * 1000n;
  }

  get pendingExactMs(): bigint | undefined {
    return this.nextExactMs;
  }

  /** Each block `seconds` after its parent; undefined returns to the node clock. */
  setInterval(seconds: bigint | undefined): void {
    this.intervalMs = seconds === undefined ? undefined : seconds * 1000n;
  }

  get interval(): bigint | undefined {
    return this.intervalMs === undefined ? undefined : this.intervalMs / 1000n;
  }

  /** Time for a block whose parent is at `parentMs` (never before the parent). */
  nextBlockMs(parentMs: bigint): bigint {
    let ts: bigint;
    if (this.nextExactMs !== undefined) {
      ts = this.nextExactMs;
    } else if (this.intervalMs !== undefined) {
      ts = parentMs + this.intervalMs;
    } else {
      ts = BigInt(Math.floor(this.now()));
    }
    return ts > parentMs ? ts : parentMs;
  }

  /** A block was built at `ms`: an exact timestamp is used up, and the clock continues from it. */
  blockBuilt(ms: bigint): void {
    if (this.nextExactMs === undefined) return;
    this.nextExactMs = undefined;
    this.offsetMs = Number(ms) - this.wall();
  }

  save(): ClockState {
    return { offsetMs: this.offsetMs, nextExactMs: this.nextExactMs, intervalMs: this.intervalMs };
  }

  restore(s: ClockState): void {
    this.offsetMs = s.offsetMs;
    this.nextExactMs = s.nextExactMs;
    this.intervalMs = s.intervalMs;
  }

  reset(): void {
    this.restore({ offsetMs: 0, nextExactMs: undefined, intervalMs: undefined });
  }
}

export interface ClockState {
  offsetMs: number;
  nextExactMs: bigint | undefined;
  intervalMs: bigint | undefined;
}
