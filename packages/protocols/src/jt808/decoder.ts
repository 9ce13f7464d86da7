import type { CommandOutcome, DecodeResult, DecodedMessage, ProtocolSession } from '../types.js';
import { DecodeError } from '../types.js';
import { decodeGbk } from './gbk.js';
import { parseFrame, phoneToDeviceId, type Jt808Address, type Jt808Header } from './header.js';
import { parseLocation } from './location.js';
import { ByteReader } from './reader.js';
import { mediaResponse, platformResponse, registerResponse } from './replies.js';
import { nextSerial, rememberAddress } from './session.js';

const hexId = (id: number): string => `0x${id.toString(16).padStart(4, '0')}`;
const ascii = (bytes: Uint8Array): string =>
  String.fromCharCode(...bytes.filter((byte) => byte !== 0)).trim();

const RESULT_TEXT = ['success', 'failure', 'message error', 'unsupported'];
/** 0x0001 result byte → why the terminal refused (4, alarm confirmation, is not a refusal). */
const RESULT_OUTCOME: Partial<Record<number, CommandOutcome>> = {
  1: 'fail',
  2: 'paramError',
  3: 'unsupported',
};

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

const MEDIA = 'jt808Media';
interface MediaState {
  firstSerial: number;
  mediaId: number;
  format: 'jpeg' | 'mp3' | 'wav' | 'other';
}
const MEDIA_FORMATS = { 0: 'jpeg', 2: 'mp3', 3: 'wav' } as Record<number, MediaState['format']>;

/**
 * 0x0801 multimedia data → mediaChunk (index 0-based); only packet 1 carries the media header (its
 * format, and the media id the 0x8800 after the last packet names).
 */
function mediaChunk(
  header: Jt808Header,
  body: Uint8Array,
  session: ProtocolSession,
): { message: DecodedMessage; mediaId?: number } {
  const index = header.packet?.index ?? 1;
  const total = header.packet?.total ?? 1;
  if (index < 1 || index > total) throw new DecodeError('jt808: bad subpackage index');
  const firstSerial = (header.serial - (index - 1) + 0x10000) & 0xffff;
  let state: MediaState | undefined;
  let data: Uint8Array;
  if (index === 1) {
    const reader = new ByteReader(body);
    const mediaId = reader.u32('media id');
    reader.u8('media type');
    const format = MEDIA_FORMATS[reader.u8('media format')] ?? 'other';
    reader.u8('event');
    reader.u8('channel');
    reader.take(28, 'media location');
    data = reader.rest();
    state = { firstSerial, mediaId, format };
    session.extra[MEDIA] = state;
  } else {
    const stored = session.extra[MEDIA] as MediaState | undefined;
    if (stored?.firstSerial === firstSerial) state = stored;
    data = body;
  }
  return {
    message: {
      type: 'mediaChunk',
      // Named by the upload's first serial, which every packet can work out (serial − index + 1):
      // packets sent on a new connection after a reconnect still join their upload.
      mediaId: `serial-${firstSerial}`,
      index: index - 1,
      total,
      format: state?.format ?? 'other',
      data,
    },
    ...(state ? { mediaId: state.mediaId } : {}),
  };
}

/**
 * Decodes one frame as the framer gives it (flags and escapes included). The device id is the
 * terminal phone's BCD digits without leading zeros. A frame other than register/authentication on
 * a session without a device id also yields a login first (devices that skip authentication).
 */
export function decodeJt808(frame: Uint8Array, session: ProtocolSession): DecodeResult {
  const { header, body } = parseFrame(frame);
  const address = rememberAddress(session, header);
  const id = header.messageId;
  const messages: DecodedMessage[] = [];
  const generalAck = (): Uint8Array =>
    platformResponse(address, nextSerial(session), header.serial, id);

  if (id === 0x0100 || id === 0x0102) return login(header, body, session, address);

  if (session.deviceId === undefined) {
    const deviceId = phoneToDeviceId(header.phone);
    session.deviceId = deviceId;
    messages.push({ type: 'login', deviceId, details: { implicit: 1 } });
  }

  if (header.encryption !== 0) {
    messages.push({ type: 'unknown', kind: hexId(id) });
    return { messages };
  }

  if (header.packet && id !== 0x0801) {
    // Subpackaged messages other than multimedia are not reassembled.
    messages.push({ type: 'unknown', kind: hexId(id) });
    return { messages, ack: generalAck() };
  }

  switch (id) {
    case 0x0002:
      messages.push({ type: 'heartbeat' });
      return { messages, ack: generalAck() };
    case 0x0200:
      messages.push({ type: 'position', position: parseLocation(body) });
      return { messages, ack: generalAck() };
    case 0x0201:
    case 0x0500: {
      const reader = new ByteReader(body);
      const reference = String(reader.u16('reply serial'));
      messages.push({ type: 'commandResult', reference, success: true });
      messages.push({ type: 'position', position: parseLocation(reader.rest()) });
      return { messages, ack: generalAck() };
    }
    case 0x0704: {
      const reader = new ByteReader(body);
      const count = reader.u16('item count');
      const reupload = reader.u8('batch type') === 1;
      for (let item = 0; item < count; item++) {
        const length = reader.u16('item length');
        const position = parseLocation(reader.take(length, 'location item'));
        if (reupload) position.reupload = true;
        messages.push({ type: 'position', position });
      }
      return { messages, ack: generalAck() };
    }
    case 0x0001: {
      const reader = new ByteReader(body);
      const replySerial = reader.u16('reply serial');
      const replyId = reader.u16('reply id');
      const result = reader.u8('result');
      messages.push({
        type: 'commandResult',
        reference: String(replySerial),
        success: result === 0,
        ...(RESULT_OUTCOME[result] ? { outcome: RESULT_OUTCOME[result] } : {}),
        text: `${hexId(replyId)}: ${RESULT_TEXT[result] ?? `result ${result}`}`,
      });
      return { messages };
    }
    case 0x0801: {
      const chunk = mediaChunk(header, body, session);
      messages.push(chunk.message);
      const last = (header.packet?.index ?? 1) === (header.packet?.total ?? 1);
      const ack =
        last && chunk.mediaId !== undefined
          ? mediaResponse(address, nextSerial(session), chunk.mediaId)
          : generalAck();
      return { messages, ack };
    }
    default:
      messages.push({ type: 'unknown', kind: hexId(id) });
      return { messages, ack: generalAck() };
  }
}
