import type { Protocol, ProtocolSession } from '@xunji/protocols';
import type { Transport } from './device-connection.js';

/** A device's live connection: its transport, and the protocol state commands are encoded with. */
export interface LiveConnection {
  transport: Transport;
  protocol: Protocol;
  session: ProtocolSession;
}

/** One live connection per device: a new login replaces (and closes) the old one. */
export class LiveSessions {
  private readonly connections = new Map<number, LiveConnection>();

  attach(deviceId: number, connection: LiveConnection): void {
    const previous = this.connections.get(deviceId);
    if (previous && previous.transport !== connection.transport) previous.transport.close();
    this.connections.set(deviceId, connection);
  }

  /** True when this transport was the device's live one (and so the device is now gone). */
  detach(deviceId: number, transport: Transport): boolean {
    if (this.connections.get(deviceId)?.transport !== transport) return false;
    this.connections.delete(deviceId);
    return true;
  }

  connectionOf(deviceId: number): LiveConnection | undefined {
    return this.connections.get(deviceId);
  }

  get size(): number {
    return this.connections.size;
  }
}
