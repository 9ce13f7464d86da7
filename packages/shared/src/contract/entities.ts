import { z } from 'zod';
import { MapSettings } from './map-settings.js';

/** Spec §3 entities as the server answers them. */
export const Enterprise = z.object({ id: z.number().int(), name: z.string() });

export const User = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  userType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  enterprise: Enterprise.nullable(),
  openId: z.string().nullable(),
  wxUser: z.boolean(),
  wxUserName: z.string().nullable(),
  /** The device a userType 3 account signed in with; null otherwise. */
  terminalNo: z.string().nullable(),
  /** §6: the operator turned developer mode on for this account. */
  developerMode: z.boolean(),
});
export type User = z.infer<typeof User>;

/** `access_token` and `token` carry the same bearer token (both names appear in the spec). */
export const LoginResult = z.object({
  access_token: z.string(),
  token: z.string(),
  expiresAt: z.number().int(),
  user: User,
});
export type LoginResult = z.infer<typeof LoginResult>;

export const Captcha = z.object({
  captchaId: z.string(),
  /** A data: URL of an SVG image. */
  image: z.string(),
  expiresIn: z.number().int(),
});

export const SmsCodeSent = z.object({ expiresIn: z.number().int(), resendIn: z.number().int() });

/** The §9 configuration flags of one application (one branded app). */
export const AppConfig = z.object({
  applicationId: z.number().int(),
  name: z.string(),
  productionEnv: z.boolean(),
  auditModeIos: z.boolean(),
  auditModeAndroid: z.boolean(),
  auditModeWeb: z.boolean(),
  pushAlarm: z.boolean(),
  wechatAlarm: z.boolean(),
  smsAlarm: z.boolean(),
  phoneAlarm: z.boolean(),
  activation: z.boolean(),
  panorama: z.boolean(),
  customerService: z.boolean(),
  appManual: z.boolean(),
  /** Nearby petrol and charging stations (`GET /amap/place/around`): an AMap key is configured. */
  placesAround: z.boolean(),
  /** The user manual (`APP_MANUAL_URL`), shown when appManual is on; null when none. */
  manualUrl: z.string().nullable(),
  /** Origins `/pagesUser/webView` shows in a frame; any other address opens outside. */
  webViewOrigins: z.array(z.string()),
  supportPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  /** The base maps of this server. */
  maps: MapSettings,
  /** WeChat and Apple sign-in: each id null when not configured (its buttons hidden). */
  oauth: z.object({
    /** The official account: its web OAuth inside WeChat (sign-in, alarm followers). */
    wechatMpAppId: z.string().nullable(),
    /** The open platform's website app: the QR sign-in on a desktop. */
    wechatOpenAppId: z.string().nullable(),
    /** The Services ID of Sign in with Apple on the web. */
    appleClientId: z.string().nullable(),
    /** The server's form_post callback registered with Apple. */
    appleRedirectUri: z.string().nullable(),
    /** Where WeChat's authorisation pages are: https://open.weixin.qq.com, or a stand-in. */
    wechatOpenUrl: z.string(),
    /** Where Apple's authorisation page is (https://appleid.apple.com, or a stand-in); null with Apple off. */
    appleUrl: z.string().nullable(),
  }),
  /** The official account's QR code image (alarm/wx-mp); null when not configured. */
  wechatMpQrCodeUrl: z.string().nullable(),
});
export type AppConfig = z.infer<typeof AppConfig>;

export const VersionCheck = z.object({
  hasUpdate: z.boolean(),
  force: z.boolean(),
  version: z.string().nullable(),
  versionCode: z.number().int().nullable(),
  url: z.string().nullable(),
  notes: z.string().nullable(),
});
export type VersionCheck = z.infer<typeof VersionCheck>;

export const ReleasedVersion = z
  .object({ version: z.string(), versionCode: z.number().int() })
  .nullable();

export const Notice = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.number().int(),
});
export type Notice = z.infer<typeof Notice>;

export const Advertisement = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  displaySeconds: z.number().int(),
});
export type Advertisement = z.infer<typeof Advertisement>;
