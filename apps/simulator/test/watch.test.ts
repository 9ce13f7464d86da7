import { findProtocol } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { WatchDevice } from '../src/devices/watch.js';
import { positionsOf, sampleFix, serverDecoder } from './helpers.js';

const ID = '8600000005';

describe('watch device frames decode with the server decoder', () => {
  it('logs in with LK, answered with an LK the device reads as the ack', () => {
    const device = new WatchDevice(ID);
    const server = serverDecoder('watch');
    const login = device.login();
    const { messages, ack } = server.decode(login.bytes);
    expect(messages[0]).toEqual({ type: 'login', deviceId: ID });
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: login.serial });
    const heartbeat = device.heartbeat(sampleFix());
    const next = server.decode(heartbeat.bytes);
    expect(next.messages[0]).toMatchObject({ type: 'heartbeat', status: { batteryPercent: 83 } });
    expect(device.parse(next.ack!)).toEqual({ type: 'ack', serial: heartbeat.serial });
  });

  it('sends UD positions and flags UD2 re-uploads', () => {
    const device = new WatchDevice(ID);
    const server = serverDecoder('watch');
    const fix = sampleFix({ latitude: 30.25, longitude: -120.1555 });
    const [position] = positionsOf(server.decode(device.location(fix).bytes).messages);
    expect(position).toMatchObject({
      fixTime: fix.time,
      valid: true,
      latitude: fix.latitude,
      longitude: fix.longitude,
      speedKmh: 42,
      course: 87,
      satellites: 9,
      batteryPercent: 83,
    });
    const [again] = device.reupload([fix]);
    expect(positionsOf(server.decode(again!.bytes).messages)[0]).toMatchObject({ reupload: true });
  });

  it('sends SOS as an AL the server answers', () => {
    const device = new WatchDevice(ID);
    const server = serverDecoder('watch');
    const frame = device.location(sampleFix({ alarm: 'sos' }));
    const { messages, ack } = server.decode(frame.bytes);
    const alarm = messages.find((m) => m.type === 'alarm');
    expect(alarm?.type === 'alarm' && alarm.alarms).toEqual(['sos']);
    expect(positionsOf(messages)).toHaveLength(1);
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: frame.serial });
  });

  it.each([
    [{ type: 'locateNow' } as const, 'locateNow'],
    [{ type: 'uploadInterval', seconds: 300 } as const, 'interval'],
    [{ type: 'restart' } as const, 'accepted'],
  ])('echoes the command %o', (command, kind) => {
    const server = serverDecoder('watch');
    server.decode(new WatchDevice(ID).login().bytes);
    const encoded = findProtocol('watch')!.encodeCommand(command, server.session);
    if (!encoded.ok) throw new Error('not encoded');
    const message = new WatchDevice(ID).parse(encoded.bytes);
    if (message.type !== 'command') throw new Error(`got ${message.type}`);
    expect(message.command.kind).toBe(kind);
    const [result] = server.decode(message.reply(sampleFix(), false).frames[0]!).messages;
    expect(result).toMatchObject({
      type: 'commandResult',
      reference: encoded.reference,
      success: true,
    });
  });
});
