import type { FeatureFlags } from '@xunji/shared';
import { DEVICE_PATHS } from './paths';

/** The entries of the "more functions" grid (/pagesFunc/index), in their order on screen. */
export type FunctionKey =
  | 'track'
  | 'fences'
  | 'alarm'
  | 'remoteSettings'
  | 'locateMode'
  | 'voice'
  | 'shareLocation'
  | 'valueAdded'
  | 'activation'
  | 'reports'
  | 'selfInspection'
  | 'deviceInfo'
  | 'settings';

export interface FunctionEntry {
  key: FunctionKey;
  /** Where the entry goes, with the device id. */
  path: string;
}

const ALARM_FLAGS = [
  'enablePushAlarm',
  'enableTelAlarm',
  'enableSmsAlarm',
  'enableWechatAlarm',
] as const satisfies readonly (keyof FeatureFlags)[];

interface FunctionDefinition {
  key: FunctionKey;
  path: string;
  /** Shown only when this is true of the model's flags; always shown without it. */
  shown?: (flags: FeatureFlags) => boolean;
}

const FUNCTIONS: readonly FunctionDefinition[] = [
  { key: 'track', path: DEVICE_PATHS.track, shown: (f) => f.enableTrack },
  { key: 'fences', path: DEVICE_PATHS.fences },
  {
    key: 'alarm',
    path: DEVICE_PATHS.alarm,
    shown: (f) => ALARM_FLAGS.some((flag) => f[flag]),
  },
  { key: 'remoteSettings', path: DEVICE_PATHS.remoteSettings },
  { key: 'locateMode', path: DEVICE_PATHS.locateMode, shown: (f) => f.enablePositionMode },
  { key: 'voice', path: DEVICE_PATHS.voice, shown: (f) => f.enableRecord },
  { key: 'shareLocation', path: DEVICE_PATHS.shareLocation, shown: (f) => f.enablePositionShare },
  { key: 'valueAdded', path: DEVICE_PATHS.valueAdded, shown: (f) => f.enableValueAdded },
  { key: 'activation', path: DEVICE_PATHS.activation, shown: (f) => f.enableActivation },
  { key: 'reports', path: DEVICE_PATHS.reports },
  { key: 'selfInspection', path: DEVICE_PATHS.selfInspection },
  { key: 'deviceInfo', path: DEVICE_PATHS.deviceInfo },
  { key: 'settings', path: DEVICE_PATHS.deviceSet },
];

/** The grid entries a device's feature flags allow (§6: per-device flags control the functions). */
export function functionEntries(flags: FeatureFlags, deviceId: number): FunctionEntry[] {
  return FUNCTIONS.filter(({ shown }) => shown?.(flags) ?? true).map(({ key, path }) => ({
    key,
    path: `${path}?id=${deviceId}`,
  }));
}
