import { DecodeError, type Framer } from '../types.js';

const FLAG = 0x7e;
const ESCAPE = 0x7d;

/**
 * Largest frame accepted, in bytes as sent (flags and escapes included): a 2019 header with
 * subpackage fields (21) + the largest body (1023) + the checksum, every byte escaped, + 2 flags.
 */
export const maxFrameBytes = 2 * (21 + 1023 + 1) + 2;

/** Header length for body properties `props` (2013: 12, 2019: 17; +4 with subpackages). */
export function headerLength(props: number): number {
  return (props & 0x4000 ? 17 : 12) + (props & 0x2000 ? 4 : 0);
}

/** Escapes header + body + checksum and adds the 0x7e flags. */
export function escapeFrame(content: Uint8Array): Uint8Array {
  const out: number[] = [FLAG];
  for (const byte of content) {
    if (byte === FLAG) out.push(ESCAPE, 0x02);
    else if (byte === ESCAPE) out.push(ESCAPE, 0x01);
    else out.push(byte);
  }
  out.push(FLAG);
  return Uint8Array.from(out);
}

/**
 * Removes the flags (when present) and undoes the escaping: 0x7d 0x02 → 0x7e, 0x7d 0x01 → 0x7d.
 * Any other byte after 0x7d, or a stray 0x7e inside, is a DecodeError.
 */
export function unescapeFrame(frame: Uint8Array): Uint8Array {
  let start = 0;
  let end = frame.length;
  if (end > 0 && frame[0] === FLAG) start = 1;
  if (end > start && frame[end - 1] === FLAG) end -= 1;
  const out = new Uint8Array(end - start);
  let length = 0;
  for (let i = start; i < end; i++) {
    const byte = frame[i]!;
    if (byte === FLAG) throw new DecodeError('jt808: 0x7e inside a frame');
    if (byte !== ESCAPE) {
      out[length++] = byte;
      continue;
    }
    const next = frame[++i];
    if (next === 0x02) out[length++] = FLAG;
    else if (next === 0x01) out[length++] = ESCAPE;
    else throw new DecodeError('jt808: bad escape after 0x7d');
  }
  return out.subarray(0, length);
}

/**
 * Whether a candidate (flags included, escaped) is shaped like a frame: valid escapes, and a length
 * that matches the header's body length. The checksum is left to the decoder, which reports it.
 */
function plausible(candidate: number[]): boolean {
  const content: number[] = [];
  for (let i = 1; i < candidate.length - 1; i++) {
    const byte = candidate[i]!;
    if (byte !== ESCAPE) {
      content.push(byte);
      continue;
    }
    const next = candidate[++i];
    if (next === 0x02) content.push(FLAG);
    else if (next === 0x01) content.push(ESCAPE);
    else return false;
  }
  if (content.length < 13) return false;
  const props = (content[2]! << 8) | content[3]!;
  return content.length === headerLength(props) + (props & 0x03ff) + 1;
}

/**
 * 0x7e-delimited framing. Frames are answered exactly as received (flags and escapes included);
 * `decode` unescapes them. A 0x7e that closes something not shaped like a frame (garbage, or the
 * gap between frames) is taken as the opening flag of the next frame, so the framer resynchronises.
 */
export function createJt808Framer(): Framer {
  const stats = { garbageBytes: 0, oversizedFrames: 0 };
  let buffer: number[] = [];
  let inFrame = false;
  let discarding = false;

  const push = (chunk: Uint8Array): Uint8Array[] => {
    const frames: Uint8Array[] = [];
    for (const byte of chunk) {
      if (discarding) {
        if (byte === FLAG) {
          discarding = false;
          inFrame = true;
          buffer = [FLAG];
        }
        continue;
      }
      if (!inFrame) {
        if (byte === FLAG) {
          inFrame = true;
          buffer = [FLAG];
        } else {
          stats.garbageBytes++;
        }
        continue;
      }
      if (byte !== FLAG) {
        buffer.push(byte);
        if (buffer.length >= maxFrameBytes) {
          stats.oversizedFrames++;
          discarding = true;
          inFrame = false;
          buffer = [];
        }
        continue;
      }
      if (buffer.length === 1) {
        // "7e 7e": the first flag closed nothing; this one opens the frame.
        stats.garbageBytes++;
        continue;
      }
      buffer.push(FLAG);
      if (plausible(buffer)) {
        frames.push(Uint8Array.from(buffer));
        inFrame = false;
        buffer = [];
      } else {
        stats.garbageBytes += buffer.length - 1;
        buffer = [FLAG];
      }
    }
    return frames;
  };

  return { push, stats };
}
