import { findProtocol } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { H02Device } from '../src/devices/h02.js';
import { positionsOf, sampleFix, serverDecoder } from './helpers.js';

const ID = '8600000006';

describe('H02 device frames decode with the server decoder', () => {
  it('logs in with an NBR report the server answers', () => {
    const device = new H02Device(ID);
    const server = serverDecoder('h02');
    const login = device.login();
    const { messages, ack } = server.decode(login.bytes);
    expect(messages[0]).toEqual({ type: 'login', deviceId: ID });
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: login.serial });
    const heartbeat = server.decode(device.heartbeat(sampleFix()).bytes);
    expect(heartbeat.messages[0]).toMatchObject({
      type: 'heartbeat',
      status: { batteryPercent: 83, acc: true },
    });
  });

  it.each([
    [sampleFix(), undefined],
    [sampleFix({ latitude: -33.856789, longitude: -70.654321, acc: false }), undefined],
    [sampleFix({ alarm: 'sos' }), ['sos']],
    [sampleFix({ alarm: 'powerCut' }), ['powerCut']],
    [sampleFix({ alarm: 'vibration' }), ['vibration']],
  ])('sends V1 reports decoded to the values put in (%#)', (fix, alarms) => {
    const device = new H02Device(ID);
    const server = serverDecoder('h02');
    const frame = device.location(fix);
    const { messages, ack } = server.decode(frame.bytes);
    const [position] = positionsOf(messages);
    expect(position).toMatchObject({
      fixTime: fix.time,
      valid: true,
      course: fix.course,
      acc: fix.acc,
    });
    expect(position!.latitude).toBeCloseTo(fix.latitude, 6);
    expect(position!.longitude).toBeCloseTo(fix.longitude, 6);
    expect(position!.speedKmh).toBeCloseTo(fix.speedKmh, 1);
    expect(position!.alarms).toEqual(alarms);
    expect(device.parse(ack!)).toEqual({ type: 'ack', serial: frame.serial });
  });

  it.each([
    [{ type: 'cutOil' } as const, 'cutOil', true],
    [{ type: 'restoreOil' } as const, 'restoreOil', true],
    [{ type: 'uploadInterval', seconds: 30 } as const, 'interval', true],
    [{ type: 'custom', text: 'ZZ9,1' } as const, 'unsupported', false],
  ])('confirms the command %o with V4', (command, kind, success) => {
    const server = serverDecoder('h02');
    server.decode(new H02Device(ID).login().bytes);
    const encoded = findProtocol('h02')!.encodeCommand(command, server.session);
    if (!encoded.ok) throw new Error('not encoded');
    const message = new H02Device(ID).parse(encoded.bytes);
    if (message.type !== 'command') throw new Error(`got ${message.type}`);
    expect(message.command.kind).toBe(kind);
    const [result] = server.decode(message.reply(sampleFix(), false).frames[0]!).messages;
    expect(result).toMatchObject({ type: 'commandResult', reference: encoded.reference, success });
  });
});
