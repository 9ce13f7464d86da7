import { ActivationState, DeviceState, type Terminal } from '@xunji/shared';

export type Mark = 'pass' | 'warn' | 'fail';

export const INSPECTION_ITEMS = [
  'online',
  'fix',
  'signal',
  'battery',
  'heartbeat',
  'sim',
  'service',
] as const;
export type InspectionItem = (typeof INSPECTION_ITEMS)[number];

/** What each line can find. */
interface Findings {
  online: 'online' | 'unused' | 'shutdown' | 'offline';
  fix: 'none' | 'network' | 'weak' | 'gps';
  signal: 'unknown' | 'good' | 'weak' | 'poor';
  battery: 'unknown' | 'external' | 'charging' | 'good' | 'low' | 'critical';
  heartbeat: 'never' | 'recent' | 'late' | 'lost';
  sim: 'known' | 'unknown';
  service: 'expired' | 'active' | 'trial' | 'notActivated' | 'none';
}

/** `item.finding`: the key of its words and advice under inspection.findings / inspection.advice. */
export type FindingKey = { [K in InspectionItem]: `${K}.${Findings[K]}` }[InspectionItem];

/** One line of the checklist: its mark, what it found, and the values the texts name. */
export interface Finding {
  item: InspectionItem;
  mark: Mark;
  key: FindingKey;
  values?: Record<string, string | number>;
}

const finding = <K extends InspectionItem>(
  item: K,
  mark: Mark,
  found: Findings[K],
  values?: Record<string, string | number>,
): Finding => ({ item, mark, key: `${item}.${found}` as FindingKey, values });

/** A fix from at least this many satellites is a good one. */
export const GOOD_FIX_SATELLITES = 4;
/** A heartbeat older than this is late; older than the second, the device is not talking. */
export const HEARTBEAT_LATE_MS = 10 * 60_000;
export const HEARTBEAT_LOST_MS = 60 * 60_000;
const MINUTE = 60_000;

function online({ deviceState }: Terminal): Finding {
  const item = 'online';
  if (deviceState === DeviceState.ONLINE) return finding(item, 'pass', 'online');
  if (deviceState === DeviceState.UNUSED) return finding(item, 'warn', 'unused');
  if (deviceState === DeviceState.SHUTDOWN) return finding(item, 'fail', 'shutdown');
  return finding(item, 'fail', 'offline');
}

function fix({ lbsInfo, locateTime }: Terminal): Finding {
  const item = 'fix';
  const satellites = lbsInfo.gnssCount ?? 0;
  if (!lbsInfo.lbsMode || locateTime === null) return finding(item, 'fail', 'none');
  if (lbsInfo.lbsMode !== 'gps') return finding(item, 'warn', 'network', { satellites });
  if (satellites < GOOD_FIX_SATELLITES) return finding(item, 'warn', 'weak', { satellites });
  return finding(item, 'pass', 'gps', { satellites });
}

function signal({ lbsInfo }: Terminal): Finding {
  const item = 'signal';
  const level = lbsInfo.wlSignal;
  if (level === null) return finding(item, 'warn', 'unknown');
  const values = { level: Math.round(level) };
  if (level >= 50) return finding(item, 'pass', 'good', values);
  if (level >= 20) return finding(item, 'warn', 'weak', values);
  return finding(item, 'fail', 'poor', values);
}

function battery({ lbsInfo }: Terminal): Finding {
  const item = 'battery';
  const { battery: percent, batteryState, voltage } = lbsInfo;
  if (percent === null) {
    return voltage === null
      ? finding(item, 'warn', 'unknown')
      : finding(item, 'pass', 'external', { voltage });
  }
  const values = { percent: Math.round(percent) };
  if (batteryState === 1) return finding(item, 'pass', 'charging', values);
  if (percent >= 30) return finding(item, 'pass', 'good', values);
  if (percent >= 15) return finding(item, 'warn', 'low', values);
  return finding(item, 'fail', 'critical', values);
}

function heartbeat({ lbsInfo }: Terminal, now: number): Finding {
  const item = 'heartbeat';
  if (lbsInfo.lastAlive === null) return finding(item, 'fail', 'never');
  const age = Math.max(0, now - lbsInfo.lastAlive);
  const values = { minutes: Math.floor(age / MINUTE) };
  if (age <= HEARTBEAT_LATE_MS) return finding(item, 'pass', 'recent', values);
  if (age <= HEARTBEAT_LOST_MS) return finding(item, 'warn', 'late', values);
  return finding(item, 'fail', 'lost', values);
}

function sim({ iccid }: Terminal): Finding {
  return iccid ? finding('sim', 'pass', 'known', { iccid }) : finding('sim', 'warn', 'unknown');
}

function service({ activationState, vipState }: Terminal, now: number): Finding {
  const item = 'service';
  if (vipState && vipState.expirationTime <= now) return finding(item, 'fail', 'expired');
  switch (activationState) {
    case ActivationState.ACTIVE:
      return finding(item, 'pass', 'active');
    case ActivationState.TRIAL:
      return finding(item, 'warn', 'trial');
    case ActivationState.NOT_ACTIVATED:
      return finding(item, 'fail', 'notActivated');
    default:
      return finding(item, 'pass', 'none');
  }
}

/** The self-inspection checklist of a device as it stands at `now`. */
export const inspect = (device: Terminal, now: number): Finding[] => [
  online(device),
  fix(device),
  signal(device),
  battery(device),
  heartbeat(device, now),
  sim(device),
  service(device, now),
];
