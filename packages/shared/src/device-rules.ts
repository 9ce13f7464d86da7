/** The §4 rules about devices, computed the same way by the server and the app. */

/** Spec §4 deviceState. */
export const DeviceState = { UNUSED: 0, ONLINE: 1, OFFLINE: 2, SHUTDOWN: 3 } as const;
export type DeviceStateValue = (typeof DeviceState)[keyof typeof DeviceState];

/** What the gateway stores about a device's connection (null: it never connected). */
export type ConnectionStatus = 'online' | 'offline' | 'shutdown';

/** A device that never sent anything is "unused"; otherwise its connection state. */
export function deviceStateOf(status: ConnectionStatus | null | undefined): DeviceStateValue {
  if (status === 'online') return DeviceState.ONLINE;
  if (status === 'offline') return DeviceState.OFFLINE;
  if (status === 'shutdown') return DeviceState.SHUTDOWN;
  return DeviceState.UNUSED;
}

/** Below this speed a device is static: parked GPS drift reports 1-3 km/h. */
export const MOVING_SPEED_KMH = 5;

/** A fix older than this does not make a device "moving", whatever speed it carried. */
export const MOTION_FRESH_MS = 5 * 60_000;

/** Moving when its last fix is recent enough to speak for now and above the drift speed. */
export function motionOf(speedKmh: number | null | undefined, online: boolean): boolean {
  return online && (speedKmh ?? 0) >= MOVING_SPEED_KMH;
}

/**
 * The word a device's state is shown with: in the device list an online device is "online";
 * elsewhere (map, card) it is "moving" or "static" by its motion.
 */
export type DeviceStateLabel =
  'unused' | 'online' | 'moving' | 'static' | 'offline' | 'shutdown' | 'unknown';

export function deviceStateLabel(
  deviceState: number,
  motion: boolean,
  context: 'list' | 'map',
): DeviceStateLabel {
  switch (deviceState) {
    case DeviceState.UNUSED:
      return 'unused';
    case DeviceState.ONLINE:
      if (context === 'list') return 'online';
      return motion ? 'moving' : 'static';
    case DeviceState.OFFLINE:
      return 'offline';
    case DeviceState.SHUTDOWN:
      return 'shutdown';
    default:
      return 'unknown';
  }
}

/** §4 badge colours: offline grey, online/moving green, static blue, unused light grey, others red. */
export const BADGE_COLORS = {
  offline: '#8c8c8c',
  online: '#1fb356',
  moving: '#1fb356',
  static: '#1677ff',
  unused: '#d9d9d9',
  other: '#f5222d',
} as const;

export function badgeColor(label: DeviceStateLabel): string {
  switch (label) {
    case 'offline':
    case 'online':
    case 'moving':
    case 'static':
    case 'unused':
      return BADGE_COLORS[label];
    default:
      return BADGE_COLORS.other;
  }
}

/** A VIP/service record of §3: the device's paid (or trial) service period. */
export interface ServicePeriod {
  startingTime: number;
  expirationTime: number;
  isTrial: boolean;
}

/** Spec §4 activation state. */
export const ActivationState = { NONE: 0, ACTIVE: 1, NOT_ACTIVATED: 2, TRIAL: 3 } as const;
export type ActivationStateValue = (typeof ActivationState)[keyof typeof ActivationState];

/**
 * 0 when the device has neither a VIP nor a user state; 2 with no record or one whose expiry
 * equals its start; 3 for a trial and 1 otherwise when the expiry is after the start.
 */
export function activationStateOf(
  vipState: ServicePeriod | null,
  userState: number | null,
): ActivationStateValue {
  if (vipState === null && userState === null) return ActivationState.NONE;
  if (vipState === null || vipState.expirationTime <= vipState.startingTime)
    return ActivationState.NOT_ACTIVATED;
  return vipState.isTrial ? ActivationState.TRIAL : ActivationState.ACTIVE;
}

/** Icon of a device on the map and in lists (PUT /terminal/icon). */
export const ICON_TYPES = [
  'car',
  'truck',
  'motorbike',
  'person',
  'child',
  'elderly',
  'pet',
  'other',
] as const;
export type IconTypeName = (typeof ICON_TYPES)[number];
export const iconTypeName = (iconType: number): IconTypeName => ICON_TYPES[iconType] ?? 'other';

/** The §3 feature flags (terminalTypeInfo.terminalTypeExtend) of a device model. */
export const FEATURE_FLAGS = [
  'enableValueAdded',
  'enableActivation',
  'enableRecord',
  'enablePositionMode',
  'enableTrack',
  'enablePositionShare',
  'enablePushAlarm',
  'enableTelAlarm',
  'enableSmsAlarm',
  'enableWechatAlarm',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** The §3 device filter fields: which network-located positions to show. */
export const FILTER_FIELDS = [
  'lbs',
  'wifi',
  'mix',
  'lbsLocation',
  'wifiLocation',
  'mixLocation',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
