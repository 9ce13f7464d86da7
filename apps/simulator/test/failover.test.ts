import { createServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createCodec, fleetMember } from '../src/fleet.js';
import { OsmandDevice } from '../src/osmand-device.js';
import { CITIES } from '../src/route.js';
import { parseServerList, type ServerAddress } from '../src/server-address.js';
import { Trip } from '../src/trip.js';
import { VirtualDevice, type DeviceEvent } from '../src/virtual-device.js';
import { StubGateway, waitFor, type StubProtocol } from './stub-gateway.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const at = (port: number): ServerAddress => ({ host: '127.0.0.1', port });
const tripOf = () => new Trip({ city: CITIES[1]!, seed: 5, start: Date.UTC(2026, 10, 22) });

/** A port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function gateways(protocol: StubProtocol, count: number) {
  const stubs = Array.from({ length: count }, () => new StubGateway(protocol));
  const ports = await Promise.all(stubs.map((stub) => stub.listen()));
  for (const stub of stubs) cleanup.push(() => stub.close());
  return { stubs, addresses: ports.map(at) };
}

/** A device given `servers` in order (the first as host:port), a fix every 40 ms. */
function deviceOf(protocol: StubProtocol, [first, ...otherServers]: ServerAddress[]) {
  const events: DeviceEvent[] = [];
  const device = new VirtualDevice({
    codec: createCodec(protocol, fleetMember('86100000', 0, [protocol]).deviceId),
    trip: tripOf(),
    ...first!,
    otherServers,
    intervalSeconds: 0.04,
    heartbeatSeconds: 0.2,
    timeScale: 25, // one simulated second per fix
    signalLossChance: 0,
    backoffMs: 30,
    maxBackoffMs: 60,
    onEvent: (event) => events.push(event),
  });
  cleanup.push(() => device.stop());
  device.start();
  const tried = () => events.filter((e) => e.type === 'connecting').map((e) => e.detail);
  return { device, tried };
}

const fixTimesOf = (stub: StubGateway) => stub.positions.map((p) => p.fixTime);

describe.each(['jt808', 'gt06'] as const)('failover over %s', (protocol) => {
  it('connects to the first server that answers', async () => {
    const down = at(await closedPort());
    const { stubs, addresses } = await gateways(protocol, 1);
    const { device, tried } = deviceOf(protocol, [down, addresses[0]!]);
    await waitFor(() => device.acknowledgedFixTimes.length >= 3);
    expect(tried().slice(0, 2)).toEqual([
      `127.0.0.1:${down.port}`,
      `127.0.0.1:${addresses[0]!.port}`,
    ]);
    expect(stubs[0]!.accepted).toBe(1);
  });

  it('moves to the next server when its gateway goes away, re-sending what that one did not acknowledge', async () => {
    const { stubs, addresses } = await gateways(protocol, 2);
    const [first, second] = stubs as [StubGateway, StubGateway];
    const { device, tried } = deviceOf(protocol, addresses);
    await waitFor(() => device.acknowledgedFixTimes.length >= 3);
    first.holdAcks();
    const sentBefore = first.positions.length;
    await waitFor(() => first.positions.length >= sentBefore + 3);
    const acknowledgedAtFirst = new Set(device.acknowledgedFixTimes);
    await first.close();

    await waitFor(() => second.accepted === 1 && device.online);
    expect(tried().at(-1)).toBe(`127.0.0.1:${addresses[1]!.port}`);
    await waitFor(() => device.acknowledgedFixTimes.length >= acknowledgedAtFirst.size + 5);
    const unconfirmed = fixTimesOf(first).filter((time) => !acknowledgedAtFirst.has(time));
    expect(unconfirmed.length).toBeGreaterThanOrEqual(3);
    expect(unconfirmed.filter((time) => !fixTimesOf(second).includes(time))).toEqual([]);
    // Nothing acknowledged is left unstored, and the second gateway got nothing acknowledged twice.
    const stored = new Set([...fixTimesOf(first), ...fixTimesOf(second)]);
    expect(device.acknowledgedFixTimes.filter((time) => !stored.has(time))).toEqual([]);
    expect(fixTimesOf(second).filter((time) => acknowledgedAtFirst.has(time))).toEqual([]);
  });

  it('goes round the servers: after the last, the first again', async () => {
    const { stubs, addresses } = await gateways(protocol, 2);
    const [first, second] = stubs as [StubGateway, StubGateway];
    const { device } = deviceOf(protocol, addresses);
    await waitFor(() => device.online);
    first.dropConnections();
    await waitFor(() => second.accepted === 1 && device.online);
    second.dropConnections();
    await waitFor(() => first.accepted === 2 && device.online);
    expect(second.accepted).toBe(1);
  });

  it('comes back to the same server after a lost signal', async () => {
    const { stubs, addresses } = await gateways(protocol, 2);
    const { device } = deviceOf(protocol, addresses);
    await waitFor(() => device.online);
    device.loseSignal(2);
    await waitFor(() => stubs[0]!.accepted === 2 && device.online);
    expect(stubs[1]!.accepted).toBe(0);
  });
});

describe('OsmAnd failover', () => {
  it('sends to the next server once a request fails, and what failed goes there', async () => {
    const received: string[][] = [[], []];
    const servers = received.map((requests, index) =>
      createHttpServer((request, response) => {
        requests.push(request.url ?? '');
        response.statusCode = index === 0 ? 503 : 200;
        response.end();
      }),
    );
    for (const server of servers) {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
    }
    const [first, second] = servers.map((server) => at((server.address() as AddressInfo).port));
    const device = new OsmandDevice({
      deviceId: '861000000000001',
      trip: tripOf(),
      ...first!,
      otherServers: [second!],
      intervalSeconds: 0.03,
      timeScale: 1 / 0.03,
    });
    cleanup.push(() => device.stop());
    device.start();
    await waitFor(() => device.acknowledgedFixTimes.length >= 3);
    expect(received[0]).toHaveLength(1);
    // The request the first refused is the first the second gets.
    expect(received[1]![0]).toBe(received[0]![0]);
  });
});

describe('parseServerList', () => {
  it('reads hosts with the default port or their own, IPv6 in brackets', () => {
    expect(parseServerList('10.0.0.1, gw2.example:6023,[::1]:5024,::1', 5023)).toEqual([
      { host: '10.0.0.1', port: 5023 },
      { host: 'gw2.example', port: 6023 },
      { host: '::1', port: 5024 },
      { host: '::1', port: 5023 },
    ]);
  });

  it('refuses an empty list and a port out of range', () => {
    expect(() => parseServerList(' , ', 5023)).toThrow('no server address');
    expect(() => parseServerList('a:70000', 5023)).toThrow('not 1-65535');
  });
});
