import { Codes } from '@xunji/shared';
import { describe, expect, it } from 'vitest';
import { ApiError, failureKind } from './errors';

const failed = (code: number) => new ApiError(code, `code ${code}`);

describe('failureKind: what a failed load means to the user', () => {
  it('a transport failure or a timeout (2002) is "offline", so is a proxy answering for a server that is down', () => {
    expect(failureKind(failed(Codes.REQUEST_TIMEOUT.code))).toBe('offline');
    for (const status of [502, 503, 504]) expect(failureKind(failed(status))).toBe('offline');
  });

  it('an unknown or foreign device (2501) and every "no such item" code are "not found"', () => {
    for (const entry of [
      Codes.DEVICE_UNBOUND,
      Codes.DEVICE_NOT_FOUND,
      Codes.FORBIDDEN,
      Codes.NOT_FOUND,
      Codes.FENCE_NOT_FOUND,
      Codes.ALARM_NOT_FOUND,
      Codes.ALARM_SETTING_NOT_FOUND,
      Codes.COMMAND_NOT_FOUND,
      Codes.RECORD_NOT_FOUND,
    ])
      expect(failureKind(failed(entry.code)), entry.en).toBe('notFound');
  });

  it("anything else is the server failing, including errors that are not the API's", () => {
    expect(failureKind(failed(Codes.SYSTEM_ERROR.code))).toBe('serverError');
    expect(failureKind(failed(Codes.SERVICE_EXPIRED.code))).toBe('serverError');
    expect(failureKind(failed(Codes.VALIDATION.code))).toBe('serverError');
    expect(failureKind(new TypeError('x is undefined'))).toBe('serverError');
    expect(failureKind(null)).toBe('serverError');
  });
});
