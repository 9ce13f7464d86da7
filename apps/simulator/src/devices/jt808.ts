/**
 * A JT/T 808-2013 terminal: register 0x0100 → 0x8100, authenticate 0x0102 → 0x8001, heartbeat
 * 0x0002, location 0x0200, blind-area batch 0x0704, and replies 0x0001 / 0x0201 to commands.
 */
import { findProtocol, type Framer } from '@xunji/protocols';
import { wavRecording } from '../audio/recording.js';
import type { DeviceAlarm, DeviceCommand, Fix, ServerMessage } from '../fix.js';
import { SerialCounter, ascii, asciiText, bcd, readU16, u16, u32 } from './bytes.js';
import type { DeviceCodec, Outgoing, ReuploadFrame } from './codec.js';
import { jt808Frame, openJt808, type Jt808Packet } from './jt808-frame.js';

const ALARM_BIT: Record<DeviceAlarm, number> = {
  sos: 0,
  lowBattery: 7,
  powerCut: 8,
  vibration: 15,
};
const RESULT = { success: 0, fail: 1, messageError: 2, unsupported: 3 };
/** 0x0801 media header: type 1 audio, format 3 WAV, event 0 (platform command), channel 1. */
const AUDIO_WAV = [1, 3, 0, 1];
/** Media bytes per 0x0801 subpackage (the body limit is 1023). */
const MEDIA_PACKET_BYTES = 1000;
/** The 0x0200 basic information a media header carries: alarm to time, 28 bytes. */
const BASIC_LOCATION_BYTES = 28;
/** A 0x0704 frame must stay under the 1023-byte body limit. */
const BATCH_SIZE = 20;

/** YYMMDDhhmmss in GMT+8, BCD. */
function bcdTime(time: number): number[] {
  const iso = new Date(time + 8 * 3600_000).toISOString(); // 2026-11-22T16:19:01.000Z
  return bcd(iso.slice(2, 19).replace(/\D/g, ''), 6);
}

/** A 0x0200 body: alarm, status, lat, lon, altitude, speed, course, time, extra items. */
export function locationBody(fix: Fix): number[] {
  const alarm = fix.alarm ? 2 ** ALARM_BIT[fix.alarm] : 0;
  const status =
    (fix.acc ? 1 : 0) |
    0x2 | // positioned
    (fix.latitude < 0 ? 0x4 : 0) |
    (fix.longitude < 0 ? 0x8 : 0) |
    (fix.cut ? 0x400 : 0) |
    0xc0000; // GPS + BeiDou
  return [
    ...u32(alarm),
    ...u32(status),
    ...u32(Math.round(Math.abs(fix.latitude) * 1e6)),
    ...u32(Math.round(Math.abs(fix.longitude) * 1e6)),
    ...u16(Math.max(0, Math.round(fix.altitude))),
    ...u16(Math.round(fix.speedKmh * 10)),
    ...u16(Math.round(fix.course) % 360),
    ...bcdTime(fix.time),
    ...[0x01, 4, ...u32(Math.round(fix.mileageKm * 10))],
    ...[0x30, 1, 25], // CSQ
    ...[0x31, 1, fix.satellites],
    ...[0x56, 1, Math.round(fix.batteryPercent / 10)], // vendor item: battery, tens of percent
  ];
}

const readU32 = (bytes: Uint8Array, at: number): number =>
  readU16(bytes, at) * 0x10000 + readU16(bytes, at + 2);

/** 0x8103 items: count, then id DWORD, length BYTE, value. */
function parameters(body: Uint8Array): Map<number, Uint8Array> {
  const items = new Map<number, Uint8Array>();
  let at = 1;
  for (let k = 0; k < (body[0] ?? 0) && at + 5 <= body.length; k++) {
    const length = body[at + 4]!;
    items.set(readU32(body, at), body.subarray(at + 5, at + 5 + length));
    at += 5 + length;
  }
  return items;
}

const PARAMETER = { reportInterval: 0x0029, maxSpeed: 0x0055 };

function setParameters(body: Uint8Array): DeviceCommand {
  const items = parameters(body);
  const interval = items.get(PARAMETER.reportInterval);
  if (interval?.length === 4) {
    const seconds = readU32(interval, 0);
    return seconds > 0 ? { kind: 'interval', seconds } : { kind: 'invalid', text: 'interval 0' };
  }
  const maxSpeed = items.get(PARAMETER.maxSpeed);
  if (maxSpeed?.length === 4 && readU32(maxSpeed, 0) === 0)
    return { kind: 'invalid', text: 'max speed 0' };
  return { kind: 'accepted', text: 'set parameters' };
}

/** 0x8804: command (0 stop, 1 start), duration WORD (0 continuous), save flag, sample rate. */
function recordCommand(body: Uint8Array): DeviceCommand {
  if (body.length < 5) return { kind: 'invalid', text: 'short 0x8804' };
  if (body[0] === 0) return { kind: 'accepted', text: 'stop recording' };
  const seconds = readU16(body, 1);
  // Continuous recording is acknowledged; the simulation uploads only timed recordings.
  return seconds > 0 ? { kind: 'record', seconds } : { kind: 'accepted', text: 'record always' };
}

function commandOf(packet: Jt808Packet): DeviceCommand {
  const { messageId, body } = packet;
  switch (messageId) {
    case 0x8105:
      if (body[0] === 0xf0) return { kind: 'cutOil' };
      if (body[0] === 0xf1) return { kind: 'restoreOil' };
      if (body[0] !== undefined && body[0] >= 1 && body[0] <= 7)
        return { kind: 'accepted', text: `terminal control ${body[0]}` };
      break;
    case 0x8201:
      return { kind: 'locateNow' };
    case 0x8103:
      return setParameters(body);
    case 0x8804:
      return recordCommand(body);
    case 0x8300:
      return { kind: 'accepted', text: asciiText(body.subarray(1)) };
    case 0x8202:
      return { kind: 'accepted', text: 'temporary tracking' };
  }
  return { kind: 'unsupported', text: `0x${messageId.toString(16).padStart(4, '0')}` };
}

/** 0x0001 result byte for each way a command can end. */
function resultOf(command: DeviceCommand, refused: boolean): number {
  if (refused) return RESULT.fail;
  if (command.kind === 'invalid') return RESULT.messageError;
  if (command.kind === 'unsupported') return RESULT.unsupported;
  return RESULT.success;
}

export class Jt808Device implements DeviceCodec {
  readonly protocol = 'jt808' as const;
  readonly positionsAcked = true;
  private readonly serial = new SerialCounter();
  private authCode: string | undefined;
  private mediaCount = 0;

  /** `deviceId` is the terminal phone number, at most 12 digits without a leading zero. */
  constructor(readonly deviceId: string) {
    if (!/^[1-9]\d{0,11}$/.test(deviceId)) throw new Error(`jt808: bad terminal phone ${deviceId}`);
  }

  reset(): void {
    this.serial.reset();
  }

  private frame(messageId: number, body: number[]): Outgoing {
    const serial = this.serial.next();
    return { bytes: jt808Frame(messageId, this.deviceId, serial, body), serial };
  }

  /** Registers once per device; afterwards authenticates straight away with the stored code. */
  login(): Outgoing {
    if (this.authCode !== undefined) return this.frame(0x0102, ascii(this.authCode));
    const model = ascii('XJ-SIM808').concat(Array<number>(11).fill(0));
    const terminal = ascii(this.deviceId.slice(-7).padStart(7, '0'));
    return this.frame(0x0100, [
      ...u16(31), // province: Shanghai
      ...u16(0),
      ...ascii('XUNJI'),
      ...model,
      ...terminal,
      0, // no plate: VIN follows
      ...ascii(`SIM${this.deviceId}`),
    ]);
  }

  continueLogin(message: ServerMessage): Outgoing | undefined {
    if (message.type !== 'registered') return undefined;
    this.authCode = message.authCode;
    return this.login();
  }

  heartbeat(): Outgoing {
    return this.frame(0x0002, []);
  }

  location(fix: Fix): Outgoing {
    return this.frame(0x0200, locationBody(fix));
  }

  reupload(fixes: Fix[]): ReuploadFrame[] {
    const frames: ReuploadFrame[] = [];
    for (let start = 0; start < fixes.length; start += BATCH_SIZE) {
      const batch = fixes.slice(start, start + BATCH_SIZE);
      const body = [...u16(batch.length), 1]; // type 1: blind-area re-upload
      for (const item of batch.map(locationBody)) body.push(...u16(item.length), ...item);
      frames.push({ ...this.frame(0x0704, body), fixes: batch });
    }
    return frames;
  }

  createFramer(): Framer {
    return findProtocol('jt808')!.createFramer();
  }

  /** A WAV recording as 0x0801 subpackages with consecutive serials (media header in the first). */
  private audio(seconds: number, fix: Fix): Uint8Array[] {
    const mediaId = ++this.mediaCount;
    const media = new Uint8Array([
      ...u32(mediaId),
      ...AUDIO_WAV,
      ...locationBody(fix).slice(0, BASIC_LOCATION_BYTES),
      ...wavRecording(seconds),
    ]);
    const total = Math.ceil(media.length / MEDIA_PACKET_BYTES);
    return Array.from({ length: total }, (_, k) =>
      jt808Frame(
        0x0801,
        this.deviceId,
        this.serial.next(),
        media.subarray(k * MEDIA_PACKET_BYTES, (k + 1) * MEDIA_PACKET_BYTES),
        { total, index: k + 1 },
      ),
    );
  }

  private generalResponse(packet: Jt808Packet, result: number): Uint8Array {
    return this.frame(0x0001, [...u16(packet.serial), ...u16(packet.messageId), result]).bytes;
  }

  parse(frame: Uint8Array): ServerMessage {
    const packet = openJt808(frame);
    if (!packet) return { type: 'other', detail: 'bad frame' };
    const { messageId, body } = packet;
    if (messageId === 0x8001) {
      // A refused authentication: the code is not (or no longer) ours; register again next time.
      if (readU16(body, 2) === 0x0102 && body[4] !== 0) {
        this.authCode = undefined;
        return { type: 'other', detail: 'authentication refused' };
      }
      return { type: 'ack', serial: readU16(body, 0) };
    }
    if (messageId === 0x8800)
      return { type: 'other', detail: `media ${readU32(body, 0)} received` };
    if (messageId === 0x8100) {
      if (body[2] !== 0) return { type: 'other', detail: `register refused: ${body[2]}` };
      return {
        type: 'registered',
        serial: readU16(body, 0),
        authCode: asciiText(body.subarray(3)),
      };
    }
    const command = commandOf(packet);
    return {
      type: 'command',
      command,
      reply: (fix, refused) => {
        if (command.kind === 'locateNow') {
          const reply = this.frame(0x0201, [...u16(packet.serial), ...locationBody(fix)]);
          return { frames: [reply.bytes], positionSerial: reply.serial };
        }
        const frames = [this.generalResponse(packet, resultOf(command, refused))];
        if (command.kind !== 'record') return { frames };
        const { seconds } = command;
        return { frames, upload: { seconds, frames: () => this.audio(seconds, fix) } };
      },
    };
  }
}
