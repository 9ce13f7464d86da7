import net from 'node:net';
import { buildGt06Frame, findProtocol, hexToBytes, type Framer } from '@xunji/protocols';
import {
  jt808Frame,
  Jt808Device,
  locationBody,
  openJt808,
  type Fix,
  type Outgoing,
} from '@xunji/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands } from '../src/cli/device-commands.js';
import { deviceIdentityCommands } from '../src/cli/device-identity-commands.js';
import type { AdminContext } from '../src/cli/command.js';
import type { Gateway } from '../src/gateway/gateway.js';
import { QUIET_MS } from '../src/gateway/live-sessions.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { Gt06Device, until } from './support/gt06-device.js';
import { RawDevice } from './support/raw-device.js';
import { startTestServer, transport, type TestServer } from './support/test-server.js';

/** Login of IMEI 0123456789012345 (device 123456789012345), as Gt06Device sends it. */
const GT06_LOGIN = hexToBytes('78780D01012345678901234500018CDD0D0A');

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const fixAt = (time: number, latitude = 31.2304, longitude = 121.4737): Fix => ({
  time,
  latitude,
  longitude,
  altitude: 10,
  speedKmh: 0,
  course: 0,
  satellites: 9,
  batteryPercent: 80,
  acc: false,
  cut: false,
  mileageKm: 0,
});

/** A JT/T 808 terminal's socket: frames out, the server's frames (opened) in. */
class Jt808Link {
  readonly socket: net.Socket;
  private readonly framer: Framer = findProtocol('jt808')!.createFramer();
  private readonly frames: Uint8Array[] = [];
  closed = false;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => this.frames.push(...this.framer.push(chunk)));
    this.socket.on('close', () => (this.closed = true));
  }

  send(frame: Outgoing | Uint8Array): void {
    this.socket.write('bytes' in frame ? frame.bytes : frame);
  }

  async next(): Promise<Uint8Array> {
    await until(() => this.frames.length > 0);
    return this.frames.shift()!;
  }

  get pending(): number {
    return this.frames.length;
  }
}

describe.each(testDialects())('device identity on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let ports: Record<string, number>;
  const sockets: net.Socket[] = [];

  const jt808 = () => {
    const link = new Jt808Link(ports.jt808!);
    sockets.push(link.socket);
    return link;
  };
  const admin = async (
    name: string,
    values: Record<string, unknown>,
    positionals: string[] = [],
  ) => {
    const command = [...deviceCommands, ...deviceIdentityCommands].find((c) => c.name === name)!;
    const printed: string[] = [];
    const context = { ...server, print: (line: string) => printed.push(line) };
    await command.run(values as never, positionals, context as unknown as AdminContext);
    return printed;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ gateway, ports } = await startTestGateway(server, ['gt06', 'jt808', 'osmand']));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await gateway.stop();
    await server.close();
  });

  it('issues a JT/T 808 device its code at registration and admits it with that code', async () => {
    const { id } = await registerDevice(server, '13800138001', 'jt808');
    const device = new Jt808Device('13800138001');
    const link = jt808();
    link.send(device.login());
    const registered = device.parse(await link.next());
    expect(registered.type).toBe('registered');
    const code = registered.type === 'registered' ? registered.authCode : '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await server.repositories.devices.findById(id))?.authCode).toBe(code);

    link.send(device.continueLogin(registered)!);
    const answer = openJt808(await link.next())!;
    expect(answer.messageId).toBe(0x8001);
    expect(answer.body[4]).toBe(0);
    await until(() => gateway.sessions.connectionOf(id)?.proof === 'authenticated');
  });

  it('refuses a JT/T 808 authentication with a wrong code: failure answer, nothing stored, no commands', async () => {
    const { id } = await registerDevice(server, '13800138002', 'jt808');
    await server.repositories.devices.setAuthCode(id, 'the-real-code', true);
    const queued = await gateway.dispatcher.dispatch(
      id,
      { type: 'locateNow' },
      {
        queueIfOffline: true,
      },
    );
    const link = jt808();
    link.send(jt808Frame(0x0102, '13800138002', 1, ascii('guessed-code')));
    const answer = openJt808(await link.next())!;
    expect(answer.messageId).toBe(0x8001);
    expect(answer.body[4]).toBe(1);
    link.send(
      jt808Frame(0x0200, '13800138002', 2, locationBody(fixAt(server.clock.now() - 60_000))),
    );
    await until(() => link.closed);
    expect(link.pending).toBe(0);
    expect(await server.repositories.positions.listForDevice(id)).toHaveLength(0);
    expect(gateway.sessions.connectionOf(id)).toBeUndefined();
    expect((await server.repositories.commands.findById(queued.id))?.state).toBe('queued');
    expect(gateway.stats.identity.authRefused).toBeGreaterThan(0);
  });

  it('refuses a re-registration while the code is fixed, and a device that skips authentication', async () => {
    const { id } = await registerDevice(server, '13800138003', 'jt808');
    await server.repositories.devices.setAuthCode(id, 'provisioned', true);
    const device = new Jt808Device('13800138003');
    const link = jt808();
    link.send(device.login());
    const refused = openJt808(await link.next())!;
    expect(refused.messageId).toBe(0x8100);
    expect(refused.body[2]).toBe(3);
    expect((await server.repositories.devices.findById(id))?.authCode).toBe('provisioned');

    const skipping = jt808();
    skipping.send(jt808Frame(0x0200, '13800138003', 1, locationBody(fixAt(server.clock.now()))));
    await until(() => skipping.closed);
    expect(await server.repositories.positions.listForDevice(id)).toHaveLength(0);
  });

  it('connects a JT/T 808 device registered with a leading 0, and signs in with either form', async () => {
    await admin('device:create', {
      'terminal-no': '013800138000',
      password: '123456',
      protocol: 'jt808',
    });
    const { id } = (await server.repositories.devices.findByTerminalNo('013800138000'))!;
    const device = new Jt808Device('13800138000');
    const link = jt808();
    link.send(device.login());
    expect(device.parse(await link.next()).type).toBe('registered');
    for (const username of ['013800138000', '13800138000']) {
      const signIn = await server.call('POST', '/auth/login', {
        body: { username, password: transport('123456') },
      });
      expect(signIn.body.code).toBe(0);
    }
    expect(id).toBeGreaterThan(0);
  });

  it('keeps a live GT06 device and gives its personal data only to it, never to an impostor', async () => {
    const { id } = await registerDevice(server, '123456789012345', 'gt06');
    const real = new Gt06Device(ports.gt06!);
    sockets.push(real.socket);
    await real.login();
    await until(() => gateway.sessions.connectionOf(id) !== undefined);
    // The real device has held its number for the quiet interval and keeps talking.
    server.clock.advance(QUIET_MS);
    await real.heartbeat(0);

    const impostor = new RawDevice(ports.gt06!);
    sockets.push(impostor.socket);
    impostor.send(GT06_LOGIN);
    await until(() => gateway.stats.identity.contested > 0);
    const sos = await gateway.dispatcher.dispatch(id, {
      type: 'sosNumbers',
      numbers: ['13900139000'],
    });
    expect((await real.nextCommand()).text).toContain('13900139000');
    expect(sos.state).toBe('sent');
    expect(impostor.received).toBe('');
    expect(real.closed).toBe(false);
    expect(gateway.sessions.connectionOf(id)?.transport.address).toBe(
      `127.0.0.1:${real.socket.localPort}`,
    );
    const printed = await admin('device:connections', {}, ['123456789012345']);
    expect(printed.join('\n')).toContain(`other: 127.0.0.1:${impostor.socket.localPort}`);
  });

  it('holds queued personal data from a newcomer while the device was away', async () => {
    const { id } = await registerDevice(server, '123456789012346', 'gt06');
    const queued = await gateway.dispatcher.dispatch(
      id,
      { type: 'sosNumbers', numbers: ['13900139001'] },
      { queueIfOffline: true },
    );
    const newcomer = new RawDevice(ports.gt06!);
    sockets.push(newcomer.socket);
    newcomer.send(buildGt06Frame(0x01, hexToBytes('0123456789012346'), 1));
    await until(() => gateway.sessions.connectionOf(id) !== undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(newcomer.received).not.toContain('13900139001');
    expect((await server.repositories.commands.findById(queued.id))?.state).toBe('queued');
  });

  it('asks an OsmAnd device given a key for it, and stores nothing without it', async () => {
    const { id } = await registerDevice(server, '900000000000009', 'osmand');
    await admin('device:auth-code', { code: 'k3y-of-the-phone' }, ['900000000000009']);
    const t = Math.floor(server.clock.now() / 1000) - 60;
    const report = (extra: string) =>
      fetch(
        `http://127.0.0.1:${ports.osmand}/?id=900000000000009&timestamp=${t}&lat=31.2&lon=121.4${extra}`,
        {
          method: 'POST',
        },
      );
    expect((await report('')).status).toBe(401);
    expect((await report('&key=wrong')).status).toBe(401);
    expect(await server.repositories.positions.listForDevice(id)).toHaveLength(0);
    expect((await report('&key=k3y-of-the-phone')).status).toBe(200);
    expect(await server.repositories.positions.listForDevice(id)).toHaveLength(1);
  });

  it('stores an impossible jump flagged, and leaves it out of the mileage', async () => {
    const { id } = await registerDevice(server, '900000000000010', 'osmand');
    const t = Math.floor(server.clock.now() / 1000) - 600;
    const at = (seconds: number, lat: number, lon: number) =>
      fetch(
        `http://127.0.0.1:${ports.osmand}/?id=900000000000010&timestamp=${seconds}&lat=${lat}&lon=${lon}`,
        {
          method: 'POST',
        },
      );
    expect((await at(t, 31.2304, 121.4737)).status).toBe(200);
    // Beijing, 1,070 km away, a minute later.
    expect((await at(t + 60, 39.9042, 116.4074)).status).toBe(200);
    const rows = await server.repositories.positions.listForDevice(id);
    expect(rows).toHaveLength(2);
    const jumped = rows.find((row) => row.latitude === 39.9042)!;
    expect(JSON.parse(jumped.attributes ?? '{}')).toMatchObject({ implausibleJump: true });
    expect(gateway.pipeline.flagged.implausibleJump).toBeGreaterThan(0);
  });
});
