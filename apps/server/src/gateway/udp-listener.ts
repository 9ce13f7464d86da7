import dgram from 'node:dgram';
import type { Protocol } from '@xunji/protocols';
import type { ConnectionDeps } from './connection-deps.js';
import { DeviceConnection } from './device-connection.js';
import type { Transport } from './transport.js';

interface Peer {
  connection: DeviceConnection;
  lastSeen: number;
  closed: boolean;
}

/**
 * One UDP port of one protocol. Each remote address is a conversation (acks and commands go back
 * to it); one silent for the idle timeout is forgotten, which makes its device offline.
 */
export function createUdpListener(
  protocol: Protocol,
  idleTimeoutMs: number,
  deps: ConnectionDeps,
): dgram.Socket {
  const socket = dgram.createSocket('udp4');
  const peers = new Map<string, Peer>();

  const forget = (key: string, peer: Peer) => {
    peer.closed = true;
    peers.delete(key);
    peer.connection.ended();
  };

  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const [key, peer] of peers) if (now - peer.lastSeen > idleTimeoutMs) forget(key, peer);
    },
    Math.min(idleTimeoutMs, 60_000),
  ).unref();

  socket.on('message', (message, remote) => {
    const key = `${remote.address}:${remote.port}`;
    let peer = peers.get(key);
    if (!peer) {
      const transport: Transport = {
        write: (bytes) => {
          if (peer?.closed ?? true) return false;
          socket.send(bytes, remote.port, remote.address);
          return true;
        },
        close: () => peer && forget(key, peer),
        // Datagrams cannot be held back: the kernel drops what overflows, and devices re-send.
        pause: () => undefined,
        resume: () => undefined,
        get closed() {
          return peer?.closed ?? true;
        },
        address: key,
      };
      peer = {
        connection: new DeviceConnection(protocol, transport, deps),
        lastSeen: Date.now(),
        closed: false,
      };
      peers.set(key, peer);
    }
    peer.lastSeen = Date.now();
    peer.connection.receive(message);
  });
  socket.on('close', () => {
    clearInterval(sweeper);
    for (const [key, peer] of peers) forget(key, peer);
  });
  return socket;
}
