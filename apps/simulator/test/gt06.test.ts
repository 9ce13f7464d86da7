import { findProtocol } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { Gt06Device } from '../src/devices/gt06.js';
import { positionsOf, sampleFix, serverDecoder } from './helpers.js';

const IMEI = '860000000000001';

describe('GT06 device frames decode with the server decoder', () => {
  it('logs in and the server acks with the login serial', () => {
    const device = new Gt06Device(IMEI);
    const server = serverDecoder('gt06');
    const login = device.login();
    const result = server.decode(login.bytes);
    expect(result.messages[0]).toMatchObject({ type: 'login', deviceId: IMEI });
    expect(device.parse(result.ack!)).toEqual({ type: 'ack', serial: login.serial });
  });

  it('sends a heartbeat with battery and ACC', () => {
    const device = new Gt06Device(IMEI);
    const server = serverDecoder('gt06');
    const frame = device.heartbeat(sampleFix({ batteryPercent: 100, acc: true }));
    const { messages, ack } = server.decode(frame.bytes);
    expect(messages[0]).toMatchObject({
      type: 'heartbeat',
      status: { acc: true, batteryPercent: 100 },
    });
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: frame.serial });
  });

  it('sends a location with time, coordinates, speed, course, satellites', () => {
    const fix = sampleFix({ latitude: -22.543096, longitude: -114.057865 });
    const [position] = positionsOf(
      serverDecoder('gt06').decode(new Gt06Device(IMEI).location(fix).bytes).messages,
    );
    expect(position).toMatchObject({
      fixTime: fix.time,
      valid: true,
      speedKmh: 42,
      course: 87,
      satellites: 9,
      acc: true,
      reupload: false,
    });
    expect(position!.latitude).toBeCloseTo(fix.latitude, 6);
    expect(position!.longitude).toBeCloseTo(fix.longitude, 6);
    expect(position!.mileageKm).toBeCloseTo(12.345, 3);
  });

  it.each([
    ['sos', 'sos'],
    ['lowBattery', 'lowBattery'],
    ['powerCut', 'powerCut'],
    ['vibration', 'vibration'],
  ] as const)('sends a %s alarm with its position, acked by the server', (alarm, expected) => {
    const device = new Gt06Device(IMEI);
    const fix = sampleFix({ alarm, cut: true });
    const frame = device.location(fix);
    const { messages, ack } = serverDecoder('gt06').decode(frame.bytes);
    expect(messages[0]).toMatchObject({ type: 'alarm', alarms: [expected] });
    const [position] = positionsOf(messages);
    expect(position).toMatchObject({ fixTime: fix.time, cut: true, speedKmh: 42 });
    expect(position!.latitude).toBeCloseTo(fix.latitude, 6);
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: frame.serial });
  });

  it('flags re-uploaded positions', () => {
    const fixes = [sampleFix(), sampleFix({ time: sampleFix().time + 10_000 })];
    const server = serverDecoder('gt06');
    const frames = new Gt06Device(IMEI).reupload(fixes);
    const positions = frames.flatMap((f) => positionsOf(server.decode(f.bytes).messages));
    expect(positions.map((p) => [p.fixTime, p.reupload])).toEqual(fixes.map((f) => [f.time, true]));
  });

  it.each([
    [{ type: 'cutOil' } as const, 'cutOil', true],
    [{ type: 'restoreOil' } as const, 'restoreOil', true],
    [{ type: 'locateNow' } as const, 'locateNow', true],
    [{ type: 'uploadInterval', seconds: 30 } as const, 'interval', true],
    [{ type: 'custom', text: 'SELFDESTRUCT#' } as const, 'unsupported', false],
  ])('understands the server command %o and replies with 0x15', (command, kind, success) => {
    const gt06 = findProtocol('gt06')!;
    const server = serverDecoder('gt06');
    const encoded = gt06.encodeCommand(command, server.session);
    if (!encoded.ok) throw new Error('not encoded');
    const message = new Gt06Device(IMEI).parse(encoded.bytes);
    if (message.type !== 'command') throw new Error(`got ${message.type}`);
    expect(message.command.kind).toBe(kind);
    const reply = message.reply(sampleFix(), false);
    const [result] = server.decode(reply.frames[0]!).messages;
    expect(result).toMatchObject({ type: 'commandResult', reference: encoded.reference, success });
  });
});
