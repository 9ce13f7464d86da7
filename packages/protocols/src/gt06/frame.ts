/** Layout helpers shared by the GT06 framer, decoder and encoder (protocols.md §2.2.1). */
import { concatBytes } from '../common/bytes.js';
import { crc16X25 } from './crc.js';

export const START_SHORT = 0x78; // 0x7878, 1-byte length
export const START_LONG = 0x79; // 0x7979, 2-byte length
/** Smallest `len`: protocol number + serial + CRC. */
export const MIN_LENGTH = 5;
export const MAX_FRAME_BYTES = 1024;

/** Header size (start bytes + length field) for a frame starting with `marker`. */
export const headerSize = (marker: number): number => (marker === START_LONG ? 4 : 3);

/**
 * Builds a whole frame: start, len, proto, content, serial, CRC (len..serial), 0x0D0A.
 * Uses 0x7979 when `extended` or when the body does not fit a 1-byte length.
 */
export function buildFrame(
  proto: number,
  content: Uint8Array,
  serial: number,
  extended = false,
): Uint8Array {
  const len = content.length + 5;
  const long = extended || len > 0xff;
  const lenBytes = long ? new Uint8Array([len >> 8, len & 0xff]) : new Uint8Array([len]);
  const covered = concatBytes(
    lenBytes,
    new Uint8Array([proto]),
    content,
    new Uint8Array([(serial >> 8) & 0xff, serial & 0xff]),
  );
  const crc = crc16X25(covered);
  const start = long ? new Uint8Array([START_LONG, START_LONG]) : new Uint8Array([0x78, 0x78]);
  return concatBytes(start, covered, new Uint8Array([crc >> 8, crc & 0xff, 0x0d, 0x0a]));
}
