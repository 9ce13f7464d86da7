import { describe, expect, it } from 'vitest';
import { textBytes } from '../../src/common/bytes.js';
import { inspect } from '../../src/inspect.js';
import { decodeOsmAnd } from '../../src/osmand/decoder.js';
import { osmand } from '../../src/osmand/index.js';
import { DecodeError, type DecodedMessage, type Position } from '../../src/types.js';
import { REAL_FRAMES } from './real-frames.js';

const NOW = Date.UTC(2025, 6, 1);

const decode = (frame: string) => decodeOsmAnd(textBytes(frame), NOW).messages;

const frameNamed = (name: string): string => {
  const found = REAL_FRAMES.find((f) => f.name === name);
  if (!found) throw new Error(`no frame named ${name}`);
  return found.frame;
};

const fixOf = (messages: DecodedMessage[]): Position | undefined => {
  for (const m of messages) {
    if (m.type === 'position') return m.position;
    if (m.type === 'alarm' && m.position) return m.position;
  }
  return undefined;
};

const positionOf = (frame: string): Position => {
  const position = fixOf(decode(frame));
  if (!position) throw new Error('no position');
  return position;
};

const expectAt = (position: Position, latitude: number, longitude: number) => {
  expect(position.latitude).toBeCloseTo(latitude, 6);
  expect(position.longitude).toBeCloseTo(longitude, 6);
};

describe('OsmAnd real frames', () => {
  it('every collected frame decodes, and every one with coordinates gives its fix', () => {
    let positions = 0;
    for (const { name, frame } of REAL_FRAMES) {
      const messages = decode(frame);
      expect(messages[0]?.type, name).toBe('login');
      if (fixOf(messages)) positions++;
    }
    expect(REAL_FRAMES).toHaveLength(25);
    // All but the cells-and-Wi-Fi report carry coordinates.
    expect(positions).toBe(24);
  });

  it('the inspector takes every frame as pasted, one per line', () => {
    for (const { name, frame } of REAL_FRAMES) {
      expect(inspect(osmand, frame).frames, name).toBe(1);
    }
  });

  it('cells and Wi-Fi without coordinates are a network fix, not a position', () => {
    const messages = decode(frameNamed('cells and Wi-Fi without coordinates'));
    expect(messages).toEqual([
      { type: 'login', deviceId: '123456' },
      {
        type: 'networkFix',
        fixTime: 1377177267000,
        cells: [
          { mcc: 257, mnc: 2, lac: 16, cellId: 2224 },
          { mcc: 257, mnc: 2, lac: 16, cellId: 2223, rssi: -90 },
        ],
        wifi: [
          { mac: '00:14:22:01:23:45', rssi: -80 },
          { mac: '00:1c:b3:09:85:15', rssi: -70 },
        ],
      },
    ]);
  });

  it('reads the timestamp as ISO, milliseconds, seconds or yyyy-MM-dd HH:mm:ss (UTC)', () => {
    const iso = positionOf(frameNamed('ISO timestamp, url-encoded'));
    expect(iso.fixTime).toBe(Date.UTC(2016, 0, 27, 18, 55, 47));
    expectAt(iso, 42.06288, -88.23412);
    expect(iso).toMatchObject({ altitude: 224, speedKmh: 0, valid: true });
    expect(positionOf(frameNamed('millisecond timestamp')).fixTime).toBe(1442068686579);
    const text = positionOf(frameNamed('yyyy-MM-dd+HH:mm:ss timestamp, id last'));
    expect(text.fixTime).toBe(Date.UTC(2014, 5, 4, 9, 10, 11));
    expectAt(text, 49.60688, 6.15788);
    expect(positionOf(frameNamed('minimal')).fixTime).toBe(1377177267000);
    expect(positionOf(frameNamed('battery, no timestamp')).fixTime).toBe(NOW);
  });

  it('takes deviceid, heading and location=lat,lon', () => {
    const messages = decode(frameNamed('deviceid, heading, no timestamp'));
    expect(messages[0]).toEqual({ type: 'login', deviceId: '123456' });
    expectAt(positionOf(frameNamed('location=lat,lon')), 60, 30);
  });

  it('converts knots to km/h and keeps ignition and battery', () => {
    const vehicle = positionOf(frameNamed('vehicle sender (ignition, rpm, fuel)'));
    expectAt(vehicle, 40.7232948571, -74.0061408571);
    expect(vehicle.speedKmh).toBeCloseTo(74.08, 6);
    expect(vehicle.course).toBeCloseTo(7.19889788244, 9);
    expect(vehicle.acc).toBe(true);
    const battery = positionOf(frameNamed('battery, no timestamp'));
    expect(battery).toMatchObject({ batteryPercent: 87, altitude: 350.059479 });
    expectAt(battery, 41.666667, -0.883333);
  });

  it('decodes the Traccar Client JSON (m/s, battery 0-1, -1 unknown)', () => {
    const moving = positionOf(frameNamed('Traccar Client JSON, Android phone moving'));
    expect(decode(frameNamed('Traccar Client JSON, Android phone moving'))[0]).toEqual({
      type: 'login',
      deviceId: '8737767034',
    });
    expect(moving.fixTime).toBe(Date.UTC(2021, 6, 21, 8, 6, 34, 444));
    expectAt(moving, -6.1148096, 106.6837015);
    expect(moving.speedKmh).toBeCloseTo(67.212, 6);
    expect(moving).toMatchObject({
      course: 63,
      altitude: 35.7,
      batteryPercent: 79,
      charging: false,
      valid: true,
    });
    expect(moving.mileageKm).toBeUndefined();

    const simulator = positionOf(
      frameNamed('Traccar Client JSON, iOS simulator (mock, unknown speed and battery)'),
    );
    expectAt(simulator, 37.785834, -122.406417);
    expect(simulator).toMatchObject({ speedKmh: 0, course: 0, charging: false });
    expect(simulator.batteryPercent).toBeUndefined();
    expect(simulator.fixTime).toBe(Date.UTC(2025, 4, 9, 4, 11, 30, 579));

    const emulator = positionOf(frameNamed('Traccar Client JSON, Android emulator'));
    expectAt(emulator, 37.4219983, -122.084);
    expect(emulator).toMatchObject({ batteryPercent: 100, course: 0, altitude: 5 });
    expect(positionOf(frameNamed('Traccar Client JSON with extras')).fixTime).toBe(
      Date.UTC(2025, 5, 15, 13, 45, 12, 862),
    );
  });

  it('marks a 0,0 fix invalid instead of placing the phone in the Gulf of Guinea', () => {
    const zero = positionOf(frameNamed('documented JSON body (a phone without a fix: 0,0)'));
    expect(zero).toMatchObject({ latitude: 0, longitude: 0, valid: false });
  });

  it('takes full URLs, with cells and Wi-Fi beside the fix', () => {
    const every = positionOf(frameNamed('documented URL, every field'));
    expect(every.fixTime).toBe(Date.UTC(2021, 0, 1));
    expectAt(every, 48.8566, 2.3522);
    expect(every.speedKmh).toBeCloseTo(27.78, 6);
    expect(every).toMatchObject({ course: 270, altitude: 35, batteryPercent: 75 });
    const network = positionOf(frameNamed('documented URL, cell and Wi-Fi with a fix'));
    expect(network.cells).toEqual([{ mcc: 208, mnc: 10, lac: 12345, cellId: 67890, rssi: 50 }]);
    expect(network.wifi).toEqual([{ mac: '00:11:22:33:44:55', rssi: -70 }]);
    expect(positionOf(frameNamed('documented URL, milliseconds')).fixTime).toBe(1609459200000);
  });

  it("decodes Traccar's hex log of a whole request, headers and all", () => {
    const android = positionOf(frameNamed('Traccar Client Android 2015, hex with headers'));
    expect(decode(frameNamed('Traccar Client Android 2015, hex with headers'))[0]).toEqual({
      type: 'login',
      deviceId: 'Bheki_Phone',
    });
    expect(android.fixTime).toBe(1447068117000);
    expectAt(android, -29.609939999999998, 30.372283333333332);
    expect(android).toMatchObject({
      course: 243.6199951171875,
      altitude: 654.3,
      batteryPercent: 53,
    });

    const vehicle = positionOf(
      frameNamed('vehicle tracker, text timestamp with milliseconds, hex'),
    );
    expect(vehicle.fixTime).toBe(Date.UTC(2016, 0, 15, 21, 41, 18));
    expectAt(vehicle, -26.619913, 152.859238);
    expect(vehicle.speedKmh).toBeCloseTo(1.33344, 6);
    expect(vehicle).toMatchObject({ course: 108.42, satellites: 11, acc: false, altitude: 433.1 });

    const script = positionOf(frameNamed('script sender, hex (battery out of range)'));
    expectAt(script, 17.724067, 83.3186);
    expect(script.batteryPercent).toBeUndefined();

    const cut = positionOf(frameNamed('Traccar Client Android 2016, hex cut short in the headers'));
    expect(cut.fixTime).toBe(1457262169000);
    expectAt(cut, 24.74717844, 46.61612744);
    expect(cut).toMatchObject({ altitude: 665, batteryPercent: 75 });
  });

  it('takes a bare query string and a request line with a path', () => {
    const bare = positionOf(frameNamed('bare query string (a received request in a comment)'));
    expectAt(bare, 53.944019, 27.6468195);
    expect(bare.fixTime).toBe(1440085518000);
    const line = positionOf(frameNamed('request line with a path'));
    expectAt(line, 52.52, 13.405);
    expect(line.speedKmh).toBeCloseTo(46.3, 6);
    expect(line).toMatchObject({ course: 90, batteryPercent: 85, altitude: 50 });
  });

  it('refuses a report without a device id, as Traccar does', () => {
    // traccar/traccar OsmAndProtocolDecoderTest.java: verifyNull.
    expect(() => decode('/?timestamp=1377177267&lat=60.0&lon=30.0')).toThrow(DecodeError);
  });
});
