import type net from 'node:net';
import type { Protocol } from '@xunji/protocols';
import type { ConnectionLimits } from './connection-limits.js';
import type { ConnectionDeps } from './connection-deps.js';
import { DeviceConnection } from './device-connection.js';
import { IdleSweep } from './idle-sweep.js';
import { createSharedReadServer } from './shared-read-server.js';
import type { Transport } from './transport.js';

/**
 * A device's TCP socket as the gateway writes to it. A class: an object literal with a getter is
 * a dictionary in V8 (~1 KB with its closures, per connection).
 */
class SocketTransport implements Transport {
  readonly address: string;

  constructor(private readonly socket: net.Socket) {
    this.address = `${socket.remoteAddress}:${socket.remotePort}`;
  }

  write(bytes: Uint8Array): boolean {
    if (this.socket.destroyed) return false;
    // An ack-sized Uint8Array lives in V8's heap: a socket given it would move it out to memory
    // of its own (an allocation, later a release by the collector); a pooled copy costs less.
    this.socket.write(Buffer.from(bytes));
    return true;
  }

  close(): void {
    this.socket.destroy();
  }

  pause(): void {
    this.socket.pause();
  }

  resume(): void {
    this.socket.resume();
  }

  get closed(): boolean {
    return this.socket.destroyed;
  }
}

/** Every socket's error listener (the socket is `this`): one function, not one per socket. */
function destroyOnError(this: net.Socket): void {
  this.destroy();
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
    const transport = new SocketTransport(socket);
    const watch = idle.watch(transport);
    const connection = new DeviceConnection(protocol, transport, deps, () =>
      limits.identified(socket),
    );
    socket.on('error', destroyOnError);
    socket.on('close', () => {
      limits.closed(socket);
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
