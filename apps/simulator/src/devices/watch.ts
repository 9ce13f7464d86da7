/**
 * A SeTracker-style watch (protocols.md §2.3): `[3G*ID*LEN*CONTENT]` text frames. LK is the login
 * and heartbeat (answered), UD a position (not answered), UD2 a blind-spot re-upload, AL an alarm
 * position (answered). Server commands are echoed back, as the watch does.
 */
import { findProtocol, type Framer } from '@xunji/protocols';
import { amrRecording } from '../audio/recording.js';
import type { DeviceCommand, Fix, ServerMessage } from '../fix.js';
import { AckQueue } from './ack-queue.js';
import { SerialCounter, ascii, asciiText } from './bytes.js';
import type { DeviceCodec, Outgoing, ReuploadFrame } from './codec.js';

const ALARM_BIT = { sos: 16, lowBattery: 17 } as const;
const STATUS_WORN = 1 << 3;
const CELL = '1,255,460,0,9529,21809,158';
/** The longest recording the watch takes (the longest voice pickup option, 10 min). */
const MAX_RECORD_SECONDS = 600;
/** A TK voice message holds at most 15 s; a longer recording goes up in JXTK chunks of 15 s. */
const VOICE_MESSAGE_SECONDS = 15;

const two = (n: number): string => String(n).padStart(2, '0');

/** The UD/UD2/AL record (BEE Appendix I): GMT date/time, decimal degrees, km/h, status word. */
export function watchRecord(fix: Fix, steps: number): string {
  const d = new Date(fix.time);
  const date = `${two(d.getUTCDate())}${two(d.getUTCMonth() + 1)}${two(d.getUTCFullYear() % 100)}`;
  const time = `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
  const alarm = fix.alarm === 'sos' || fix.alarm === 'lowBattery' ? 2 ** ALARM_BIT[fix.alarm] : 0;
  const status = (alarm | STATUS_WORN).toString(16).padStart(8, '0');
  return [
    date,
    time,
    'A',
    Math.abs(fix.latitude).toFixed(6),
    fix.latitude < 0 ? 'S' : 'N',
    Math.abs(fix.longitude).toFixed(6),
    fix.longitude < 0 ? 'W' : 'E',
    fix.speedKmh.toFixed(2),
    String(fix.course),
    fix.altitude.toFixed(1),
    String(fix.satellites),
    '100',
    String(fix.batteryPercent),
    String(steps),
    '0',
    status,
    CELL,
    '0',
  ].join(',');
}

const inRange = (value: string | undefined, min: number, max: number): boolean =>
  value !== undefined && /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

function commandOf(content: string): DeviceCommand {
  const [word = '', ...params] = content.split(',');
  if (word === 'CR') return { kind: 'locateNow' };
  if (word === 'UPLOAD')
    return inRange(params[0], 60, 65535)
      ? { kind: 'interval', seconds: Number(params[0]) }
      : { kind: 'invalid', text: content };
  // Vendor words (see the protocol encoder): RECORD,<seconds>, MODE,<1-3>.
  if (word === 'RECORD')
    return inRange(params[0], 1, MAX_RECORD_SECONDS)
      ? { kind: 'record', seconds: Number(params[0]) }
      : { kind: 'invalid', text: content };
  if (word === 'MODE')
    return inRange(params[0], 1, 3)
      ? { kind: 'accepted', text: content }
      : { kind: 'invalid', text: content };
  if (
    /^(RESET|FACTORY|POWEROFF|SOS[123]?|CENTER|MONITOR|FIND|VERNO|TS|LZ|PW|WHITELIST[12])$/.test(
      word,
    )
  )
    return { kind: 'accepted', text: content };
  return { kind: 'unsupported', text: content };
}

/** Binary payloads are escaped: 7D → 7D 01, [ → 7D 02, ] → 7D 03, "," → 7D 04, * → 7D 05. */
export function escapeWatchBinary(data: Uint8Array): number[] {
  const out: number[] = [];
  for (const byte of data) {
    const code = [0x7d, 0x5b, 0x5d, 0x2c, 0x2a].indexOf(byte);
    if (code < 0) out.push(byte);
    else out.push(0x7d, code + 1);
  }
  return out;
}

export class WatchDevice implements DeviceCodec {
  readonly protocol = 'watch' as const;
  readonly positionsAcked = false;
  private readonly serial = new SerialCounter();
  private readonly acks = new AckQueue();
  private voiceCount = 0;

  /** `deviceId`: the 10-digit id the watch derives from its IMEI. */
  constructor(
    readonly deviceId: string,
    private readonly maker = '3G',
  ) {}

  reset(): void {
    this.serial.reset();
    this.acks.reset();
  }

  private frame(content: string | number[], answered: boolean): Outgoing {
    const serial = this.serial.next();
    if (answered) this.acks.expect(serial);
    const body = typeof content === 'string' ? ascii(content) : content;
    const header = `[${this.maker}*${this.deviceId}*${body.length.toString(16).toUpperCase().padStart(4, '0')}*`;
    return { bytes: Uint8Array.from([...ascii(header), ...body, 0x5d]), serial };
  }

  private steps(fix: Fix): number {
    return Math.round(fix.mileageKm * 1300);
  }

  login(): Outgoing {
    return this.frame('LK', true);
  }

  continueLogin(): undefined {
    return undefined;
  }

  heartbeat(fix: Fix): Outgoing {
    return this.frame(`LK,${this.steps(fix)},0,${fix.batteryPercent}`, true);
  }

  location(fix: Fix): Outgoing {
    const alarm = fix.alarm === 'sos' || fix.alarm === 'lowBattery';
    return this.frame(`${alarm ? 'AL' : 'UD'},${watchRecord(fix, this.steps(fix))}`, alarm);
  }

  reupload(fixes: Fix[]): ReuploadFrame[] {
    return fixes.map((fix) => ({
      ...this.frame(`UD2,${watchRecord(fix, this.steps(fix))}`, false),
      fixes: [fix],
    }));
  }

  /**
   * A recording as AMR voice: one `TK` message up to 15 s, else `JXTK,0,<name>,<n>,<total>,…`
   * chunks of one AMR file (only the first holds the AMR header).
   */
  private voice(seconds: number): Uint8Array[] {
    const amr = amrRecording(seconds);
    if (seconds <= VOICE_MESSAGE_SECONDS)
      return [this.frame([...ascii('TK,'), ...escapeWatchBinary(amr)], false).bytes];
    const chunkBytes = Math.ceil((amr.length * VOICE_MESSAGE_SECONDS) / seconds);
    const total = Math.ceil(amr.length / chunkBytes);
    const name = `voice_${this.deviceId}_${++this.voiceCount}`;
    return Array.from({ length: total }, (_, k) => {
      const head = ascii(`JXTK,0,${name},${k + 1},${total},`);
      const chunk = amr.subarray(k * chunkBytes, (k + 1) * chunkBytes);
      return this.frame([...head, ...escapeWatchBinary(chunk)], false).bytes;
    });
  }

  createFramer(): Framer {
    return findProtocol('watch')!.createFramer();
  }

  parse(frame: Uint8Array): ServerMessage {
    const text = asciiText(frame);
    const match = /^\[([A-Za-z0-9]{2})\*[^*]+\*[0-9A-Fa-f]{4}\*(.*)\]$/s.exec(text);
    if (!match) return { type: 'other', detail: 'bad frame' };
    const content = match[2]!;
    if (content === 'LK' || content === 'AL') return { type: 'ack', serial: this.acks.take() };
    if (/^(TK|JXTKR),[01]$/.test(content)) return { type: 'other', detail: `voice ${content}` };
    const command = commandOf(content);
    // The watch echoes what it carries out and ignores what it does not know or cannot take.
    const ignored = command.kind === 'unsupported' || command.kind === 'invalid';
    return {
      type: 'command',
      command,
      reply: () => ({
        frames: ignored ? [] : [this.frame(content.split(',')[0]!, false).bytes],
        ...(command.kind === 'record'
          ? { upload: { seconds: command.seconds, frames: () => this.voice(command.seconds) } }
          : {}),
      }),
    };
  }
}
