import { createHmac, randomUUID } from 'node:crypto';
import { SmsSendError, type SmsProvider } from './sms-provider.js';

export interface AliyunSmsOptions {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  fetch?: typeof fetch;
}

/** RFC 3986 encoding as Aliyun's RPC signature requires (encodeURIComponent leaves !'()* alone). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Aliyun RPC signature v1.0: HMAC-SHA1 with key `secret&` over
 * `METHOD&%2F&percentEncode(sorted canonical query)`, base64.
 */
export function signAliyunRpc(
  method: string,
  params: Record<string, string>,
  secret: string,
): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Aliyun Dysms `SendSms` (API version 2017-05-25) with a template whose variable is `code`. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(private readonly options: AliyunSmsOptions) {}

  async sendVerificationCode(phoneNumber: string, code: string): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phoneNumber,
      RegionId: 'cn-hangzhou',
      SignName: this.options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signAliyunRpc('GET', params, this.options.accessKeySecret);
    const query = Object.entries({ Signature: signature, ...params })
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
      .join('&');
    const url = new URL(this.options.endpoint);
    url.search = query;
    let body: { Code?: string; Message?: string };
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        signal: AbortSignal.timeout(10_000),
      });
      body = (await response.json()) as typeof body;
    } catch (error) {
      throw new SmsSendError(`Aliyun SMS request failed: ${String(error)}`);
    }
    if (body.Code !== 'OK')
      throw new SmsSendError(`Aliyun SMS refused: ${body.Code ?? '?'} ${body.Message ?? ''}`);
  }
}
