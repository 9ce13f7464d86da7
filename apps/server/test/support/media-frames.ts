import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { concatBytes, textBytes } from '@xunji/protocols';
import { bundledFfmpegPath } from '../../src/audio/audio-transcoder.js';

/** A real recording made by the bundled ffmpeg: a 440 Hz tone as AMR-NB (watches) or WAV. */
export function recordedTone(format: 'amr' | 'wav', seconds: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xunji-tone-'));
  const file = path.join(dir, `tone.${format}`);
  const codec = format === 'amr' ? ['-c:a', 'libopencore_amrnb', '-b:a', '12.2k'] : [];
  execFileSync(bundledFfmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:duration=${seconds}`, '-ar', '8000', '-ac', '1'],
    ...codec,
    file,
  ]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true });
  return bytes;
}

/** The watch protocol's binary escaping of 0x7d [ ] , * (TK / JXTK bodies). */
function escapeWatchBinary(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (const byte of data) {
    const code = [0x7d, 0x5b, 0x5d, 0x2c, 0x2a].indexOf(byte);
    if (code >= 0) out.push(0x7d, code + 1);
    else out.push(byte);
  }
  return Uint8Array.from(out);
}

/** `[3G*id*LEN*content]`, content given as text then raw bytes. */
export function watchFrame(deviceId: string, text: string, binary?: Uint8Array): Uint8Array {
  const content = concatBytes(
    textBytes(text),
    binary ? escapeWatchBinary(binary) : new Uint8Array(),
  );
  const length = content.length.toString(16).toUpperCase().padStart(4, '0');
  return concatBytes(textBytes(`[3G*${deviceId}*${length}*`), content, textBytes(']'));
}

/** A watch voice message in one frame (TK). */
export const watchVoice = (deviceId: string, amr: Uint8Array) => watchFrame(deviceId, 'TK,', amr);

/** Piece `index` (1-based) of `total` of a watch voice message named `name` (JXTK). */
export const watchVoicePiece = (
  deviceId: string,
  name: string,
  index: number,
  total: number,
  amr: Uint8Array,
) => watchFrame(deviceId, `JXTK,1,${name},${index},${total},`, amr);

/** JT/T 808 framing: 0x7e flags, 0x7e → 7d 02 and 0x7d → 7d 01 inside. */
function jt808Escape(content: number[]): Uint8Array {
  const out = [0x7e];
  for (const byte of content)
    out.push(...(byte === 0x7e ? [0x7d, 2] : byte === 0x7d ? [0x7d, 1] : [byte]));
  return Uint8Array.from([...out, 0x7e]);
}

const u16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const u32 = (value: number) => [...u16(value >>> 16), ...u16(value & 0xffff)];

/**
 * A JT/T 808-2013 0x0801 multimedia upload split into subpackages of at most `packetBytes`:
 * the first carries the media header (id, audio, format, event, channel, 28-byte location).
 */
export function jt808MediaUpload(
  phone: string,
  mediaId: number,
  format: 'wav' | 'mp3',
  data: Uint8Array,
  packetBytes = 900,
  firstSerial = 100,
): Uint8Array[] {
  const header = [
    ...u32(mediaId),
    1,
    format === 'wav' ? 3 : 2,
    0,
    1,
    ...new Array<number>(28).fill(0),
  ];
  const payload = Uint8Array.from([...header, ...data]);
  const total = Math.ceil(payload.length / packetBytes);
  const bcd = phone
    .padStart(12, '0')
    .match(/../g)!
    .map((pair) => parseInt(pair, 16));
  return Array.from({ length: total }, (_, i) => {
    const body = [...payload.subarray(i * packetBytes, (i + 1) * packetBytes)];
    const content = [
      ...u16(0x0801),
      ...u16(0x2000 | body.length),
      ...bcd,
      ...u16(firstSerial + i),
      ...u16(total),
      ...u16(i + 1),
      ...body,
    ];
    return jt808Escape([...content, content.reduce((check, byte) => check ^ byte, 0)]);
  });
}
