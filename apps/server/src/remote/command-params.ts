import type { Command } from '@xunji/protocols';
import type { CommandParam } from '@xunji/shared';

const onOff = (on: boolean): string => (on ? '1' : '0');

/**
 * A command's §3 display: the setting it changes (paramName) and the value asked, "1"/"0" for
 * the on/off ones (the app words them per §4). Commands of one paramName are one kind: at most
 * one of a kind waits for a device at a time.
 */
export function commandParam(command: Command): {
  paramName: CommandParam;
  paramValue: string | null;
} {
  switch (command.type) {
    case 'restart':
    case 'factoryReset':
    case 'locateNow':
      return { paramName: command.type, paramValue: null };
    case 'uploadInterval':
      return { paramName: 'uploadInterval', paramValue: String(command.seconds) };
    case 'locateMode':
      return { paramName: 'locateMode', paramValue: command.setting.mode };
    case 'positioningPriority':
      return { paramName: 'positioningPriority', paramValue: command.priority };
    case 'overspeed':
      return {
        paramName: 'overspeed',
        paramValue: command.kmh === null ? '0' : String(command.kmh),
      };
    case 'garrison':
      return { paramName: 'garrison', paramValue: onOff(command.armed) };
    case 'whiteList':
    case 'sosNumbers':
      return { paramName: 'whiteList', paramValue: command.numbers.join(',') };
    case 'cutOil':
    case 'restoreOil':
      return { paramName: 'cutOil', paramValue: onOff(command.type === 'cutOil') };
    case 'powerOff':
    case 'powerOn':
      return { paramName: 'power', paramValue: onOff(command.type === 'powerOn') };
    case 'custom':
      return { paramName: 'custom', paramValue: command.text };
    case 'voiceRecord':
      return { paramName: 'voiceRecord', paramValue: String(command.seconds) };
    case 'autoRecord':
      return { paramName: 'autoRecord', paramValue: onOff(command.on) };
    case 'autoRecordSensitivity':
      return { paramName: 'autoRecordSensitivity', paramValue: String(command.level) };
    case 'autoRecordMode':
      return { paramName: 'autoRecordMode', paramValue: command.mode };
    case 'alwaysRecord':
      return { paramName: 'alwaysRecord', paramValue: onOff(command.on) };
  }
}

/**
 * Whether a command carries someone's personal data (phone numbers; free text, which can set
 * anything): it goes only to a connection that has proven itself (LiveSessions.trustedConnectionOf).
 */
export const carriesPersonalData = (command: Command): boolean =>
  command.type === 'whiteList' || command.type === 'sosNumbers' || command.type === 'custom';
