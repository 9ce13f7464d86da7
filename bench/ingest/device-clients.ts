import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { ReconnectReport, WorkerReport } from './client.js';

const CLIENT = path.join(import.meta.dirname, 'client.ts');
/** Devices per client process, each process from its own 127.0.0.x (past the port limit). */
export const DEVICES_PER_WORKER = 5000;
/** The client processes' nice value: the lowest priority. */
const LOAD_PRIORITY = 19;

export interface LoadPlan {
  port: number;
  devices: number;
  /** Offered positions per second, all devices together. */
  rate: number;
  durationMs: number;
  /** Sent first and not measured: every device's first positions (settings loaded, code warm). */
  warmupMs?: number;
  route?: { module: string; options: unknown };
  /**
   * After the window: restarts the gateway (the devices, still connected, lose it and reconnect
   * at once) and answers when the new one accepted its first connection (epoch ms).
   */
  restart?: () => Promise<number>;
}

export interface LoadReport extends Omit<WorkerReport, 'histogram'> {
  connected: number;
  /** Ack latencies: count per 0.1 ms bucket, all workers. */
  histogram: Map<number, number>;
  /** With `restart`: from the new gateway accepting to each device logged in and acked again. */
  reconnectMs?: number[];
}

const nextMessage = <T>(child: ChildProcess) =>
  new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));

/**
 * bench/ingest's client workers: every device connects and authenticates first; then positions
 * flow for the warm-up and the duration. `measure` is told when all are connected, when the
 * duration starts and ends, and with `restart`, when every device is back (before the clients
 * exit and close their connections).
 */
export async function driveDevices(
  plan: LoadPlan,
  measure: { connected?(): void; started(): void; finished(): void; back?(): void },
): Promise<LoadReport> {
  const workers = Math.ceil(plan.devices / DEVICES_PER_WORKER);
  const children = Array.from({ length: workers }, (_, w) => {
    const job = {
      port: plan.port,
      localAddress: `127.0.0.${w + 1}`,
      firstIndex: w * DEVICES_PER_WORKER,
      count: Math.min(DEVICES_PER_WORKER, plan.devices - w * DEVICES_PER_WORKER),
      intervalMs: (plan.devices / plan.rate) * 1000,
      durationMs: plan.durationMs,
      warmupMs: plan.warmupMs,
      route: plan.route,
    };
    const child = fork(CLIENT, [JSON.stringify(job)], { execArgv: ['--import', 'tsx'] });
    // Real devices do not run on the gateway's machine: the load generator takes only the CPU
    // the gateway leaves (four client processes would otherwise get four fifths of two cores
    // while the fleet connects).
    if (child.pid !== undefined) os.setPriority(child.pid, LOAD_PRIORITY);
    return child;
  });
  const connected = await Promise.all(
    children.map((child) => nextMessage<{ connected: number }>(child)),
  );
  measure.connected?.();
  const finished = children.map((child) => nextMessage<WorkerReport>(child));
  children.forEach((child) => child.send('start'));
  await new Promise((resolve) => setTimeout(resolve, plan.warmupMs ?? 0));
  measure.started();
  const reports = await Promise.all(finished);
  measure.finished();
  const reconnectMs = plan.restart && (await reconnectAll(children, plan.restart));
  if (reconnectMs) measure.back?.();
  children.forEach((child) => child.send('exit'));
  const sum = (key: 'sent' | 'acked' | 'failed' | 'skipped') =>
    reports.reduce((n, report) => n + report[key], 0);
  const histogram = new Map<number, number>();
  for (const report of reports)
    for (const [bucket, count] of Object.entries(report.histogram))
      histogram.set(Number(bucket), (histogram.get(Number(bucket)) ?? 0) + count);
  return {
    connected: connected.reduce((n, c) => n + c.connected, 0),
    sent: sum('sent'),
    acked: sum('acked'),
    failed: sum('failed'),
    skipped: sum('skipped'),
    histogram,
    timed: reports.flatMap((report) => report.timed),
    ...(reconnectMs && { reconnectMs }),
  };
}

/** The workers watch their devices' connections, the gateway restarts, every device comes back. */
async function reconnectAll(
  children: ChildProcess[],
  restart: () => Promise<number>,
): Promise<number[]> {
  const armed = children.map((child) => nextMessage<'armed'>(child));
  children.forEach((child) => child.send('restart'));
  await Promise.all(armed);
  const back = children.map((child) => nextMessage<ReconnectReport>(child));
  const listeningAt = await restart();
  const reports = await Promise.all(back);
  return reports.flatMap((report) => report.backAt.map((at) => at - listeningAt));
}
