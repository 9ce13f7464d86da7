/** When a periodic task runs: every so long (and at start, if asked), or daily at an hour. */
export type Timing =
  { everyMs: number; atStart?: boolean } | { dailyAtHour: number; timeZone: string };

/** One run of a periodic task; `signal` is aborted when the process stops. */
export type PeriodicTask = (signal: AbortSignal) => Promise<unknown>;

/**
 * Periodic work: each task runs at its times and never overlaps its own previous run. In one
 * process, timers (`TimerSchedule`); in a cluster, once for the cluster (`QueueSchedule`).
 */
export interface PeriodicSchedule {
  /** Adds a task (before `start`). */
  every(name: string, timing: Timing, task: PeriodicTask): void;
  start(): Promise<void>;
  /** No further runs; waits for the runs under way (their signal is aborted). */
  stop(): Promise<void>;
}

/** A task that failed; the next run tries again. */
export type TaskFailure = (task: string, error: unknown) => void;
