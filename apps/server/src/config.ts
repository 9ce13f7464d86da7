import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MapSettings } from '@xunji/shared';
import { z } from 'zod';
import type { ConnectionLimitOptions } from './gateway/connection-limits.js';
import type { GatewayPorts } from './gateway/gateway-ports.js';
import { DEFAULT_SEGMENT_RULES, type SegmentRules } from './history/segment-rules.js';
import type { HttpTimeouts } from './http/server-timeouts.js';
import {
  commerceEnvironment,
  commerceSettings,
  type CommerceSettings,
} from './commerce-settings.js';
import { configuredTileUrls, mapEnvironment, mapSettings } from './map-settings.js';
import { contentEnvironment, contentSettings, type ContentSettings } from './content-settings.js';
import { socialEnvironment, socialSettings, type SocialSettings } from './social-settings.js';
import {
  operationsEnvironment,
  operationsSettings,
  type OperationsSettings,
} from './operations-settings.js';
import {
  clusterEnvironment,
  clusterSettings,
  type ClusterSettings,
} from './cluster/cluster-settings.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A device port, or `off`. */
const port = z.union([
  z.literal('off').transform(() => null),
  z.coerce.number().int().min(0).max(65535),
]);

/** Every environment variable the server reads; README's configuration table mirrors this. */
export const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  API_ROOT: z
    .string()
    .regex(/^\/[a-z0-9/_-]*[a-z0-9_-]$/i, 'must start with / and not end with /')
    .default('/api'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  WEB_DIST: z.string().default(path.join(repositoryRoot, 'apps/web/dist')),
  ...mapEnvironment,
  ...commerceEnvironment,
  ...socialEnvironment,
  ...operationsEnvironment,
  ...clusterEnvironment,
  ...contentEnvironment,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  HTTP_REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(30),
  HTTP_HEADERS_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(10),
  HTTP_KEEP_ALIVE_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(72),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  GATEWAY: z.enum(['on', 'off']).default('on'),
  GATEWAY_HOST: z.string().default('0.0.0.0'),
  OSMAND_PORT: port.default(5055),
  GT06_PORT: port.default(5023),
  JT808_PORT: port.default(5015),
  WATCH_PORT: port.default(5093),
  H02_PORT: port.default(5013),
  JT808_UDP_PORT: port.default(5015),
  H02_UDP_PORT: port.default(5013),
  BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  BATCH_DELAY_MS: z.coerce.number().int().min(0).max(5000).default(20),
  UNKNOWN_DEVICES: z.enum(['refuse', 'hold']).default('refuse'),
  // Unset: the defaults of gateway/connection-limits.ts (the cap from the descriptor limit).
  GATEWAY_LOGIN_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).optional(),
  GATEWAY_MAX_CONNECTIONS: z.coerce.number().int().min(1).optional(),
  GATEWAY_MAX_PENDING: z.coerce.number().int().min(1).optional(),
  GATEWAY_MAX_PENDING_PER_IP: z.coerce.number().int().min(1).optional(),
  GEOLOCATION_URL: z.url().optional(),
  GEOLOCATION_KEY: z.string().min(1).optional(),
  AMAP_API_URL: z.url().default('https://restapi.amap.com'),
  AMAP_WEB_KEY: z.string().min(1).optional(),
  AMAP_WEB_SECRET: z.string().min(1).optional(),
  DEVICE_STATE_WRITE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  COMMAND_REPLY_TIMEOUT_S: z.coerce.number().int().min(1).default(60),
  COMMAND_QUEUE_TTL_H: z.coerce.number().min(0.01).default(24),
  RECORDINGS_DIR: z.string().min(1).optional(),
  MEDIA_CHUNK_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
  FFMPEG_PATH: z.string().min(1).optional(),
  TRANSCODE_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(60),
  STOP_RADIUS_M: z.coerce.number().min(20).max(2000).default(200),
  STOP_MIN_S: z.coerce.number().int().min(30).max(86_400).default(180),
  TRIP_MIN_DISTANCE_M: z.coerce.number().min(0).max(100_000).default(300),
  DATA_GAP_S: z.coerce.number().int().min(300).max(604_800).default(3600),
  SEGMENT_SWEEP_S: z.coerce.number().int().min(1).max(3600).default(60),
  TRACK_CACHE_MB: z.coerce.number().min(0).default(64),
  TRACK_CACHE_TTL_S: z.coerce.number().int().min(0).max(86_400).default(60),
  DEMO_MODE: flag.optional(),
  DEMO_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(10),
  DEMO_HISTORY_H: z.coerce.number().min(0).max(48).default(6),
  DEMO_PASSWORD: z.string().min(6).max(20).default('demo123456'),
  SMS_PROVIDER: z.enum(['development', 'aliyun']).default('development'),
  SMS_DAILY_LIMIT_PER_PHONE: z.coerce.number().int().min(1).default(10),
  SMS_DAILY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  CAPTCHA_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  CAPTCHA_LIMIT_TOTAL: z.coerce.number().int().min(1).default(6000),
  SIGN_IN_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ALARM_TEMPLATE_CODE: z.string().optional(),
  VOICE_PROVIDER: z.enum(['development', 'aliyun', 'off']).default('development'),
  ALIYUN_VOICE_ENDPOINT: z.url().default('https://dyvmsapi.aliyuncs.com/'),
  ALIYUN_VOICE_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_VOICE_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_VOICE_SHOW_NUMBER: z.string().optional(),
  ALIYUN_VOICE_TTS_CODE: z.string().optional(),
  ALARM_THROTTLE_MIN: z.coerce.number().min(0).max(1440).default(5),
  FENCE_HYSTERESIS_M: z.coerce.number().min(0).max(1000).default(20),
  OVERSPEED_HOLD_S: z.coerce.number().int().min(0).max(600).default(10),
  REST_DRIVE_H: z.coerce.number().min(0.5).max(24).default(4),
  REST_BREAK_MIN: z.coerce.number().min(1).max(240).default(20),
  LOW_BATTERY_PERCENT: z.coerce.number().int().min(1).max(99).default(15),
  OFFLINE_ALARM_MIN: z.coerce.number().min(1).max(10_080).default(10),
  DELIVERY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  DELIVERY_BACKOFF_S: z.coerce.number().min(1).max(3600).default(30),
  PUBLIC_URL: z.url().optional(),
  WECHAT_PROVIDER: z.enum(['development', 'wechat', 'off']).default('development'),
  WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_ALARM_TEMPLATE_ID: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// contact')
    .default('mailto:admin@xunji.local'),
});

export type Environment = z.input<typeof environment>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  apiRoot: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  /** The base maps the app is told of (application configuration). */
  maps: MapSettings;
  /** Their configured tile servers, allowed as images by the CSP. */
  tileUrls: string[];
  logLevel: string;
  trustProxy: boolean;
  bodyLimitBytes: number;
  /** The API's; the OsmAnd listener's are the same (gateway.http). */
  http: HttpTimeouts;
  tokenSecret: string | undefined;
  tokenTtlSeconds: number;
  demoMode: boolean;
  demoPassword: string;
  demoIntervalSeconds: number;
  /** Hours of driving the demo devices bring to a new database (0: none). */
  demoHistoryHours: number;
  gateway: {
    enabled: boolean;
    host: string;
    ports: GatewayPorts;
    udpPorts: GatewayPorts;
    batch: { size: number; delayMs: number };
    stateWriteMs: number;
    holdUnknownDevices: boolean;
    commands: { replyTimeoutMs: number; queueTtlMs: number };
    limits: Partial<ConnectionLimitOptions>;
    http: HttpTimeouts;
  };
  geolocation: { url: string | undefined; key: string | undefined };
  /** Recordings from devices (audio/): where files go, reassembly and transcoding. */
  recordings: {
    dir: string;
    /** A media upload with no new packet for this long is dropped (ms). */
    chunkTimeoutMs: number;
    /** The ffmpeg binary; the one inside @ffmpeg-installer/ffmpeg when not set. */
    ffmpegPath: string | undefined;
    transcodeTimeoutMs: number;
  };
  /** Stop and trip detection (docs/history.md). */
  segments: { rules: SegmentRules; sweepMs: number };
  /** Encoded tracks kept in memory (history/track-cache.ts). */
  trackCache: { maxBytes: number; ttlMs: number };
  /** AMap Web Service (a "Web服务" key); the secret is the key's digital-signature private key. */
  amap: { url: string; key: string | undefined; secret: string | undefined };
  /** Picture codes handed out per minute: per address (IPv6: per /64) and in total. */
  captcha: { perAddressPerMinute: number; totalPerMinute: number };
  /** The cap of the growing delay of wrong passwords past the free attempts (0: no delay). */
  signInMaxDelayMs: number;
  sms: {
    provider: 'development' | 'aliyun';
    dailyLimitPerPhone: number;
    dailyLimitPerIp: number;
    aliyun: {
      endpoint: string;
      accessKeyId: string | undefined;
      accessKeySecret: string | undefined;
      signName: string | undefined;
      templateCode: string | undefined;
      alarmTemplateCode: string | undefined;
    };
  };
  voice: {
    /** off: alarm calls are turned off (each fails at once, recorded). */
    provider: 'development' | 'aliyun' | 'off';
    aliyun: {
      endpoint: string;
      accessKeyId: string | undefined;
      accessKeySecret: string | undefined;
      showNumber: string | undefined;
      ttsCode: string | undefined;
    };
  };
  wechat: {
    provider: 'development' | 'wechat' | 'off';
    apiUrl: string;
    appId: string | undefined;
    appSecret: string | undefined;
    alarmTemplateId: string | undefined;
  };
  /** Web Push: the VAPID contact push services may write to (the keys live in the database). */
  webPush: { subject: string };
  /** The alarm engine and delivery (docs/alarms.md). */
  alarms: {
    throttleMs: number;
    fenceHysteresisM: number;
    overspeedHoldMs: number;
    restDriveMs: number;
    restBreakMs: number;
    lowBatteryPercent: number;
    offlineAfterMs: number;
    delivery: { maxAttempts: number; backoffMs: number };
    /** The app's public address (links in WeChat messages); '' when not set. */
    publicUrl: string;
  };
  /** Payment providers, orders and SIM cards (commerce-settings.ts). */
  commerce: CommerceSettings;
  /** WeChat and Apple sign-in, the official account's followers (social-settings.ts). */
  social: SocialSettings;
  /** The user manual and the web view's allowed origins (content-settings.ts). */
  content: ContentSettings;
  /** Data retention and shutdown (operations-settings.ts). */
  operations: OperationsSettings;
  /** The process's role and Redis (cluster/cluster-settings.ts). */
  cluster: ClusterSettings;
}

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !e.TOKEN_SECRET) problems.push('TOKEN_SECRET is required in production');
  if (production && e.DEMO_MODE) problems.push('DEMO_MODE cannot be on in production');
  if (production && e.SMS_PROVIDER === 'development')
    problems.push('SMS_PROVIDER=development is refused in production; configure aliyun');
  if (e.SMS_PROVIDER === 'aliyun') {
    for (const key of [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ] as const) {
      if (!e[key]) problems.push(`${key} is required when SMS_PROVIDER=aliyun`);
    }
  }
  const channels = [
    [
      'VOICE_PROVIDER',
      e.VOICE_PROVIDER,
      'aliyun',
      [
        'ALIYUN_VOICE_ACCESS_KEY_ID',
        'ALIYUN_VOICE_ACCESS_KEY_SECRET',
        'ALIYUN_VOICE_SHOW_NUMBER',
        'ALIYUN_VOICE_TTS_CODE',
      ],
    ],
    [
      'WECHAT_PROVIDER',
      e.WECHAT_PROVIDER,
      'wechat',
      ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_ALARM_TEMPLATE_ID'],
    ],
  ] as const;
  for (const [name, chosen, vendor, required] of channels) {
    if (production && chosen === 'development')
      problems.push(`${name}=development is refused in production; configure ${vendor} or off`);
    if (chosen === vendor) {
      for (const key of required) {
        if (!e[key]) problems.push(`${key} is required when ${name}=${vendor}`);
      }
    }
  }
  if (e.AMAP_WEB_SECRET && !e.AMAP_WEB_KEY) problems.push('AMAP_WEB_SECRET needs AMAP_WEB_KEY');
  const maps = mapSettings(e, problems);
  const publicUrl = e.PUBLIC_URL?.replace(/\/$/, '') ?? '';
  const commerce = commerceSettings(e, production, publicUrl, problems);
  const social = socialSettings(e, problems);
  const operations = operationsSettings(e);
  const cluster = clusterSettings(e, problems);
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  const http: HttpTimeouts = {
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_S * 1000,
    headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_S, e.HTTP_REQUEST_TIMEOUT_S) * 1000,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_S * 1000,
  };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    apiRoot: e.API_ROOT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    webDist: path.resolve(e.WEB_DIST),
    maps,
    tileUrls: configuredTileUrls(maps),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    http,
    tokenSecret: e.TOKEN_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    demoMode: e.DEMO_MODE ?? !production,
    demoPassword: e.DEMO_PASSWORD,
    demoIntervalSeconds: e.DEMO_INTERVAL_S,
    demoHistoryHours: e.DEMO_HISTORY_H,
    gateway: {
      enabled: e.GATEWAY === 'on' && cluster.runs.gateway,
      host: e.GATEWAY_HOST,
      ports: {
        osmand: e.OSMAND_PORT,
        gt06: e.GT06_PORT,
        jt808: e.JT808_PORT,
        watch: e.WATCH_PORT,
        h02: e.H02_PORT,
      },
      udpPorts: { jt808: e.JT808_UDP_PORT, h02: e.H02_UDP_PORT },
      batch: { size: e.BATCH_SIZE, delayMs: e.BATCH_DELAY_MS },
      stateWriteMs: e.DEVICE_STATE_WRITE_MS,
      holdUnknownDevices: e.UNKNOWN_DEVICES === 'hold',
      commands: {
        replyTimeoutMs: e.COMMAND_REPLY_TIMEOUT_S * 1000,
        queueTtlMs: e.COMMAND_QUEUE_TTL_H * 3600_000,
      },
      limits: {
        loginTimeoutMs: e.GATEWAY_LOGIN_TIMEOUT_S && e.GATEWAY_LOGIN_TIMEOUT_S * 1000,
        maxConnections: e.GATEWAY_MAX_CONNECTIONS,
        maxPending: e.GATEWAY_MAX_PENDING,
        maxPendingPerAddress: e.GATEWAY_MAX_PENDING_PER_IP,
      },
      http,
    },
    geolocation: { url: e.GEOLOCATION_URL, key: e.GEOLOCATION_KEY },
    recordings: {
      dir: path.resolve(e.RECORDINGS_DIR ?? path.join(e.DATA_DIR, 'recordings')),
      chunkTimeoutMs: e.MEDIA_CHUNK_TIMEOUT_S * 1000,
      ffmpegPath: e.FFMPEG_PATH,
      transcodeTimeoutMs: e.TRANSCODE_TIMEOUT_S * 1000,
    },
    segments: {
      rules: {
        ...DEFAULT_SEGMENT_RULES,
        stopRadiusM: e.STOP_RADIUS_M,
        minStopMs: e.STOP_MIN_S * 1000,
        minTripDistanceM: e.TRIP_MIN_DISTANCE_M,
        maxGapMs: e.DATA_GAP_S * 1000,
        driftDisplacementM: 2 * e.STOP_RADIUS_M,
      },
      sweepMs: e.SEGMENT_SWEEP_S * 1000,
    },
    trackCache: { maxBytes: e.TRACK_CACHE_MB * 1024 * 1024, ttlMs: e.TRACK_CACHE_TTL_S * 1000 },
    amap: { url: e.AMAP_API_URL, key: e.AMAP_WEB_KEY, secret: e.AMAP_WEB_SECRET },
    captcha: { perAddressPerMinute: e.CAPTCHA_LIMIT_PER_IP, totalPerMinute: e.CAPTCHA_LIMIT_TOTAL },
    signInMaxDelayMs: e.SIGN_IN_MAX_DELAY_MS,
    sms: {
      provider: e.SMS_PROVIDER,
      dailyLimitPerPhone: e.SMS_DAILY_LIMIT_PER_PHONE,
      dailyLimitPerIp: e.SMS_DAILY_LIMIT_PER_IP,
      aliyun: {
        endpoint: e.ALIYUN_SMS_ENDPOINT,
        accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID,
        accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET,
        signName: e.ALIYUN_SMS_SIGN_NAME,
        templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
        alarmTemplateCode: e.ALIYUN_SMS_ALARM_TEMPLATE_CODE,
      },
    },
    voice: {
      provider: e.VOICE_PROVIDER,
      aliyun: {
        endpoint: e.ALIYUN_VOICE_ENDPOINT,
        accessKeyId: e.ALIYUN_VOICE_ACCESS_KEY_ID,
        accessKeySecret: e.ALIYUN_VOICE_ACCESS_KEY_SECRET,
        showNumber: e.ALIYUN_VOICE_SHOW_NUMBER,
        ttsCode: e.ALIYUN_VOICE_TTS_CODE,
      },
    },
    wechat: {
      provider: e.WECHAT_PROVIDER,
      apiUrl: e.WECHAT_API_URL,
      appId: e.WECHAT_APP_ID,
      appSecret: e.WECHAT_APP_SECRET,
      alarmTemplateId: e.WECHAT_ALARM_TEMPLATE_ID,
    },
    webPush: { subject: e.VAPID_SUBJECT },
    alarms: {
      throttleMs: e.ALARM_THROTTLE_MIN * 60_000,
      fenceHysteresisM: e.FENCE_HYSTERESIS_M,
      overspeedHoldMs: e.OVERSPEED_HOLD_S * 1000,
      restDriveMs: e.REST_DRIVE_H * 3_600_000,
      restBreakMs: e.REST_BREAK_MIN * 60_000,
      lowBatteryPercent: e.LOW_BATTERY_PERCENT,
      offlineAfterMs: e.OFFLINE_ALARM_MIN * 60_000,
      delivery: { maxAttempts: e.DELIVERY_MAX_ATTEMPTS, backoffMs: e.DELIVERY_BACKOFF_S * 1000 },
      publicUrl,
    },
    commerce,
    social,
    content: contentSettings(e),
    operations,
    cluster,
  };
}
