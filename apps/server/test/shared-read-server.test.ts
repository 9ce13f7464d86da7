import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedReadServer, type ChunkReceiver } from '../src/gateway/shared-read-server.js';

const servers: net.Server[] = [];
const devices: net.Socket[] = [];

afterEach(async () => {
  for (const device of devices.splice(0)) device.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function listen(onConnection: (socket: net.Socket) => ChunkReceiver | undefined) {
  const server = createSharedReadServer(onConnection);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as net.AddressInfo).port };
}

async function connect(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  devices.push(socket);
  await new Promise((done) => socket.once('connect', done));
  return socket;
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, 5));
  }
}

describe('a server whose connections read into one buffer', () => {
  it('gives each connection its own bytes, in order, as copies a later read does not change', async () => {
    const kept = new Map<net.Socket, Buffer[]>();
    const { port } = await listen((socket) => {
      const chunks: Buffer[] = [];
      kept.set(socket, chunks);
      return (chunk) => chunks.push(chunk);
    });
    const [a, b] = [await connect(port), await connect(port)];
    const sent = new Map([
      [a, [] as Buffer[]],
      [b, [] as Buffer[]],
    ]);
    for (let i = 0; i < 50; i++) {
      for (const [socket, bytes] of sent) {
        const chunk = Buffer.from(`${socket === a ? 'a' : 'b'}${i};`);
        bytes.push(chunk);
        socket.write(chunk);
      }
      await new Promise((done) => setImmediate(done));
    }
    const total = (chunks: Buffer[]) => chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    await until(() => [...kept.values()].every((chunks) => total(chunks) === total(sent.get(a)!)));
    const received = [...kept.values()].map((chunks) => Buffer.concat(chunks).toString());
    expect(received.sort()).toEqual(
      [Buffer.concat(sent.get(a)!).toString(), Buffer.concat(sent.get(b)!).toString()].sort(),
    );
  });

  it('stops reading while paused, and answers what came meanwhile once resumed', async () => {
    const received: string[] = [];
    let served: net.Socket | undefined;
    const { port } = await listen((socket) => {
      served = socket;
      socket.pause();
      return (chunk) => received.push(chunk.toString());
    });
    const device = await connect(port);
    device.write('held');
    await until(() => served !== undefined);
    await new Promise((done) => setTimeout(done, 50));
    expect(received).toEqual([]);
    served!.resume();
    await until(() => received.length > 0);
    expect(received.join('')).toBe('held');
  });

  it('tells of and counts its connections: it closes once the last one ends', async () => {
    const { server, port } = await listen((socket) => (chunk) => socket.write(chunk));
    const told = new Promise<net.Socket>((done) => server.once('connection', done));
    const device = await connect(port);
    expect((await told).remotePort).toBe(device.localPort);
    const echoed = new Promise<string>((done) => device.once('data', (data) => done(String(data))));
    device.write('ping');
    expect(await echoed).toBe('ping');
    const count = () =>
      new Promise<number>((done) => server.getConnections((_, connections) => done(connections)));
    expect(await count()).toBe(1);
    const closed = new Promise((done) => server.close(done));
    servers.splice(servers.indexOf(server), 1);
    device.end();
    await closed;
    expect(await count()).toBe(0);
  });

  it('drops a connection it is not given a receiver for', async () => {
    const { port } = await listen((socket) => {
      socket.destroy();
      return undefined;
    });
    const device = await connect(port);
    await new Promise((done) => device.once('close', done));
    expect(device.destroyed).toBe(true);
  });

  it('reads a connection only once the turn that accepted it is over', async () => {
    const readingAtAccept: boolean[] = [];
    const received: string[] = [];
    const { port } = await listen((socket) => {
      readingAtAccept.push(
        (socket as unknown as { _handle: { reading: boolean } })._handle.reading,
      );
      return (chunk) => received.push(chunk.toString());
    });
    const device = await connect(port);
    device.write('login');
    await until(() => received.length > 0);
    expect(readingAtAccept).toEqual([false]);
    expect(received.join('')).toBe('login');
  });
});
