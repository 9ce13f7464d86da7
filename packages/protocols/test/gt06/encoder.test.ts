import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes } from '../../src/common/bytes.js';
import { crc16X25 } from '../../src/gt06/crc.js';
import { buildCommandFrame } from '../../src/gt06/encoder.js';
import { gt06 } from '../../src/gt06/index.js';
import type { Command } from '../../src/types.js';
import { newSession } from '../../src/types.js';

const encodeHex = (command: Command, serial = 0) => {
  const session = newSession();
  session.serial = serial;
  const result = gt06.encodeCommand(command, session);
  if (!result.ok) throw new Error(result.reason);
  return { hex: bytesToHex(result.bytes), reference: result.reference, session };
};

/** Independent check of a 0x80 frame: length, CRC, stop bits, flag, text. */
function parseCommand(hex: string): { flag: string; text: string; serial: number } {
  const b = hexToBytes(hex);
  expect(b[0]).toBe(0x78);
  expect(b[1]).toBe(0x78);
  expect(b[2]).toBe(b.length - 5);
  expect(b[3]).toBe(0x80);
  expect(b[4]).toBe(b.length - 15 + 4);
  const crc = (b[b.length - 4]! << 8) | b[b.length - 3]!;
  expect(crc16X25(b.subarray(2, b.length - 4))).toBe(crc);
  expect(bytesToHex(b.subarray(b.length - 2))).toBe('0d0a');
  return {
    flag: bytesToHex(b.subarray(5, 9)),
    text: Buffer.from(b.subarray(9, b.length - 6)).toString('latin1'),
    serial: (b[b.length - 6]! << 8) | b[b.length - 5]!,
  };
}

describe('gt06 encoder: command 0x80', () => {
  it('builds the Traccar Relay,1# frame byte-exact (serial/flag 0)', () => {
    const { hex, reference, session } = encodeHex({ type: 'cutOil' }, 0);
    expect(hex).toBe('787812800c0000000052656c61792c312300009dee0d0a');
    expect(reference).toBe('00000000');
    expect(session.serial).toBe(1);
  });

  it('builds the VL03 sos# example byte-exact', () => {
    expect(bytesToHex(buildCommandFrame(0, 'sos#', 1))).toBe(
      '78780e800800000000736f732300016d6a0d0a',
    );
  });

  it.each<[Command, string]>([
    [
      { type: 'overspeed', kmh: 100 },
      '78781c80160000010253504545442c4f4e2c32302c3130302c3023010261420d0a',
    ],
    [{ type: 'overspeed', kmh: null }, '787814800e0000010253504545442c4f46462301028e190d0a'],
    [
      { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 600 } },
      '787814800e0000010254494d45522c36303023010264d90d0a',
    ],
  ])('encodes %j byte-exact (serial 0x0102)', (command, expected) => {
    expect(encodeHex(command, 0x0102)).toMatchObject({ hex: expected, reference: '00000102' });
  });

  it.each<[Command, string]>([
    [{ type: 'locateNow' }, 'WHERE#'],
    [{ type: 'uploadInterval', seconds: 30 }, 'TIMER,30#'],
    [{ type: 'restart' }, 'RESET#'],
    [{ type: 'factoryReset' }, 'FACTORY#'],
    [{ type: 'cutOil' }, 'Relay,1#'],
    [{ type: 'restoreOil' }, 'Relay,0#'],
    [
      { type: 'sosNumbers', numbers: ['13800138000', '+8613900139000'] },
      'SOS,A,13800138000,+8613900139000#',
    ],
    [{ type: 'custom', text: 'PARAM#' }, 'PARAM#'],
  ])('encodes %j as %s with the serial as server flag', (command, text) => {
    const { hex, reference } = encodeHex(command, 0x0102);
    expect(parseCommand(hex)).toEqual({ flag: '00000102', text, serial: 0x0102 });
    expect(reference).toBe('00000102');
  });

  it('wraps the serial at 0xFFFF', () => {
    const session = newSession();
    session.serial = 0xffff;
    const first = gt06.encodeCommand({ type: 'locateNow' }, session);
    expect(first.ok && first.reference).toBe('0000ffff');
    expect(session.serial).toBe(0);
    const second = gt06.encodeCommand({ type: 'locateNow' }, session);
    expect(second.ok && second.reference).toBe('00000000');
    expect(session.serial).toBe(1);
  });

  it.each<Command>([
    { type: 'whiteList', numbers: ['123'] },
    { type: 'locateMode', setting: { mode: 'intelligent' } },
    { type: 'powerOff' },
    { type: 'voiceRecord', seconds: 10 },
    { type: 'garrison', armed: true },
    { type: 'powerOn' },
    { type: 'positioningPriority', priority: 'gps' },
    { type: 'alwaysRecord', on: true },
  ])('answers unsupported for %j without using a serial', (command) => {
    const session = newSession();
    expect(gt06.encodeCommand(command, session)).toEqual({ ok: false, reason: 'unsupported' });
    expect(session.serial).toBe(0);
  });

  it.each<Command>([
    { type: 'uploadInterval', seconds: 0 },
    { type: 'uploadInterval', seconds: 4 },
    { type: 'uploadInterval', seconds: 18_001 },
    { type: 'uploadInterval', seconds: 10.5 },
    { type: 'sosNumbers', numbers: [] },
    { type: 'sosNumbers', numbers: ['1', '2', '3', '4'] },
    { type: 'sosNumbers', numbers: ['12a'] },
    { type: 'overspeed', kmh: 0 },
    { type: 'overspeed', kmh: 256 },
    { type: 'locateMode', setting: { mode: 'timing', intervalSeconds: 21_600 } },
    { type: 'custom', text: '' },
    { type: 'custom', text: '定位#' },
    { type: 'custom', text: 'X'.repeat(246) },
  ])('answers paramError for %j', (command) => {
    const result = gt06.encodeCommand(command, newSession());
    expect(result).toMatchObject({ ok: false, reason: 'paramError' });
  });

  it('accepts the longest text that fits a 0x7878 frame', () => {
    const { hex } = encodeHex({ type: 'custom', text: 'X'.repeat(245) });
    expect(hex.length / 2).toBe(260);
    expect(parseCommand(hex).text).toBe('X'.repeat(245));
  });
});
