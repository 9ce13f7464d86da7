import type net from 'node:net';
import type { Protocol } from '@xunji/protocols';
import type { ConnectionLimits } from './connection-limits.js';
import type { ConnectionDeps } from './connection-deps.js';
import { DeviceConnection } from './device-connection.js';
import { IdleSweep } from './idle-sweep.js';
import { createSharedReadServer } from './shared-read-server.js';
import type { Transport } from './transport.js';

function socketTransport(socket: net.Socket): Transport {
  return {
    // An ack-sized Uint8Array lives in V8's heap: a socket given it would move it out to memory
    // of its own (an allocation, later a release by the collector); a pooled copy costs less.
    write: (bytes) => !socket.destroyed && (socket.write(Buffer.from(bytes)), true),
    close: () => socket.destroy(),
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    get closed() {
      return socket.destroyed;
    },
    address: `${socket.remoteAddress}:${socket.remotePort}`,
  };
}

/** One TCP port of one protocol; each connection the limits admit is a DeviceConnection. */
export function createTcpListener(
  protocol: Protocol,
  idleTimeoutMs: number,
  deps: ConnectionDeps,
  limits: ConnectionLimits,
): net.Server {
  const idle = new IdleSweep(idleTimeoutMs);
  const server = createSharedReadServer((socket) => {
    if (!limits.admit(socket)) return undefined;
    // Watches drop connections that get TCP keep-alive probes; the idle sweep guards instead.
    socket.setKeepAlive(false);
    socket.setNoDelay(true);
    const watch = idle.watch(() => socket.destroy());
    const connection = new DeviceConnection(protocol, socketTransport(socket), deps, () =>
      limits.identified(socket),
    );
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      watch.end();
      connection.ended();
    });
    return (chunk) => {
      watch.heard();
      connection.receive(chunk);
    };
  });
  server.on('close', () => idle.stop());
  return server;
}
