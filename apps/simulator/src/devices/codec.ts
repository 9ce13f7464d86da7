import type { Framer, ProtocolName } from '@xunji/protocols';
import type { Fix, ServerMessage } from '../fix.js';

/** A frame to send and the serial the server's ack will carry. */
export interface Outgoing {
  bytes: Uint8Array;
  serial: number;
}

export interface ReuploadFrame extends Outgoing {
  fixes: Fix[];
}

/**
 * The device side of one binary protocol, with per-connection serial state. `reset` is called on
 * every new connection.
 */
export interface DeviceCodec {
  readonly protocol: ProtocolName;
  readonly deviceId: string;
  /** Whether the server acks a plain position frame; if not, a heartbeat after it confirms it. */
  readonly positionsAcked: boolean;
  reset(): void;
  /** The first login frame; the device is logged in when `isLoginAck` says so. */
  login(): Outgoing;
  /** The frame that answers a message during login (JT/T 808 register → authenticate). */
  continueLogin(message: ServerMessage): Outgoing | undefined;
  heartbeat(fix: Fix): Outgoing;
  location(fix: Fix): Outgoing;
  /** Positions buffered during a signal loss, flagged as re-uploads; one or more frames. */
  reupload(fixes: Fix[]): ReuploadFrame[];
  createFramer(): Framer;
  parse(frame: Uint8Array): ServerMessage;
}
