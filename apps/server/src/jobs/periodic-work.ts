import { DEFAULT_TIME_ZONE } from '@xunji/shared';
import type { PeriodicSchedule, PeriodicTask } from './periodic-schedule.js';

const DAY_MS = 86_400_000;
/** Queued commands expire and sent ones without a reply time out within this (§4). */
export const COMMAND_SWEEP_MS = 5000;
/** Unpaid orders close and lost payment notifications are looked for this often. */
export const ORDER_JOBS_MS = 60_000;
/** How often a cluster looks for devices a gateway that died left online. */
export const QUIET_DEVICES_MS = 60_000;
/** How often a cluster looks for offline alarms no gateway raised. */
export const OVERDUE_OFFLINE_MS = 30_000;
/** How late an offline alarm must be before the cluster raises it (its gateway's timer first). */
export const OVERDUE_OFFLINE_GRACE_MS = 60_000;

/** The periodic work that runs once for the cluster (in one process: once in it). */
export interface ClusterWork {
  /** Queued commands expire; sent ones without a reply time out. */
  commandSweep: () => Promise<void>;
  /** PostgreSQL's month partitions of positions around now (the gateway makes them at start). */
  positionPartitions: () => Promise<void>;
  /** Old positions, network fixes and recordings go (at start and daily). */
  retention: (signal: AbortSignal) => Promise<void>;
  /** Orders closed after their window, payments reconciled with the providers. */
  orders: () => Promise<void>;
  /** SIM cards of operator platforms refreshed nightly at `hour` in China. */
  simSync: { hour: number; run: () => Promise<unknown> };
  /** Due alarm deliveries: delivered here (one process), or queued for the cluster's workers. */
  deliveries: { everyMs: number; run: () => Promise<unknown> };
  /** A cluster only (ROLE is not `all`): devices left online by a gateway that died go offline. */
  quietDevices?: () => Promise<void>;
  /** A cluster only: offline alarms no gateway's timer raised. */
  overdueOffline?: () => Promise<void>;
}

/** The periodic work of a process that runs the gateway, over what it keeps in memory. */
export interface GatewayWork {
  /** Stops and trips of the devices whose fixes this process stored. */
  segmentSweep: { everyMs: number; run: PeriodicTask };
}

/**
 * Puts the periodic work on its schedules, the one list of it: the cluster's work on `cluster`
 * (absent: this process does not run the cluster's jobs), a gateway's own on `gateway`.
 */
export function schedulePeriodicWork(
  schedules: { cluster?: PeriodicSchedule | undefined; gateway?: PeriodicSchedule | undefined },
  work: { cluster: ClusterWork; gateway: GatewayWork },
): void {
  const { cluster, gateway } = schedules;
  if (gateway) {
    const { segmentSweep } = work.gateway;
    gateway.every('segment-sweep', { everyMs: segmentSweep.everyMs }, segmentSweep.run);
  }
  if (!cluster) return;
  const { commandSweep, positionPartitions, retention, orders, simSync, deliveries } = work.cluster;
  cluster.every('command-sweep', { everyMs: COMMAND_SWEEP_MS }, commandSweep);
  cluster.every('position-partitions', { everyMs: DAY_MS }, positionPartitions);
  cluster.every('data-retention', { everyMs: DAY_MS, atStart: true }, retention);
  cluster.every('order-jobs', { everyMs: ORDER_JOBS_MS }, orders);
  cluster.every(
    'sim-sync',
    { dailyAtHour: simSync.hour, timeZone: DEFAULT_TIME_ZONE },
    simSync.run,
  );
  cluster.every('alarm-deliveries', { everyMs: deliveries.everyMs }, deliveries.run);
  const { quietDevices, overdueOffline } = work.cluster;
  if (quietDevices) cluster.every('quiet-devices', { everyMs: QUIET_DEVICES_MS }, quietDevices);
  if (overdueOffline)
    cluster.every('overdue-offline-alarms', { everyMs: OVERDUE_OFFLINE_MS }, overdueOffline);
}
