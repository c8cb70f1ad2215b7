import { goJson, goJsonString } from '../../../lib/go/go-json.js';
import { formatRfc3339Nano, GO_ZERO_TIME } from '../../../lib/go/go-time.js';

/** One check's last outcome (avalanchego api/health/result.go). */
export interface CheckResult {
  /** Whatever the check returned; omitted from JSON when undefined or null (Go nil). */
  details: unknown;
  /** Why the check failed; undefined when it passed. */
  error?: string;
  /** End of the last run in epoch ns; undefined = Go's zero time (never run). */
  timestampNs?: bigint;
  /** Duration of the last run in ns. */
  durationNs: number;
  contiguousFailures: number;
  timeOfFirstFailureNs?: bigint;
}

export const NOT_YET_RUN: CheckResult = Object.freeze({ details: undefined, error: 'not yet run', durationNs: 0, contiguousFailures: 0 });

/** Formats an epoch-ns instant; the zone is the worker's (local by default). */
export type TimeFormatter = (epochNs: bigint) => string;

export const localTimeFormatter: TimeFormatter = (ns) => formatRfc3339Nano(ns);

/** The Result struct's JSON: fields in declaration order, empty ones omitted as Go's omitempty does. */
export function resultJson(r: CheckResult, formatTime: TimeFormatter = localTimeFormatter): string {
  let out = '{';
  if (r.details !== undefined && r.details !== null) out += `"message":${goJson(r.details)},`;
  if (r.error !== undefined) out += `"error":${goJsonString(r.error)},`;
  out += `"timestamp":"${r.timestampNs === undefined ? GO_ZERO_TIME : formatTime(r.timestampNs)}"`;
  out += `,"duration":${Math.round(r.durationNs)}`;
  if (r.contiguousFailures !== 0) out += `,"contiguousFailures":${r.contiguousFailures}`;
  if (r.timeOfFirstFailureNs !== undefined) out += `,"timeOfFirstFailure":"${formatTime(r.timeOfFirstFailureNs)}"`;
  return out + '}';
}
