import type { FeatureFlags } from '@xunji/shared';
import { useEntryRule } from '../router/entry-rule';
import { PATHS, type SpecPath } from '../router/paths';

/** The entries of the "more functions" grid (/pagesFunc/index), in their order on screen. */
const FUNCTIONS = [
  { key: 'track', path: PATHS.track },
  { key: 'fences', path: PATHS.fenceTable },
  { key: 'alarm', path: PATHS.alarmSettings },
  { key: 'remoteSettings', path: PATHS.remoteSet },
  { key: 'locateMode', path: PATHS.locationMode },
  { key: 'voice', path: PATHS.voice },
  // Only those who may manage the device make links to it (a family member may not).
  { key: 'shareLocation', path: PATHS.distributeLocation, managers: true },
  { key: 'nearby', path: PATHS.nearby },
  { key: 'valueAdded', path: PATHS.valueAdded },
  { key: 'activation', path: PATHS.activation },
  // §2 "package top-up": the SIM card's page, whose packages are paid on the pay page.
  { key: 'topUp', path: PATHS.simCard, sells: true },
  { key: 'reports', path: PATHS.reportTable },
  { key: 'selfInspection', path: PATHS.selfInspection },
  { key: 'deviceInfo', path: PATHS.deviceInfo },
  { key: 'settings', path: PATHS.deviceSet },
] as const satisfies readonly { key: string; path: SpecPath; sells?: true; managers?: true }[];

export type FunctionKey = (typeof FUNCTIONS)[number]['key'];

export interface FunctionEntry {
  key: FunctionKey;
  /** Where the entry goes, with the device id. */
  path: string;
}

/**
 * The grid entries of device `deviceId` that `shows` (the entry rule) lets through; those for
 * managers only when the caller is one (`manager`).
 */
export function functionEntries(
  deviceId: number,
  shows: (path: SpecPath) => boolean,
  manager = true,
): FunctionEntry[] {
  return FUNCTIONS.filter(
    (entry) =>
      shows(entry.path) &&
      (!('sells' in entry) || shows(PATHS.pay)) &&
      (!('managers' in entry) || manager),
  ).map(({ key, path }) => ({
    key,
    path: `${path}?id=${deviceId}`,
  }));
}

/**
 * The grid entries the app can open for a device with these feature flags (and SIM card), now,
 * for its manager or not.
 */
export function useFunctionEntries(
  flags: FeatureFlags,
  deviceId: number,
  iccid: string | null = null,
  manager = true,
): FunctionEntry[] {
  const shows = useEntryRule(flags, iccid !== null);
  return functionEntries(deviceId, shows, manager);
}
