/**
 * The frame layouts GT06-family devices send (protocols.md §2.2.1), shared by the framer (where
 * does a frame end?) and the decoder (where are proto, content, serial and CRC?).
 *
 * - standard: `len` = proto + content + serial + CRC;
 * - bare: no serial and no CRC, `len` = proto + content (`787801080d0a`, Traccar test);
 * - lenNoProto: no serial and no CRC, `len` = content only (0x10/0x11 from older firmwares,
 *   Traccar test `7878121011…0d0a`), one byte longer than `len` says;
 * - lenPlus2: standard, but two bytes longer than `len` says (a heartbeat `787808134b…` whose
 *   `len` leaves out the CRC; Traccar's frame decoder takes `len` + 2 the same way);
 * - wifiCount: 0x17/0x69 Wi-Fi + LBS reports whose `len` byte is the access-point count, whose
 *   size follows from the counts in the body, without serial or CRC (Traccar `MSG_WIFI`);
 * - shortLogin: a login whose `len` says 13 but which ends after the 8-byte id and one more byte
 *   (`78780d01` id, one byte, `0d0a`: 15 bytes, no serial or CRC; seen from several firmwares).
 * Every layout ends with 0x0D 0x0A. Which one a frame has is unambiguous: the candidates differ in
 * size, and the standard one is tried first.
 */
import { DecodeError } from '../types.js';
import { crc16X25 } from './crc.js';
import { MIN_LENGTH, START_LONG, START_SHORT, headerSize } from './frame.js';

export type Layout = 'standard' | 'bare' | 'lenNoProto' | 'lenPlus2' | 'wifiCount' | 'shortLogin';

/** Protocol numbers of the Wi-Fi reports whose length byte is the access-point count. */
const WIFI_COUNT_PROTOS = new Set([0x17, 0x69]);
/** Time (6), then per access point MAC 6 + RSSI 1, then cell count, MCC 2, MNC 1, cells of 5. */
const WIFI_TIME = 6;
const WIFI_AP = 7;
const WIFI_CELL = 5;
/** The short login: header 3, proto, id 8, one byte, stop 2. */
const LOGIN = 0x01;
const SHORT_LOGIN_LEN = 13;
const SHORT_LOGIN_SIZE = 15;

export const isStart = (buf: Uint8Array, i: number): boolean =>
  (buf[i] === START_SHORT || buf[i] === START_LONG) && buf[i + 1] === buf[i];

const endsAt = (buf: Uint8Array, i: number, total: number): boolean =>
  buf[i + total - 2] === 0x0d && buf[i + total - 1] === 0x0a;

/** The `len` field of the frame at `i`, or undefined while its header is incomplete. */
export function lengthField(buf: Uint8Array, i: number): number | undefined {
  const hdr = headerSize(buf[i]!);
  if (buf.length - i < hdr) return undefined;
  return hdr === 4 ? (buf[i + 2]! << 8) | buf[i + 3]! : buf[i + 2]!;
}

/** Size of a Wi-Fi count frame at `i`; undefined while the bytes that tell it are missing. */
function wifiCountTotal(buf: Uint8Array, i: number): number | undefined {
  const cellCountAt = i + 4 + WIFI_TIME + buf[i + 2]! * WIFI_AP;
  if (cellCountAt >= buf.length) return undefined;
  return cellCountAt - i + 1 + 3 + buf[cellCountAt]! * WIFI_CELL + 2;
}

/** The layouts in the order tried (`bare` is the standard slot when `len` is below 5). */
const LAYOUTS: readonly Layout[] = [
  'standard',
  'lenNoProto',
  'lenPlus2',
  'wifiCount',
  'shortLogin',
];

/**
 * Size of a frame of `layout` at `i`: null when the layout cannot apply, undefined while the bytes
 * that tell it are missing.
 */
function sizeOf(buf: Uint8Array, i: number, layout: Layout): number | null | undefined {
  const len = lengthField(buf, i)!;
  const hdr = headerSize(buf[i]!);
  switch (layout) {
    case 'lenNoProto':
      return len >= 1 && hdr === 3 ? hdr + len + 3 : null;
    case 'lenPlus2':
      return hdr + len + 4;
    case 'wifiCount':
      return hdr === 3 && buf.length > i + 3 && WIFI_COUNT_PROTOS.has(buf[i + 3]!)
        ? wifiCountTotal(buf, i)
        : null;
    case 'shortLogin':
      return hdr === 3 && len === SHORT_LOGIN_LEN && buf[i + 3] === LOGIN ? SHORT_LOGIN_SIZE : null;
    default:
      return hdr + len + 2;
  }
}

/** The layout of a whole frame (as cut by the framer or given by a person), if any fits. */
export function layoutOf(frame: Uint8Array): Layout | undefined {
  const len = lengthField(frame, 0);
  if (!isStart(frame, 0) || len === undefined) return undefined;
  for (const layout of LAYOUTS) {
    const total = sizeOf(frame, 0, layout);
    if (total === frame.length && endsAt(frame, 0, total))
      return layout === 'standard' && len < MIN_LENGTH ? 'bare' : layout;
  }
  return undefined;
}

/** `frameEnd` answers: wait for more bytes, or no layout fits. */
export const NEED_MORE = 0;
export const NO_FRAME = -1;

/**
 * The size of the frame starting at `i`, by the first layout whose stop bits are in place;
 * NEED_MORE while an earlier candidate is still incomplete, NO_FRAME when none fits.
 */
export function frameEnd(buf: Uint8Array, i: number): number {
  if (lengthField(buf, i) === undefined) return NEED_MORE;
  let incomplete = false;
  for (const layout of LAYOUTS) {
    const total = sizeOf(buf, i, layout);
    if (total === null) continue;
    if (total === undefined || buf.length - i < total) incomplete = true;
    // A short login is taken at once: its device waits for the answer before sending more.
    else if (endsAt(buf, i, total))
      return incomplete && layout !== 'shortLogin' ? NEED_MORE : total;
  }
  return incomplete ? NEED_MORE : NO_FRAME;
}

export interface Envelope {
  proto: number;
  /** The length field (in the Wi-Fi count layout: the number of access points). */
  len: number;
  content: Uint8Array;
  /** Absent in the layouts without serial and CRC (the short login answers to serial 0). */
  serial?: number;
  extended: boolean;
  layout: Layout;
  crcMismatch: boolean;
}

/**
 * Checks a whole frame's envelope (markers, a layout whose size and stop bits fit) and answers
 * its parts. A wrong CRC is not a refusal: it is flagged. A standard frame whose final 0x0A was
 * lost (the capture ends at 0x0D) is taken as whole: its length field says where it ends.
 */
export function openFrame(frame: Uint8Array): Envelope {
  const marker = frame[0];
  if ((marker !== START_SHORT && marker !== START_LONG) || frame[1] !== marker)
    throw new DecodeError('gt06: bad start marker (expected 7878 or 7979)');
  const len = lengthField(frame, 0);
  const hdr = headerSize(marker);
  if (len === undefined || frame.length < hdr + 3)
    throw new DecodeError(`gt06: frame too short (${frame.length} bytes)`);
  let layout = layoutOf(frame);
  let stop = 2;
  if (!layout && len >= MIN_LENGTH && frame.length === hdr + len + 1 && frame.at(-1) === 0x0d) {
    layout = 'standard';
    stop = 1;
  }
  if (!layout) {
    const ending = frame.at(-2) === 0x0d && frame.at(-1) === 0x0a;
    throw new DecodeError(
      ending
        ? `gt06: length ${len} does not match frame size ${frame.length}`
        : 'gt06: bad stop bits (expected 0D0A)',
    );
  }
  const extended = marker === START_LONG;
  const end = frame.length - stop;
  if (layout !== 'standard' && layout !== 'lenPlus2') {
    const envelope: Envelope = {
      proto: frame[hdr]!,
      len,
      content: frame.subarray(hdr + 1, end),
      extended,
      layout,
      crcMismatch: false,
    };
    if (layout === 'shortLogin') envelope.serial = 0;
    return envelope;
  }
  const crcAt = end - 2;
  const crc = (frame[crcAt]! << 8) | frame[crcAt + 1]!;
  return {
    proto: frame[hdr]!,
    len,
    content: frame.subarray(hdr + 1, crcAt - 2),
    serial: (frame[crcAt - 2]! << 8) | frame[crcAt - 1]!,
    extended,
    layout,
    crcMismatch: crc16X25(frame.subarray(2, crcAt)) !== crc,
  };
}
