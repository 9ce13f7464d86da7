import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import { systemClock, type Clock } from './clock.js';
import { createRepositories, type Repositories } from './repositories/create-repositories.js';
import type { Config } from './config.js';
import { AudioIngest } from './audio/audio-ingest.js';
import { AudioTranscoder, bundledFfmpegPath } from './audio/audio-transcoder.js';
import { MediaUploads } from './audio/media-uploads.js';
import { RecordingFiles } from './audio/recording-files.js';
import type { GatewayEvent } from './gateway/gateway-events.js';
import type { EventBus } from './bus/event-bus.js';
import { LocalEventBus } from './bus/local-event-bus.js';
import type { ClusterNotice } from './cluster/cluster-notice.js';
import type { AlarmLogRow } from './db/schema.js';
import { SegmentUpdater } from './history/segment-updater.js';
import { CommandDispatcher } from './gateway/command-dispatcher.js';
import { LiveSessions } from './gateway/live-sessions.js';
import { TrackCache } from './history/track-cache.js';
import { createReverseGeocoder } from './providers/geocoding/create-reverse-geocoder.js';
import { amapPlaceAround } from './providers/places/amap-place-around.js';
import { createSmsProvider } from './providers/sms/create-sms-provider.js';
import { createAlarmStage } from './alarms/create-alarm-stage.js';
import { createCommerce } from './commerce/create-commerce.js';
import { AlarmLogService } from './services/alarm-log.service.js';
import { AlarmSettingService } from './services/alarm-setting.service.js';
import { FenceService } from './services/fence.service.js';
import { PushClientService } from './services/push-client.service.js';
import { DeveloperService } from './services/developer.service.js';
import { AccountService } from './services/account.service.js';
import { AppContentService } from './services/app-content.service.js';
import { AuthService } from './services/auth.service.js';
import { createSocial } from './services/create-social.js';
import { BindingService } from './services/binding.service.js';
import { CommandLifecycle } from './services/command-lifecycle.js';
import { RecordService } from './services/record.service.js';
import { RemoteCommands } from './services/remote-commands.js';
import { RemoteControlService } from './services/remote-control.service.js';
import { CaptchaService } from './services/captcha.service.js';
import { CatalogueService } from './services/catalogue.service.js';
import { DeviceAccess } from './services/device-access.service.js';
import { DeviceSettingsService } from './services/device-settings.service.js';
import { DeviceTenure } from './services/device-tenure.service.js';
import { DistrictService } from './services/district.service.js';
import { PlaceService } from './services/place.service.js';
import { HistoryService } from './services/history.service.js';
import { LocationService } from './services/location.service.js';
import { LoginGuard } from './services/login-guard.js';
import { AttemptCounters } from './services/attempt-counters.js';
import { PenaltyDelay } from './services/penalty-delay.js';
import { PositionShareService } from './services/position-share.service.js';
import { MemberNotices } from './services/member-notices.js';
import { ModelCatalogue } from './services/model-catalogue.js';
import { SimCardAccess } from './services/sim-card-access.js';
import { SimCardService } from './services/sim-card.service.js';
import { SimTopupDelivery } from './services/sim-topup-delivery.js';
import { createSimProviders } from './providers/sim/create-sim-provider.js';
import { SimSyncJob } from './commerce/sim-sync-job.js';
import { DataRetention } from './retention/data-retention.js';
import { SmsService } from './services/sms.service.js';
import { TerminalService } from './services/terminal.service.js';
import { DayMileageService } from './services/day-mileage.service.js';
import { TokenService } from './services/token.service.js';

/** Wrong-password answers held back at once (penalty-delay.ts); more go out undelayed. */
const MAX_DELAYED_ANSWERS = 1000;
export type Services = Awaited<ReturnType<typeof createServices>>;
export { createRepositories, type Repositories };

/** Wires repositories into services; the one place that knows every class. */
export async function createServices(
  config: Config,
  repositories: Repositories,
  logger: FastifyBaseLogger,
  clock: Clock = systemClock,
  /** Publishes what the live socket passes on: alarms logged, commands, recordings. */
  publish: (event: GatewayEvent) => void = () => {},
  /** What the server's processes tell each other (one process: its own bus). */
  notices: EventBus<ClusterNotice> = new LocalEventBus((error) =>
    logger.error({ err: error }, 'cluster notice listener failed'),
  ),
) {
  const tokenSecret =
    config.tokenSecret ??
    (await repositories.settings.getOrCreate('token_secret', () =>
      randomBytes(48).toString('base64url'),
    ));
  const tokens = new TokenService(
    tokenSecret,
    config.tokenTtlSeconds * 1000,
    repositories.sessions,
    clock,
  );
  const attemptCounters = new AttemptCounters(repositories.attemptCounters, clock);
  const captcha = new CaptchaService(repositories.captchas, attemptCounters, config.captcha, clock);
  const smsProvider = createSmsProvider(config, repositories.sms, logger);
  const sms = new SmsService(
    repositories.sms,
    captcha,
    smsProvider,
    { dailyPerPhone: config.sms.dailyLimitPerPhone, dailyPerIp: config.sms.dailyLimitPerIp },
    clock,
  );
  const guard = new LoginGuard(
    attemptCounters,
    repositories.loginFailures,
    captcha,
    new PenaltyDelay(MAX_DELAYED_ANSWERS),
    config.signInMaxDelayMs,
    clock,
  );
  const deviceAccess = new DeviceAccess(
    repositories.users,
    repositories.enterprises,
    repositories.terminals,
    notices,
  );
  const models = new ModelCatalogue(repositories.deviceModels, clock);
  const addresses = createReverseGeocoder(config, repositories.geocodeCache, logger, clock);
  const places = new PlaceService(amapPlaceAround(config.amap), clock, logger);
  const segmentUpdater = new SegmentUpdater(
    repositories.positions,
    repositories.segments,
    config.segments.rules,
    clock,
    (error) => logger.error({ err: error }, 'stop and trip detection failed'),
    config.segments.sweepMs,
  );
  // The gateway registers connections here; the API's remote calls send through the dispatcher.
  const liveSessions = new LiveSessions(clock);
  // In a cluster a device's connection may be another process's: its status decides, and the
  // gateway holding it hears of the command (one process: its own connections tell).
  const commandDispatcher = new CommandDispatcher(
    repositories.commands,
    liveSessions,
    clock,
    config.gateway.commands,
    config.cluster.redisUrl ? { notices, devices: repositories.deviceReach } : undefined,
  );
  const alarmRaised = (alarm: AlarmLogRow) =>
    publish({ type: 'alarmRaised', deviceId: alarm.deviceId, alarm });
  const trackCache = new TrackCache(config.trackCache.maxBytes, config.trackCache.ttlMs, clock);
  const alarmStage = await createAlarmStage(
    config,
    repositories,
    smsProvider,
    addresses,
    logger,
    clock,
    alarmRaised,
  );
  // The alarm stage runs where the device's connection is: any process may change its rules.
  const alarmRulesChanged = (deviceId: number) =>
    notices.publish({ type: 'alarmRulesChanged', deviceId });
  notices.subscribe((notice) => {
    if (notice.type !== 'alarmRulesChanged') return;
    alarmStage.fences.invalidate(notice.deviceId);
    alarmStage.raiser.invalidate(notice.deviceId);
  });
  const tenure = new DeviceTenure(
    repositories.tenures,
    repositories.remoteStates,
    deviceAccess,
    clock,
    alarmRulesChanged,
  );
  const memberNotices = new MemberNotices(repositories, clock, alarmRaised);
  const commandLifecycle = new CommandLifecycle(repositories.remoteStates, clock, logger, publish);
  commandLifecycle.attach(commandDispatcher);
  const remoteCommands = new RemoteCommands(repositories.commands, commandDispatcher, models);
  const recordingFiles = RecordingFiles.open(config.recordings.dir);
  // The gateway keeps each media packet here before its ack; the audio ingest assembles them.
  const mediaUploads = new MediaUploads(repositories.mediaChunks, clock);
  const audioIngest = new AudioIngest({
    uploads: mediaUploads,
    chunkTimeoutMs: config.recordings.chunkTimeoutMs,
    files: recordingFiles,
    transcoder: AudioTranscoder.open(
      config.recordings.ffmpegPath ?? bundledFfmpegPath(),
      config.recordings.transcodeTimeoutMs,
    ),
    records: repositories.audioRecords,
    commands: repositories.commands,
    states: repositories.remoteStates,
    clock,
    logger,
    announce: (record) => publish({ type: 'recording', deviceId: record.deviceId, record }),
  });
  const simCardAccess = new SimCardAccess(deviceAccess, repositories.simCards);
  const simProviders = createSimProviders(config.commerce.sim, repositories.simCards, clock);
  const simTopups = new SimTopupDelivery(repositories.simCards, simProviders, clock, logger);
  const catalogue = new CatalogueService(
    deviceAccess,
    simCardAccess,
    repositories.products,
    models,
  );
  const commerce = await createCommerce(
    config,
    repositories,
    deviceAccess,
    catalogue,
    simTopups,
    clock,
    logger,
  );
  const auth = new AuthService(repositories.users, repositories.devices, tokens, sms, guard);
  const social = createSocial(config, repositories, auth, sms, clock, logger);
  return {
    ...social,
    ...commerce,
    deviceAccess,
    liveSessions,
    commandDispatcher,
    commandLifecycle,
    mediaUploads,
    audioIngest,
    remoteControl: new RemoteControlService(
      deviceAccess,
      remoteCommands,
      repositories.commands,
      repositories.remoteStates,
      auth,
    ),
    records: new RecordService(
      deviceAccess,
      remoteCommands,
      repositories.audioRecords,
      repositories.commands,
      repositories.remoteStates,
      recordingFiles,
      clock,
    ),
    segmentUpdater,
    retention: new DataRetention(repositories, recordingFiles, config.operations.retention, clock),
    alarmEngine: alarmStage.engine,
    alarmRaiser: alarmStage.raiser,
    notificationWorker: alarmStage.worker,
    fences: new FenceService(
      repositories.fences,
      deviceAccess,
      alarmStage.districts,
      clock,
      alarmRulesChanged,
    ),
    alarmLogs: new AlarmLogService(repositories.alarmLogs, deviceAccess, addresses),
    alarmSettings: new AlarmSettingService(
      repositories.alarmSettings,
      repositories.pushClients,
      deviceAccess,
      clock,
      alarmRulesChanged,
      (openId) => social.wechatAccounts.requireFollower(openId),
    ),
    pushClients: new PushClientService(
      repositories.pushClients,
      alarmStage.vapidPublicKey,
      clock,
      config.env === 'production',
    ),
    developer: new DeveloperService(repositories, clock, () => alarmStage.worker.kick()),
    trackCache,
    history: new HistoryService(
      deviceAccess,
      repositories.positions,
      repositories.segments,
      segmentUpdater,
      trackCache,
      addresses,
      clock,
    ),
    terminals: new TerminalService(
      deviceAccess,
      repositories.terminals,
      repositories.users,
      repositories.enterprises,
      models,
      addresses,
      clock,
    ),
    dayMileage: new DayMileageService(deviceAccess, repositories.odometers, clock),
    positionShares: new PositionShareService(
      repositories.positionShares,
      deviceAccess,
      models,
      attemptCounters,
      addresses,
      clock,
    ),
    catalogue,
    simCards: new SimCardService(simCardAccess, repositories.simCards, clock),
    simTopups,
    simSync: new SimSyncJob(
      repositories.simCards,
      simProviders,
      simTopups,
      config.commerce.sim.syncHour,
      clock,
      logger,
    ),
    tenure,
    bindings: new BindingService(
      repositories.devices,
      repositories.users,
      deviceAccess,
      guard,
      tenure,
      memberNotices,
      clock,
    ),
    deviceSettings: new DeviceSettingsService(repositories.devices, deviceAccess),
    locations: new LocationService(repositories.userLocations, addresses, clock),
    tokens,
    captcha,
    sms,
    auth,
    account: new AccountService(
      repositories.users,
      repositories.devices,
      sms,
      tenure,
      social.oauth,
    ),
    appContent: new AppContentService(
      repositories.appContent,
      clock,
      config.maps,
      places.configured,
      config.social,
      config.content,
    ),
    districts: new DistrictService(),
    places,
  };
}
