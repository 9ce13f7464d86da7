import { findProtocol } from '@xunji/protocols';
import type { Gt06Device } from './gt06-device.js';

/** The GT06 online command (0x80), the server's frame that carries a command. */
const COMMAND_PROTOCOL = 0x80;

/** A reply a GT06 device gives to `WHERE#` (a success). */
export const GT06_LOCATE_REPLY = 'Lat:N22.5,Lon:E114.0';

/** Counts the command frames the server writes to a GT06 device from now on. */
export class Gt06FrameCounter {
  frames = 0;
  /** When the latest came in (performance.now()). */
  lastFrameAt = 0;
  private readonly framer = findProtocol('gt06')!.createFramer();

  constructor(device: Gt06Device) {
    device.socket.on('data', (chunk: Buffer) => {
      for (const frame of this.framer.push(chunk)) {
        if (frame[3] !== COMMAND_PROTOCOL) continue;
        this.frames++;
        this.lastFrameAt = performance.now();
      }
    });
  }

  reset(): void {
    this.frames = 0;
  }
}
