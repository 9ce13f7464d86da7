import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { connectionLimitOptions } from '../src/gateway/connection-limits.js';
import { openFileLimit } from '../src/gateway/open-file-limit.js';
import { RefusalLog } from '../src/gateway/refusal-log.js';
import { newGatewayStats } from '../src/gateway/stats.js';

/** A warning line of the log as pino writes it. */
const warning = (reason: string, count: number, total: number) => ({
  level: 40,
  msg: 'gateway connections refused',
  reason,
  count,
  total,
});

describe('refusal log', () => {
  afterEach(() => vi.useRealTimers());

  it('counts every refusal and logs at most one line per reason per 10 s, with the count', () => {
    vi.useFakeTimers();
    const lines: unknown[] = [];
    const logger = pino(
      { base: null, timestamp: false },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    const stats = newGatewayStats();
    const log = new RefusalLog(stats, logger);
    for (let i = 0; i < 1000; i++) log.record('addressFull');
    log.record('loginTimeout');
    expect(lines).toEqual([warning('addressFull', 1, 1), warning('loginTimeout', 1, 1)]);
    vi.advanceTimersByTime(9999);
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(lines[2]).toEqual(warning('addressFull', 999, 1000));
    vi.advanceTimersByTime(5000);
    log.record('addressFull');
    expect(lines).toHaveLength(3);
    vi.advanceTimersByTime(5000);
    expect(lines[3]).toEqual(warning('addressFull', 1, 1001));
    // After a quiet interval the next refusal is logged at once.
    vi.advanceTimersByTime(10_000);
    log.record('addressFull');
    expect(lines[4]).toEqual(warning('addressFull', 1, 1002));
    expect(stats.refused).toMatchObject({ addressFull: 1002, loginTimeout: 1 });
  });
});

describe('connection limit settings', () => {
  it('reads the soft open-file limit', () => {
    const limits = [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max processes             63432                63432                processes ',
      'Max open files            20000                524288               files     ',
    ].join('\n');
    expect(openFileLimit(() => limits)).toBe(20_000);
    expect(
      openFileLimit(() => {
        throw new Error('no /proc');
      }),
    ).toBeUndefined();
  });

  it('leaves a fifth of the descriptors to the HTTP side, half of the rest to logins', () => {
    expect(connectionLimitOptions({}, 20_000)).toEqual({
      loginTimeoutMs: 30_000,
      maxConnections: 16_000,
      maxPending: 8000,
      maxPendingPerAddress: 500,
    });
    expect(connectionLimitOptions({ maxConnections: 100, maxPending: 90 }, 20_000)).toMatchObject({
      maxConnections: 100,
      maxPending: 90,
    });
  });

  it('takes the limits and timeouts from the environment', () => {
    const config = loadConfig({
      GATEWAY_LOGIN_TIMEOUT_S: '5',
      GATEWAY_MAX_PENDING_PER_IP: '50',
      HTTP_REQUEST_TIMEOUT_S: '5',
    });
    expect(config.gateway.limits).toEqual({
      loginTimeoutMs: 5000,
      maxConnections: undefined,
      maxPending: undefined,
      maxPendingPerAddress: 50,
    });
    // The headers cannot take longer than the whole request.
    expect(config.http).toEqual({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 5000,
      keepAliveTimeoutMs: 72_000,
    });
    expect(config.gateway.http).toBe(config.http);
  });
});
