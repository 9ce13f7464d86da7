import { describe, expect, it } from 'vitest';
import { textBytes } from '../../src/common/bytes.js';
import { decodeOsmAnd } from '../../src/osmand/decoder.js';
import type { DecodedMessage, Position } from '../../src/types.js';
import { HOLDOUT_FRAMES } from './holdout-frames.js';

const NOW = Date.UTC(2025, 6, 1);
const KNOT = 1.852;
const decode = (frame: string) => decodeOsmAnd(textBytes(frame), NOW).messages;
const frameNamed = (name: string) => HOLDOUT_FRAMES.find((f) => f.name === name)!.frame;

function fixOf(messages: DecodedMessage[]): Position | undefined {
  for (const m of messages) {
    if (m.type === 'position') return m.position;
    if (m.type === 'alarm' && m.position) return m.position;
  }
  return undefined;
}

describe('OsmAnd hold-out requests from other sources', () => {
  it('every request decodes, and all but the id-only probe give their fix', () => {
    const fixes = HOLDOUT_FRAMES.map(({ name, frame }) => {
      const messages = decode(frame);
      expect(messages[0]?.type, name).toBe('login');
      return fixOf(messages) !== undefined;
    });
    expect(fixes).toEqual(HOLDOUT_FRAMES.map((f) => f.name !== 'a probe with the id only'));
  });

  it('a request line with an absolute URL: speed in knots, battery, bearing', () => {
    const p = fixOf(decode(frameNamed('request line with an absolute URL and no HTTP version')))!;
    expect(p.fixTime).toBe(1739362800000);
    expect(p.latitude).toBeCloseTo(52.12345, 6);
    expect(p.longitude).toBeCloseTo(-2.12345, 6);
    expect(p.speedKmh).toBeCloseTo(5 * KNOT, 9);
    expect([p.course, p.altitude, p.batteryPercent]).toEqual([180, 380, 85]);
  });

  it('the same fix as a JSON body: speed in m/s, battery 0-1', () => {
    const p = fixOf(decode(frameNamed('Traccar JSON body without activity or odometer')))!;
    expect(p.fixTime).toBe(Date.UTC(2025, 1, 12, 13, 0, 0));
    expect(p.latitude).toBeCloseTo(52.12345, 6);
    expect(p.speedKmh).toBeCloseTo(18, 9);
    expect([p.batteryPercent, p.charging]).toEqual([85, false]);
  });

  it('a hex log of Traccar Client: the device and its fix', () => {
    const messages = decode(frameNamed('Traccar Client Android 2016, hex log with headers'));
    expect(messages[0]).toEqual({ type: 'login', deviceId: '163858' });
    const p = fixOf(messages)!;
    expect(p.fixTime).toBe(1480141207000);
    expect(p.latitude).toBeCloseTo(53.78965668, 6);
    expect(p.longitude).toBeCloseTo(-1.58033138, 6);
    expect(p.batteryPercent).toBe(6);
  });

  it('alarm=sos is an alarm with its position', () => {
    const messages = decode(frameNamed('MQTT bridge URL with alarm=sos'));
    expect(messages[1]).toMatchObject({ type: 'alarm', alarms: ['sos'] });
    expect(fixOf(messages)?.fixTime).toBe(1648415734000);
  });

  it('a sender naming the course `direction` (eusonlito/GPS-Tracker#75 URL format) gives it', () => {
    const p = fixOf(
      decode('/?lat=40.4&lon=-3.7&timestamp=1728300000&speed=10&direction=95&id=a1'),
    )!;
    expect(p.course).toBe(95);
  });
});
