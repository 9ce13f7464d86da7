/**
 * The live socket (`{API root}/socket`): positions, status changes and alarms of the devices the
 * signed-in user may see, pushed as they are committed. No zod here: the app imports this file.
 *
 * 1. The client opens the socket and sends `auth` (a browser WebSocket cannot send headers, and a
 *    token in the URL would be logged). Within 5 s, or the server closes with 4401.
 * 2. The server answers `ready` with the ids it will report on, and again whenever that set
 *    changes (a device bound or unbound).
 * 3. `devices` carries patches of the Terminal entity, at most one per device per message, the
 *    latest values only (the server coalesces a burst). `alarm` carries one alarm event,
 *    `command` a remote command that changed (sent, delivered, answered), `record` a new recording.
 * 4. A refused token (now or at a later check: sign-out, password change) → `error` 401, then
 *    close 4401.
 */
import type { AudioRecord } from './contract/record-entities.js';
import type { CommandRecord } from './contract/remote-entities.js';
import type { LbsInfo, Terminal } from './contract/terminal-entities.js';
import type { AlarmType } from './alarm-types.js';

export const LIVE_SOCKET_PATH = '/socket';

/** WebSocket close codes of the live socket (4000-4999 are the application's). */
export const LiveCloseCode = {
  /** No `auth` in time, a refused token, or a session revoked since. */
  UNAUTHORIZED: 4401,
} as const;

/** The fields of a Terminal an event determines. */
type LiveTerminalFields = Pick<
  Terminal,
  | 'deviceState'
  | 'status'
  | 'motion'
  | 'lonWGS84'
  | 'latWGS84'
  | 'lon'
  | 'lat'
  | 'direction'
  | 'dir'
  | 'locateTime'
>;

/**
 * A patch of the Terminal entity of device `id`: the fields present replace those of the
 * device's last GET /v2/terminal answer (lbsInfo field by field); absent fields are unchanged.
 */
export type LiveDeviceUpdate = { id: number } & Partial<LiveTerminalFields> & {
    lbsInfo?: Partial<LbsInfo>;
  };

export interface LiveAuthMessage {
  type: 'auth';
  token: string;
  applicationId: number;
}

/** Client → server. Sending `auth` again (a renewed token) re-authenticates the socket. */
export type LiveClientMessage = LiveAuthMessage;

export interface LiveReadyMessage {
  type: 'ready';
  /** Every device this socket reports on, ascending. */
  deviceIds: number[];
}

export interface LiveDevicesMessage {
  type: 'devices';
  updates: LiveDeviceUpdate[];
}

/** An alarm logged for a device: raised by the device (SOS, power cut…) or found by the server
 * (fence, overspeed, offline…), once it passed the device's toggles and the throttle. */
export interface LiveAlarmMessage {
  type: 'alarm';
  deviceId: number;
  /** The alarm log row's id (GET /v2/alarm-log/{alarmId}). */
  alarmId: number;
  alarmType: AlarmType;
  /** When it happened (epoch ms). */
  time: number;
  fenceName?: string;
  /** Where, when known. */
  lonWGS84?: number;
  latWGS84?: number;
  lon?: number;
  lat?: number;
}

/**
 * A remote command of a device changed: created with its immediate result, delivered after a
 * login (queued → sent), or answered (done, with its §4 result). When it is done and succeeded the
 * device's settings (params, cut, garrison, power, white list, record settings) already show it.
 */
export interface LiveCommandMessage {
  type: 'command';
  deviceId: number;
  command: CommandRecord;
}

/** A recording arrived from the device and is ready to play. */
export interface LiveRecordMessage {
  type: 'record';
  deviceId: number;
  record: AudioRecord;
}

/** The server renewed the session while re-checking it (sliding renewal): store this token. */
export interface LiveTokenMessage {
  type: 'token';
  token: string;
}

export interface LiveErrorMessage {
  type: 'error';
  /** A code of the code table: 401 refused token, 1000 a message the server cannot read. */
  code: number;
  message: string;
}

/** Server → client. */
export type LiveServerMessage =
  | LiveReadyMessage
  | LiveDevicesMessage
  | LiveAlarmMessage
  | LiveCommandMessage
  | LiveRecordMessage
  | LiveTokenMessage
  | LiveErrorMessage;

/** `later` applied over `earlier` (same device): later values win, lbsInfo field by field. */
export function mergeLiveUpdate(
  earlier: LiveDeviceUpdate | undefined,
  later: LiveDeviceUpdate,
): LiveDeviceUpdate {
  if (!earlier) return later;
  const merged: LiveDeviceUpdate = { ...earlier, ...later };
  if (earlier.lbsInfo && later.lbsInfo) merged.lbsInfo = { ...earlier.lbsInfo, ...later.lbsInfo };
  return merged;
}

/** A Terminal (or a list row of one) with an update applied; the same object when it is not its. */
export function applyLiveUpdate<T extends { id: number; lbsInfo: LbsInfo }>(
  terminal: T,
  update: LiveDeviceUpdate,
): T {
  if (terminal.id !== update.id) return terminal;
  const { lbsInfo, ...fields } = update;
  return {
    ...terminal,
    ...fields,
    lbsInfo: lbsInfo ? { ...terminal.lbsInfo, ...lbsInfo } : terminal.lbsInfo,
  };
}
