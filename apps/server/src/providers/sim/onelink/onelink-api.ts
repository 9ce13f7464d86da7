import { DEFAULT_TIME_ZONE, localDateTime } from '@xunji/shared';
import { DELIVERY_TIMEOUT_MS } from '../../delivery-outcome.js';

export interface OnelinkOptions {
  /** https://api.iot.10086.cn/v5/ec, or a stand-in. */
  apiUrl: string;
  appId: string;
  password: string;
}

/** Every OneLink 5.0 answer: status "0" is success, `result` a list of records. */
export interface OnelinkAnswer {
  status: string;
  message?: string;
  result?: Record<string, unknown>[];
}

/** Status 12021: the token does not exist or has expired. */
export const TOKEN_REFUSED = '12021';

export class OnelinkError extends Error {
  constructor(
    message: string,
    /** The platform's status; absent when HTTP itself failed. */
    readonly status?: string,
  ) {
    super(message);
  }
}

let sequence = 0;

/**
 * The request's serial number: the appid, the time in Beijing as YYYYMMDDHHmmss and 8 digits
 * unique within the second (the documented format).
 */
export function transid(appId: string, now: number): string {
  sequence = (sequence + 1) % 100_000_000;
  const stamp = localDateTime(now, DEFAULT_TIME_ZONE).replace(/\D/g, '');
  return `${appId}${stamp}${String(sequence).padStart(8, '0')}`;
}

/** One GET of the EC API (10-s timeout); throws OnelinkError unless the status is "0". */
export async function callOnelink(
  options: OnelinkOptions,
  path: string,
  query: Record<string, string>,
): Promise<Record<string, unknown>[]> {
  const base = options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`;
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url, {
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  if (!response.ok) throw new OnelinkError(`OneLink ${path} answered HTTP ${response.status}`);
  const answer = (await response.json()) as OnelinkAnswer;
  if (answer.status !== '0') {
    throw new OnelinkError(
      `OneLink ${path}: ${answer.status} ${answer.message ?? ''}`.trim(),
      answer.status,
    );
  }
  return answer.result ?? [];
}
