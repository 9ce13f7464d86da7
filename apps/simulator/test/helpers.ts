import {
  findProtocol,
  newSession,
  type DecodedMessage,
  type ProtocolSession,
} from '@xunji/protocols';
import type { Fix } from '../src/fix.js';

export const sampleFix = (overrides: Partial<Fix> = {}): Fix => ({
  time: Date.UTC(2026, 10, 22, 8, 30, 15),
  latitude: 31.234567,
  longitude: 121.480123,
  altitude: 12,
  speedKmh: 42,
  course: 87,
  satellites: 9,
  batteryPercent: 83,
  acc: true,
  cut: false,
  mileageKm: 12.345,
  ...overrides,
});

export interface ServerDecoder {
  session: ProtocolSession;
  decode: (frame: Uint8Array) => { messages: DecodedMessage[]; ack?: Uint8Array };
}

/** Decodes frames in order on one server session, as the gateway would. */
export function serverDecoder(protocol: 'gt06' | 'jt808' | 'watch' | 'h02'): ServerDecoder {
  const decoder = findProtocol(protocol)!;
  const session = newSession();
  return { session, decode: (frame) => decoder.decode(frame, session) };
}

export function positionsOf(messages: DecodedMessage[]) {
  return messages.flatMap((m) =>
    m.type === 'position' ? [m.position] : m.type === 'alarm' && m.position ? [m.position] : [],
  );
}
