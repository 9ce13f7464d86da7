import net from 'node:net';

/** A TCP client that sends frames and keeps what the server writes back (as latin1 text). */
export class RawDevice {
  readonly socket: net.Socket;
  received = '';

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.on('data', (chunk: Buffer) => (this.received += chunk.toString('latin1')));
  }

  send(...frames: Uint8Array[]): void {
    for (const frame of frames) this.socket.write(frame);
  }

  /** How many times the server wrote `text` so far. */
  count(text: string): number {
    return this.received.split(text).length - 1;
  }
}
