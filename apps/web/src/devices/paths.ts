import { PATHS } from '../router/paths';

/**
 * Where the device pages lead: the pages of this app, and the §2 routes of later issues (until
 * they exist, navigating there shows the not-found page).
 */
export const DEVICE_PATHS = {
  deviceInfo: PATHS.deviceInfo,
  deviceSet: PATHS.deviceSet,
  track: PATHS.track,
  fences: PATHS.fenceTable,
  alarm: PATHS.alarmSettings,
  remoteSettings: PATHS.remoteSet,
  locateMode: PATHS.locationMode,
  voice: PATHS.voice,
  shareLocation: PATHS.distributeLocation,
  valueAdded: '/pagesBuy/service/index',
  activation: '/pagesBuy/appreciation/index',
  reports: PATHS.reportTable,
  selfInspection: PATHS.selfInspection,
  simCard: '/pagesDevice/sim-card',
} as const;

/** Whether the app has a page at `path` yet (the SIM card page arrives with a later issue). */
export const hasPage = (path: string): boolean => (Object.values(PATHS) as string[]).includes(path);
