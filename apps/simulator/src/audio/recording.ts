/**
 * What a simulated device "records": the speech fixtures in `assets/` (see assets/README.md), cut
 * or looped to the asked length at frame boundaries, so 10 s asked gives 10 s of audio.
 */
import { readFileSync } from 'node:fs';

const asset = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../../assets/${name}`, import.meta.url)));

const cache = new Map<string, Uint8Array>();
const cached = (name: string): Uint8Array => {
  let bytes = cache.get(name);
  if (!bytes) cache.set(name, (bytes = asset(name)));
  return bytes;
};

/** `count` bytes taken from `source` over and over. */
function looped(source: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(count);
  for (let at = 0; at < count; at += source.length)
    out.set(source.subarray(0, Math.min(source.length, count - at)), at);
  return out;
}

const AMR_MAGIC = '#!AMR\n';
/** AMR-NB bytes per 20 ms frame (header byte included) by frame type; 9-15 are 1 byte. */
const AMR_FRAME_BYTES = [13, 14, 16, 18, 20, 21, 27, 32, 6];
const AMR_FRAMES_PER_SECOND = 50;

/** The byte length of each speech frame of an AMR-NB file (RFC 4867 §5). */
function amrFrames(file: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  for (let at = AMR_MAGIC.length; at < file.length;) {
    const size = AMR_FRAME_BYTES[(file[at]! >> 3) & 0x0f] ?? 1;
    frames.push(file.subarray(at, at + size));
    at += size;
  }
  return frames;
}

/** An AMR-NB 8 kHz file of `seconds` (the fixture's frames, looped). */
export function amrRecording(seconds: number): Uint8Array {
  const frames = amrFrames(cached('voice-8k.amr'));
  const wanted = Math.round(seconds * AMR_FRAMES_PER_SECOND);
  const picked = Array.from({ length: wanted }, (_, k) => frames[k % frames.length]!);
  const out = new Uint8Array(AMR_MAGIC.length + picked.reduce((sum, f) => sum + f.length, 0));
  out.set(new TextEncoder().encode(AMR_MAGIC), 0);
  let at = AMR_MAGIC.length;
  for (const frame of picked) {
    out.set(frame, at);
    at += frame.length;
  }
  return out;
}

const WAV_HEADER_BYTES = 44;

/** A PCM WAV of `seconds` (the fixture's samples, looped), with its RIFF sizes rewritten. */
export function wavRecording(seconds: number): Uint8Array {
  const file = cached('voice-8k.wav');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const byteRate = view.getUint32(28, true);
  const blockAlign = view.getUint16(32, true);
  const dataBytes = Math.round((seconds * byteRate) / blockAlign) * blockAlign;
  const out = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  out.set(file.subarray(0, WAV_HEADER_BYTES), 0);
  out.set(looped(file.subarray(WAV_HEADER_BYTES), dataBytes), WAV_HEADER_BYTES);
  const header = new DataView(out.buffer);
  header.setUint32(4, out.length - 8, true);
  header.setUint32(40, dataBytes, true);
  return out;
}
