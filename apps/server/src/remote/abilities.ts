import { newSession, type Command, type LocateMode, type Protocol } from '@xunji/protocols';
import {
  AUTO_RECORD_SECONDS,
  COMMAND_PARAMS,
  LOCATE_MODES,
  UPLOAD_INTERVAL_PLANS,
  uploadIntervalPlan,
  type CommandParam,
  type FeatureFlags,
  type LocateModeName,
  type UploadIntervalPlan,
} from '@xunji/shared';
import { commandParam } from './command-params.js';

/** The model's feature flag each kind of command needs (spec §3 terminalTypeExtend). */
const FLAG_OF: Partial<Record<CommandParam, keyof FeatureFlags>> = {
  locateMode: 'enablePositionMode',
  positioningPriority: 'enablePositionMode',
  voiceRecord: 'enableRecord',
  autoRecord: 'enableRecord',
  autoRecordSensitivity: 'enableRecord',
  autoRecordMode: 'enableRecord',
  alwaysRecord: 'enableRecord',
};

/** One command of each kind, to ask a protocol whether it can express that kind at all. */
const PROBES: Record<Exclude<CommandParam, 'locateMode'>, Command> = {
  restart: { type: 'restart' },
  factoryReset: { type: 'factoryReset' },
  locateNow: { type: 'locateNow' },
  uploadInterval: { type: 'uploadInterval', seconds: 3600 },
  positioningPriority: { type: 'positioningPriority', priority: 'gps' },
  overspeed: { type: 'overspeed', kmh: 100 },
  garrison: { type: 'garrison', armed: true },
  whiteList: { type: 'whiteList', numbers: [] },
  cutOil: { type: 'cutOil' },
  custom: { type: 'custom', text: 'X' },
  power: { type: 'powerOff' },
  voiceRecord: { type: 'voiceRecord', seconds: 10 },
  autoRecord: { type: 'autoRecord', on: true, seconds: AUTO_RECORD_SECONDS },
  autoRecordSensitivity: { type: 'autoRecordSensitivity', level: 2 },
  autoRecordMode: { type: 'autoRecordMode', mode: 'sound' },
  alwaysRecord: { type: 'alwaysRecord', on: true },
};

const MODE_PROBES: Record<LocateModeName, LocateMode> = {
  timing: { mode: 'timing', intervalSeconds: 3600 },
  intelligent: { mode: 'intelligent' },
  powerSaving: { mode: 'powerSaving' },
  trace: { mode: 'trace' },
  week: { mode: 'week', days: [1], times: ['08:00'] },
  alarmClock: { mode: 'alarmClock', alarms: ['08:00'] },
};

/** No connection's session: to ask an encoder whether it takes a value (encoding changes it). */
const scratchSession = () => ({ ...newSession(), deviceId: '1' });

/** What one device can be asked: its model's flags and category and its protocol together. */
export class DeviceAbilities {
  /** Its kind of upload intervals, from its model's category. */
  readonly uploadIntervalPlan: UploadIntervalPlan | null;

  constructor(
    private readonly flags: FeatureFlags,
    private readonly protocol: Protocol | undefined,
    category: string,
  ) {
    this.uploadIntervalPlan = uploadIntervalPlan(category);
  }

  /**
   * Whether this command can be sent at all (its values are the encoder's to judge); an upload
   * interval only to a device with a kind of intervals.
   */
  allows(command: Command): boolean {
    if (command.type === 'uploadInterval' && !this.uploadIntervalPlan) return false;
    const flag = FLAG_OF[commandParam(command).paramName];
    if (flag && !this.flags[flag]) return false;
    return this.protocol?.supports(command) ?? false;
  }

  /** The upload intervals of its plan that its protocol's encoder takes (GT06: 5 s to 5 h). */
  uploadIntervals(): number[] {
    if (!this.uploadIntervalPlan || !this.protocol) return [];
    const protocol = this.protocol;
    return UPLOAD_INTERVAL_PLANS[this.uploadIntervalPlan].filter((seconds) => {
      const command: Command = { type: 'uploadInterval', seconds };
      return this.allows(command) && protocol.encodeCommand(command, scratchSession()).ok;
    });
  }

  locateModes(): LocateModeName[] {
    return LOCATE_MODES.filter((mode) =>
      this.allows({ type: 'locateMode', setting: MODE_PROBES[mode] }),
    );
  }

  list(): CommandParam[] {
    const modes = this.locateModes();
    return COMMAND_PARAMS.filter((param) =>
      param === 'locateMode' ? modes.length > 0 : this.allows(PROBES[param]),
    );
  }
}
