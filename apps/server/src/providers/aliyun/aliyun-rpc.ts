import { createHmac, randomUUID } from 'node:crypto';
import { DELIVERY_TIMEOUT_MS } from '../delivery-outcome.js';

/** Where and as whom to call an Aliyun RPC-style API (Dysms, Dyvms, …). */
export interface AliyunClient {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  fetch?: typeof fetch;
}

/** The common part of every answer; each action adds its own fields (BizId, CallId, …). */
export interface AliyunAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  [field: string]: unknown;
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

/**
 * Calls `action` with the common parameters and a v1.0 signature (GET, 10-s timeout) and answers
 * the HTTP status and the JSON body; throws when no JSON answer came back.
 */
export async function callAliyunRpc(
  client: AliyunClient,
  action: string,
  version: string,
  actionParams: Record<string, string>,
): Promise<{ status: number; body: AliyunAnswer }> {
  const params: Record<string, string> = {
    ...actionParams,
    AccessKeyId: client.accessKeyId,
    Action: action,
    Format: 'JSON',
    RegionId: 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: version,
  };
  const signature = signAliyunRpc('GET', params, client.accessKeySecret);
  const url = new URL(client.endpoint);
  url.search = Object.entries({ Signature: signature, ...params })
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
    .join('&');
  const response = await (client.fetch ?? fetch)(url, {
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  return { status: response.status, body: (await response.json()) as AliyunAnswer };
}
