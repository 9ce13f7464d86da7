import type net from 'node:net';

/** One live connection per device: a new login replaces (and closes) the old socket. */
export class LiveSessions {
  private readonly sockets = new Map<number, net.Socket>();

  attach(deviceId: number, socket: net.Socket): void {
    const previous = this.sockets.get(deviceId);
    if (previous && previous !== socket) previous.destroy();
    this.sockets.set(deviceId, socket);
  }

  /** True when this socket was the device's live one (and so the device is now gone). */
  detach(deviceId: number, socket: net.Socket): boolean {
    if (this.sockets.get(deviceId) !== socket) return false;
    this.sockets.delete(deviceId);
    return true;
  }

  socketOf(deviceId: number): net.Socket | undefined {
    return this.sockets.get(deviceId);
  }

  get size(): number {
    return this.sockets.size;
  }
}
