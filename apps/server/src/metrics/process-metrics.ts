import { collectDefaultMetrics, Registry } from 'prom-client';

let registry: Registry | undefined;

/**
 * The process's own series (event-loop lag, CPU, memory, GC, handles), made once per process:
 * each set starts an event-loop monitor and a GC observer that are never stopped, and tests start
 * many servers in one process. Each server's /metrics adds them to its own registry's.
 */
export function processMetrics(): Registry {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry;
}
