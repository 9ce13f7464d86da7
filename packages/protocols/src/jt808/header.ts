import { bytesToHex } from '../common/bytes.js';
import { DecodeError } from '../types.js';
import { escapeFrame, frameContent, headerLength } from './escaping.js';

/** A parsed JT/T 808 message header (2013 or 2019 layout). */
export interface Jt808Header {
  messageId: number;
  /** Bits 10-12 of the body properties; 0 = not encrypted. */
  encryption: number;
  /** Body-properties bit 14: the 2019 layout (protocol version byte, 10-byte phone). */
  is2019: boolean;
  /** The protocol version byte (2019 layout only). */
  protocolVersion?: number;
  /** Terminal phone number as sent: BCD[6] (2013) or BCD[10] (2019). */
  phone: Uint8Array;
  serial: number;
  /** Body-properties bit 15, reserved in the standard: Jointech devices set it to ask for 0x4401. */
  answerRequested: boolean;
  /** Present when body-properties bit 13 is set; the index starts at 1. */
  packet?: { total: number; index: number };
}

export interface Jt808Message {
  header: Jt808Header;
  body: Uint8Array;
  /** The check code disagrees with the bytes (decoded all the same). */
  crcMismatch: boolean;
}

/** XOR of every byte: the JT/T 808 check code over header + body. */
export function xorChecksum(bytes: Uint8Array): number {
  let check = 0;
  for (const byte of bytes) check ^= byte;
  return check;
}

/**
 * Reads a frame (as the framer gives it) and parses the header. The body is what lies between the
 * header and the check code: a body-length field that disagrees with it is ignored (the flags
 * delimit the frame), and a wrong check code is reported, not refused. DecodeError when the frame
 * cannot hold a header.
 */
export function parseFrame(frame: Uint8Array): Jt808Message {
  const { data, checked } = frameContent(frame);
  if (data.length < 13) throw new DecodeError('jt808: frame shorter than a header');
  const messageId = (data[0]! << 8) | data[1]!;
  const props = (data[2]! << 8) | data[3]!;
  const is2019 = (props & 0x4000) !== 0;
  const length = headerLength(messageId, props);
  if (data.length < length + 1) throw new DecodeError('jt808: frame shorter than its header');
  const protocolVersion = is2019 ? data[4]! : undefined;
  let offset = is2019 ? 5 : 4;
  const phone = data.subarray(offset, offset + (is2019 ? 10 : 6));
  offset += phone.length;
  const shortSerial = length === offset + 1;
  const header: Jt808Header = {
    messageId,
    encryption: (props >> 10) & 0x07,
    is2019,
    answerRequested: (props & 0x8000) !== 0,
    phone,
    serial: shortSerial ? data[offset]! : (data[offset]! << 8) | data[offset + 1]!,
  };
  if (protocolVersion !== undefined) header.protocolVersion = protocolVersion;
  offset += shortSerial ? 1 : 2;
  if (props & 0x2000) {
    header.packet = {
      total: (data[offset]! << 8) | data[offset + 1]!,
      index: (data[offset + 2]! << 8) | data[offset + 3]!,
    };
    offset += 4;
  }
  return {
    header,
    body: data.subarray(offset, data.length - 1),
    crcMismatch: !checked,
  };
}

/**
 * The device id for a terminal phone number: its BCD digits with leading zeros removed
 * ("051160004464" → "51160004464", all zeros → "0"). Some devices put non-BCD bytes (IMEI bytes)
 * there; those are given as lower-case hex of the raw bytes.
 */
export function phoneToDeviceId(phone: Uint8Array): string {
  const hex = bytesToHex(phone);
  if (!/^[0-9]+$/.test(hex)) return hex;
  return hex.replace(/^0+/, '') || '0';
}

/** How to address a downlink message: the terminal's phone and header layout. */
export interface Jt808Address {
  phone: Uint8Array;
  is2019: boolean;
  protocolVersion?: number;
}

const MAX_BODY = 0x03ff;
/** Header (2019: 17 bytes), body and check code of the frame being built. */
const CONTENT = new Uint8Array(17 + MAX_BODY + 1);

/** Builds a whole escaped frame (flags, header without subpackages, body, check code). */
export function buildFrame(
  messageId: number,
  address: Jt808Address,
  serial: number,
  body: Uint8Array,
): Uint8Array {
  if (body.length > MAX_BODY) throw new RangeError('jt808: body longer than 1023 bytes');
  const headLength = address.is2019 ? 5 : 4;
  const phoneEnd = headLength + (address.is2019 ? 10 : 6);
  const bodyAt = phoneEnd + 2;
  const length = bodyAt + body.length + 1;
  // Built in one buffer for every frame and copied out escaped: one new array per frame (an ack
  // per position), not four.
  const content = CONTENT;
  const props = body.length | (address.is2019 ? 0x4000 : 0);
  content[0] = messageId >> 8;
  content[1] = messageId & 0xff;
  content[2] = props >> 8;
  content[3] = props & 0xff;
  if (address.is2019) content[4] = address.protocolVersion ?? 1;
  // Right-aligned: a shorter phone is padded with leading zero bytes, a longer one cut.
  const { phone } = address;
  const width = phoneEnd - headLength;
  for (let i = 0; i < width; i++) {
    const from = phone.length - width + i;
    content[headLength + i] = from >= 0 ? phone[from]! : 0;
  }
  content[phoneEnd] = (serial >> 8) & 0xff;
  content[phoneEnd + 1] = serial & 0xff;
  content.set(body, bodyAt);
  let check = 0;
  for (let i = 0; i < length - 1; i++) check ^= content[i]!;
  content[length - 1] = check;
  return escapeFrame(content, length);
}
