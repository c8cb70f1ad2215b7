import { statfs } from 'node:fs/promises';
import { CheckFailure, type HealthCheck } from '../check.js';

export interface DiskSpace {
  availableBytes: bigint;
  totalBytes: bigint;
}

export interface DiskSpaceConfig {
  /** `--system-tracker-...` warning threshold, percent; default 10. */
  warningPercent?: number;
  /** Minimum before avalanchego shuts down, percent; default 3. */
  requiredPercent?: number;
  /** Called when below the minimum (avalanchego shuts the node down). */
  onBelowRequired?: () => void;
  /** Reads the filesystem; defaults to statfs on the directory. */
  read?: (dir: string) => Promise<DiskSpace>;
}

/** Free space available to unprivileged users (Bavail × Bsize) and the filesystem size, as Go's tracker does. */
export async function statDisk(dir: string): Promise<DiskSpace> {
  const s = await statfs(dir, { bigint: true });
  return { availableBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}

/** avalanchego's `diskspace` check (node/node.go initHealthAPI). */
export function diskSpaceCheck(dataDir: string, config: DiskSpaceConfig = {}): HealthCheck {
  const warning = config.warningPercent ?? 10;
  const required = config.requiredPercent ?? 3;
  const read = config.read ?? statDisk;
  return async () => {
    const { availableBytes, totalBytes } = await read(dataDir);
    // Integer percentage, truncated (Go uint64 arithmetic).
    const percent = totalBytes === 0n ? 0n : (100n * availableBytes) / totalBytes;
    const details = { availableDiskBytes: availableBytes, availableDiskPercentage: percent };
    if (percent < BigInt(required)) {
      config.onBelowRequired?.();
      throw new CheckFailure(`remaining available disk space percentage (${percent}%) is below minimum required available space percentage (${required}%)`, details);
    }
    if (percent < BigInt(warning)) {
      throw new CheckFailure(`remaining available disk space percentage (${percent}%) is below warning threshold available space percentage (${warning}%)`, details);
    }
    return details;
  };
}
