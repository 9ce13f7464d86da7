import type { Clock } from '../clock.js';

/** Wraps `task` so it runs at most once per `intervalMs` of the clock (housekeeping on a hot path). */
export function onceEvery(
  intervalMs: number,
  clock: Clock,
  task: (now: number) => Promise<void>,
): () => Promise<void> {
  let lastRun = -Infinity;
  return async () => {
    const now = clock.now();
    if (now - lastRun < intervalMs) return;
    lastRun = now;
    await task(now);
  };
}
