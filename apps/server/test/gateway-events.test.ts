import http from 'node:http';
import net from 'node:net';
import { hexToBytes } from '@xunji/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import type { GatewayEvent } from '../src/gateway/gateway-events.js';
import { GoogleGeolocationProvider } from '../src/providers/geolocation/google-geolocation-provider.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** GT06 frames of terminal 0123456789012345 (protocols.md and Traccar's tests). */
const LOGIN = '78780D01012345678901234500018CDD0D0A';
const LOCATION = '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A';
/** 0x26 vibration alarm with an invalid GPS fix. */
const ALARM =
  '7878252612030C063816C3026C10540C38C9700144030901CC002866000EEE0C06040302000DA2DB0D0A';
/** 0x28: four cells, no coordinates. */
const LBS =
  '78783B2810010D02020201CC00287D001F713E287D001F7231287D001E232D287D001F4018000000000000000000000000000000000000FF00020005B14B0D0A';
const KEY = 'test-key';

/** A local stand-in for a Google-compatible geolocation service; remembers what it was asked. */
function startGeolocationStandIn() {
  const requests: { key: string | null; body: Record<string, unknown> }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const parsed = JSON.parse(body) as Record<string, unknown>;
      requests.push({ key: url.searchParams.get('key'), body: parsed });
      const towers = parsed.cellTowers as { cellId: number }[];
      if (url.searchParams.get('key') !== KEY) response.writeHead(403).end();
      else if (towers.some((t) => t.cellId === 0x1f71)) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ location: { lat: 22.54, lng: 114.05 }, accuracy: 550 }));
      } else response.writeHead(404).end();
    });
  });
  return new Promise<{ url: string; requests: typeof requests; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/geolocation/v1/geolocate`,
        requests,
        close: () => server.close(),
      }),
    ),
  );
}

async function waitFor(condition: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Google-compatible geolocation provider', () => {
  it('asks with cells and access points and reads the answer; 404 is "not known"', async () => {
    const standIn = await startGeolocationStandIn();
    try {
      const provider = new GoogleGeolocationProvider({ url: standIn.url, key: KEY });
      const cells = [{ mcc: 460, mnc: 0, lac: 0x287d, cellId: 0x1f71, rssi: 62 }];
      const wifi = [{ mac: '00:18:01:eb:40:39', rssi: -56 }];
      expect(await provider.locate({ cells, wifi })).toEqual({
        latitude: 22.54,
        longitude: 114.05,
        accuracy: 550,
      });
      expect(standIn.requests[0]).toEqual({
        key: KEY,
        body: {
          considerIp: false,
          homeMobileCountryCode: 460,
          homeMobileNetworkCode: 0,
          radioType: 'gsm',
          cellTowers: [
            {
              cellId: 0x1f71,
              locationAreaCode: 0x287d,
              mobileCountryCode: 460,
              mobileNetworkCode: 0,
              signalStrength: 62,
            },
          ],
          wifiAccessPoints: [{ macAddress: '00:18:01:eb:40:39', signalStrength: -56 }],
        },
      });
      expect(await provider.locate({ cells: [{ ...cells[0]!, cellId: 1 }], wifi: [] })).toBe(
        undefined,
      );
      const refused = new GoogleGeolocationProvider({ url: standIn.url, key: 'wrong' });
      await expect(refused.locate({ cells, wifi })).rejects.toThrow(/403/);
    } finally {
      standIn.close();
    }
  });
});

describe.each(testDialects())('gateway events and network fixes on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let port: number;
  let standIn: Awaited<ReturnType<typeof startGeolocationStandIn>>;
  const events: GatewayEvent[] = [];

  beforeAll(async () => {
    server = await startTestServer(dialect);
    standIn = await startGeolocationStandIn();
    const geolocation = new GoogleGeolocationProvider({ url: standIn.url, key: KEY });
    let ports;
    ({ gateway, ports } = await startTestGateway(server, ['gt06'], [], { geolocation }));
    port = ports.gt06!;
    gateway.events.subscribe((event) => events.push(event));
  });
  afterAll(async () => {
    await gateway.stop();
    standIn.close();
    await server.close();
  });

  it('publishes status, positions and device alarms once stored, and offline at the end', async () => {
    const { id } = await registerDevice(server, '123456789012345', 'gt06');
    const socket = net.connect(port, '127.0.0.1');
    const sent = (hex: string) => socket.write(hexToBytes(hex));
    sent(LOGIN);
    await waitFor(() => events.some((e) => e.type === 'status'));
    expect(events[0]).toMatchObject({ type: 'status', deviceId: id, status: 'online' });
    sent(LOCATION);
    await waitFor(() => events.some((e) => e.type === 'position'));
    const position = events.find((e) => e.type === 'position');
    expect(position).toMatchObject({
      deviceId: id,
      position: { fixTime: Date.UTC(2015, 11, 29, 2, 51, 5) },
    });
    // The event comes after the commit: the position is there to read.
    expect(await server.repositories.positions.listForDevice(id)).toHaveLength(1);
    sent(ALARM);
    await waitFor(() => events.some((e) => e.type === 'alarm'));
    const alarm = events.find((e) => e.type === 'alarm');
    expect(alarm).toMatchObject({ deviceId: id, alarms: ['vibration'] });
    // Its fix is invalid, so no position is stored or attached.
    expect(alarm).not.toHaveProperty('position');

    sent(LBS);
    await waitFor(async () =>
      (await server.repositories.positions.listForDevice(id)).some((p) => p.lbsMode === 'lbs'),
    );
    const [fix] = await server.repositories.networkFixes.listForDevice(id);
    expect(fix).toMatchObject({
      fixTime: Date.UTC(2016, 0, 13, 2, 2, 2),
      latitude: 22.54,
      longitude: 114.05,
      accuracy: 550,
    });
    expect(JSON.parse(fix!.cells)).toHaveLength(4);
    const resolved = (await server.repositories.positions.listForDevice(id)).find(
      (p) => p.lbsMode === 'lbs',
    );
    expect(resolved).toMatchObject({ latitude: 22.54, longitude: 114.05, valid: 0 });
    expect(gateway.resolver?.stats).toMatchObject({ resolved: 1, failed: 0 });

    socket.destroy();
    await waitFor(() => events.some((e) => e.type === 'status' && e.status === 'offline'));
    expect((await server.repositories.positions.findState(id))?.status).toBe('offline');
  });
});
