import type { DecodeResult, DecodedMessage, ProtocolSession } from '../types.js';
import { locationBatch, vendorBatch } from './batch.js';
import { mediaChunk } from './media.js';
import { OPEN_TEXT } from './framer.js';
import { decodeGbk } from './gbk.js';
import { parseFrame, phoneToDeviceId, type Jt808Address, type Jt808Header } from './header.js';
import { jointechAck, jointechLocation, jointechText } from './jointech.js';
import { parseLocation } from './location.js';
import { ByteReader } from './reader.js';
import { mediaResponse, platformResponse, registerResponse, timeResponse } from './replies.js';
import {
  ascii,
  attributesReply,
  generalResponse,
  hexId,
  parametersReply,
  textReply,
} from './results.js';
import { nextSerial, rememberAddress } from './session.js';
import { transparentPosition } from './transparent.js';

/** 0x0100 register body → login details (2011, 2013 and 2019 layouts). */
function registerDetails(header: Jt808Header, body: Uint8Array): Record<string, string | number> {
  const reader = new ByteReader(body);
  const [maker, model, terminal] = header.is2019
    ? [11, 30, 30]
    : body.length < 37
      ? [5, 8, 7]
      : [5, 20, 7];
  const details: Record<string, string | number> = {
    province: reader.u16('province'),
    city: reader.u16('city'),
    maker: ascii(reader.take(maker, 'maker')),
    model: ascii(reader.take(model, 'model')),
    terminalId: ascii(reader.take(terminal, 'terminal id')),
    plateColor: reader.u8('plate colour'),
  };
  details.plate = decodeGbk(reader.rest());
  return details;
}

/** 0x0102 authentication body → the code (2019: length-prefixed) and login details. */
function authentication(
  header: Jt808Header,
  body: Uint8Array,
): { code: string; details?: Record<string, string> } {
  if (!header.is2019) return { code: decodeGbk(body) };
  const reader = new ByteReader(body);
  const length = reader.u8('auth code length');
  const code = decodeGbk(reader.take(length, 'auth code'));
  const details: Record<string, string> = {};
  if (reader.remaining >= 15) details.imei = ascii(reader.take(15));
  if (reader.remaining >= 20) details.software = ascii(reader.take(20));
  return { code, details };
}

/**
 * 0x0100 / 0x0102 → a login with its credential; the answer (0x8100 with the code the server
 * issues, 0x8001 success or failure) waits for the server's verdict.
 */
function login(
  header: Jt808Header,
  body: Uint8Array,
  session: ProtocolSession,
  address: Jt808Address,
): DecodeResult {
  const deviceId = phoneToDeviceId(header.phone);
  session.deviceId = deviceId;
  if (header.messageId === 0x0100) {
    return {
      messages: [
        {
          type: 'login',
          deviceId,
          details: registerDetails(header, body),
          credential: { kind: 'register' },
        },
      ],
      answerLogin: (verdict) =>
        registerResponse(address, nextSerial(session), header.serial, verdict),
    };
  }
  const { code, details } = authentication(header, body);
  return {
    messages: [
      {
        type: 'login',
        deviceId,
        ...(details && Object.keys(details).length > 0 ? { details } : {}),
        credential: { kind: 'authCode', code },
      },
    ],
    answerLogin: (verdict) =>
      platformResponse(
        address,
        nextSerial(session),
        header.serial,
        header.messageId,
        verdict.accepted ? 0 : 1,
      ),
  };
}

/** A frame other than register/authentication on a session without a device id: a login first. */
function implicitLogin(
  session: ProtocolSession,
  deviceId: string,
  messages: DecodedMessage[],
): void {
  if (session.deviceId !== undefined) return;
  session.deviceId = deviceId;
  messages.push({ type: 'login', deviceId, details: { implicit: 1 } });
}

/** 0x0002 / vendor 0x0506 heartbeat; a 3-byte vendor body is battery %, signal, status. */
function heartbeat(body: Uint8Array): DecodedMessage {
  if (body.length < 3) return { type: 'heartbeat' };
  return { type: 'heartbeat', status: { batteryPercent: Math.min(100, body[0]!) } };
}

/**
 * Decodes one frame as the framer gives it (flags and escapes included). The device id is the
 * terminal phone's BCD digits without leading zeros. A frame other than register/authentication on
 * a session without a device id also yields a login first (devices that skip authentication).
 * A wrong check code is decoded all the same and reported as `crcMismatch`. `now` (epoch ms)
 * answers the vendor time requests.
 */
export function decodeJt808(
  frame: Uint8Array,
  session: ProtocolSession,
  now: () => number = Date.now,
): DecodeResult {
  if (frame[0] === OPEN_TEXT) {
    const text = jointechText(frame, now());
    const messages: DecodedMessage[] = [];
    if (text.deviceId !== undefined) implicitLogin(session, text.deviceId, messages);
    messages.push(...text.messages);
    return { messages, ...(text.answer ? { ack: text.answer } : {}) };
  }
  const message = parseFrame(frame);
  const result = decodeMessage(message.header, message.body, session, now);
  if (message.crcMismatch) result.crcMismatch = true;
  return result;
}

/** The general 0x8001 answer to a message. */
const generalAck = (address: Jt808Address, session: ProtocolSession, header: Jt808Header) =>
  platformResponse(address, nextSerial(session), header.serial, header.messageId);

function decodeMessage(
  header: Jt808Header,
  body: Uint8Array,
  session: ProtocolSession,
  now: () => number,
): DecodeResult {
  const address = rememberAddress(session, header);
  const id = header.messageId;
  const messages: DecodedMessage[] = [];

  if (id === 0x0100 || id === 0x0102) return login(header, body, session, address);

  if (session.deviceId === undefined) {
    implicitLogin(session, phoneToDeviceId(header.phone), messages);
  }

  if (id === 0x5501 || id === 0x5502) {
    messages.push({ type: 'position', position: jointechLocation(header, body) });
    return { messages, ...(header.answerRequested ? { ack: jointechAck(header) } : {}) };
  }

  if (header.encryption !== 0) {
    messages.push({ type: 'unknown', kind: hexId(id) });
    return { messages };
  }

  if (header.packet && id !== 0x0801) {
    // Subpackaged messages other than multimedia are not reassembled.
    messages.push({ type: 'unknown', kind: hexId(id) });
    return { messages, ack: generalAck(address, session, header) };
  }

  switch (id) {
    case 0x0002:
    case 0x0506:
      messages.push(heartbeat(body));
      return { messages, ack: generalAck(address, session, header) };
    case 0x0200:
      messages.push({ type: 'position', position: parseLocation(body) });
      return { messages, ack: generalAck(address, session, header) };
    case 0x0201:
    case 0x0500: {
      const reader = new ByteReader(body);
      const reference = String(reader.u16('reply serial'));
      messages.push({ type: 'commandResult', reference, success: true });
      messages.push({ type: 'position', position: parseLocation(reader.rest()) });
      return { messages, ack: generalAck(address, session, header) };
    }
    case 0x0704:
      messages.push(...locationBatch(body));
      return { messages, ack: generalAck(address, session, header) };
    case 0x0210:
      messages.push(...vendorBatch(body));
      return { messages, ack: generalAck(address, session, header) };
    case 0x0900: {
      const position = transparentPosition(body);
      messages.push(
        position ? { type: 'position', position } : { type: 'unknown', kind: hexId(id) },
      );
      return { messages, ack: generalAck(address, session, header) };
    }
    case 0x0001:
      messages.push(generalResponse(body));
      return { messages };
    case 0x0104:
      messages.push(parametersReply(body));
      return { messages };
    case 0x0107:
      messages.push(attributesReply(body));
      return { messages, ack: generalAck(address, session, header) };
    case 0x0701:
    case 0x1300:
      messages.push(textReply(id, body));
      return { messages };
    case 0x6006:
      messages.push(textReply(id, body));
      return { messages, ack: generalAck(address, session, header) };
    case 0x0109:
      messages.push({ type: 'unknown', kind: hexId(id) });
      return { messages, ack: timeResponse(address, nextSerial(session), now()) };
    case 0x0801: {
      const chunk = mediaChunk(header, body, session);
      messages.push(chunk.message);
      const last = (header.packet?.index ?? 1) === (header.packet?.total ?? 1);
      const ack =
        last && chunk.mediaId !== undefined
          ? mediaResponse(address, nextSerial(session), chunk.mediaId)
          : generalAck(address, session, header);
      return { messages, ack };
    }
    default:
      messages.push({ type: 'unknown', kind: hexId(id) });
      return { messages, ack: generalAck(address, session, header) };
  }
}
