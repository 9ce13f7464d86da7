/**
 * 3G watch frame layout, shared by the framer, decoder and encoder:
 * `[MF*ID*LEN*CONTENT]` or `[MF*ID*IDX*LEN*CONTENT]`, LEN = 4 hex digits counting CONTENT bytes
 * (protocols.md §2.3.1).
 */
import { concatBytes, textBytes } from '../common/bytes.js';

/** Largest watch frame accepted: voice chunks are big. */
export const WATCH_MAX_FRAME_BYTES = 64 * 1024;

export interface WatchHeader {
  manufacturer: string;
  deviceId: string;
  /** The optional 4-hex-digit index of the variant header. */
  index?: string;
  /** Offset of the first CONTENT byte in the frame. */
  contentStart: number;
  /** CONTENT bytes actually framed (LEN for binary words; up to the first `]` for text). */
  contentLength: number;
  /** Offset just past the closing `]`. */
  frameEnd: number;
}

const STAR = 0x2a;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const MAX_ID_LENGTH = 32;

const isAlnum = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const isHex = (b: number) =>
  (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);

/** `4 hex digits + '*'` at `at`: its value, null when absent, 'short' when the buffer ends first. */
function hexField(buf: Uint8Array, at: number): number | null | 'short' {
  for (let i = 0; i < 5; i++) {
    if (at + i >= buf.length) return 'short';
    const b = buf[at + i]!;
    if (i < 4 ? !isHex(b) : b !== STAR) return null;
  }
  let value = 0;
  for (let i = 0; i < 4; i++) value = value * 16 + parseInt(String.fromCharCode(buf[at + i]!), 16);
  return value;
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
 * the payload may hold a `]` (a sender that did not escape it). Text words end at the first `]`,
 * as TRC `WatchFrameDecoder` does: some firmware writes a wrong LEN on text frames (several TRC
 * test frames from SG devices are 3 bytes off), and text never contains `]`.
 */
export const BINARY_WORDS: ReadonlySet<string> = new Set(['TK', 'JXTK', 'img']);

const COMMA = 0x2c;
const MAX_WORD_LENGTH = 32;

/** Reads the frame starting at `buf[0]` (which must be `[`). */
export function scanFrame(buf: Uint8Array, maxFrameBytes: number): HeaderScan {
  if (buf.length === 0) return { kind: 'short' };
  if (buf[0] !== OPEN) return { kind: 'invalid' };
  // MF: two alphanumerics then '*'.
  for (let i = 1; i <= 3; i++) {
    if (i >= buf.length) return { kind: 'short' };
    const b = buf[i]!;
    if (i < 3 ? !isAlnum(b) : b !== STAR) return { kind: 'invalid' };
  }
  let pos = 4;
  while (true) {
    if (pos >= buf.length) return { kind: 'short' };
    const b = buf[pos]!;
    if (b === STAR) break;
    if (!isAlnum(b) || pos - 4 >= MAX_ID_LENGTH) return { kind: 'invalid' };
    pos++;
  }
  if (pos === 4) return { kind: 'invalid' };
  const first = hexField(buf, pos + 1);
  if (first === 'short') return { kind: 'short' };
  if (first === null) return { kind: 'invalid' };
  // `HHHH*HHHH*` is the indexed variant (TRC's rule), unless the plain LEN already fits.
  const second = hexField(buf, pos + 6);
  if (second === 'short') return { kind: 'short' };
  const plainFits = buf[pos + 6 + first] === CLOSE;
  const header: WatchHeader = {
    manufacturer: String.fromCharCode(buf[1]!, buf[2]!),
    deviceId: String.fromCharCode(...buf.subarray(4, pos)),
    contentStart: pos + 6,
    contentLength: first,
    frameEnd: 0,
  };
  if (second !== null && !plainFits) {
    header.index = String.fromCharCode(...buf.subarray(pos + 1, pos + 5));
    header.contentStart = pos + 11;
    header.contentLength = second;
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

  if (BINARY_WORDS.has(word)) {
    const close = header.contentStart + header.contentLength;
    if (close + 1 > maxFrameBytes) return { kind: 'oversized' };
    if (close >= buf.length) return { kind: 'short' };
    if (buf[close] !== CLOSE) return { kind: 'invalid' };
    header.frameEnd = close + 1;
    return { kind: 'frame', header };
  }
  for (let i = wordEnd; i < buf.length; i++) {
    const b = buf[i]!;
    if (b === OPEN) return { kind: 'invalid' };
    if (b === CLOSE) {
      if (i + 1 > maxFrameBytes) return { kind: 'oversized' };
      header.contentLength = i - header.contentStart;
      header.frameEnd = i + 1;
      return { kind: 'frame', header };
    }
  }
  return buf.length >= maxFrameBytes ? { kind: 'oversized' } : { kind: 'short' };
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
