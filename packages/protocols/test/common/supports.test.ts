import { describe, expect, it } from 'vitest';
import { protocols } from '../../src/registry.js';
import { newSession, type Command, type Protocol, type ProtocolName } from '../../src/types.js';

/** One command of every type and every locate mode, with values any protocol could take. */
const everyCommand: Command[] = [
  { type: 'locateNow' },
  { type: 'uploadInterval', seconds: 600 },
  { type: 'restart' },
  { type: 'factoryReset' },
  { type: 'cutOil' },
  { type: 'restoreOil' },
  { type: 'sosNumbers', numbers: ['13800000000'] },
  { type: 'whiteList', numbers: ['13800000000'] },
  { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 600 } },
  { type: 'locateMode', setting: { mode: 'intelligent' } },
  { type: 'locateMode', setting: { mode: 'powerSaving' } },
  { type: 'locateMode', setting: { mode: 'trace' } },
  { type: 'locateMode', setting: { mode: 'week', days: [1, 2], times: ['08:00'] } },
  { type: 'locateMode', setting: { mode: 'alarmClock', alarms: ['07:30'] } },
  { type: 'positioningPriority', priority: 'gps' },
  { type: 'overspeed', kmh: 100 },
  { type: 'garrison', armed: true },
  { type: 'powerOff' },
  { type: 'powerOn' },
  { type: 'voiceRecord', seconds: 15 },
  { type: 'autoRecord', on: true, seconds: 30 },
  { type: 'autoRecordSensitivity', level: 2 },
  { type: 'autoRecordMode', mode: 'sound' },
  { type: 'alwaysRecord', on: true },
  { type: 'custom', text: 'VERSION' },
];

const describeCommand = (command: Command) =>
  command.type === 'locateMode' ? `locateMode ${command.setting.mode}` : command.type;

/** A session the encoder can address (a device id every protocol accepts). */
const sessionFor = () => ({ ...newSession(), deviceId: '13800000000' });

describe('Protocol.supports', () => {
  const entries = Object.entries(protocols) as [ProtocolName, Protocol][];

  it.each(entries)('%s: supports() is false exactly when the encoder says unsupported', (_, p) => {
    for (const command of everyCommand) {
      const encoded = p.encodeCommand(command, sessionFor());
      const unsupported = !encoded.ok && encoded.reason === 'unsupported';
      expect({ command: describeCommand(command), supported: p.supports(command) }).toEqual({
        command: describeCommand(command),
        supported: !unsupported,
      });
    }
  });

  it('answers per locate mode and ignores values', () => {
    const jt808 = protocols.jt808!;
    expect(
      jt808.supports({ type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 0 } }),
    ).toBe(true);
    expect(jt808.supports({ type: 'uploadInterval', seconds: -1 })).toBe(true);
    expect(jt808.supports({ type: 'powerOn' })).toBe(false);
  });

  it('OsmAnd supports nothing; powerOn is supported nowhere', () => {
    expect(everyCommand.filter((c) => protocols.osmand!.supports(c))).toEqual([]);
    expect(entries.filter(([, p]) => p.supports({ type: 'powerOn' }))).toEqual([]);
  });
});
