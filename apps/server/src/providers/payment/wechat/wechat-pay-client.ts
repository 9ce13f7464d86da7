import { AppError } from '../../../errors.js';
import type { Clock } from '../../../clock.js';
import { DELIVERY_TIMEOUT_MS } from '../../delivery-outcome.js';
import { headerRecord, signatureProblem, type PlatformKeys } from './wechat-pay-signature.js';
import { authorization, nonceString, type MerchantIdentity } from './wechat-pay-signer.js';

export interface WechatPayAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Signs and sends one APIv3 request; answers what came back, unverified. */
export class WechatPayTransport {
  constructor(
    private readonly apiUrl: string,
    private readonly merchant: MerchantIdentity,
    private readonly clock: Clock,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async send(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: object,
  ): Promise<WechatPayAnswer> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const header = authorization(
      this.merchant,
      { method, pathWithQuery, body: text },
      Math.floor(this.clock.now() / 1000),
      nonceString(),
    );
    const url = new URL(pathWithQuery, this.apiUrl.endsWith('/') ? this.apiUrl : `${this.apiUrl}/`);
    let response: Response;
    try {
      response = await this.fetchFn(url, {
        method,
        headers: {
          authorization: header,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
    } catch (error) {
      throw serviceError(`${method} ${pathWithQuery}: ${(error as Error).message}`);
    }
    return {
      status: response.status,
      headers: headerRecord(response.headers),
      text: await response.text(),
    };
  }
}

/** WeChat Pay's error body (`code` such as ORDER_NOT_EXIST, `message` in Chinese). */
export interface WechatPayError {
  code?: string;
  message?: string;
}

/** The APIv3 client: every answer, errors included, must carry a valid platform signature. */
export class WechatPayClient {
  constructor(
    private readonly transport: WechatPayTransport,
    private readonly keys: PlatformKeys,
    private readonly clock: Clock,
  ) {}

  /** The verified answer: its status and parsed body (undefined when empty, as 204). */
  async call<T>(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: object,
  ): Promise<{ status: number; data: T | undefined }> {
    const answer = await this.transport.send(method, pathWithQuery, body);
    const problem = await signatureProblem(
      answer.headers,
      answer.text,
      this.keys,
      this.clock.now(),
    );
    if (problem)
      throw serviceError(`${method} ${pathWithQuery} answered ${answer.status}: ${problem}`);
    return {
      status: answer.status,
      data: answer.text ? (JSON.parse(answer.text) as T) : undefined,
    };
  }

  /** `call`, where anything but 2xx is a failure of the payment service. */
  async expect<T>(method: 'GET' | 'POST', pathWithQuery: string, body?: object): Promise<T> {
    const { status, data } = await this.call<T & WechatPayError>(method, pathWithQuery, body);
    if (status < 200 || status > 299)
      throw serviceError(
        `${method} ${pathWithQuery} answered ${status} ${data?.code ?? ''} ${data?.message ?? ''}`,
      );
    return data as T;
  }
}

export const serviceError = (reason: string) =>
  new AppError('PAYMENT_SERVICE_ERROR', { provider: 'wechat', reason });
