import { Codes } from '@xunji/shared';

/** Every failed call rejects with this: the envelope's code and message, or 2002 / the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What a failed load means to the user: the server could not be reached (or did not answer in
 * time), the thing asked for is not there for this account, or the server failed.
 */
export type FailureKind = 'offline' | 'notFound' | 'serverError';

/**
 * HTTP statuses a proxy answers in front of a server that is down or not answering: a gateway
 * error without the server's envelope (request.ts) means the server itself could not be reached.
 */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Codes that say "not there for you". A device the caller may not see answers 2501 exactly like
 * one that does not exist (docs/architecture.md), so neither is told apart from the other.
 */
const NOT_FOUND_CODES: ReadonlySet<number> = new Set(
  [
    Codes.FORBIDDEN,
    Codes.NOT_FOUND,
    Codes.DEVICE_UNBOUND,
    Codes.DEVICE_NOT_FOUND,
    Codes.FENCE_NOT_FOUND,
    Codes.ALARM_NOT_FOUND,
    Codes.ALARM_SETTING_NOT_FOUND,
    Codes.COMMAND_NOT_FOUND,
    Codes.RECORD_NOT_FOUND,
    Codes.ORDER_NOT_FOUND,
    Codes.SIM_NOT_FOUND,
  ].map((entry) => entry.code),
);

export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'serverError';
  if (error.code === Codes.REQUEST_TIMEOUT.code || GATEWAY_STATUSES.has(error.code))
    return 'offline';
  return NOT_FOUND_CODES.has(error.code) ? 'notFound' : 'serverError';
}
