import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The variables of payment and SIM cards (issue 17, docs/commerce.md). A PEM may be given inline
 * (with \n for line breaks) or as a path to a file.
 */
export const commerceEnvironment = {
  /** The development checkout of demo mode; refused in production. Default: on outside production. */
  PAY_DEVELOPMENT: flag.optional(),
  /** Public base URL the providers call back (notify) and return the buyer to; else PUBLIC_URL. */
  PAY_NOTIFY_BASE_URL: z.url().optional(),
  ORDER_NO_PREFIX: z
    .string()
    .regex(/^[A-Z0-9]{0,8}$/, 'at most 8 capital letters or digits')
    .default('XJ'),
  RECONCILE_AFTER_MIN: z.coerce.number().min(1).max(1440).default(5),
  WECHAT_PAY_MCHID: z.string().min(1).optional(),
  WECHAT_PAY_APPID: z.string().min(1).optional(),
  WECHAT_PAY_API_V3_KEY: z.string().length(32, 'must be the 32-byte APIv3 key').optional(),
  WECHAT_PAY_PRIVATE_KEY: z.string().min(1).optional(),
  WECHAT_PAY_CERT_SERIAL: z.string().min(1).optional(),
  /** Platform public-key mode (new merchants): the key and its id (PUB_KEY_ID_…). */
  WECHAT_PAY_PLATFORM_PUBLIC_KEY: z.string().min(1).optional(),
  WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: z.string().min(1).optional(),
  /** Platform-certificate mode (older merchants): certificates downloaded and refreshed. */
  WECHAT_PAY_API_URL: z.url().default('https://api.mch.weixin.qq.com'),
  WECHAT_PAY_H5_APP_NAME: z.string().default('寻迹'),
  ALIPAY_APP_ID: z.string().min(1).optional(),
  ALIPAY_PRIVATE_KEY: z.string().min(1).optional(),
  ALIPAY_PUBLIC_KEY: z.string().min(1).optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  SIM_PROVIDER: z.enum(['local', 'onelink']).default('local'),
  ONELINK_API_URL: z.url().default('https://api.iot.10086.cn/v5/ec'),
  ONELINK_APP_ID: z.string().min(1).optional(),
  ONELINK_PASSWORD: z.string().min(1).optional(),
  SIM_SYNC_HOUR: z.coerce.number().int().min(0).max(23).default(3),
};

type CommerceEnvironment = z.output<z.ZodObject<typeof commerceEnvironment>>;

export interface CommerceSettings {
  developmentPay: boolean;
  notifyBaseUrl: string;
  orderNoPrefix: string;
  reconcileAfterMs: number;
  wechatPay:
    | {
        mchid: string;
        appid: string;
        apiV3Key: string;
        privateKey: string;
        certSerial: string;
        platformPublicKey: string | undefined;
        platformPublicKeyId: string | undefined;
        apiUrl: string;
        h5AppName: string;
      }
    | undefined;
  alipay:
    { appId: string; privateKey: string; alipayPublicKey: string; gateway: string } | undefined;
  sim: {
    provider: 'local' | 'onelink';
    onelink: { apiUrl: string; appId: string | undefined; password: string | undefined };
    syncHour: number;
  };
}

const WECHAT_REQUIRED = [
  'WECHAT_PAY_MCHID',
  'WECHAT_PAY_APPID',
  'WECHAT_PAY_API_V3_KEY',
  'WECHAT_PAY_PRIVATE_KEY',
  'WECHAT_PAY_CERT_SERIAL',
] as const;
const ALIPAY_REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'] as const;

/** A provider is on when any of its variables is set; then all it needs must be. */
export function commerceSettings(
  e: CommerceEnvironment,
  production: boolean,
  publicUrl: string,
  problems: string[],
): CommerceSettings {
  const developmentPay = e.PAY_DEVELOPMENT ?? !production;
  if (production && developmentPay)
    problems.push('PAY_DEVELOPMENT cannot be on in production; configure WeChat Pay or Alipay');
  const missing = (keys: readonly (keyof CommerceEnvironment)[], name: string) => {
    if (!keys.some((k) => e[k] !== undefined)) return false;
    const absent = keys.filter((k) => e[k] === undefined);
    for (const key of absent) problems.push(`${key} is required for ${name}`);
    return absent.length === 0;
  };
  const hasWechat = missing(WECHAT_REQUIRED, 'WeChat Pay');
  const hasAlipay = missing(ALIPAY_REQUIRED, 'Alipay');
  if (e.WECHAT_PAY_PLATFORM_PUBLIC_KEY && !e.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID)
    problems.push('WECHAT_PAY_PLATFORM_PUBLIC_KEY needs WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID');
  if (e.SIM_PROVIDER === 'onelink' && (!e.ONELINK_APP_ID || !e.ONELINK_PASSWORD))
    problems.push('ONELINK_APP_ID and ONELINK_PASSWORD are required when SIM_PROVIDER=onelink');
  const notifyBaseUrl = (e.PAY_NOTIFY_BASE_URL ?? publicUrl).replace(/\/$/, '');
  if ((hasWechat || hasAlipay) && !notifyBaseUrl)
    problems.push('PAY_NOTIFY_BASE_URL (or PUBLIC_URL) is required for WeChat Pay and Alipay');
  return {
    developmentPay,
    notifyBaseUrl,
    orderNoPrefix: e.ORDER_NO_PREFIX,
    reconcileAfterMs: e.RECONCILE_AFTER_MIN * 60_000,
    wechatPay: hasWechat
      ? {
          mchid: e.WECHAT_PAY_MCHID!,
          appid: e.WECHAT_PAY_APPID!,
          apiV3Key: e.WECHAT_PAY_API_V3_KEY!,
          privateKey: e.WECHAT_PAY_PRIVATE_KEY!,
          certSerial: e.WECHAT_PAY_CERT_SERIAL!,
          platformPublicKey: e.WECHAT_PAY_PLATFORM_PUBLIC_KEY,
          platformPublicKeyId: e.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID,
          apiUrl: e.WECHAT_PAY_API_URL,
          h5AppName: e.WECHAT_PAY_H5_APP_NAME,
        }
      : undefined,
    alipay: hasAlipay
      ? {
          appId: e.ALIPAY_APP_ID!,
          privateKey: e.ALIPAY_PRIVATE_KEY!,
          alipayPublicKey: e.ALIPAY_PUBLIC_KEY!,
          gateway: e.ALIPAY_GATEWAY,
        }
      : undefined,
    sim: {
      provider: e.SIM_PROVIDER,
      onelink: { apiUrl: e.ONELINK_API_URL, appId: e.ONELINK_APP_ID, password: e.ONELINK_PASSWORD },
      syncHour: e.SIM_SYNC_HOUR,
    },
  };
}
