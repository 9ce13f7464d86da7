import { afterEach, describe, expect, it } from 'vitest';
import { createCodec, fleetMember } from '../src/fleet.js';
import { CITIES } from '../src/route.js';
import { Trip } from '../src/trip.js';
import { VirtualDevice } from '../src/virtual-device.js';
import { StubGateway, waitFor } from './stub-gateway.js';

const START = Date.UTC(2026, 10, 22, 0, 0, 0);
const HOUR = 3_600_000;
const FIX_MS = 10_000;

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/** A device whose trip started at START, one fix every 10 simulated seconds (40 ms real). */
function device(protocol: 'gt06' | 'jt808' | 'watch', port: number, maxBuffered?: number) {
  return new VirtualDevice({
    codec: createCodec(protocol, fleetMember('86000000', 0, [protocol]).deviceId),
    trip: new Trip({ city: CITIES[0]!, seed: 5, start: START }),
    host: '127.0.0.1',
    port,
    intervalSeconds: 0.04,
    timeScale: FIX_MS / 1000 / 0.04,
    signalLossChance: 0,
    ...(maxBuffered === undefined ? {} : { maxBuffered }),
  });
}

// H02 has no re-upload flag; the protocols that have one.
describe.each(['gt06', 'jt808', 'watch'] as const)('backfill over %s', (protocol) => {
  it('re-uploads the hour before the start at the first login, then goes on live', async () => {
    const gateway = new StubGateway(protocol);
    const port = await gateway.listen();
    const tracker = device(protocol, port);
    cleanup.push(
      () => tracker.stop(),
      () => gateway.close(),
    );
    expect(tracker.backfill(START + HOUR)).toBe(HOUR / FIX_MS);
    tracker.start();
    await waitFor(() => gateway.positions.some((p) => !p.reupload));

    // Oldest first, one every 10 s, the window's fixes flagged; live fixes carry on from there.
    const times = gateway.positions.map((p) => p.fixTime);
    expect(times.slice(0, HOUR / FIX_MS + 1)).toEqual(
      Array.from({ length: HOUR / FIX_MS + 1 }, (_, i) => START + (i + 1) * FIX_MS),
    );
    expect(gateway.positions.slice(0, HOUR / FIX_MS).every((p) => p.reupload)).toBe(true);
    await waitFor(() => tracker.acknowledgedFixTimes.length > HOUR / FIX_MS);
  });
});

it('keeps only the latest maxBuffered fixes of a long backfill', () => {
  const tracker = device('jt808', 1, 100);
  expect(tracker.backfill(START + HOUR)).toBe(HOUR / FIX_MS);
  expect(tracker.bufferedCount).toBe(100);
});
