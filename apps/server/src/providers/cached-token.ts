import type { Clock } from '../clock.js';

export interface IssuedToken {
  token: string;
  lifetimeMs: number;
}

/**
 * A vendor's access token, cached until `marginMs` before it expires (so one sent just before is
 * not refused); concurrent callers share one request, since each request may make the vendor
 * issue a new token.
 */
export class CachedToken {
  private cached: { token: string; usableUntil: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly issue: () => Promise<IssuedToken>,
    private readonly marginMs: number,
    private readonly clock: Clock,
  ) {}

  get(): Promise<string> {
    if (this.cached && this.clock.now() < this.cached.usableUntil)
      return Promise.resolve(this.cached.token);
    this.pending ??= this.request().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets `token` after the vendor refused it, unless a newer one replaced it already. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = undefined;
  }

  private async request(): Promise<string> {
    const { token, lifetimeMs } = await this.issue();
    this.cached = { token, usableUntil: this.clock.now() + lifetimeMs - this.marginMs };
    return token;
  }
}
