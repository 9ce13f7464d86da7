import { findProtocol, hexToBytes } from '@xunji/protocols';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { MediaUploads } from '../src/audio/media-uploads.js';
import type { CommandDispatcher } from '../src/gateway/command-dispatcher.js';
import type { ConnectionDeps } from '../src/gateway/connection-deps.js';
import { DeviceConnection } from '../src/gateway/device-connection.js';
import type { Transport } from '../src/gateway/transport.js';
import type { DeviceCredentials } from '../src/gateway/device-credentials.js';
import type { DeviceDirectory } from '../src/gateway/device-directory.js';
import type { IdentityLog } from '../src/gateway/identity-log.js';
import { LiveSessions } from '../src/gateway/live-sessions.js';
import type { Pipeline } from '../src/gateway/pipeline.js';
import { newGatewayStats } from '../src/gateway/stats.js';

/** A heartbeat (0x0002) of terminal 043048325465, from Traccar's tests. */
const HEARTBEAT = hexToBytes('7e0002000004304832546500b7ca7e');

/** Device 1 is registered, without a secret; the rest is given per test. */
function deps(given: Pick<ConnectionDeps, 'pipeline' | 'sessions' | 'dispatcher'>): ConnectionDeps {
  return {
    directory: { identify: async () => ({ id: 1, authCode: null }) } as unknown as DeviceDirectory,
    credentials: {
      judge: async () => ({ kind: 'admit', proof: 'claimed' }),
    } as unknown as DeviceCredentials,
    identityLog: { record: vi.fn() } as unknown as IdentityLog,
    media: { receive: async () => undefined } as unknown as MediaUploads,
    stats: newGatewayStats(),
    ackLatency: { observe: () => undefined },
    logger: pino({ level: 'silent' }),
    ...given,
  };
}

/** A JT/T 808 connection whose frames commit when `committed` settles. */
function connect(transport: Transport, committed: Promise<void>) {
  const sessions = new LiveSessions();
  const deviceGone = vi.fn();
  const deviceConnected = vi.fn(async () => undefined);
  const connection = new DeviceConnection(
    findProtocol('jt808')!,
    transport,
    deps({
      pipeline: {
        prepare: async () => undefined,
        handle: () => committed,
        deviceGone,
      } as unknown as Pipeline,
      sessions,
      dispatcher: { deviceConnected } as unknown as CommandDispatcher,
    }),
  );
  return { connection, sessions, deviceGone, deviceConnected };
}

describe('device connection flow control', () => {
  it('stops reading while 32 frames wait for their commit, and reads again once they are in', async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const acks: Uint8Array[] = [];
    const transport: Transport = {
      write: (bytes) => acks.push(bytes) > 0,
      pause: vi.fn(),
      resume: vi.fn(),
      close: vi.fn(),
      closed: false,
    };
    const { connection } = connect(transport, committed);
    const burst = new Uint8Array(HEARTBEAT.length * 40);
    for (let i = 0; i < 40; i++) burst.set(HEARTBEAT, i * HEARTBEAT.length);
    connection.receive(burst);
    expect(transport.pause).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(acks).toHaveLength(0);
    expect(transport.resume).not.toHaveBeenCalled();
    commit();
    await vi.waitFor(() => expect(acks).toHaveLength(40));
    expect(transport.resume).toHaveBeenCalledTimes(1);
    expect(transport.close).not.toHaveBeenCalled();
  });
});

describe('device connection login', () => {
  it('makes the device reachable for commands only once its login is acknowledged', async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const written: Uint8Array[] = [];
    const transport: Transport = {
      write: (bytes) => written.push(bytes) > 0,
      pause: vi.fn(),
      resume: vi.fn(),
      close: vi.fn(),
      closed: false,
    };
    const { connection, sessions, deviceConnected } = connect(transport, committed);
    connection.receive(HEARTBEAT);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sessions.connectionOf(1)).toBeUndefined();
    commit();
    await vi.waitFor(() => expect(sessions.connectionOf(1)?.transport).toBe(transport));
    expect(written).toHaveLength(1);
    expect(deviceConnected).toHaveBeenCalledWith(1);
  });

  it('leaves a device offline whose connection ended before its login was stored', async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const transport = {
      write: () => false,
      pause: vi.fn(),
      resume: vi.fn(),
      close: vi.fn(),
      closed: false,
    };
    const { connection, sessions, deviceGone, deviceConnected } = connect(transport, committed);
    connection.receive(HEARTBEAT);
    await new Promise((resolve) => setTimeout(resolve, 20));
    transport.closed = true;
    connection.ended();
    commit();
    await vi.waitFor(() => expect(deviceGone).toHaveBeenCalledWith(1));
    expect(sessions.connectionOf(1)).toBeUndefined();
    expect(deviceConnected).not.toHaveBeenCalled();
  });
});
