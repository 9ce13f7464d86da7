import { Counter, Gauge, Registry } from 'prom-client';
import type { DeliveryResult } from '../alarms/notification-worker.js';
import { GatewayMetrics } from './gateway-metrics.js';

export interface ServerMetricSources {
  /** Alarm delivery attempts so far, by channel and result (NotificationWorker.results). */
  deliveries: Readonly<Record<string, Partial<Record<DeliveryResult, number>>>>;
  /** Notification jobs waiting for an attempt. */
  pendingJobs: () => Promise<number>;
}

/**
 * One server's series, in a registry of its own (tests run many servers in one process). HTTP
 * requests are added by fastify-metrics (metrics-endpoint.ts), the gateway's by the Gateway.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly gateway = new GatewayMetrics(this.registry);
  /** Open live sockets (live-socket.ts). */
  readonly liveSockets = new Gauge({
    name: 'xunji_live_sockets',
    help: 'Open live sockets (/api/socket)',
    registers: [this.registry],
  });

  constructor({ deliveries, pendingJobs }: ServerMetricSources) {
    new Counter({
      name: 'xunji_alarm_deliveries_total',
      help: 'Alarm delivery attempts by channel (push, sms, tel, wechat) and result',
      labelNames: ['channel', 'result'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [channel, results] of Object.entries(deliveries))
          for (const [result, count] of Object.entries(results))
            this.inc({ channel, result }, count);
      },
    });
    new Gauge({
      name: 'xunji_notification_jobs_pending',
      help: 'Alarm notification jobs waiting for their first or next attempt',
      registers: [this.registry],
      async collect() {
        // NaN (unknown) while the database does not answer; /api/ready says so.
        this.set(await pendingJobs().catch(() => Number.NaN));
      },
    });
  }
}
