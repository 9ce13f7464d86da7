import dgram from 'node:dgram';
import net from 'node:net';
import { hexToBytes } from '@xunji/protocols';
import { gt06Frame } from '@xunji/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../src/gateway/gateway.js';
import { FRAMES_WRITE_MS } from '../src/gateway/device-snapshots.js';
import { QUIET_MS } from '../src/gateway/live-sessions.js';
import { testDialects } from './support/databases.js';
import { registerDevice, startTestGateway } from './support/gateway.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** Real frames from protocols.md and the protocol tests. */
const GT06_LOGIN = '78780D01012345678901234500018CDD0D0A';
const GT06_LOGIN_ACK = '787805010001d9dc0d0a';
const GT06_LOCATION =
  '787822220F0C1D023305C9027AC8180C46586000140001CC00287D001F71000001000820860D0A';
const JT808_LOCATION =
  '7e02000048051160004464000d00000000000c00020159885e06cbf34400000000000020080718072201040000000130011c310109e4020063e50100e60100e7080000000000000000ee0a01cc01262c009a6743001e7e';

/** A location whose time has month 13 (packages/protocols/test/jt808/frames.ts). */
const JT808_IMPOSSIBLE_TIME =
  '7e0200001c051160004464006200000000000c00020159885e06cbf344000000000000201307180722db7e';

/** A heartbeat (0x0002) of terminal 043048325465, from Traccar's tests. */
const JT808_HEARTBEAT = '7e0002000004304832546500b7ca7e';
const JT808_AUTH = '7E0102000E013511221122000661757468656E7469636174696F6E3F7E';

class Device {
  readonly socket: net.Socket;
  private received = Buffer.alloc(0);
  closed = false;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk) => (this.received = Buffer.concat([this.received, chunk])));
    this.socket.on('close', () => (this.closed = true));
  }

  send(hex: string): void {
    this.socket.write(hexToBytes(hex));
  }

  async receive(bytes: number): Promise<string> {
    await waitFor(() => this.received.length >= bytes);
    const answer = this.received.subarray(0, bytes).toString('hex');
    this.received = this.received.subarray(bytes);
    return answer;
  }
}

async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(testDialects())('TCP gateway on %s', (dialect) => {
  let server: TestServer;
  let gateway: Gateway;
  let ports: Record<string, number>;
  const devices: Device[] = [];

  const register = (terminalNo: string, protocol: string) =>
    registerDevice(server, terminalNo, protocol);
  const connect = (protocol: 'gt06' | 'jt808') => {
    const device = new Device(ports[protocol]!);
    devices.push(device);
    return device;
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    ({ gateway, ports } = await startTestGateway(server, ['gt06', 'jt808'], ['jt808']));
  });
  afterAll(async () => {
    for (const device of devices) device.socket.destroy();
    await gateway.stop();
    await server.close();
  });

  it('refuses and counts an unknown device', async () => {
    const device = connect('jt808');
    device.send(JT808_AUTH);
    await waitFor(() => device.closed);
    expect(gateway.stats.unknownDevices).toBe(1);
  });

  it('answers a GT06 login, stores its positions, and marks it offline when it leaves', async () => {
    const { id } = await register('123456789012345', 'gt06');
    const device = connect('gt06');
    device.send(GT06_LOGIN);
    expect(await device.receive(10)).toBe(GT06_LOGIN_ACK);
    device.send(GT06_LOCATION);
    await waitFor(async () => (await server.repositories.positions.listForDevice(id)).length === 1);
    const [position] = await server.repositories.positions.listForDevice(id);
    expect(position).toMatchObject({ fixTime: Date.UTC(2015, 11, 29, 2, 51, 5), valid: 1 });
    expect((await server.repositories.positions.findState(id))?.status).toBe('online');
    server.clock.advance(FRAMES_WRITE_MS);
    await gateway.pipeline.flushSnapshots();
    const frames = await server.repositories.positions.latestFrames(id);
    expect(frames.map((f) => f.hex)).toEqual([
      GT06_LOCATION.toLowerCase(),
      GT06_LOGIN.toLowerCase(),
    ]);
    device.socket.end();
    await waitFor(
      async () => (await server.repositories.positions.findState(id))?.status === 'offline',
    );
  });

  it('keeps one live connection per device: a second login takes over only once the first is quiet', async () => {
    const { id } = await register('864717003283581', 'gt06');
    const login = '78780D01086471700328358100093F040D0A';
    const first = connect('gt06');
    first.send(login);
    await waitFor(() => gateway.sessions.connectionOf(id) !== undefined);
    const second = connect('gt06');
    second.send(login);
    await waitFor(() => gateway.stats.identity.contested > 0);
    expect(first.closed).toBe(false);
    // Silent past the quiet interval (a half-dead NAT mapping): the device's new connection wins.
    server.clock.advance(QUIET_MS);
    const third = connect('gt06');
    third.send(login);
    await waitFor(() => first.closed);
    expect(third.closed).toBe(false);
    expect(gateway.stats.identity.takeover).toBe(1);
  });

  it('closes the connection of a device silent past its idle timeout, and it goes offline', async () => {
    const idle = await startTestGateway(server, ['gt06'], [], { idleTimeoutMs: { gt06: 600 } });
    try {
      const { id } = await register('359710049000011', 'gt06');
      const device = new Device(idle.ports.gt06!);
      devices.push(device);
      // Login of terminal 359710049000011 (IMEI as 8 BCD bytes), then heartbeats (0x13).
      const imei = [0x03, 0x59, 0x71, 0x00, 0x49, 0x00, 0x00, 0x11];
      device.socket.write(gt06Frame(0x01, imei, 1));
      await device.receive(10);
      await waitFor(() => idle.gateway.sessions.connectionOf(id) !== undefined);
      // Acknowledged frames keep it open; what the gateway writes does not count as heard.
      for (let i = 0; i < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        device.socket.write(gt06Frame(0x13, [0x46, 0x04, 0x03, 0x00, 0x01], 2 + i));
      }
      expect(device.closed).toBe(false);
      await waitFor(() => device.closed, 3000);
      await waitFor(
        async () => (await server.repositories.positions.findState(id))?.status === 'offline',
      );
    } finally {
      await idle.gateway.stop();
    }
  });

  it('acknowledges a JT/T 808 position only once it is stored', async () => {
    const { id } = await register('51160004464', 'jt808');
    const device = connect('jt808');
    device.send(JT808_LOCATION);
    const ack = await device.receive(1);
    expect(ack).toBe('7e');
    const stored = await server.repositories.positions.listForDevice(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.latitude).toBeCloseTo(22.64483, 6);
  });

  it('takes JT/T 808 over UDP and answers the sender once stored', async () => {
    const { id } = await register('43048325465', 'jt808');
    const socket = dgram.createSocket('udp4');
    const answer = new Promise<Buffer>((resolve) => socket.once('message', resolve));
    socket.send(hexToBytes(JT808_HEARTBEAT), ports['jt808/udp']!, '127.0.0.1');
    const ack = await answer;
    socket.close();
    expect(ack.subarray(1, 3).toString('hex')).toBe('8001');
    expect((await server.repositories.positions.findState(id))?.status).toBe('online');
  });

  it('skips and counts a malformed frame without dropping the connection', async () => {
    const device = connect('jt808');
    const before = gateway.stats.malformedFrames;
    device.send(JT808_IMPOSSIBLE_TIME);
    await waitFor(() => gateway.stats.malformedFrames > before);
    expect(device.closed).toBe(false);
  });

  it('stores and acknowledges a frame whose check code is wrong, and counts it', async () => {
    const { id } = await register('51160004465', 'jt808');
    const device = connect('jt808');
    // The documented location of another terminal, its check byte left as it was.
    device.send(`${JT808_LOCATION.slice(0, -4)}ff7e`.replace('051160004464', '051160004465'));
    expect(await device.receive(1)).toBe('7e');
    expect(gateway.stats.crcMismatchFrames).toBe(1);
    const stored = await server.repositories.positions.listForDevice(id);
    expect(stored.map((p) => p.latitude)).toEqual([expect.closeTo(22.64483, 6)]);
  });
});
