import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../src/common/bytes.js';
import { buildFrame } from '../../src/jt808/header.js';
import { jt808 } from '../../src/jt808/index.js';
import { newSession, type Command, type ProtocolSession } from '../../src/types.js';
import { frames } from './frames.js';

/** A session that knows device 51160004464 only by id (no frame seen): phone 051160004464. */
const byId = (): ProtocolSession => ({ ...newSession(), deviceId: '51160004464' });

const encodeHex = (command: Command, session = byId()) => {
  const result = jt808.encodeCommand(command, session);
  if (!result.ok) throw new Error(`not encoded: ${result.reason}`);
  return { hex: bytesToHex(result.bytes), reference: result.reference };
};

describe('jt808 encoder', () => {
  const cases: [string, Command, string][] = [
    ['0x8201 location query', { type: 'locateNow' }, '7e820100000511600044640000d77e'],
    [
      '0x8103 param 0x0029 = 120 s',
      { type: 'uploadInterval', seconds: 120 },
      '7e8103000a051160004464000001000000290400000078887e',
    ],
    [
      '0x8103 param 0x0029 for a timing locate mode',
      { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 120 } },
      '7e8103000a051160004464000001000000290400000078887e',
    ],
    ['0x8105 word 4 (reset)', { type: 'restart' }, '7e81050001051160004464000004d57e'],
    ['0x8105 word 5 (factory reset)', { type: 'factoryReset' }, '7e81050001051160004464000005d47e'],
    ['0x8105 word 3 (power off)', { type: 'powerOff' }, '7e81050001051160004464000003d27e'],
    ['0x8105 word 0xF0 (oil cut)', { type: 'cutOil' }, '7e810500010511600044640000f0217e'],
    ['0x8105 word 0xF1 (oil restore)', { type: 'restoreOil' }, '7e810500010511600044640000f1207e'],
    [
      '0x8804 start recording 60 s',
      { type: 'voiceRecord', seconds: 60 },
      '7e88040005051160004464000001003c0000e07e',
    ],
    [
      '0x8103 max speed 0x0055 = 100, duration 0x0056 = 10 s, alarm mask 0x0050 = 0',
      { type: 'overspeed', kmh: 100 },
      '7e8103001c05116000446400000300000055040000006400000056040000000a000000500400000000f07e',
    ],
    [
      '0x8103 alarm mask 0x0050 = bit 1 (overspeed off)',
      { type: 'overspeed', kmh: null },
      '7e8103000a0511600044640000010000005004000000028b7e',
    ],
    [
      '0x8804 start recording 10 s',
      { type: 'voiceRecord', seconds: 10 },
      '7e88040005051160004464000001000a0000d67e',
    ],
    [
      '0x8804 start continuous recording (duration 0)',
      { type: 'alwaysRecord', on: true },
      '7e8804000505116000446400000100000000dc7e',
    ],
    [
      '0x8804 stop recording',
      { type: 'alwaysRecord', on: false },
      '7e8804000505116000446400000000000000dd7e',
    ],
    [
      '0x8300 text in GBK',
      { type: 'custom', text: 'WHERE#你好' },
      '7e8300000b051160004464000001574845524523c4e3bac3ed7e',
    ],
  ];
  for (const [name, command, expected] of cases) {
    it(`encodes ${name} byte-exact with serial 0 as reference`, () => {
      expect(encodeHex(command)).toEqual({ hex: expected, reference: '0' });
    });
  }

  it('uses the 2019 layout and phone of the last decoded frame', () => {
    const session = newSession();
    jt808.decode(hexToBytes(frames.madeHeartbeat2019), session);
    session.serial = 0;
    expect(encodeHex({ type: 'custom', text: 'STATUS#' }, session)).toEqual({
      hex: '7e8300400901000008664960775821640000010153544154555323d17e',
      reference: '0',
    });
  });

  it('takes the session serial, increments it and wraps after 0xffff', () => {
    const session: ProtocolSession = { ...byId(), serial: 0xffff };
    expect(encodeHex({ type: 'locateNow' }, session)).toEqual({
      hex: '7e82010000051160004464ffffd77e',
      reference: '65535',
    });
    expect(session.serial).toBe(0);
    expect(encodeHex({ type: 'locateNow' }, session).reference).toBe('0');
    expect(session.serial).toBe(1);
  });

  it('matches the terminal 0x0001 reply to the command by serial', () => {
    const session: ProtocolSession = { ...byId(), serial: 3 };
    const sent = encodeHex({ type: 'restart' }, session);
    const { messages } = jt808.decode(hexToBytes(frames.madeGeneralOk), session);
    expect(messages).toContainEqual({
      type: 'commandResult',
      reference: sent.reference,
      success: true,
      text: '0x8105: success',
    });
  });

  it('answers unsupported for commands the documents do not define', () => {
    const unsupported: Command[] = [
      { type: 'sosNumbers', numbers: ['13800000000'] },
      { type: 'whiteList', numbers: ['13800000000'] },
      { type: 'locateMode', setting: { mode: 'powerSaving' } },
      { type: 'locateMode', setting: { mode: 'week', days: [1], times: ['08:00'] } },
      { type: 'positioningPriority', priority: 'wifi' },
      { type: 'garrison', armed: true },
      { type: 'powerOn' },
      { type: 'autoRecord', on: true, seconds: 30 },
      { type: 'autoRecordSensitivity', level: 2 },
      { type: 'autoRecordMode', mode: 'sound' },
    ];
    for (const command of unsupported) {
      expect(jt808.encodeCommand(command, byId())).toEqual({ ok: false, reason: 'unsupported' });
    }
  });

  it('answers paramError for bad values or an unknown terminal', () => {
    const bad: [Command, ProtocolSession][] = [
      [{ type: 'uploadInterval', seconds: 0 }, byId()],
      [{ type: 'uploadInterval', seconds: 1.5 }, byId()],
      [{ type: 'voiceRecord', seconds: 70000 }, byId()],
      [{ type: 'voiceRecord', seconds: 0 }, byId()],
      [{ type: 'overspeed', kmh: 0 }, byId()],
      [{ type: 'overspeed', kmh: 256 }, byId()],
      [{ type: 'custom', text: '' }, byId()],
      [{ type: 'custom', text: 'x'.repeat(1023) }, byId()],
      [{ type: 'custom', text: '😀' }, byId()],
      [{ type: 'locateNow' }, newSession()],
    ];
    for (const [command, session] of bad) {
      const result = jt808.encodeCommand(command, session);
      expect(result).toMatchObject({ ok: false, reason: 'paramError' });
      expect(session.serial).toBe(0);
    }
  });
});

describe('jt808 frame building', () => {
  const ack = (phone: number[], is2019 = false) =>
    bytesToHex(
      buildFrame(0x8001, { phone: Uint8Array.from(phone), is2019 }, 1, hexToBytes('00020200')),
    );

  it('right-aligns the phone: a shorter one padded with zero bytes, a longer one cut', () => {
    const full = ack([0x01, 0x23, 0x45, 0x67, 0x89, 0x01]);
    expect(full.slice(10, 22)).toBe('012345678901');
    expect(ack([0x23, 0x45, 0x67, 0x89, 0x01]).slice(10, 22)).toBe('002345678901');
    expect(ack([0x99, 0x01, 0x23, 0x45, 0x67, 0x89, 0x01]).slice(10, 22)).toBe('012345678901');
    // 2019: ten bytes of phone after the protocol version.
    expect(ack([0x01, 0x23, 0x45, 0x67, 0x89, 0x01], true).slice(12, 32)).toBe(
      '00000000012345678901',
    );
  });

  it('answers a new frame each time, whatever is built after it', () => {
    const first = buildFrame(
      0x8001,
      { phone: Uint8Array.of(1, 2, 3, 4, 5, 6), is2019: false },
      1,
      hexToBytes('0002020000'),
    );
    const copy = bytesToHex(first);
    buildFrame(
      0x8001,
      { phone: Uint8Array.of(9, 9, 9, 9, 9, 9), is2019: true },
      7,
      hexToBytes('7e7d7e7d00'),
    );
    expect(bytesToHex(first)).toBe(copy);
  });
});
