import { Codes } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { planTypeOf, serviceEnded, serviceExpiredOf } from './service-expiry';

const period = (expirationTime: number, isTrial = false) => ({
  startingTime: 0,
  expirationTime,
  isTrial,
});

describe('service expiry', () => {
  it('ends at the expiry itself; a device without a record has nothing to end', () => {
    expect(serviceEnded(period(1000), 999)).toBe(false);
    expect(serviceEnded(period(1000), 1000)).toBe(true);
    expect(serviceEnded(period(1000), 5000)).toBe(true);
    expect(serviceEnded(null, 5000)).toBe(false);
  });

  it('knows a 2303 answer and the device it names, and nothing else', () => {
    const code = Codes.SERVICE_EXPIRED.code;
    expect(serviceExpiredOf(new ApiError(code, 'expired', { terminalId: 7 }))).toEqual({
      terminalId: 7,
    });
    expect(serviceExpiredOf(new ApiError(code, 'expired'))).toEqual({ terminalId: null });
    expect(serviceExpiredOf(new ApiError(Codes.DEVICE_UNBOUND.code, 'gone'))).toBeNull();
    expect(serviceExpiredOf(new Error('boom'))).toBeNull();
  });

  it('offers renewal once the device has had a period, activation (with the trial) before', () => {
    expect(planTypeOf(1)).toBe('renewal');
    expect(planTypeOf(3)).toBe('renewal');
    expect(planTypeOf(2)).toBe('activation');
    expect(planTypeOf(0)).toBe('activation');
  });
});
