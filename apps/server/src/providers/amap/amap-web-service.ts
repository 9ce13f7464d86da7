import { createHash } from 'node:crypto';

export interface AMapOptions {
  /** `https://restapi.amap.com`, or a stand-in. */
  url: string;
  key: string;
  /** The key's digital-signature private key, when signing is switched on for the key. */
  secret?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class AMapError extends Error {}

/**
 * AMap's digital signature: md5 (hex) of every parameter, key included, sorted by name and
 * joined as `name=value` with `&`, the private key appended; unencoded, UTF-8.
 */
export function signAMap(params: Record<string, string>, secret: string): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  return createHash('md5').update(`${sorted}${secret}`, 'utf8').digest('hex');
}

interface AMapStatus {
  status?: string;
  info?: string;
  infocode?: string;
}

/**
 * One AMap Web Service GET (`/v3/...`): the key and, with a secret, the signature added; throws
 * when AMap does not answer or refuses (status other than "1").
 */
export async function getAMap<T>(
  options: AMapOptions,
  path: string,
  params: Record<string, string>,
): Promise<T & AMapStatus> {
  const signed = { ...params, key: options.key, output: 'JSON' };
  const query = new URLSearchParams(signed);
  if (options.secret) query.set('sig', signAMap(signed, options.secret));
  const url = `${options.url.replace(/\/+$/, '')}${path}?${query}`;
  const response = await (options.fetch ?? fetch)(url, {
    signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
  });
  if (!response.ok) throw new AMapError(`AMap answered HTTP ${response.status}`);
  const answer = (await response.json()) as T & AMapStatus;
  if (answer.status !== '1') {
    throw new AMapError(`AMap refused: ${answer.infocode ?? '?'} ${answer.info ?? ''}`);
  }
  return answer;
}

/** AMap gives [] for an empty field (the city of a municipality, a place without a phone). */
export const amapText = (value: unknown): string => (typeof value === 'string' ? value : '');
