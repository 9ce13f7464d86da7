import { Gauge, type Registry } from 'prom-client';

/** Jobs of each queue by state (waiting, active, delayed, failed). */
export type QueueDepths = Record<string, Record<string, number>>;

/** `xunji_job_queue_depth{queue,state}`, read from Redis when /metrics is scraped. */
export function registerJobQueueDepths(registry: Registry, read: () => Promise<QueueDepths>): void {
  new Gauge({
    name: 'xunji_job_queue_depth',
    help: "Jobs in the cluster's queues (Redis) by queue and state; the same in every process",
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // None while Redis does not answer; /api/ready says so.
      const depths = await read().catch((): QueueDepths => ({}));
      for (const [queue, states] of Object.entries(depths))
        for (const [state, count] of Object.entries(states)) this.set({ queue, state }, count);
    },
  });
}
