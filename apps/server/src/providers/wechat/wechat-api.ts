import { DELIVERY_TIMEOUT_MS } from '../delivery-outcome.js';

export interface WechatApiOptions {
  /** https://api.weixin.qq.com, or a stand-in. */
  apiUrl: string;
  fetch?: typeof fetch;
}

/** Every answer carries errcode/errmsg when it fails (some omit errcode 0 on success). */
export interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
  [field: string]: unknown;
}

/** An answer that is not a success: `errcode` is absent when HTTP itself failed. */
export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly errcode?: number,
  ) {
    super(message);
  }
}

/** errcode -1: "system busy, try again". */
export const isRetryableErrcode = (errcode: number) => errcode === -1;

/** One call of the official-account API (10-s timeout); throws when no JSON answer came back. */
export async function callWechatApi(
  options: WechatApiOptions,
  path: string,
  query: Record<string, string>,
  body?: object,
): Promise<WechatAnswer> {
  const url = new URL(path, options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await (options.fetch ?? fetch)(url, {
    method: body ? 'POST' : 'GET',
    ...(body
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
      : {}),
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new WechatApiError(`WeChat answered HTTP ${response.status}`, response.status >= 500);
  }
  return (await response.json()) as WechatAnswer;
}
