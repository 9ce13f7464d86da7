import type { FastifyBaseLogger } from 'fastify';
import type { AlarmEngine } from '../alarms/alarm-engine.js';
import type { NotificationWorker } from '../alarms/notification-worker.js';
import type { ClusterSettings } from '../cluster/cluster-settings.js';
import type { Clock } from '../clock.js';
import type { CommerceJobs } from '../commerce/commerce-jobs.js';
import type { SimSyncJob } from '../commerce/sim-sync-job.js';
import type { SegmentUpdater } from '../history/segment-updater.js';
import type { QueueDepths } from '../metrics/job-queue-metrics.js';
import type { NotificationRepository } from '../repositories/notification.repository.js';
import type { RetentionJob } from '../retention/retention-job.js';
import { DeliveryQueue } from './delivery-queue.js';
import type { PeriodicSchedule } from './periodic-schedule.js';
import { OVERDUE_OFFLINE_GRACE_MS, schedulePeriodicWork } from './periodic-work.js';
import { QueueSchedule } from './queue-schedule.js';
import { TimerSchedule } from './timer-schedule.js';

/** What the periodic work and the deliveries run. */
export interface JobParts {
  clock: Clock;
  log: FastifyBaseLogger;
  notifications: NotificationRepository;
  notificationWorker: NotificationWorker;
  alarmEngine: AlarmEngine;
  segmentUpdater: SegmentUpdater;
  commerceJobs: CommerceJobs;
  simSync: SimSyncJob;
  retention: RetentionJob;
  /** `commandDispatcher.sweep()`. */
  commandSweep: () => Promise<void>;
  /** `positions.prepareFor(now)`. */
  positionPartitions: () => Promise<void>;
  /** `QuietDevices.run()` (in a cluster). */
  quietDevices: () => Promise<void>;
}

export interface JobSettings {
  cluster: ClusterSettings;
  segmentSweepMs: number;
  /** How long a stop waits for running jobs before it hands them back to the queue. */
  stopTimeLimitMs: number;
  /** The prefix of the queues' keys in Redis (tests: one each). */
  queuePrefix?: string;
}

export interface ServerJobs {
  /** The running jobs finish (or go back to their queue past the time limit). */
  stop(): Promise<void>;
  /** The queues' jobs by state, for /metrics (none without Redis). */
  queueDepths(): Promise<QueueDepths>;
}

/**
 * Starts this process's periodic work and alarm deliveries by its role. One process without
 * Redis: everything on its timers, deliveries by the local poller, as always. With Redis: the
 * cluster's work once for the cluster (job schedulers, run by the processes of the `worker`
 * role), deliveries as queued jobs (every process queues what it raised, the workers deliver);
 * a gateway's segment sweep stays on its own timers, over the fixes it stored.
 */
export async function startServerJobs(settings: JobSettings, parts: JobParts): Promise<ServerJobs> {
  const { cluster, stopTimeLimitMs } = settings;
  const { clock, log, notificationWorker, alarmEngine, segmentUpdater } = parts;
  const onFailure = (task: string, error: unknown) =>
    log.error({ err: error, task }, 'periodic task failed');
  const onQueueError = (error: unknown) => log.warn({ err: error }, 'job queue');
  const queues = cluster.redisUrl
    ? { redisUrl: cluster.redisUrl, prefix: settings.queuePrefix ?? 'xunji', stopTimeLimitMs }
    : undefined;
  const deliveries =
    queues &&
    new DeliveryQueue(parts.notifications, notificationWorker.delivery, queues, clock, (error) =>
      log.error({ err: error }, 'alarm delivery failed'),
    );
  if (deliveries) notificationWorker.handOff(() => deliveries.queueDue());
  const timers = new TimerSchedule(clock, onFailure);
  const clusterSchedule: PeriodicSchedule | undefined = !cluster.runs.worker
    ? undefined
    : queues
      ? new QueueSchedule(queues, onFailure, onQueueError)
      : timers;
  if (cluster.runs.gateway) await segmentUpdater.watchMarked();
  schedulePeriodicWork(
    { cluster: clusterSchedule, gateway: cluster.runs.gateway ? timers : undefined },
    {
      gateway: {
        segmentSweep: {
          everyMs: settings.segmentSweepMs,
          run: (signal) => segmentUpdater.sweep(signal),
        },
      },
      cluster: {
        commandSweep: parts.commandSweep,
        positionPartitions: parts.positionPartitions,
        retention: (signal) => parts.retention.runOnce(signal),
        orders: () => parts.commerceJobs.runOnce(),
        simSync: { hour: parts.simSync.hour, run: () => parts.simSync.runNow() },
        deliveries: {
          everyMs: notificationWorker.delivery.rules.pollMs,
          run: () => notificationWorker.poll(),
        },
        ...(cluster.role === 'all'
          ? {}
          : {
              quietDevices: parts.quietDevices,
              overdueOffline: () => alarmEngine.raiseOverdueOffline(OVERDUE_OFFLINE_GRACE_MS),
            }),
      },
    },
  );
  await timers.start();
  if (clusterSchedule && clusterSchedule !== timers) await clusterSchedule.start();
  if (cluster.runs.worker) deliveries?.startWorker();
  return {
    async stop() {
      const stopping = [timers.stop(), deliveries?.stopWorker()];
      if (clusterSchedule !== timers) stopping.push(clusterSchedule?.stop());
      await Promise.all(stopping);
      // What the last runs queue is queued before the queue closes.
      await notificationWorker.idle();
      await deliveries?.close();
    },
    async queueDepths() {
      const depths: QueueDepths = {};
      if (deliveries) depths.deliveries = await deliveries.depths();
      if (clusterSchedule instanceof QueueSchedule)
        depths.periodic = await clusterSchedule.depths();
      return depths;
    },
  };
}
