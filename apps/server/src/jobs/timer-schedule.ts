import type { Clock } from '../clock.js';
import { nextDailyAt } from './daily-time.js';
import type { PeriodicSchedule, PeriodicTask, TaskFailure, Timing } from './periodic-schedule.js';

interface Entry {
  name: string;
  timing: Timing;
  task: PeriodicTask;
}

/**
 * Periodic work on this process's timers (one process without Redis): a tick that comes while
 * the task's previous run goes on is skipped; a daily task is timed again after each run.
 */
export class TimerSchedule implements PeriodicSchedule {
  private readonly entries: Entry[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly clock: Clock,
    private readonly onFailure: TaskFailure,
  ) {}

  every(name: string, timing: Timing, task: PeriodicTask): void {
    this.entries.push({ name, timing, task });
  }

  async start(): Promise<void> {
    for (const entry of this.entries) {
      const { timing } = entry;
      if ('dailyAtHour' in timing) this.timeDaily(entry, timing);
      else {
        if (timing.atStart) void this.run(entry);
        this.timers.add(setInterval(() => void this.run(entry), timing.everyMs).unref());
      }
    }
  }

  async stop(): Promise<void> {
    this.timers.forEach(clearTimeout);
    this.timers.clear();
    this.stopping.abort();
    await Promise.all(this.running.values());
  }

  private timeDaily(entry: Entry, timing: { dailyAtHour: number; timeZone: string }): void {
    if (this.stopping.signal.aborted) return;
    const now = this.clock.now();
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.run(entry).finally(() => this.timeDaily(entry, timing));
      },
      nextDailyAt(now, timing.dailyAtHour, timing.timeZone) - now,
    ).unref();
    this.timers.add(timer);
  }

  private run({ name, task }: Entry): Promise<void> {
    const previous = this.running.get(name);
    if (previous) return previous;
    const run = task(this.stopping.signal)
      .then(
        () => undefined,
        (error: unknown) => this.onFailure(name, error),
      )
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }
}
