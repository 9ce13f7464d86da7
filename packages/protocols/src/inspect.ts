import { bytesToHex, hexToBytes, textBytes } from './common/bytes.js';
import { DecodeError, newSession, type Protocol } from './types.js';

const HEX = /^(?:[0-9a-f]{2})+$/i;

/** A payload as given by a person: hex (any case, spaces allowed) or, for text protocols, text. */
export function payloadBytes(protocol: Protocol, payload: string): Uint8Array {
  const compact = payload.replace(/\s+/g, '');
  if (protocol.name !== 'osmand' && HEX.test(compact)) return hexToBytes(compact);
  // A line ends the frame of a device that leaves out its end marker (H02 without '#').
  return textBytes(`${payload.trim()}\n`);
}

/** JSON-friendly copy: byte arrays become hex strings. */
function plain(value: unknown): unknown {
  if (value instanceof Uint8Array) return bytesToHex(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

export interface Inspection {
  frames: number;
  messages: unknown[];
  acks: string[];
  /** Frames decoded although their check code was wrong (DecodeResult.crcMismatch). */
  crcMismatches?: number;
}

/**
 * Frames and decodes one payload the way the gateway would (one session for the whole payload).
 * Throws DecodeError when nothing in it is a whole, valid frame.
 */
export function inspect(protocol: Protocol, payload: string): Inspection {
  const framer = protocol.createFramer();
  const frames = framer.push(payloadBytes(protocol, payload));
  if (frames.length === 0) throw new DecodeError('no whole frame in the payload');
  const session = newSession();
  const result: Inspection = { frames: frames.length, messages: [], acks: [] };
  for (const frame of frames) {
    const { messages, ack, crcMismatch } = protocol.decode(frame, session);
    result.messages.push(...messages.map(plain));
    if (ack) result.acks.push(bytesToHex(ack));
    if (crcMismatch) result.crcMismatches = (result.crcMismatches ?? 0) + 1;
  }
  return result;
}
