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
