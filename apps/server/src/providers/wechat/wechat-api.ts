import type { CachedToken } from '../cached-token.js';
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

/** invalid credential, access_token expired, invalid access_token. */
const STALE_TOKEN = new Set([40001, 42001, 40014]);
export const isStaleTokenErrcode = (errcode: number) => STALE_TOKEN.has(errcode);

/** The error of an answer that lacks what was asked for. */
export function wechatRefusal(answer: WechatAnswer, what: string): WechatApiError {
  const errcode = answer.errcode ?? 0;
  return new WechatApiError(
    `WeChat gave no ${what}: ${errcode} ${answer.errmsg ?? ''}`.trim(),
    isRetryableErrcode(errcode),
    errcode,
  );
}

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

/** A call with the official account's current token, forgetting the token when WeChat calls it stale. */
export async function callWithAccessToken(
  options: WechatApiOptions,
  tokens: CachedToken,
  path: string,
  query: Record<string, string>,
  body?: object,
): Promise<WechatAnswer> {
  const token = await tokens.get();
  const answer = await callWechatApi(options, path, { ...query, access_token: token }, body);
  if (isStaleTokenErrcode(answer.errcode ?? 0)) tokens.invalidate(token);
  return answer;
}
