import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findProtocol, newSession, textBytes, type Position } from '@xunji/protocols';
import { afterEach, describe, expect, it } from 'vitest';
import { osmandQuery } from '../src/devices/osmand.js';
import { OsmandDevice } from '../src/osmand-device.js';
import { CITIES } from '../src/route.js';
import { Trip } from '../src/trip.js';
import { positionsOf, sampleFix } from './helpers.js';
import { waitFor } from './stub-gateway.js';

/** The position a request gives (an alarm report carries it in its alarm message). */
const decodePosition = (target: string): Position => {
  const { messages } = findProtocol('osmand')!.decode(textBytes(target), newSession());
  const [position] = positionsOf(messages);
  if (!position) throw new Error('no position');
  return position;
};

let server: Server | undefined;
afterEach(() => server?.close());

describe('OsmAnd client', () => {
  it('builds a request the server decodes to the values put in', () => {
    const fix = sampleFix({ alarm: 'sos' });
    const position = decodePosition(osmandQuery('860000000000009', fix));
    expect(position).toMatchObject({
      fixTime: fix.time,
      latitude: fix.latitude,
      longitude: fix.longitude,
      course: fix.course,
      batteryPercent: fix.batteryPercent,
      alarms: ['sos'],
    });
    expect(position.speedKmh).toBeCloseTo(fix.speedKmh, 2);
  });

  it('counts a fix as acknowledged on 200 and re-sends what failed', async () => {
    const stored: Position[] = [];
    let failing = true;
    server = createServer((request, response) => {
      response.statusCode = failing ? 503 : 200;
      if (!failing) stored.push(decodePosition(request.url ?? ''));
      response.end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const device = new OsmandDevice({
      deviceId: '860000000000009',
      trip: new Trip({ city: CITIES[3]!, seed: 9, start: Date.UTC(2026, 0, 1) }),
      host: '127.0.0.1',
      port: (server.address() as AddressInfo).port,
      intervalSeconds: 0.03,
      timeScale: 10 / 0.03,
    });
    device.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(device.acknowledgedFixTimes).toHaveLength(0);
    failing = false;
    await waitFor(() => device.acknowledgedFixTimes.length >= 8);
    device.stop();
    const times = stored.map((p) => p.fixTime);
    expect(device.acknowledgedFixTimes.every((t) => times.includes(t))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
