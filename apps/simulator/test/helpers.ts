import {
  findProtocol,
  newSession,
  type DecodeResult,
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

/** The code a stand-in server issues at every JT/T 808 registration. */
export const STUB_AUTH_CODE = 'stub-code';

/** What a stand-in server answers: the ack, or for a login it judges, acceptance. */
export const answerOf = ({ ack, answerLogin }: DecodeResult): Uint8Array | undefined =>
  ack ?? answerLogin?.({ accepted: true, authCode: STUB_AUTH_CODE });

/** Decodes frames in order on one server session, as the gateway would (every login accepted). */
export function serverDecoder(protocol: 'gt06' | 'jt808' | 'watch' | 'h02'): ServerDecoder {
  const decoder = findProtocol(protocol)!;
  const session = newSession();
  return {
    session,
    decode: (frame) => {
      const result = decoder.decode(frame, session);
      const ack = answerOf(result);
      return { messages: result.messages, ...(ack ? { ack } : {}) };
    },
  };
}

export function positionsOf(messages: DecodedMessage[]) {
  return messages.flatMap((m) =>
    m.type === 'position' ? [m.position] : m.type === 'alarm' && m.position ? [m.position] : [],
  );
}
