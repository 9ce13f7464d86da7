import { describe, expect, it } from 'vitest';
import { bytesText, textBytes } from '../../src/common/bytes.js';
import { newSession } from '../../src/types.js';
import type { Command } from '../../src/types.js';
import { watch } from '../../src/watch/index.js';

const session = () => {
  const s = newSession();
  s.deviceId = '8800000015';
  return s;
};

const encode = (command: Command, s = session()) => {
  const result = watch.encodeCommand(command, s);
  if (!result.ok) throw new Error(`not ok: ${result.reason}`);
  return { text: bytesText(result.bytes), reference: result.reference };
};

const unsupportedByWatch: Command[] = [
  { type: 'locateMode', setting: { mode: 'week', days: [1], times: ['08:00'] } },
  { type: 'locateMode', setting: { mode: 'alarmClock', alarms: ['07:00'] } },
  { type: 'positioningPriority', priority: 'wifi' },
  { type: 'overspeed', kmh: 80 },
  { type: 'garrison', armed: true },
  { type: 'powerOn' },
  { type: 'autoRecord', on: true, seconds: 30 },
  { type: 'autoRecordSensitivity', level: 1 },
  { type: 'autoRecordMode', mode: 'schedule' },
  { type: 'alwaysRecord', on: true },
];

const badValues: Command[] = [
  { type: 'voiceRecord', seconds: 0 },
  { type: 'voiceRecord', seconds: 601 },
  { type: 'whiteList', numbers: [] },
  { type: 'whiteList', numbers: Array.from({ length: 11 }, (_, k) => `1380000000${k}`) },
  { type: 'whiteList', numbers: ['12a'] },
];

describe('watch encoder', () => {
  it('encodes the working modes and recording (vendor extensions) byte-exact', () => {
    expect(encode({ type: 'locateMode', setting: { mode: 'intelligent' } })).toEqual({
      text: '[3G*8800000015*0006*MODE,1]',
      reference: 'MODE',
    });
    expect(encode({ type: 'locateMode', setting: { mode: 'powerSaving' } }).text).toBe(
      '[3G*8800000015*0006*MODE,2]',
    );
    expect(encode({ type: 'locateMode', setting: { mode: 'trace' } }).text).toBe(
      '[3G*8800000015*0006*MODE,3]',
    );
    expect(encode({ type: 'voiceRecord', seconds: 10 })).toEqual({
      text: '[3G*8800000015*0009*RECORD,10]',
      reference: 'RECORD',
    });
  });

  it('splits ten white-list numbers over WHITELIST1 and WHITELIST2; only the last echo is the result', () => {
    const s = session();
    const numbers = Array.from({ length: 7 }, (_, k) => `1380000000${k + 1}`);
    expect(encode({ type: 'whiteList', numbers }, s)).toEqual({
      text:
        '[3G*8800000015*0046*WHITELIST1,13800000001,13800000002,13800000003,13800000004,13800000005]' +
        '[3G*8800000015*0025*WHITELIST2,13800000006,13800000007,,,]',
      reference: 'WHITELIST2',
    });
    const echo = (word: string) =>
      watch.decode(
        textBytes(`[3G*8800000015*${word.length.toString(16).padStart(4, '0')}*${word}]`),
        s,
      ).messages;
    expect(echo('WHITELIST1')).toEqual([
      { type: 'unknown', kind: 'WHITELIST1 (part of a command)' },
    ]);
    expect(echo('WHITELIST2')).toEqual([
      { type: 'commandResult', reference: 'WHITELIST2', success: true },
    ]);
    // A later WHITELIST1 echo on its own (a custom command) is a result again.
    expect(echo('WHITELIST1')).toEqual([
      { type: 'commandResult', reference: 'WHITELIST1', success: true },
    ]);
  });

  it('encodes the documented commands byte-exact with LEN in hex', () => {
    expect(encode({ type: 'uploadInterval', seconds: 600 })).toEqual({
      text: '[3G*8800000015*000A*UPLOAD,600]',
      reference: 'UPLOAD',
    });
    expect(encode({ type: 'locateNow' })).toEqual({
      text: '[3G*8800000015*0002*CR]',
      reference: 'CR',
    });
    expect(encode({ type: 'restart' }).text).toBe('[3G*8800000015*0005*RESET]');
    expect(encode({ type: 'factoryReset' }).text).toBe('[3G*8800000015*0007*FACTORY]');
    expect(encode({ type: 'powerOff' }).text).toBe('[3G*8800000015*0008*POWEROFF]');
    expect(
      encode({ type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 300 } }),
    ).toEqual({ text: '[3G*8800000015*000A*UPLOAD,300]', reference: 'UPLOAD' });
  });

  it('matches the BEE MONITOR, IP and SOS example lengths (0x13, 0x14, 0x27)', () => {
    expect(encode({ type: 'custom', text: 'MONITOR,13100010002' })).toEqual({
      text: '[3G*8800000015*0013*MONITOR,13100010002]',
      reference: 'MONITOR',
    });
    expect(encode({ type: 'custom', text: 'IP,113.81.229.9,5900' }).text).toBe(
      '[3G*8800000015*0014*IP,113.81.229.9,5900]',
    );
    expect(
      encode({ type: 'sosNumbers', numbers: ['00000000000', '11111111111', '22222222222'] }),
    ).toEqual({
      text: '[3G*8800000015*0027*SOS,00000000000,11111111111,22222222222]',
      reference: 'SOS',
    });
  });

  it('pads SOS to three slots, writes WHITELIST1, uses the maker code the watch sent', () => {
    expect(encode({ type: 'sosNumbers', numbers: ['123'] }).text).toBe(
      '[3G*8800000015*0009*SOS,123,,]',
    );
    expect(encode({ type: 'whiteList', numbers: ['123', '456'] })).toEqual({
      text: '[3G*8800000015*0015*WHITELIST1,123,456,,,][3G*8800000015*000F*WHITELIST2,,,,,]',
      reference: 'WHITELIST2',
    });
    const s = session();
    s.extra.watchManufacturer = 'SG';
    expect(encode({ type: 'locateNow' }, s).text).toBe('[SG*8800000015*0002*CR]');
    s.extra.watchManufacturer = 'ZJ';
    s.extra.watchIndexed = true;
    expect(encode({ type: 'restart' }, s).text).toBe('[ZJ*8800000015*0001*0005*RESET]');
  });

  it('refuses what the watch cannot do and bad parameters', () => {
    const s = session();
    expect(watch.encodeCommand({ type: 'cutOil' }, s)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
    expect(watch.encodeCommand({ type: 'restoreOil' }, s)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
    for (const command of unsupportedByWatch)
      expect(watch.encodeCommand(command, s)).toEqual({ ok: false, reason: 'unsupported' });
    for (const command of badValues)
      expect(watch.encodeCommand(command, s)).toMatchObject({ ok: false, reason: 'paramError' });
    expect(watch.encodeCommand({ type: 'uploadInterval', seconds: 10 }, s)).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(
      watch.encodeCommand({ type: 'sosNumbers', numbers: ['1', '2', '3', '4'] }, s),
    ).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(watch.encodeCommand({ type: 'custom', text: 'X]' }, s)).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
    expect(watch.encodeCommand({ type: 'locateNow' }, newSession())).toMatchObject({
      ok: false,
      reason: 'paramError',
    });
  });
});
