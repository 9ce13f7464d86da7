import { readFileSync } from 'node:fs';
import { findProtocol, type DecodedMessage } from '@xunji/protocols';
import { describe, expect, it } from 'vitest';
import { amrRecording, wavRecording } from '../src/audio/recording.js';
import type { DeviceCodec } from '../src/devices/codec.js';
import { Jt808Device } from '../src/devices/jt808.js';
import { WatchDevice } from '../src/devices/watch.js';
import { sampleFix, serverDecoder } from './helpers.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../assets/${name}`, import.meta.url)));
const AMR_MAGIC_BYTES = 6;
/** The AMR fixture: 751 speech frames of 20 ms (ffmpeg reports 15.02 s). */
const FIXTURE_FRAMES = 751;

type Chunk = Extract<DecodedMessage, { type: 'mediaChunk' }>;
const chunksOf = (messages: DecodedMessage[]): Chunk[] =>
  messages.filter((m): m is Chunk => m.type === 'mediaChunk');
const joined = (chunks: Chunk[]): Buffer => Buffer.concat(chunks.map((c) => c.data));

/** Logs the device in on a server session and hands it a record command; answers its reply. */
function askToRecord(device: DeviceCodec, seconds: number) {
  const server = serverDecoder(device.protocol as 'jt808' | 'watch');
  server.decode(device.login().bytes);
  const encoded = findProtocol(device.protocol)!.encodeCommand(
    { type: 'voiceRecord', seconds },
    server.session,
  );
  if (!encoded.ok) throw new Error('not encoded');
  const message = device.parse(encoded.bytes);
  if (message.type !== 'command') throw new Error(message.type);
  return { server, reference: encoded.reference, reply: message.reply(sampleFix(), false) };
}

describe('recordings cut or looped from the fixtures', () => {
  it('walks the AMR frames: the whole fixture comes back byte for byte', () => {
    expect(Buffer.from(amrRecording(FIXTURE_FRAMES / 50))).toEqual(
      Buffer.from(fixture('voice-8k.amr')),
    );
  });

  it('cuts 10 s (500 frames) from the start and loops for 40 s', () => {
    const amr = fixture('voice-8k.amr');
    const ten = amrRecording(10);
    expect(Buffer.from(amr.subarray(0, ten.length))).toEqual(Buffer.from(ten));
    expect(ten.length).toBeLessThan(amr.length);
    const forty = amrRecording(40);
    const speech = amr.subarray(AMR_MAGIC_BYTES);
    expect(Buffer.from(forty.subarray(amr.length, amr.length + speech.length))).toEqual(
      Buffer.from(speech),
    );
  });

  it('writes a WAV of exactly the asked length with consistent RIFF sizes', () => {
    const wav = Buffer.from(wavRecording(10));
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const byteRate = wav.readUInt32LE(28);
    expect(wav.readUInt32LE(24)).toBe(8000); // sample rate
    expect(wav.readUInt32LE(40) / byteRate).toBe(10);
    expect(wav.length).toBe(44 + 10 * byteRate);
  });
});

describe('a record command uploads real audio', () => {
  it('JT/T 808: acks 0x8804, then 0x0801 WAV subpackages the server reassembles and acks with 0x8800', () => {
    const device = new Jt808Device('860000000002');
    const { server, reference, reply } = askToRecord(device, 10);
    expect(server.decode(reply.frames[0]!).messages).toEqual([
      expect.objectContaining({ reference, success: true }),
    ]);
    expect(reply.upload?.seconds).toBe(10);
    const decoded = reply.upload!.frames().map((frame) => server.decode(frame));
    const chunks = decoded.flatMap((d) => chunksOf(d.messages));
    expect(chunks.length).toBeGreaterThan(50);
    expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, k) => k));
    // One upload, named by its first packet's serial.
    expect(new Set(chunks.map((c) => `${c.mediaId}/${c.total}/${c.format}`))).toEqual(
      new Set([`${chunks[0]!.mediaId}/${chunks.length}/wav`]),
    );
    expect(chunks[0]!.mediaId).toMatch(/^serial-\d+$/);
    expect(joined(chunks)).toEqual(Buffer.from(wavRecording(10)));
    // Each packet is acked with 0x8001, the last with 0x8800 for media 1.
    const acks = decoded.map((d) => device.parse(d.ack!));
    expect(acks.slice(0, -1).every((a) => a.type === 'ack')).toBe(true);
    expect(acks.at(-1)).toEqual({ type: 'other', detail: 'media 1 received' });
  });

  it('watch: echoes RECORD, then one TK voice message of 10 s of AMR, which the server acks', () => {
    const device = new WatchDevice('8600000003');
    const { server, reply } = askToRecord(device, 10);
    expect(server.decode(reply.frames[0]!).messages).toEqual([
      { type: 'commandResult', reference: 'RECORD', success: true },
    ]);
    const frames = reply.upload!.frames();
    expect(frames).toHaveLength(1);
    expect(Buffer.from(frames[0]!.subarray(0, 23)).toString('latin1')).toMatch(
      /^\[3G\*8600000003\*[0-9A-F]{4}\*TK,/,
    );
    const { messages, ack } = server.decode(frames[0]!);
    const chunks = chunksOf(messages);
    expect(chunks).toMatchObject([{ index: 0, total: 1, format: 'amr' }]);
    expect(joined(chunks)).toEqual(Buffer.from(amrRecording(10)));
    expect(device.parse(ack!)).toEqual({ type: 'other', detail: 'voice TK,1' });
  });

  it('watch: a 40 s recording goes up as JXTK chunks of one AMR file', () => {
    const device = new WatchDevice('8600000003');
    const { server, reply } = askToRecord(device, 40);
    const decoded = reply.upload!.frames().map((frame) => server.decode(frame));
    const chunks = decoded.flatMap((d) => chunksOf(d.messages));
    expect(chunks.map((c) => [c.index, c.total])).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    expect(new Set(chunks.map((c) => c.mediaId)).size).toBe(1);
    expect(joined(chunks)).toEqual(Buffer.from(amrRecording(40)));
    expect(decoded.map((d) => device.parse(d.ack!))).toEqual(
      Array(3).fill({ type: 'other', detail: 'voice JXTKR,1' }),
    );
  });
});
