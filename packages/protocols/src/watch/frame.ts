/**
 * 3G watch frame layout, shared by the framer, decoder and encoder:
 * `[MF*ID*LEN*CONTENT]` or `[MF*ID*IDX*LEN*CONTENT]`, LEN = 4 hex digits counting CONTENT bytes
 * (protocols.md §2.3.1). Accepted besides: a maker code of 2 to 16 alphanumerics (`3G`, `SG`,
 * `CS`, `ZJ`, …), LEN and index of 1 to 8 digits, LEN in decimal.
 */
import { concatBytes, textBytes } from '../common/bytes.js';

/** Largest watch frame accepted: voice chunks are big. */
export const WATCH_MAX_FRAME_BYTES = 64 * 1024;

export interface WatchHeader {
  manufacturer: string;
  deviceId: string;
  /** The optional index of the variant header (4 hex digits in TRC's frames). */
  index?: string;
  /** Offset of the first CONTENT byte in the frame. */
  contentStart: number;
  /** CONTENT bytes actually framed (LEN for binary words; see textEnd for text). */
  contentLength: number;
  /** Offset just past the closing `]`. */
  frameEnd: number;
}

const STAR = 0x2a;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const COMMA = 0x2c;
const MIN_MAKER_LENGTH = 2;
const MAX_MAKER_LENGTH = 16;
const MAX_ID_LENGTH = 32;
/** LEN and the index: 4 hex digits in BEE; 1 to 8 digits seen from other firmware. */
const MAX_NUMBER_DIGITS = 8;
const MAX_WORD_LENGTH = 32;

const isAlnum = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isHex = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** Alphanumerics from `at` up to a `*`: the offset of that `*`, or 'short' / null (invalid). */
function starField(buf: Uint8Array, at: number, max: number): number | 'short' | null {
  for (let i = at; ; i++) {
    if (i >= buf.length) return 'short';
    if (buf[i] === STAR) return i - at >= 1 ? i : null;
    if (!isAlnum(buf[i]!) || i - at >= max) return null;
  }
}

/** Hex digits from `at` up to a `*` (1 to 8): their text, or 'short' / null when absent. */
function numberField(buf: Uint8Array, at: number): string | 'short' | null {
  for (let i = at; ; i++) {
    if (i >= buf.length) return 'short';
    const b = buf[i]!;
    if (b === STAR) return i > at ? String.fromCharCode(...buf.subarray(at, i)) : null;
    if (!isHex(b) || i - at >= MAX_NUMBER_DIGITS) return null;
  }
}

/**
 * Where LEN says CONTENT ends: LEN is hex (BEE), but some firmware writes it in decimal; the
 * decimal reading is tried when the hex one does not land on a `]` that is there.
 */
function lenEnds(contentStart: number, len: string): number[] {
  const ends = [contentStart + parseInt(len, 16)];
  if ([...len].every((c) => isDigit(c.charCodeAt(0)))) {
    const decimal = contentStart + Number(len);
    if (decimal !== ends[0]) ends.push(decimal);
  }
  return ends;
}

export type HeaderScan =
  /** A whole frame. */
  | { kind: 'frame'; header: WatchHeader }
  /** More bytes are needed to decide. */
  | { kind: 'short' }
  /** The header is well formed but the frame would exceed the maximum. */
  | { kind: 'oversized' }
  | { kind: 'invalid' };

/**
 * Words whose content is escaped binary (voice AMR, JPEG): their end is where LEN says, because
 * the payload may hold a `]` (a sender that did not escape it).
 */
export const BINARY_WORDS: ReadonlySet<string> = new Set(['TK', 'JXTK', 'img']);

/** A binary word's frame: ends where LEN (hex, else decimal) puts a `]`. */
function binaryEnd(buf: Uint8Array, ends: number[], maxFrameBytes: number): HeaderScan | number {
  let waiting = false;
  for (const close of ends) {
    if (close + 1 > maxFrameBytes) continue;
    if (close >= buf.length) waiting = true;
    else if (buf[close] === CLOSE) return close;
  }
  if (waiting) return { kind: 'short' };
  return ends.some((close) => close + 1 <= maxFrameBytes)
    ? { kind: 'invalid' }
    : { kind: 'oversized' };
}

/**
 * A text word's frame. It ends at the first `]`, as TRC `WatchFrameDecoder` does (some firmware
 * writes a wrong LEN on text frames: several TRC test frames from SG devices are 3 bytes off),
 * unless LEN lands on a `]` before the next frame (`][`): then a `[` or `]` met on the way is
 * content (an SSID). A `[` otherwise means this frame was cut short: invalid, to resynchronise.
 */
function textEnd(buf: Uint8Array, from: number, lenEnd: number, max: number): HeaderScan | number {
  const lenFits = lenEnd < buf.length && buf[lenEnd] === CLOSE;
  let first = -1;
  for (let i = from; i < buf.length && !(first >= 0 && i > lenEnd); i++) {
    const b = buf[i]!;
    if (b === CLOSE) {
      if (i === lenEnd) return lenEnd;
      if (first < 0) first = i;
    } else if (b === OPEN && (!lenFits || i > lenEnd || buf[i - 1] === CLOSE)) {
      if (first < 0) return { kind: 'invalid' };
      break;
    }
  }
  if (first >= 0) return first + 1 > max ? { kind: 'oversized' } : first;
  return buf.length >= max ? { kind: 'oversized' } : { kind: 'short' };
}

/** Reads the frame starting at `buf[0]` (which must be `[`). */
export function scanFrame(buf: Uint8Array, maxFrameBytes: number): HeaderScan {
  if (buf.length === 0) return { kind: 'short' };
  if (buf[0] !== OPEN) return { kind: 'invalid' };
  const makerEnd = starField(buf, 1, MAX_MAKER_LENGTH);
  if (makerEnd === 'short') return { kind: 'short' };
  if (makerEnd === null || makerEnd - 1 < MIN_MAKER_LENGTH) return { kind: 'invalid' };
  const idEnd = starField(buf, makerEnd + 1, MAX_ID_LENGTH);
  if (idEnd === 'short') return { kind: 'short' };
  if (idEnd === null) return { kind: 'invalid' };
  const first = numberField(buf, idEnd + 1);
  if (first === 'short') return { kind: 'short' };
  if (first === null) return { kind: 'invalid' };
  const afterFirst = idEnd + 2 + first.length;
  // `IDX*LEN*` is the indexed variant (TRC's rule), unless the plain LEN already fits.
  const second = numberField(buf, afterFirst);
  if (second === 'short') return { kind: 'short' };
  const plainFits = buf[afterFirst + parseInt(first, 16)] === CLOSE;
  const header: WatchHeader = {
    manufacturer: String.fromCharCode(...buf.subarray(1, makerEnd)),
    deviceId: String.fromCharCode(...buf.subarray(makerEnd + 1, idEnd)),
    contentStart: afterFirst,
    contentLength: 0,
    frameEnd: 0,
  };
  let len = first;
  if (second !== null && !plainFits) {
    header.index = first;
    header.contentStart = afterFirst + second.length + 1;
    len = second;
  }

  // The command word decides how the frame ends.
  let wordEnd = header.contentStart;
  while (true) {
    if (wordEnd >= buf.length) return { kind: 'short' };
    const b = buf[wordEnd]!;
    if (b === COMMA || b === CLOSE) break;
    if (wordEnd - header.contentStart >= MAX_WORD_LENGTH || b === OPEN) return { kind: 'invalid' };
    wordEnd++;
  }
  const word = String.fromCharCode(...buf.subarray(header.contentStart, wordEnd));
  const ends = lenEnds(header.contentStart, len);
  const close = BINARY_WORDS.has(word)
    ? binaryEnd(buf, ends, maxFrameBytes)
    : textEnd(buf, wordEnd, ends[0]!, maxFrameBytes);
  if (typeof close !== 'number') return close;
  header.contentLength = close - header.contentStart;
  header.frameEnd = close + 1;
  return { kind: 'frame', header };
}

/** Escaped binary payload → raw bytes (7D 01→7D, 02→5B, 03→5D, 04→2C, 05→2A). */
export function unescapeBinary(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  let n = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i]!;
    if (b === 0x7d && i + 1 < data.length) {
      const code = data[i + 1]!;
      const raw = [0x7d, 0x5b, 0x5d, 0x2c, 0x2a][code - 1];
      if (raw !== undefined) {
        out[n++] = raw;
        i++;
        continue;
      }
    }
    out[n++] = b;
  }
  return out.slice(0, n);
}

/** Raw bytes → escaped binary payload. */
export function escapeBinary(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (const b of data) {
    const code = [0x7d, 0x5b, 0x5d, 0x2c, 0x2a].indexOf(b);
    if (code >= 0) out.push(0x7d, code + 1);
    else out.push(b);
  }
  return Uint8Array.from(out);
}

/** Builds `[MF*ID*LEN*CONTENT]` (or the indexed variant) around content bytes. */
export function buildFrame(
  manufacturer: string,
  deviceId: string,
  content: Uint8Array,
  index?: string,
): Uint8Array {
  const len = content.length.toString(16).toUpperCase().padStart(4, '0');
  const head =
    index === undefined
      ? `[${manufacturer}*${deviceId}*${len}*`
      : `[${manufacturer}*${deviceId}*${index}*${len}*`;
  return concatBytes(textBytes(head), content, textBytes(']'));
}
