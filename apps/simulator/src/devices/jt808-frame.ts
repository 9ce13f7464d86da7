/** JT/T 808-2013 envelope on the device side (protocols.md §2.1): header, XOR check, escaping. */
import { bcd, readU16, u16 } from './bytes.js';

export function escape(content: number[]): Uint8Array {
  const out = [0x7e];
  for (const byte of content) {
    if (byte === 0x7e) out.push(0x7d, 0x02);
    else if (byte === 0x7d) out.push(0x7d, 0x01);
    else out.push(byte);
  }
  out.push(0x7e);
  return Uint8Array.from(out);
}

function unescape(frame: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < frame.length; i++) {
    const byte = frame[i]!;
    if (byte === 0x7e) continue;
    if (byte === 0x7d) out.push(frame[++i] === 0x02 ? 0x7e : 0x7d);
    else out.push(byte);
  }
  return out;
}

const xor = (bytes: number[]): number => bytes.reduce((check, byte) => check ^ byte, 0);

/** One of `total` subpackages (1-based `index`) of a long message. */
export interface Jt808Subpackage {
  total: number;
  index: number;
}

/**
 * Message id, body properties (length, subpackage bit 13), BCD[6] phone, serial, [total, index],
 * body, check code.
 */
export function jt808Frame(
  messageId: number,
  phone: string,
  serial: number,
  body: number[] | Uint8Array,
  packet?: Jt808Subpackage,
): Uint8Array {
  if (body.length > 0x3ff) throw new RangeError('jt808: body longer than 1023 bytes');
  const content = [
    ...u16(messageId),
    ...u16(body.length | (packet ? 0x2000 : 0)),
    ...bcd(phone, 6),
    ...u16(serial),
    ...(packet ? [...u16(packet.total), ...u16(packet.index)] : []),
    ...body,
  ];
  return escape([...content, xor(content)]);
}

export interface Jt808Packet {
  messageId: number;
  serial: number;
  body: Uint8Array;
}

/** Opens a server frame (2013 or 2019 header); undefined when the check code is wrong. */
export function openJt808(frame: Uint8Array): Jt808Packet | undefined {
  const data = unescape(frame);
  if (data.length < 13 || xor(data.slice(0, -1)) !== data[data.length - 1]) return undefined;
  const bytes = Uint8Array.from(data);
  const props = readU16(bytes, 2);
  const headerLength = (props & 0x4000 ? 17 : 12) + (props & 0x2000 ? 4 : 0);
  return {
    messageId: readU16(bytes, 0),
    serial: readU16(bytes, headerLength - 2 - (props & 0x2000 ? 4 : 0)),
    body: bytes.subarray(headerLength, headerLength + (props & 0x3ff)),
  };
}
