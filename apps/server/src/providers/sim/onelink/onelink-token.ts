import type { Clock } from '../../../clock.js';
import { callOnelink, OnelinkError, transid, type OnelinkOptions } from './onelink-api.js';

/** A token is used until a minute before its ttl ends, so one sent just before is not refused. */
const MARGIN_MS = 60_000;

/**
 * The EC API token (`get/token`: appid, password, transid → token and its ttl in seconds),
 * cached until it expires; concurrent calls share one request.
 */
export class OnelinkToken {
  private cached: { token: string; usableUntil: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly options: OnelinkOptions,
    private readonly clock: Clock,
  ) {}

  get(): Promise<string> {
    if (this.cached && this.clock.now() < this.cached.usableUntil)
      return Promise.resolve(this.cached.token);
    this.pending ??= this.request().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets `token` after the platform refused it, unless a newer one replaced it already. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = undefined;
  }

  private async request(): Promise<string> {
    const [record] = await callOnelink(this.options, 'get/token', {
      appid: this.options.appId,
      password: this.options.password,
      transid: transid(this.options.appId, this.clock.now()),
    });
    const token = record?.['token'];
    const given = Number(record?.['ttl']);
    // The documented lifetime is an hour; an answer without a usable ttl gets that.
    const ttl = Number.isFinite(given) && given > 0 ? given : 3600;
    if (typeof token !== 'string' || !token) throw new OnelinkError('OneLink gave no token');
    this.cached = { token, usableUntil: this.clock.now() + ttl * 1000 - MARGIN_MS };
    return token;
  }
}
