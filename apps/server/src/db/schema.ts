import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * The tables, in camelCase (the CamelCasePlugin maps them to snake_case columns).
 * Times are epoch milliseconds; flags are 0/1 integers so both dialects read the same values.
 */
export interface ApplicationsTable {
  id: Generated<number>;
  name: string;
  productionEnv: Generated<number>;
  auditModeIos: Generated<number>;
  auditModeAndroid: Generated<number>;
  auditModeWeb: Generated<number>;
  pushAlarm: Generated<number>;
  wechatAlarm: Generated<number>;
  smsAlarm: Generated<number>;
  phoneAlarm: Generated<number>;
  activation: Generated<number>;
  panorama: Generated<number>;
  customerService: Generated<number>;
  appManual: Generated<number>;
  supportPhone: string | null;
  supportEmail: string | null;
  createdAt: number;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface EnterprisesTable {
  id: Generated<number>;
  name: string;
  parentId: number | null;
  createdAt: number;
}

export interface UsersTable {
  id: Generated<number>;
  applicationId: number;
  username: string;
  phoneNumber: string | null;
  /** scrypt of the transport hash; null for device accounts (they use the device password). */
  passwordHash: string | null;
  nickname: string | null;
  userType: number;
  enterpriseId: number | null;
  terminalNo: string | null;
  openId: string | null;
  wxUserName: string | null;
  /** §6: 1 when the operator turned developer mode on. */
  developerMode: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface SessionsTable {
  id: string;
  userId: number;
  applicationId: number;
  pushClientId: string | null;
  systemInfo: string | null;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** One count per key in a fixed window, incremented atomically (the sign-in guard, captchas). */
export interface AttemptCountersTable {
  key: string;
  hits: number;
  windowStart: number;
  /** Set on an account's counter when its passwords are tried from many addresses. */
  lockedUntil: number | null;
}

/** The latest wrong password of a subject from one address (a lock needs many addresses). */
export interface LoginFailuresTable {
  subject: string;
  address: string;
  failedAt: number;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  expiresAt: number;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phoneNumber: string;
  code: string;
  ip: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  failedAttempts: number;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phoneNumber: string;
  message: string;
  createdAt: number;
}

export interface DevicesTable {
  id: Generated<number>;
  terminalNo: string;
  passwordHash: string;
  protocol: string;
  model: string | null;
  iccid: string | null;
  /** The phone number of its SIM card (set by the operator); null: unknown. */
  simNo: string | null;
  name: string | null;
  enterpriseId: number | null;
  /** ICON_TYPES index; null: the model's icon. */
  iconType: number | null;
  createdAt: number;
  /** Start of the device's current tenure: its organisation sees data from here on. */
  tenureStartedAt: Generated<number>;
  /** The device's secret: the JT/T 808 authentication code, or the OsmAnd key; null: none yet. */
  authCode: string | null;
  /** 1: set by the operator (a pre-provisioned code, an OsmAnd key), never replaced by a
   * registration; 0: issued at registration or remembered at first use. */
  authCodeFixed: Generated<number>;
}

export type BindingState = 'active' | 'pending';

export interface UserDevicesTable {
  userId: number;
  deviceId: number;
  isOwner: number;
  /** pending: asked to follow without the password, until the owner accepts. */
  state: Generated<BindingState>;
  /** JSON of the §3 display filters this user chose for the device. */
  filter: string | null;
  createdAt: number;
  /** This account sees the device's data from here on: when its binding became active. */
  visibleFrom: Generated<number>;
}

export interface DeviceModelsTable {
  id: Generated<number>;
  name: string;
  category: string;
  family: string | null;
  protocol: string | null;
  iconType: number;
  defaultForProtocol: number;
  /** JSON of the §3 feature flags. */
  features: string;
  createdAt: number;
}

/** The §3 VIP/service record of a device. */
export interface DeviceServicesTable {
  deviceId: number;
  startingTime: number;
  expirationTime: number;
  isTrial: number;
}

/** A user's own last position (POST /v2/user-lbs), WGS-84. */
export interface UserLocationsTable {
  userId: number;
  latitude: number;
  longitude: number;
  updatedAt: number;
}

export interface AppVersionsTable {
  id: Generated<number>;
  applicationId: number;
  platform: string;
  version: string;
  versionCode: number;
  url: string | null;
  notes: string | null;
  force: number;
  createdAt: number;
}

export interface NoticesTable {
  id: Generated<number>;
  applicationId: number;
  title: string;
  content: string;
  publishedAt: number;
}

export interface AppAdsTable {
  id: Generated<number>;
  applicationId: number;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
  displaySeconds: number;
  startsAt: number;
  endsAt: number | null;
  clicks: number;
  createdAt: number;
}

/** One row per device and fix time (the primary key). */
export interface PositionsTable {
  deviceId: number;
  fixTime: number;
  serverTime: number;
  valid: number;
  latitude: number;
  longitude: number;
  altitude: number | null;
  /** km/h */
  speed: number;
  course: number;
  lbsMode: string;
  satellites: number | null;
  battery: number | null;
  acc: number | null;
  /** km, the device's odometer */
  mileage: number | null;
  reupload: number;
  /** JSON: cells, Wi-Fi access points, alarms and other facts the device reported. */
  attributes: string | null;
}

export type DeviceStatus = 'online' | 'offline' | 'shutdown';

export interface DeviceStatesTable {
  deviceId: number;
  status: DeviceStatus;
  lastAlive: number | null;
  locateTime: number | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  course: number | null;
  valid: number | null;
  lbsMode: string | null;
  satellites: number | null;
  battery: number | null;
  signal: number | null;
  acc: number | null;
  voltage: number | null;
  mileage: number | null;
  /** Battery state: 1 charging, 0 not, null not reported. */
  charging: number | null;
  updatedAt: number;
}

/** Spec §4 remote command results. */
export type CommandResult =
  | 'succeeded'
  | 'notConnected'
  | 'error'
  | 'timeout'
  | 'unsupported'
  | 'protocolError'
  | 'fail'
  | 'noAnswer'
  | 'paramError'
  | 'delayedDelivery'
  | 'unsent';

/**
 * queued: waiting for the device to connect; sent: handed to the process holding the device's
 * connection (no `sentAt` yet) or written to it, waiting for its reply; done: has its result.
 */
export type CommandState = 'queued' | 'sent' | 'done';

export interface CommandsTable {
  id: Generated<number>;
  deviceId: number;
  userId: number | null;
  /** The protocol-neutral command, JSON. */
  command: string;
  /** Its §3 paramName (remote/command-params.ts); null for rows older than migration 0014. */
  kind: string | null;
  state: CommandState;
  result: CommandResult | null;
  reference: string | null;
  reply: string | null;
  createdAt: number;
  sentAt: number | null;
  answeredAt: number | null;
  expiresAt: number;
}

/** A device's confirmed remote settings: RemoteState (remote/remote-state.ts) as JSON. */
export interface DeviceRemoteStatesTable {
  deviceId: number;
  state: string;
  updatedAt: number;
}

export type RecordSource = 'pickup' | 'auto' | 'device';

/** A recording: the playable file (and the device's original) under RECORDINGS_DIR. */
export interface AudioRecordsTable {
  id: Generated<number>;
  deviceId: number;
  /** The pickup command it answers, when it does. */
  commandId: number | null;
  source: RecordSource;
  /** Paths relative to RECORDINGS_DIR. */
  fileName: string;
  originalName: string;
  mimeType: string;
  durationMs: number;
  sizeBytes: number;
  isRead: number;
  createdAt: number;
  /** Set while in the recycle bin. */
  deleteTime: number | null;
}

/**
 * One packet of a media upload, kept from before its ack until the upload is a recording
 * (or is dropped incomplete): `chunkIndex` is 0-based of `total`.
 */
export interface MediaChunksTable {
  deviceId: number;
  mediaId: string;
  chunkIndex: number;
  total: number;
  format: string;
  data: Uint8Array;
  receivedAt: number;
}

/** The latest raw frames of a device: `receivedAt hex` lines, newest last. */
export interface DeviceFramesTable {
  deviceId: number;
  frames: string;
  updatedAt: number;
}

/** Cells and access points seen without a GPS fix (JSON), and the provider's answer. */
export interface NetworkFixesTable {
  deviceId: number;
  fixTime: number;
  serverTime: number;
  cells: string;
  wifi: string;
  latitude: number | null;
  longitude: number | null;
  /** metres */
  accuracy: number | null;
  resolvedAt: number | null;
}

/** An unregistered device that tried to connect, waiting for an operator to register it. */
export interface HeldDevicesTable {
  identifier: string;
  protocol: string;
  firstSeen: number;
  lastSeen: number;
  attempts: number;
}

/** The latest time a second connection claimed a device that already had a live one. */
export interface DeviceContestsTable {
  deviceId: number;
  /** Remote address of the connection kept. */
  established: string;
  /** Remote address of the connection kept out. */
  newcomer: string;
  firstAt: number;
  lastAt: number;
  attempts: number;
}

/** A geocoding service's answer for a rounded point: the Regeo JSON, or "null" (no address). */
export interface GeocodeCacheTable {
  key: string;
  address: string;
  createdAt: number;
}

export type SegmentKind = 'trip' | 'stop';

/** A stop or trip (WGS-84); the stop-only columns let detection resume from a stop. */
export interface TrackSegmentsTable {
  id: Generated<number>;
  deviceId: number;
  kind: SegmentKind;
  startTime: number;
  endTime: number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  /** metres */
  distance: number;
  /** km/h */
  maxSpeed: number;
  lastTime: number | null;
  anchorTime: number | null;
  anchorLat: number | null;
  anchorLon: number | null;
  accOff: number;
  provisional: number;
}

export interface SegmentMarksTable {
  deviceId: number;
  /** The earliest late position not yet detected again. */
  dirtyFrom: number;
}

export interface FencesTable {
  id: Generated<number>;
  deviceId: number;
  name: string;
  type: 'round' | 'polygon' | 'district';
  alarmOn: 'out' | 'enter' | 'access';
  /** metres (round) */
  radius: number | null;
  /** WGS-84 [[lng, lat], …] as JSON */
  points: string;
  regionCode: string | null;
  status: number;
  createdAt: number;
  updatedAt: number;
  /** Its tenure ended: kept until retention deletes it, never shown or checked. */
  retiredAt: number | null;
}

export interface FenceStatesTable {
  fenceId: number;
  inside: number;
  changedAt: number;
}

type Flag = number;
type PhoneSlots<P extends string> = Record<`${P}${1 | 2 | 3 | 4 | 5 | 6}`, string | null>;

export interface AlarmSettingsTable extends PhoneSlots<'telPhoneNo'>, PhoneSlots<'smsPhoneNo'> {
  id: Generated<number>;
  deviceId: number;
  pushAlarm: Generated<Flag>;
  smsAlarm: Generated<Flag>;
  telAlarm: Generated<Flag>;
  wechatAlarm: Generated<Flag>;
  fenceAlarm: Generated<Flag>;
  vibrationAlarm: Generated<Flag>;
  sosAlarm: Generated<Flag>;
  tearAlarm: Generated<Flag>;
  lowPowerAlarm: Generated<Flag>;
  speedAlarm: Generated<Flag>;
  powerOffAlarm: Generated<Flag>;
  voiceAlarm: Generated<Flag>;
  restAlarm: Generated<Flag>;
  offlineAlarm: Generated<Flag>;
  /** km/h */
  speedLimit: number | null;
  wechatNickname: string | null;
  wechatHeadimgurl: string | null;
  wechatOpenUnionid: string | null;
  updatedAt: number;
}

/** An alarm, WGS-84. */
export interface AlarmLogsTable {
  id: Generated<number>;
  deviceId: number;
  alarmType: string;
  alarmTime: number;
  beginLat: number | null;
  beginLon: number | null;
  endLat: number | null;
  endLon: number | null;
  address: string | null;
  fenceId: number | null;
  fenceName: string | null;
  speed: number | null;
  createdAt: number;
  /** A membership message's account (masked phone number or name). */
  member: string | null;
}

/** A user read (and maybe removed) an alarm. */
export interface AlarmMarksTable {
  userId: number;
  alarmId: number;
  deleted: number;
}

export interface AlarmClearsTable {
  userId: number;
  deviceId: number;
  upToId: number;
}

/** A browser's Web Push subscription. */
export interface PushClientsTable {
  id: string;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The language of its notifications: the registering request's. */
  language: string;
  createdAt: number;
}

export type NotificationStatus = 'pending' | 'sent' | 'failed' | 'throttled' | 'gone';

export interface NotificationJobsTable {
  id: Generated<number>;
  /** null for a developer's test alarm. */
  alarmId: number | null;
  /** The account addressed, when known (its push clients, a test alarm). */
  userId?: number | null;
  channel: string;
  recipient: string;
  language: string;
  status: NotificationStatus;
  attempts: number;
  nextAttemptAt: number;
  sentAt: number | null;
  lastError: string | null;
  createdAt: number;
}

export interface NotificationAttemptsTable {
  id: Generated<number>;
  jobId: number;
  at: number;
  ok: number;
  detail: string | null;
}

/** A message a development provider (voice, WeChat) recorded instead of sending. */
export interface DevOutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  body: string;
  createdAt: number;
}

/** A product of the catalogue (issue 17); money in fen. */
export interface ProductsTable {
  id: Generated<number>;
  kind: string;
  path: string | null;
  effect: string;
  nameZh: string;
  nameEn: string;
  descriptionZh: Generated<string>;
  descriptionEn: Generated<string>;
  priceFen: number;
  originalPriceFen: number | null;
  durationDays: number | null;
  quota: number | null;
  isTrial: Generated<number>;
  onSale: Generated<number>;
  model: string | null;
  category: string | null;
  sortOrder: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

/** A SIM card the platform knows, by ICCID; a device carries it in devices.iccid. */
export interface SimCardsTable {
  iccid: string;
  msisdn: string | null;
  operator: string | null;
  planName: string | null;
  state: string;
  usedDataKb: Generated<number>;
  totalDataKb: Generated<number>;
  usedSms: Generated<number>;
  totalSms: Generated<number>;
  activationTime: number | null;
  serviceExpiry: number | null;
  cardSn: string | null;
  source: Generated<string>;
  usageUpdatedAt: number | null;
  createdAt: number;
}

/** A paid SIM top-up and its hand-over to the operator platform. */
export interface SimTopupsTable {
  id: Generated<number>;
  iccid: string;
  orderId: number;
  effect: string;
  quota: number;
  durationDays: number | null;
  operatorState: string;
  operatorRef: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Alarm phone-call minutes bought for a device. */
export interface DeviceQuotasTable {
  deviceId: number;
  callMinutes: Generated<number>;
  updatedAt: number;
}

export interface OrdersTable {
  id: Generated<number>;
  orderNo: string;
  userId: number;
  deviceId: number;
  iccid: string | null;
  productId: number;
  productNameZh: string;
  productNameEn: string;
  kind: string;
  effect: string;
  quota: number | null;
  durationDays: number | null;
  isTrial: Generated<number>;
  count: Generated<number>;
  amountFen: number;
  refundedFen: Generated<number>;
  provider: string;
  merchantId: string;
  clientType: string;
  status: Generated<number>;
  providerTradeNo: string | null;
  createdAt: number;
  payTime: number | null;
  closeAt: number;
  closedAt: number | null;
}

/** Append-only: every change of an order. */
export interface OrderEventsTable {
  id: Generated<number>;
  orderId: number;
  kind: string;
  statusFrom: number | null;
  statusTo: number | null;
  amountFen: number | null;
  detail: Generated<string>;
  createdAt: number;
}

export interface RefundRequestsTable {
  id: Generated<number>;
  orderId: number;
  userId: number;
  refundNo: string;
  requestFee: number;
  refundReason: string;
  contactName: string;
  contactTel: string;
  allowCall: Generated<number>;
  state: string;
  refundFee: number | null;
  rejectReason: string | null;
  providerRefundId: string | null;
  createdAt: number;
  decidedAt: number | null;
  completedAt: number | null;
}

/** A link to a device's live position; only the code's hash is kept. */
export interface PositionSharesTable {
  id: Generated<number>;
  codeHash: string;
  deviceId: number;
  userId: number;
  durationH: number;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** A WeChat or Apple identity bound to an account. */
export interface OauthIdentitiesTable {
  id: Generated<number>;
  provider: string;
  subject: string;
  userId: number;
  mpOpenId: string | null;
  openOpenId: string | null;
  unionId: string | null;
  nickname: string | null;
  headImgUrl: string | null;
  refreshToken: string | null;
  clientId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One-time handles of sign-in in progress, keyed on the handle's SHA-256 (0022). */
export interface OauthTicketsTable {
  id: string;
  /** bind: a verified identity to bind; apple-callback: Apple's form_post answer */
  kind: string;
  payload: string;
  expiresAt: number;
}

export interface Database {
  applications: ApplicationsTable;
  serverSettings: ServerSettingsTable;
  enterprises: EnterprisesTable;
  users: UsersTable;
  sessions: SessionsTable;
  attemptCounters: AttemptCountersTable;
  loginFailures: LoginFailuresTable;
  captchas: CaptchasTable;
  smsCodes: SmsCodesTable;
  smsOutbox: SmsOutboxTable;
  devices: DevicesTable;
  userDevices: UserDevicesTable;
  deviceModels: DeviceModelsTable;
  deviceServices: DeviceServicesTable;
  userLocations: UserLocationsTable;
  appVersions: AppVersionsTable;
  notices: NoticesTable;
  appAds: AppAdsTable;
  positions: PositionsTable;
  deviceStates: DeviceStatesTable;
  commands: CommandsTable;
  deviceRemoteStates: DeviceRemoteStatesTable;
  audioRecords: AudioRecordsTable;
  mediaChunks: MediaChunksTable;
  deviceFrames: DeviceFramesTable;
  networkFixes: NetworkFixesTable;
  heldDevices: HeldDevicesTable;
  deviceContests: DeviceContestsTable;
  geocodeCache: GeocodeCacheTable;
  trackSegments: TrackSegmentsTable;
  segmentMarks: SegmentMarksTable;
  devOutbox: DevOutboxTable;
  fences: FencesTable;
  fenceStates: FenceStatesTable;
  alarmSettings: AlarmSettingsTable;
  alarmLogs: AlarmLogsTable;
  alarmMarks: AlarmMarksTable;
  alarmClears: AlarmClearsTable;
  pushClients: PushClientsTable;
  notificationJobs: NotificationJobsTable;
  notificationAttempts: NotificationAttemptsTable;
  products: ProductsTable;
  simCards: SimCardsTable;
  simTopups: SimTopupsTable;
  deviceQuotas: DeviceQuotasTable;
  orders: OrdersTable;
  orderEvents: OrderEventsTable;
  refundRequests: RefundRequestsTable;
  positionShares: PositionSharesTable;
  oauthIdentities: OauthIdentitiesTable;
  oauthTickets: OauthTicketsTable;
}

export type ApplicationRow = Selectable<ApplicationsTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type DeviceRow = Selectable<DevicesTable>;
export type EnterpriseRow = Selectable<EnterprisesTable>;
export type DeviceModelRow = Selectable<DeviceModelsTable>;
export type DeviceServiceRow = Selectable<DeviceServicesTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type AppAdRow = Selectable<AppAdsTable>;
export type AppVersionRow = Selectable<AppVersionsTable>;
export type NewPosition = Insertable<PositionsTable>;
export type DeviceStateRow = Selectable<DeviceStatesTable>;
export type TrackSegmentRow = Selectable<TrackSegmentsTable>;
export type NewTrackSegment = Insertable<TrackSegmentsTable>;
export type CommandRow = Selectable<CommandsTable>;
export type AudioRecordRow = Selectable<AudioRecordsTable>;
export type NewAudioRecord = Insertable<AudioRecordsTable>;
export type NewMediaChunk = Insertable<MediaChunksTable>;
export type FenceRow = Selectable<FencesTable>;
export type NewFence = Insertable<FencesTable>;
export type AlarmSettingRow = Selectable<AlarmSettingsTable>;
export type AlarmLogRow = Selectable<AlarmLogsTable>;
export type NewAlarmLog = Insertable<AlarmLogsTable>;
export type PushClientRow = Selectable<PushClientsTable>;
export type NotificationJobRow = Selectable<NotificationJobsTable>;
export type NewNotificationJob = Insertable<NotificationJobsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type SimCardRow = Selectable<SimCardsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type RefundRequestRow = Selectable<RefundRequestsTable>;
export type PositionShareRow = Selectable<PositionSharesTable>;
export type OauthIdentityRow = Selectable<OauthIdentitiesTable>;
