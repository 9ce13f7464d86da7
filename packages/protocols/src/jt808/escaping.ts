/**
 * The bytes between the 0x7e flags. The standard escapes them (0x7e → 7d 02, 0x7d → 7d 01), but
 * captures are often pasted as logged after unescaping, and a few firmwares never escape: such a
 * frame is read as it is when that is what makes its length field or its check code agree.
 */
import { DecodeError } from '../types.js';

export const FLAG = 0x7e;
export const ESCAPE = 0x7d;

/** Vendor location messages (Jointech JT701/JT709 0x5501 / 0x5502) whose serial is one byte. */
const shortSerial = (messageId: number): boolean => messageId === 0x5501 || messageId === 0x5502;

/**
 * Header length for a message id and its body properties (2013: 12, 2019: 17; +4 with
 * subpackages; one less for the vendor messages with a one-byte serial).
 */
export function headerLength(messageId: number, props: number): number {
  return (props & 0x4000 ? 17 : 12) + (props & 0x2000 ? 4 : 0) - (shortSerial(messageId) ? 1 : 0);
}

/** Fewest bytes between the flags that can hold a header and a check code. */
export const MIN_CONTENT = 12;

/** Escapes header + body + checksum (the first `length` bytes) and adds the 0x7e flags. */
export function escapeFrame(content: Uint8Array, length = content.length): Uint8Array {
  let escapes = 0;
  for (let i = 0; i < length; i++) {
    if (content[i] === FLAG || content[i] === ESCAPE) escapes++;
  }
  const out = new Uint8Array(length + escapes + 2);
  out[0] = FLAG;
  let at = 1;
  for (let i = 0; i < length; i++) {
    const byte = content[i]!;
    if (byte === FLAG || byte === ESCAPE) {
      out[at++] = ESCAPE;
      out[at++] = byte === FLAG ? 0x02 : 0x01;
    } else out[at++] = byte;
  }
  out[at] = FLAG;
  return out;
}

/** What a reading of the bytes between the flags gives. */
export interface Reading {
  /** Content bytes (header, body, check code). */
  length: number;
  /** The length the header declares for the whole content. */
  declared: number;
  /** The check code agrees (the XOR of every content byte, check code included, is 0). */
  checked: boolean;
}

/**
 * Reads `bytes[start, end)` unescaped (`raw` false) or as they are, without copying; undefined for
 * an escaped reading that meets a bad escape or a 0x7e.
 */
export function read(
  bytes: ArrayLike<number>,
  start: number,
  end: number,
  raw: boolean,
): Reading | undefined {
  let length = 0;
  let xor = 0;
  let id = 0;
  let props = 0;
  for (let i = start; i < end; i++) {
    let byte = bytes[i]!;
    if (!raw) {
      if (byte === FLAG) return undefined;
      if (byte === ESCAPE) {
        const next = bytes[++i];
        if (next === 0x02) byte = FLAG;
        else if (next === 0x01) byte = ESCAPE;
        else return undefined;
      }
    }
    if (length < 2) id = (id << 8) | byte;
    else if (length < 4) props = (props << 8) | byte;
    xor ^= byte;
    length++;
  }
  const declared = length < 4 ? Infinity : headerLength(id, props) + (props & 0x03ff) + 1;
  return { length, declared, checked: xor === 0 };
}

const agrees = (reading: Reading | undefined): reading is Reading =>
  reading !== undefined &&
  reading.length >= MIN_CONTENT &&
  (reading.length === reading.declared || reading.checked);

/**
 * Whether `bytes[start, end)` read unescaped (false) or as they are (true), or undefined when
 * neither reading agrees with the header's length or the check code.
 */
export function agreeingReading(
  bytes: ArrayLike<number>,
  start: number,
  end: number,
): boolean | undefined {
  if (agrees(read(bytes, start, end, false))) return false;
  if (agrees(read(bytes, start, end, true))) return true;
  return undefined;
}

const contentStart = (frame: Uint8Array): number => (frame[0] === FLAG ? 1 : 0);
const contentEnd = (frame: Uint8Array, start: number): number =>
  frame.length > start && frame[frame.length - 1] === FLAG ? frame.length - 1 : frame.length;

/** The content of a frame as the framer gives it, and whether its check code agrees. */
export interface Content {
  data: Uint8Array;
  checked: boolean;
}

/**
 * Removes the flags (when present) and reads the rest: unescaped as the standard says; as it is
 * when only that reading agrees with the length field or the check code. With neither agreeing,
 * the unescaped reading (the body is whatever lies between header and check code); DecodeError
 * when its escapes are broken too.
 */
export function frameContent(frame: Uint8Array): Content {
  const start = contentStart(frame);
  const end = contentEnd(frame, start);
  const escaped = read(frame, start, end, false);
  if (escaped && (escaped.length === escaped.declared || escaped.checked)) {
    return { data: unescape(frame, start, end, escaped.length), checked: escaped.checked };
  }
  const raw = read(frame, start, end, true)!;
  if (raw.length === raw.declared || raw.checked) {
    return { data: frame.subarray(start, end), checked: raw.checked };
  }
  if (!escaped) {
    throw new DecodeError(
      'jt808: bad escape after 0x7d (or 0x7e inside), and neither the length nor the check code agrees',
    );
  }
  return { data: unescape(frame, start, end, escaped.length), checked: false };
}

function unescape(frame: Uint8Array, start: number, end: number, length: number): Uint8Array {
  if (length === end - start) return frame.subarray(start, end);
  const out = new Uint8Array(length);
  let at = 0;
  for (let i = start; i < end; i++) {
    const byte = frame[i]!;
    out[at++] = byte === ESCAPE ? (frame[++i] === 0x02 ? FLAG : ESCAPE) : byte;
  }
  return out;
}

/** Undoes the standard escaping of a whole frame (flags optional); DecodeError when broken. */
export function unescapeFrame(frame: Uint8Array): Uint8Array {
  const start = contentStart(frame);
  const end = contentEnd(frame, start);
  const escaped = read(frame, start, end, false);
  if (!escaped) throw new DecodeError('jt808: bad escape or 0x7e inside a frame');
  return unescape(frame, start, end, escaped.length);
}
