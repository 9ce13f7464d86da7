import type { LoadReport } from './device-clients.js';

/** The value below which a share `p` (0–1) of the values lie (nearest rank); 0 when empty. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

/** The same over latencies counted per 0.1 ms bucket (bench/ingest's client histograms). */
export function bucketPercentile(histogram: Map<number, number>, p: number): number {
  const buckets = [...histogram].sort((a, b) => a[0] - b[0]);
  const total = buckets.reduce((n, [, count]) => n + count, 0);
  let seen = 0;
  for (const [bucket, count] of buckets) {
    seen += count;
    if (seen >= total * p) return bucket / 10;
  }
  return 0;
}

export const round1 = (value: number) => Math.round(value * 10) / 10;
export const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

/** What every device-load benchmark reports of a run: throughput, acks, the server's CPU. */
export function loadFigures(report: LoadReport, seconds: number, cpuSeconds: number) {
  return {
    positionsPerSec: Math.round(report.acked / seconds),
    acked: report.acked,
    skippedWhileUnacked: report.skipped,
    socketErrors: report.failed,
    ackP50Ms: bucketPercentile(report.histogram, 0.5),
    ackP99Ms: bucketPercentile(report.histogram, 0.99),
    // The server's own CPU (user + system) in the window, per position acknowledged in it.
    serverCpuUsPerPosition: Math.round((cpuSeconds * 1e6) / Math.max(1, report.acked)),
  };
}

/**
 * The fleet's return after a restart, from each device's time back (ms after the new gateway
 * accepted): the last, the median and the 90th percentile device — a wave of handshakes the
 * kernel dropped shows as a gap between them — and the new gateway's CPU (user + system) from
 * accepting to the last device back, per device: what the return costs, whatever the load
 * generator took of the machine meanwhile. Nothing without a restart.
 */
export function reconnectFigures(reconnectMs: readonly number[] | undefined, cpuSeconds: number) {
  if (!reconnectMs?.length) return {};
  return {
    reconnectAllMs: Math.max(...reconnectMs),
    reconnectP50Ms: percentile(reconnectMs, 0.5),
    reconnectP90Ms: percentile(reconnectMs, 0.9),
    reconnectServerCpuUsPerDevice: Math.round((cpuSeconds * 1e6) / reconnectMs.length),
  };
}
