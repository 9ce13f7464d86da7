/** GT06 frame envelope on the device side (protocols.md §2.2.1). */
import { readU16, u16 } from './bytes.js';

/** CRC-16/X-25 (Concox "CRC-ITU") over length … serial. */
export function crcItu(bytes: ArrayLike<number>): number {
  let crc = 0xffff;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i]!;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x8408 : crc >>> 1;
  }
  return (crc ^ 0xffff) & 0xffff;
}

/** `78 78 len proto content serial crc 0D 0A`, or `79 79` with a 2-byte length when needed. */
export function gt06Frame(proto: number, content: number[], serial: number): Uint8Array {
  const len = content.length + 5;
  const long = len > 0xff;
  const covered = [...(long ? u16(len) : [len]), proto, ...content, ...u16(serial)];
  const marker = long ? 0x79 : 0x78;
  return Uint8Array.from([marker, marker, ...covered, ...u16(crcItu(covered)), 0x0d, 0x0a]);
}

export interface Gt06Packet {
  proto: number;
  content: Uint8Array;
  serial: number;
}

/** Opens a whole frame; undefined when its envelope or CRC is wrong (a device drops those). */
export function openGt06(frame: Uint8Array): Gt06Packet | undefined {
  const long = frame[0] === 0x79;
  const header = long ? 4 : 3;
  if (frame.length < header + 7) return undefined;
  const crcAt = frame.length - 4;
  if (crcItu(frame.subarray(2, crcAt)) !== readU16(frame, crcAt)) return undefined;
  return {
    proto: frame[header]!,
    content: frame.subarray(header + 1, crcAt - 2),
    serial: readU16(frame, crcAt - 2),
  };
}
