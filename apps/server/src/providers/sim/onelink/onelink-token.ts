import type { Clock } from '../../../clock.js';
import { CachedToken } from '../../cached-token.js';
import { callOnelink, OnelinkError, transid, type OnelinkOptions } from './onelink-api.js';

/** A token is used until a minute before its ttl ends. */
const MARGIN_MS = 60_000;
/** The documented lifetime; an answer without a usable ttl gets it. */
const DEFAULT_TTL_S = 3600;

/** The EC API token (`get/token`: appid, password, transid → token and its ttl in seconds). */
export function onelinkToken(options: OnelinkOptions, clock: Clock): CachedToken {
  return new CachedToken(
    async () => {
      const [record] = await callOnelink(options, 'get/token', {
        appid: options.appId,
        password: options.password,
        transid: transid(options.appId, clock.now()),
      });
      const token = record?.['token'];
      const given = Number(record?.['ttl']);
      const ttl = Number.isFinite(given) && given > 0 ? given : DEFAULT_TTL_S;
      if (typeof token !== 'string' || !token) throw new OnelinkError('OneLink gave no token');
      return { token, lifetimeMs: ttl * 1000 };
    },
    MARGIN_MS,
    clock,
  );
}
