import { afterEach, describe, expect, it } from 'vitest';
import { createCodec, fleetMember } from '../src/fleet.js';
import { CITIES } from '../src/route.js';
import { Trip } from '../src/trip.js';
import { VirtualDevice, type DeviceEvent } from '../src/virtual-device.js';
import type { Command } from '@xunji/protocols';
import { StubGateway, waitFor, type StubProtocol } from './stub-gateway.js';

/**
 * What each protocol can be asked, and a command it does not know (none: the watch ignores it; the
 * JT/T 808 encoder only sends what the terminal knows, commands.test.ts covers its result 3).
 */
const CAN: Record<
  StubProtocol,
  {
    cutOil: boolean;
    reportsCut?: boolean;
    locate: boolean;
    reuploadFlag: boolean;
    records?: boolean;
    unknown?: Command;
  }
> = {
  gt06: {
    cutOil: true,
    reportsCut: true,
    locate: true,
    reuploadFlag: true,
    unknown: { type: 'custom', text: 'SELFDESTRUCT#' },
  },
  jt808: {
    cutOil: true,
    reportsCut: true,
    locate: true,
    reuploadFlag: true,
    records: true,
  },
  watch: { cutOil: false, locate: true, reuploadFlag: true, records: true },
  h02: {
    cutOil: true,
    locate: false,
    reuploadFlag: false,
    unknown: { type: 'custom', text: 'ZZ9,1' },
  },
};
const PROTOCOLS = Object.keys(CAN) as StubProtocol[];

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

/** `drivenSeconds`: how long the trip has been going when the device starts. */
async function setUp(protocol: StubProtocol, intervalSeconds = 0.04, drivenSeconds = 0) {
  const gateway = new StubGateway(protocol);
  const port = await gateway.listen();
  const { deviceId } = fleetMember('86000000', PROTOCOLS.indexOf(protocol), [protocol]);
  const events: DeviceEvent[] = [];
  const trip = new Trip({ city: CITIES[0]!, seed: 42, start: Date.UTC(2026, 10, 22, 0, 0, 0) });
  trip.advance(drivenSeconds);
  const device = new VirtualDevice({
    codec: createCodec(protocol, deviceId),
    trip,
    host: '127.0.0.1',
    port,
    intervalSeconds,
    heartbeatSeconds: intervalSeconds * 5,
    timeScale: 10 / intervalSeconds, // 10 simulated seconds per fix
    signalLossChance: 0,
    backoffMs: 30,
    maxBackoffMs: 200,
    onEvent: (event) => events.push(event),
  });
  cleanup.push(
    () => device.stop(),
    () => gateway.close(),
  );
  device.start();
  return { gateway, device, deviceId, events };
}

/** Every acknowledged fix was stored by the gateway. */
function expectAckedStored(gateway: StubGateway, device: VirtualDevice): void {
  const stored = new Set(gateway.positions.map((p) => p.fixTime));
  for (const time of device.acknowledgedFixTimes) expect(stored.has(time)).toBe(true);
}

describe.each(PROTOCOLS)('VirtualDevice over %s', (protocol) => {
  it('logs in, reports positions and records the acknowledged fix times', async () => {
    const { gateway, device, deviceId, events } = await setUp(protocol);
    await waitFor(() => device.acknowledgedFixTimes.length >= 5);
    expect(gateway.logins[0]).toBe(deviceId);
    expectAckedStored(gateway, device);
    // Each position event carries the fix it sent.
    const sent = events.flatMap((e) => (e.type === 'position' ? [e.fix?.time] : []));
    const received = gateway.positions.map((p) => p.fixTime);
    expect(sent.length).toBeGreaterThanOrEqual(5);
    for (const time of sent.slice(0, 5)) expect(received).toContain(time);
    const times = device.acknowledgedFixTimes;
    expect(new Set(times).size).toBe(times.length);
    expect(gateway.positions.every((p) => p.latitude > 31 && p.latitude < 32)).toBe(true);
  });

  it('buffers fixes while the signal is lost and re-uploads them flagged after reconnecting', async () => {
    const { gateway, device } = await setUp(protocol);
    await waitFor(() => device.acknowledgedFixTimes.length >= 2);
    device.loseSignal(4);
    await waitFor(() => gateway.logins.length >= 2);
    const sentBefore = gateway.positions.length;
    await waitFor(() => gateway.positions.length >= sentBefore + 4);
    const reuploaded = CAN[protocol].reuploadFlag
      ? gateway.positions.filter((p) => p.reupload === true)
      : gateway.positions.slice(sentBefore, sentBefore + 4);
    expect(reuploaded.length).toBeGreaterThanOrEqual(4);
    await waitFor(() => device.acknowledgedFixTimes.length >= 12);
    expectAckedStored(gateway, device);
    const acked = new Set(device.acknowledgedFixTimes);
    for (const p of reuploaded) expect(acked.has(p.fixTime)).toBe(true);
  });

  it('reconnects with backoff when the server drops the connection, re-sending what was not acked', async () => {
    const { gateway, device, events } = await setUp(protocol);
    await waitFor(() => device.acknowledgedFixTimes.length >= 2);
    gateway.dropConnections();
    await waitFor(() => events.filter((e) => e.type === 'loggedIn').length >= 2);
    const before = device.acknowledgedFixTimes.length;
    await waitFor(() => device.acknowledgedFixTimes.length >= before + 3);
    expectAckedStored(gateway, device);
  });

  it.runIf(CAN[protocol].cutOil)(
    'cuts the oil on command: acknowledges, stops and stays parked',
    async () => {
      const { gateway, device } = await setUp(protocol);
      await waitFor(() => device.online);
      // As an owner would: wait until the car stands (a light, parking), then cut; a tick may
      // have set it off again in between, so a refusal is retried.
      let reference: string | undefined;
      for (let attempt = 0; attempt < 5 && device.latestFix.cut !== true; attempt++) {
        await waitFor(() => device.latestFix.speedKmh === 0);
        const results = gateway.commandResults.length;
        [reference] = gateway.send({ type: 'cutOil' });
        await waitFor(() => gateway.commandResults.length > results);
      }
      expect(gateway.commandResults.at(-1)).toMatchObject({ reference, success: true });
      const after = gateway.positions.length;
      await waitFor(() => gateway.positions.length >= after + 6);
      const later = gateway.positions.slice(after + 1);
      expect(later.every((p) => p.speedKmh === 0)).toBe(true);
      // GT06 0x22 has no relay bit; its status (heartbeat) frames carry it.
      const cutReported = gateway.messages.some(
        (m) =>
          (m.type === 'position' && m.position.cut) || (m.type === 'heartbeat' && m.status?.cut),
      );
      expect(cutReported).toBe(CAN[protocol].reportsCut === true); // H02 has no known relay bit
      expect(device.latestFix).toMatchObject({ speedKmh: 0, cut: true });
    },
  );

  it.runIf(CAN[protocol].cutOil)(
    'refuses to cut the oil while driving above 20 km/h, says why and drives on',
    async () => {
      // A minute into the trip the car drives at 51 km/h (seed 42); no tick during the test.
      const { gateway, device } = await setUp(protocol, 30, 60);
      await waitFor(() => device.online);
      expect(device.latestFix.speedKmh).toBeGreaterThan(20);
      const [reference] = gateway.send({ type: 'cutOil' });
      await waitFor(() => gateway.commandResults.length > 0);
      expect(gateway.commandResults[0]).toMatchObject({
        reference,
        success: false,
        outcome: 'fail',
      });
      expect(device.latestFix.cut).toBe(false);
    },
  );

  it.runIf(CAN[protocol].records)(
    'records 10 s when asked and uploads it after 10 simulated seconds',
    async () => {
      const { gateway, device, events } = await setUp(protocol);
      await waitFor(() => device.online);
      const [reference] = gateway.send({ type: 'voiceRecord', seconds: 10 });
      await waitFor(() => events.some((e) => e.type === 'upload'));
      expect(gateway.commandResults[0]).toMatchObject({ reference, success: true });
      const chunks = () => gateway.messages.filter((m) => m.type === 'mediaChunk');
      await waitFor(() => chunks().length > 0 && chunks().length === chunks()[0]!.total);
      expect(new Set(chunks().map((c) => c.mediaId)).size).toBe(1);
    },
  );

  it.runIf(CAN[protocol].locate)('sends a position at once when asked to locate', async () => {
    const { gateway, device } = await setUp(protocol, 30); // no periodic fix during the test
    await waitFor(() => device.online);
    expect(gateway.positions).toHaveLength(0);
    gateway.send({ type: 'locateNow' });
    await waitFor(() => device.acknowledgedFixTimes.length === 1);
    // A text reply that carries the fix (GT06 "Lat:…,Lon:…") gives the same position again.
    expect(gateway.positions.length).toBeGreaterThan(0);
    for (const position of gateway.positions)
      expect(position.fixTime).toBe(device.acknowledgedFixTimes[0]);
  });

  it.runIf(CAN[protocol].unknown)('answers an unknown command with an error reply', async () => {
    const { gateway, device } = await setUp(protocol);
    await waitFor(() => device.online);
    const [reference] = gateway.send(CAN[protocol].unknown!);
    await waitFor(() => gateway.commandResults.length > 0);
    expect(gateway.commandResults[0]).toMatchObject({ reference, success: false });
  });
});
