import type { DatabaseHandle } from '../db/database.js';
import { DeviceReachRepository } from './device-reach.repository.js';
import { AlarmLogRepository } from './alarm-log.repository.js';
import { AlarmSettingRepository } from './alarm-setting.repository.js';
import { AppContentRepository } from './app-content.repository.js';
import { ApplicationRepository } from './application.repository.js';
import { AttemptCounterRepository } from './attempt-counter.repository.js';
import { AudioRecordRepository } from './audio-record.repository.js';
import { CaptchaRepository } from './captcha.repository.js';
import { CommandRepository } from './command.repository.js';
import { DevOutboxRepository } from './dev-outbox.repository.js';
import { DeviceModelRepository } from './device-model.repository.js';
import { DeviceRepository } from './device.repository.js';
import { DeviceServiceRepository } from './device-service.repository.js';
import { EnterpriseRepository } from './enterprise.repository.js';
import { FenceRepository } from './fence.repository.js';
import { GeocodeCacheRepository } from './geocode-cache.repository.js';
import { HeldDeviceRepository } from './held-device.repository.js';
import { LoginFailureRepository } from './login-failure.repository.js';
import { MediaChunkRepository } from './media-chunk.repository.js';
import { NetworkFixRepository } from './network-fix.repository.js';
import { MessageLogRepository } from './message-log.repository.js';
import { NotificationRepository } from './notification.repository.js';
import { OauthIdentityRepository } from './oauth-identity.repository.js';
import { OdometerRepository } from './odometer.repository.js';
import { OrderFulfilmentRepository } from './order-fulfilment.repository.js';
import { OrderRepository } from './order.repository.js';
import { PositionRepository } from './position.repository.js';
import { PositionShareRepository } from './position-share.repository.js';
import { ProductRepository } from './product.repository.js';
import { PushClientRepository } from './push-client.repository.js';
import { RefundRepository } from './refund.repository.js';
import { RemoteStateRepository } from './remote-state.repository.js';
import { SegmentRepository } from './segment.repository.js';
import { SessionRepository } from './session.repository.js';
import { SettingsRepository } from './settings.repository.js';
import { SimCardRepository } from './sim-card.repository.js';
import { SmsRepository } from './sms.repository.js';
import { TenureRepository } from './tenure.repository.js';
import { TerminalRepository } from './terminal.repository.js';
import { UserLocationRepository } from './user-location.repository.js';
import { UserRepository } from './user.repository.js';
import { createIngestStore } from './ingest/create-ingest-store.js';

export type Repositories = ReturnType<typeof createRepositories>;

/** Every repository over one database: the only place with SQL. */
export function createRepositories(database: DatabaseHandle) {
  const { db } = database;
  return {
    applications: new ApplicationRepository(db),
    settings: new SettingsRepository(db),
    users: new UserRepository(db),
    oauthIdentities: new OauthIdentityRepository(db),
    sessions: new SessionRepository(db),
    loginFailures: new LoginFailureRepository(db),
    attemptCounters: new AttemptCounterRepository(db),
    captchas: new CaptchaRepository(db),
    sms: new SmsRepository(db),
    devices: new DeviceRepository(db),
    enterprises: new EnterpriseRepository(db),
    appContent: new AppContentRepository(db),
    positions: new PositionRepository(db, createIngestStore(database), database.dialect),
    odometers: new OdometerRepository(db),
    commands: new CommandRepository(db),
    remoteStates: new RemoteStateRepository(db),
    audioRecords: new AudioRecordRepository(db),
    mediaChunks: new MediaChunkRepository(db),
    networkFixes: new NetworkFixRepository(db, database.dialect),
    heldDevices: new HeldDeviceRepository(db),
    deviceReach: new DeviceReachRepository(db),
    terminals: new TerminalRepository(db),
    deviceModels: new DeviceModelRepository(db),
    deviceServices: new DeviceServiceRepository(db),
    userLocations: new UserLocationRepository(db),
    geocodeCache: new GeocodeCacheRepository(db),
    segments: new SegmentRepository(db),
    devOutbox: new DevOutboxRepository(db),
    fences: new FenceRepository(db),
    alarmSettings: new AlarmSettingRepository(db),
    alarmLogs: new AlarmLogRepository(db),
    pushClients: new PushClientRepository(db),
    notifications: new NotificationRepository(db),
    messageLog: new MessageLogRepository(db),
    tenures: new TenureRepository(db),
    positionShares: new PositionShareRepository(db),
    products: new ProductRepository(db),
    simCards: new SimCardRepository(db),
    orders: new OrderRepository(db),
    orderFulfilment: new OrderFulfilmentRepository(db),
    refunds: new RefundRepository(db),
  };
}
