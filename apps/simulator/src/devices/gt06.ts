/** A Concox GT06 tracker (protocols.md §2.2): login 0x01, status 0x13, GPS 0x22, alarm 0x26. */
import { findProtocol, type Framer } from '@xunji/protocols';
import type { DeviceAlarm, Fix, ServerMessage } from '../fix.js';
import { SerialCounter, ascii, asciiText, bcd, u16, u32 } from './bytes.js';
import type { DeviceCodec, Outgoing, ReuploadFrame } from './codec.js';
import { gt06Frame, openGt06 } from './gt06-frame.js';
import { parseTextCommand, textReply } from './text-commands.js';

const PROTO = { login: 0x01, status: 0x13, reply: 0x15, gps: 0x22, alarm: 0x26, command: 0x80 };
const ALARM_BYTE: Record<DeviceAlarm, number> = {
  sos: 0x01,
  powerCut: 0x02,
  vibration: 0x03,
  lowBattery: 0x19,
};
const CELL = [...u16(460), 0, ...u16(0x287d), 0x00, 0x1f, 0x71]; // MCC, MNC, LAC, cell id
const LANGUAGE_ENGLISH = [0x00, 0x02];
const UPLOAD_INTERVAL = 0x00;
const UPLOAD_AFTER_RECONNECT = 0x05;

const voltageLevel = (percent: number): number => Math.round((percent * 6) / 100);

function timeBytes(time: number): number[] {
  const d = new Date(time);
  return [
    d.getUTCFullYear() % 100,
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ];
}

/** Date, satellites, lat, lon, speed, course/status word (18 bytes). */
export function gpsBlock(fix: Fix): number[] {
  const flags =
    0x1000 | // positioned
    (fix.latitude >= 0 ? 0x0400 : 0) |
    (fix.longitude < 0 ? 0x0800 : 0) |
    (Math.round(fix.course) % 360);
  return [
    ...timeBytes(fix.time),
    0xc0 | Math.min(fix.satellites, 15),
    ...u32(Math.round(Math.abs(fix.latitude) * 1_800_000)),
    ...u32(Math.round(Math.abs(fix.longitude) * 1_800_000)),
    Math.min(255, Math.round(fix.speedKmh)),
    ...u16(flags),
  ];
}

function terminalInfo(fix: Fix): number {
  return (fix.cut ? 0x80 : 0) | 0x40 | 0x04 | (fix.acc ? 0x02 : 0);
}

export class Gt06Device implements DeviceCodec {
  readonly protocol = 'gt06' as const;
  readonly positionsAcked = false;
  private readonly serial = new SerialCounter();

  constructor(readonly deviceId: string) {}

  reset(): void {
    this.serial.reset();
  }

  private frame(proto: number, content: number[]): Outgoing {
    const serial = this.serial.next();
    return { bytes: gt06Frame(proto, content, serial), serial };
  }

  login(): Outgoing {
    // Type id 0x3622, zone word 0x3200 = GMT+8:00 (bits 15-4 = 800).
    return this.frame(PROTO.login, [...bcd(this.deviceId, 8), ...u16(0x3622), ...u16(0x3200)]);
  }

  continueLogin(): undefined {
    return undefined;
  }

  heartbeat(fix: Fix): Outgoing {
    return this.frame(PROTO.status, [
      terminalInfo(fix),
      voltageLevel(fix.batteryPercent),
      4,
      ...LANGUAGE_ENGLISH,
    ]);
  }

  location(fix: Fix): Outgoing {
    return fix.alarm ? this.alarm(fix, fix.alarm) : this.gps(fix, false);
  }

  reupload(fixes: Fix[]): ReuploadFrame[] {
    return fixes.map((fix) => ({ ...this.gps(fix, true), fixes: [fix] }));
  }

  private gps(fix: Fix, reupload: boolean): Outgoing {
    return this.frame(PROTO.gps, [
      ...gpsBlock(fix),
      ...CELL,
      fix.acc ? 1 : 0,
      reupload ? UPLOAD_AFTER_RECONNECT : UPLOAD_INTERVAL,
      reupload ? 1 : 0,
      ...u32(Math.round(fix.mileageKm * 1000)),
    ]);
  }

  private alarm(fix: Fix, alarm: DeviceAlarm): Outgoing {
    return this.frame(PROTO.alarm, [
      ...gpsBlock(fix),
      CELL.length + 1,
      ...CELL,
      terminalInfo(fix),
      voltageLevel(fix.batteryPercent),
      4,
      ALARM_BYTE[alarm],
      LANGUAGE_ENGLISH[1]!,
      ...u32(Math.round(fix.mileageKm * 1000)),
    ]);
  }

  createFramer(): Framer {
    return findProtocol('gt06')!.createFramer();
  }

  parse(frame: Uint8Array): ServerMessage {
    const packet = openGt06(frame);
    if (!packet) return { type: 'other', detail: 'bad frame' };
    if (packet.proto !== PROTO.command) return { type: 'ack', serial: packet.serial };
    // 0x80 content: command length (flag + text), server flag 4, ASCII text, [language 2].
    const flag = [...packet.content.subarray(1, 5)];
    const text = asciiText(packet.content.subarray(5, 1 + (packet.content[0] ?? 4)));
    const command = parseTextCommand(text);
    return {
      type: 'command',
      command,
      reply: (fix, refused) => {
        const body = ascii(textReply(command, fix, refused));
        const reply = this.frame(PROTO.reply, [
          4 + body.length,
          ...flag,
          ...body,
          ...LANGUAGE_ENGLISH,
        ]);
        return { frames: [reply.bytes] };
      },
    };
  }
}
