export type Schedule = (done: () => void, ms: number) => void;

/**
 * Holds an answer back for a while, with at most `maxWaiting` answers held at once: past that,
 * answers go out at once, so a flood of wrong passwords cannot make the server keep sockets and
 * timers without bound (the captcha, not the delay, is what limits how many checks a flood gets).
 */
export class PenaltyDelay {
  private waiting = 0;

  constructor(
    private readonly maxWaiting: number,
    private readonly schedule: Schedule = (done, ms) => setTimeout(done, ms).unref(),
  ) {}

  async wait(ms: number): Promise<void> {
    if (ms <= 0 || this.waiting >= this.maxWaiting) return;
    this.waiting++;
    try {
      await new Promise<void>((resolve) => this.schedule(resolve, ms));
    } finally {
      this.waiting--;
    }
  }
}
