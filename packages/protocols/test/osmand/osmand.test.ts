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

  it('takes a form body, merged with the query (Traccar Client SDK, GPSLogger POST)', () => {
    // Field names and units of traccar/traccar-client-sdk HttpUploader.kt (submitForm).
    const request =
      'POST /?key=k1 HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded; charset=UTF-8\r\n\r\n' +
      'id=48241179&lat=52.5&lon=13.4&timestamp=1750000000&accuracy=5.0&altitude=34.0&speed=5.83&bearing=90.0&batt=80&charge=true&battery_voltage=4123';
    const { messages } = decodeOsmAnd(textBytes(request));
    expect(messages[0]).toEqual({ type: 'login', deviceId: '48241179' });
    const position = positionOf(request);
    expect(position).toMatchObject({
      fixTime: 1750000000000,
      latitude: 52.5,
      longitude: 13.4,
      course: 90,
      altitude: 34,
      batteryPercent: 80,
      charging: true,
      voltage: 4.123,
    });
    expect(position.speedKmh).toBeCloseTo(10.79716, 6);
    // A GET whose body is a form and whose target has no query (python requests, traccar#4822).
    expect(
      positionOf('GET / HTTP/1.1\r\nHost: x\r\n\r\nid=1111&lat=22.31&lon=114.18'),
    ).toMatchObject({ latitude: 22.31, longitude: 114.18 });
  });

  it('takes the SDK JSON array of flat reports and a batched Traccar Client body', () => {
    const sdk = JSON.stringify([
      { id: 'p1', lat: 1.5, lon: 2.5, timestamp: 1750000000, speed: 1, alarm: 'sos' },
      { id: 'p1', lat: 1.6, lon: 2.6, timestamp: 1750000010, charge: false },
    ]);
    const { messages } = decodeOsmAnd(textBytes(sdk));
    expect(messages.map((m) => m.type)).toEqual(['login', 'alarm', 'position']);
    expect(messages[1]).toMatchObject({
      alarms: ['sos'],
      position: { latitude: 1.5, alarms: ['sos'], fixTime: 1750000000000 },
    });
    const batch = JSON.stringify({
      device_id: 'b1',
      location: [
        { timestamp: '2025-01-01T00:00:00Z', coords: { latitude: 3, longitude: 4, speed: 1 } },
        {
          timestamp: '2025-01-01T00:00:10Z',
          coords: { latitude: 3.1, longitude: 4.1 },
          extras: { alarm: 'sos' },
          odometer: 1500,
        },
      ],
    });
    const batched = decodeOsmAnd(textBytes(batch)).messages;
    expect(batched.map((m) => m.type)).toEqual(['login', 'position', 'alarm']);
    expect(batched[2]).toMatchObject({ position: { latitude: 3.1, mileageKm: 1.5 } });
  });

  it('takes the OsmAnd app template (ms), GPSLogger values and a decimal comma', () => {
    // OsmAnd's default online tracking URL: lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}
    const app = positionOf(
      'https://example.com/?id=a&lat=45.1&lon=7.6&timestamp=1700000000123&hdop=4.0&altitude=&speed=0.0&bearing=',
    );
    expect(app).toMatchObject({ fixTime: 1700000000123, course: 0 });
    expect(app.altitude).toBeUndefined();
    // GPSLogger: %TIME is ISO with an offset, %ISCHARGING true/false, %BATT percent.
    const logger = positionOf(
      '?id=g&lat=45.1&lon=7.6&timestamp=2024-03-01T10:00:00%2B0100&batt=55.0&charging=false',
    );
    expect(logger).toMatchObject({ fixTime: Date.UTC(2024, 2, 1, 9), batteryPercent: 55 });
    expect(positionOf('/?id=c&lat=48,8566&lon=2,3522')).toMatchObject({
      latitude: 48.8566,
      longitude: 2.3522,
    });
  });

  it('gives a status (and its alarm) for a report without coordinates, never a position', () => {
    const { messages } = decodeOsmAnd(textBytes('/?id=s1&batt=0.42&alarm=sos,lowBattery'));
    expect(messages).toEqual([
      { type: 'login', deviceId: 's1' },
      { type: 'status', status: { batteryPercent: 42 }, alarms: ['sos', 'lowBattery'] },
    ]);
    expect(decodeOsmAnd(textBytes('/?id=s1')).messages[1]).toEqual({ type: 'heartbeat' });
  });

  it('reads a chunked request and a request line whose query has raw spaces', () => {
    const chunked =
      'POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n' +
      'a\r\nid=7&lat=1\r\n8\r\n&lon=2.5\r\n0\r\n\r\n';
    expect(positionOf(chunked)).toMatchObject({ latitude: 1, longitude: 2.5 });
    expect(
      positionOf('GET /?id=1&lat=1&lon=2&timestamp=2016-01-15 21:41:18 HTTP/1.1').fixTime,
    ).toBe(Date.UTC(2016, 0, 15, 21, 41, 18));
  });

  it.each([
    '/?lat=1&lon=2',
    '/?id=1&lat=91&lon=2',
    '/?id=1&lat=1',
    '{"device_id":"x"',
    'garbage',
    '',
    '/?id=1&lat=1&lon=2&timestamp=yesterday',
    '/?id=1&lat=north&lon=2',
    '/?id=1&cell=1,2',
    '/?id=1&wifi=nope,-70',
    '[]',
    '[1]',
    'POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n9\r\nid=7',
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
