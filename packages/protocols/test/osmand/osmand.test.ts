import { describe, expect, it } from 'vitest';
import { textBytes } from '../../src/common/bytes.js';
import { decodeOsmAnd } from '../../src/osmand/decoder.js';
import { osmand } from '../../src/osmand/index.js';
import { DecodeError, newSession, type Position } from '../../src/types.js';
import { checkFramerProperties } from '../support/framer-properties.js';

const positionOf = (payload: string): Position => {
  const message = decodeOsmAnd(textBytes(payload)).messages.find((m) => m.type === 'position');
  if (message?.type !== 'position') throw new Error('no position');
  return message.position;
};

describe('OsmAnd', () => {
  it('decodes the Traccar Client query (speed in knots, seconds timestamp)', () => {
    const payload =
      '/?id=123456&timestamp=1609459200&lat=31.230416&lon=121.473701&speed=10&bearing=90.5&altitude=12&batt=76&charge=true';
    const { messages, ack } = decodeOsmAnd(textBytes(payload));
    expect(messages[0]).toEqual({ type: 'login', deviceId: '123456' });
    expect(ack).toBeUndefined();
    const position = positionOf(payload);
    expect(position.fixTime).toBe(Date.UTC(2021, 0, 1));
    expect(position.latitude).toBeCloseTo(31.230416, 6);
    expect(position.longitude).toBeCloseTo(121.473701, 6);
    expect(position.speedKmh).toBeCloseTo(18.52, 6);
    expect(position).toMatchObject({
      course: 90.5,
      altitude: 12,
      batteryPercent: 76,
      charging: true,
      valid: true,
    });
  });

  it('takes location=lat,lon, deviceid, millisecond and text timestamps, and valid=false', () => {
    const position = positionOf(
      '/?deviceid=A1&location=22.5431,114.0579&timestamp=2021-01-01 08:30:00&valid=false',
    );
    expect(position).toMatchObject({ latitude: 22.5431, longitude: 114.0579, valid: false });
    expect(position.fixTime).toBe(Date.UTC(2021, 0, 1, 8, 30));
    expect(positionOf('/?id=1&lat=1&lon=2&timestamp=1609459200123').fixTime).toBe(1609459200123);
  });

  it('decodes the JSON body (speed m/s, battery 0-1, odometer m)', () => {
    const body = JSON.stringify({
      device_id: 'phone-7',
      location: {
        timestamp: '2021-01-01T00:00:05.000Z',
        coords: { latitude: 39.908823, longitude: 116.39747, speed: 5, heading: 180, altitude: 44 },
        battery: { level: 0.45, is_charging: false },
        odometer: 12345,
      },
    });
    const { messages } = decodeOsmAnd(textBytes(body));
    expect(messages[0]).toEqual({ type: 'login', deviceId: 'phone-7' });
    expect(positionOf(body)).toMatchObject({
      fixTime: Date.UTC(2021, 0, 1, 0, 0, 5),
      latitude: 39.908823,
      longitude: 116.39747,
      speedKmh: 18,
      course: 180,
      batteryPercent: 45,
      charging: false,
      mileageKm: 12.345,
    });
  });

  it.each([
    '/?lat=1&lon=2',
    '/?id=1&lat=91&lon=2',
    '/?id=1&lat=1',
    '{"device_id":"x"',
    'garbage',
    '/?id=1&lat=1&lon=2&timestamp=yesterday',
  ])('refuses %s with DecodeError', (payload) =>
    expect(() => decodeOsmAnd(textBytes(payload))).toThrow(DecodeError),
  );

  it('takes no commands', () => {
    expect(osmand.encodeCommand({ type: 'locateNow' }, newSession())).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });

  it('frames a log of payloads in any split', () => {
    const payloads = [
      '/?id=1&lat=1&lon=2',
      '/?id=2&lat=3&lon=4',
      '{"device_id":"x","location":{}}',
    ];
    checkFramerProperties(
      osmand,
      payloads.map((p) => textBytes(`${p}\n`)),
      textBytes(`/?id=${'9'.repeat(70_000)}\n`),
      payloads.map(textBytes),
    );
  });
});
