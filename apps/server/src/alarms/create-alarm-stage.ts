import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Repositories } from '../repositories/create-repositories.js';
import type { AlarmLogRow } from '../db/schema.js';
import { DistrictIndex } from '../geo/districts.js';
import type { ReverseGeocoder } from '../providers/geocoding/reverse-geocoder.js';
import { createWebPushSender } from '../providers/push/create-web-push-sender.js';
import type { SmsProvider } from '../providers/sms/sms-provider.js';
import { createVoiceCallProvider } from '../providers/voice/create-voice-call-provider.js';
import { createWechatSender } from '../providers/wechat/create-wechat-sender.js';
import { PHONE_REPEAT_MS } from '@xunji/shared';
import type { AlarmChannels } from './alarm-channels.js';
import { AlarmEngine } from './alarm-engine.js';
import { AlarmRaiser } from './alarm-raiser.js';
import { FenceTracker } from './fence-tracker.js';
import { NotificationWorker } from './notification-worker.js';

/** How long per-device fences and settings are trusted (changes in this process apply at once). */
const CACHE_MS = 60_000;
/** A push waits this long at the push service for a browser that is offline. */
const PUSH_TTL_S = 24 * 3600;

/** The alarm engine, its raiser and the delivery worker with the configured channels. */
export async function createAlarmStage(
  config: Config,
  repositories: Repositories,
  sms: SmsProvider,
  addresses: ReverseGeocoder,
  logger: FastifyBaseLogger,
  clock: Clock,
  announce: (alarm: AlarmLogRow) => void,
) {
  const districts = () => DistrictIndex.load();
  const push = await createWebPushSender(config, repositories.settings);
  const voice = createVoiceCallProvider(config, repositories.devOutbox, logger);
  const wechat = createWechatSender(config, repositories.devOutbox, logger);
  const channels: AlarmChannels = {
    push: (client, message) =>
      push.send({ endpoint: client.endpoint, keys: client }, message, {
        ttlSeconds: PUSH_TTL_S,
        urgency: 'high',
      }),
    sms: (phoneNumber, notice) => sms.sendAlarm(phoneNumber, notice),
    tel: (phoneNumber, notice) => voice.call(phoneNumber, notice),
    wechat: (openId, notice, url) => wechat.send(openId, notice, url ? { url } : {}),
  };
  const { alarms } = config;
  const worker = new NotificationWorker(
    repositories,
    channels,
    {
      maxAttempts: alarms.delivery.maxAttempts,
      backoffMs: alarms.delivery.backoffMs,
      leaseMs: 60_000,
      pollMs: 5_000,
      phoneRepeatMs: PHONE_REPEAT_MS,
      appUrl: alarms.publicUrl,
    },
    clock,
    (error) => logger.error({ err: error }, 'alarm delivery failed'),
  );
  const fences = new FenceTracker(
    repositories.fences,
    districts,
    { hysteresisM: alarms.fenceHysteresisM, cacheMs: CACHE_MS },
    clock,
  );
  const raiser = new AlarmRaiser(
    repositories,
    addresses,
    { throttleMs: alarms.throttleMs, settingCacheMs: CACHE_MS },
    clock,
    (alarm) => {
      worker.kick();
      announce(alarm);
    },
  );
  const offlineStore = {
    offlineUnalarmed: (from: number, now: number) =>
      repositories.alarmLogs.offlineUnalarmed(from, now),
    aliveOf: (deviceIds: readonly number[]) => repositories.devices.aliveOf(deviceIds),
  };
  const engine = new AlarmEngine(
    fences,
    raiser,
    offlineStore,
    { ...alarms, resumeOffline: config.gateway.enabled && config.cluster.role === 'all' },
    clock,
    (error) => logger.error({ err: error }, 'alarm engine failed'),
  );
  return { districts, vapidPublicKey: push.applicationServerKey, fences, raiser, engine, worker };
}
