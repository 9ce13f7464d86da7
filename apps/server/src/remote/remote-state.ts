import type { Command } from '@xunji/protocols';
import type { TerminalParamsValues } from '@xunji/shared';

/** A device's remote settings as it last confirmed them (a command's success changes them). */
export interface RemoteState {
  params: TerminalParamsValues;
  whiteList: string[];
  garrison: boolean;
  cut: boolean;
  powerOn: boolean;
  record: {
    auto: boolean;
    seconds: number;
    sensitivity: number;
    mode: 'sound' | 'schedule';
    always: boolean;
  };
}

/** What a device is assumed to be before it confirmed anything. */
export const INITIAL_REMOTE_STATE: RemoteState = {
  params: { uploadInterval: null, locateMode: null, positioningPriority: null, overspeedKmh: null },
  whiteList: [],
  garrison: false,
  cut: false,
  powerOn: true,
  record: { auto: false, seconds: 30, sensitivity: 2, mode: 'sound', always: false },
};

/** The state once the device confirmed `command`; commands that set nothing leave it as it is. */
export function applyCommand(state: RemoteState, command: Command): RemoteState {
  const params = (patch: Partial<TerminalParamsValues>) => ({
    ...state,
    params: { ...state.params, ...patch },
  });
  const record = (patch: Partial<RemoteState['record']>) => ({
    ...state,
    record: { ...state.record, ...patch },
  });
  switch (command.type) {
    case 'uploadInterval':
      return params({ uploadInterval: command.seconds });
    case 'locateMode':
      return params({ locateMode: command.setting });
    case 'positioningPriority':
      return params({ positioningPriority: command.priority });
    case 'overspeed':
      return params({ overspeedKmh: command.kmh });
    case 'whiteList':
      return { ...state, whiteList: command.numbers };
    case 'garrison':
      return { ...state, garrison: command.armed };
    case 'cutOil':
    case 'restoreOil':
      return { ...state, cut: command.type === 'cutOil' };
    case 'powerOff':
    case 'powerOn':
      return { ...state, powerOn: command.type === 'powerOn' };
    case 'autoRecord':
      return record({ auto: command.on, seconds: command.seconds });
    case 'autoRecordSensitivity':
      return record({ sensitivity: command.level });
    case 'autoRecordMode':
      return record({ mode: command.mode });
    case 'alwaysRecord':
      return record({ always: command.on });
    default:
      return state;
  }
}

/** A stored state, completed with the initial values for what it lacks (older documents). */
export function parseRemoteState(json: string | undefined): RemoteState {
  if (!json) return INITIAL_REMOTE_STATE;
  const stored = JSON.parse(json) as Partial<RemoteState>;
  return {
    ...INITIAL_REMOTE_STATE,
    ...stored,
    params: { ...INITIAL_REMOTE_STATE.params, ...stored.params },
    record: { ...INITIAL_REMOTE_STATE.record, ...stored.record },
  };
}
