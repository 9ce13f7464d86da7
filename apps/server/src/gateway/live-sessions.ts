import type net from 'node:net';
import type { Protocol, ProtocolSession } from '@xunji/protocols';

/** A device's live connection: its socket, and the protocol state commands are encoded with. */
export interface LiveConnection {
  socket: net.Socket;
  protocol: Protocol;
  session: ProtocolSession;
}

/** One live connection per device: a new login replaces (and closes) the old socket. */
export class LiveSessions {
  private readonly connections = new Map<number, LiveConnection>();

  attach(deviceId: number, connection: LiveConnection): void {
    const previous = this.connections.get(deviceId);
    if (previous && previous.socket !== connection.socket) previous.socket.destroy();
    this.connections.set(deviceId, connection);
  }

  /** True when this socket was the device's live one (and so the device is now gone). */
  detach(deviceId: number, socket: net.Socket): boolean {
    if (this.connections.get(deviceId)?.socket !== socket) return false;
    this.connections.delete(deviceId);
    return true;
  }

  connectionOf(deviceId: number): LiveConnection | undefined {
    return this.connections.get(deviceId);
  }

  deviceIds(): IterableIterator<number> {
    return this.connections.keys();
  }

  get size(): number {
    return this.connections.size;
  }
}
