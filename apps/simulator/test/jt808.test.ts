import { findProtocol } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { Jt808Device } from '../src/devices/jt808.js';
import { positionsOf, sampleFix, serverDecoder, STUB_AUTH_CODE } from './helpers.js';

const PHONE = '860000000002';

/** Registers and authenticates a device on a server session; answers the auth serial. */
function loggedIn() {
  const device = new Jt808Device(PHONE);
  const server = serverDecoder('jt808');
  const register = server.decode(device.login().bytes);
  expect(register.messages[0]).toMatchObject({ type: 'login', deviceId: PHONE });
  const registered = device.parse(register.ack!);
  expect(registered).toMatchObject({ type: 'registered', authCode: STUB_AUTH_CODE });
  const auth = device.continueLogin(registered)!;
  const authResult = server.decode(auth.bytes);
  expect(authResult.messages[0]).toMatchObject({
    type: 'login',
    credential: { kind: 'authCode', code: STUB_AUTH_CODE },
  });
  expect(device.parse(authResult.ack!)).toEqual({ type: 'ack', serial: auth.serial });
  return { device, server };
}

describe('JT/T 808 device frames decode with the server decoder', () => {
  it('registers, then authenticates with the code it was given (also after reconnecting)', () => {
    const { device } = loggedIn();
    device.reset();
    const again = serverDecoder('jt808').decode(device.login().bytes);
    expect(again.messages[0]).toMatchObject({
      type: 'login',
      credential: { kind: 'authCode', code: STUB_AUTH_CODE },
    });
  });

  it('sends heartbeats the server acks', () => {
    const { device, server } = loggedIn();
    const heartbeat = device.heartbeat();
    const { messages, ack } = server.decode(heartbeat.bytes);
    expect(messages).toEqual([{ type: 'heartbeat' }]);
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: heartbeat.serial });
  });

  it('sends a location with time, coordinates, speed, course, satellites, battery', () => {
    const { device, server } = loggedIn();
    const fix = sampleFix({ speedKmh: 37.4, latitude: 39.907512, longitude: 116.397481 });
    const frame = device.location(fix);
    const { messages, ack } = server.decode(frame.bytes);
    const [position] = positionsOf(messages);
    expect(position).toMatchObject({
      fixTime: fix.time,
      valid: true,
      latitude: fix.latitude,
      longitude: fix.longitude,
      speedKmh: 37.4,
      course: 87,
      satellites: 9,
      batteryPercent: 80,
      acc: true,
      cut: false,
      mileageKm: 12.3,
    });
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: frame.serial });
  });

  it.each(['sos', 'lowBattery', 'powerCut', 'vibration'] as const)('raises a %s alarm', (alarm) => {
    const { device, server } = loggedIn();
    const [position] = positionsOf(
      server.decode(device.location(sampleFix({ alarm })).bytes).messages,
    );
    expect(position!.alarms).toEqual([alarm]);
  });

  it('re-uploads a blind-area batch of 0x0704 frames flagged as re-uploads', () => {
    const { device, server } = loggedIn();
    const fixes = Array.from({ length: 45 }, (_, i) =>
      sampleFix({ time: sampleFix().time + i * 10_000 }),
    );
    const frames = device.reupload(fixes);
    expect(frames.map((f) => f.fixes.length)).toEqual([20, 20, 5]);
    const positions = frames.flatMap((f) => {
      const { messages, ack } = server.decode(f.bytes);
      expect(device.parse(ack!)).toEqual({ type: 'ack', serial: f.serial });
      return positionsOf(messages);
    });
    expect(positions.map((p) => [p.fixTime, p.reupload])).toEqual(fixes.map((f) => [f.time, true]));
  });

  it.each([
    [{ type: 'cutOil' } as const, 'cutOil', true],
    [{ type: 'restoreOil' } as const, 'restoreOil', true],
    [{ type: 'uploadInterval', seconds: 30 } as const, 'interval', true],
    [{ type: 'restart' } as const, 'accepted', true],
    [{ type: 'voiceRecord', seconds: 10 } as const, 'record', true],
  ])('answers the command %o with a 0x0001 carrying its serial', (command, kind, success) => {
    const { device, server } = loggedIn();
    const encoded = findProtocol('jt808')!.encodeCommand(command, server.session);
    if (!encoded.ok) throw new Error('not encoded');
    const message = device.parse(encoded.bytes);
    if (message.type !== 'command') throw new Error(`got ${message.type}`);
    expect(message.command.kind).toBe(kind);
    const [result] = server.decode(message.reply(sampleFix(), false).frames[0]!).messages;
    expect(result).toMatchObject({ type: 'commandResult', reference: encoded.reference, success });
  });

  it('answers a location query with a 0x0201 position', () => {
    const { device, server } = loggedIn();
    const encoded = findProtocol('jt808')!.encodeCommand({ type: 'locateNow' }, server.session);
    if (!encoded.ok) throw new Error('not encoded');
    const message = device.parse(encoded.bytes);
    if (message.type !== 'command') throw new Error(`got ${message.type}`);
    const fix = sampleFix();
    const reply = message.reply(fix, false);
    const { messages, ack } = server.decode(reply.frames[0]!);
    expect(messages[0]).toMatchObject({ type: 'commandResult', reference: encoded.reference });
    expect(positionsOf(messages)[0]).toMatchObject({ fixTime: fix.time, latitude: fix.latitude });
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: reply.positionSerial });
  });
});
