/**
 * A SeTracker-style watch (protocols.md §2.3): `[3G*ID*LEN*CONTENT]` text frames. LK is the login
 * and heartbeat (answered), UD a position (not answered), UD2 a blind-spot re-upload, AL an alarm
 * position (answered). Server commands are echoed back, as the watch does.
 */
import { findProtocol, type Framer } from '@xunji/protocols';
import type { DeviceCommand, Fix, ServerMessage } from '../fix.js';
import { AckQueue } from './ack-queue.js';
import { SerialCounter, ascii, asciiText } from './bytes.js';
import type { DeviceCodec, Outgoing, ReuploadFrame } from './codec.js';

const ALARM_BIT = { sos: 16, lowBattery: 17 } as const;
const STATUS_WORN = 1 << 3;
const CELL = '1,255,460,0,9529,21809,158';

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

function commandOf(content: string): DeviceCommand {
  const [word = '', ...params] = content.split(',');
  if (word === 'CR') return { kind: 'locateNow' };
  if (word === 'UPLOAD' && Number(params[0]) > 0)
    return { kind: 'interval', seconds: Number(params[0]) };
  if (/^(RESET|FACTORY|POWEROFF|SOS[123]?|CENTER|MONITOR|FIND|VERNO|TS|LZ|PW)$/.test(word))
    return { kind: 'accepted', text: content };
  return { kind: 'unsupported', text: content };
}

export class WatchDevice implements DeviceCodec {
  readonly protocol = 'watch' as const;
  readonly positionsAcked = false;
  private readonly serial = new SerialCounter();
  private readonly acks = new AckQueue();

  /** `deviceId`: the 10-digit id the watch derives from its IMEI. */
  constructor(
    readonly deviceId: string,
    private readonly maker = '3G',
  ) {}

  reset(): void {
    this.serial.reset();
    this.acks.reset();
  }

  private frame(content: string, answered: boolean): Outgoing {
    const serial = this.serial.next();
    if (answered) this.acks.expect(serial);
    const body = ascii(content);
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

  createFramer(): Framer {
    return findProtocol('watch')!.createFramer();
  }

  parse(frame: Uint8Array): ServerMessage {
    const text = asciiText(frame);
    const match = /^\[([A-Za-z0-9]{2})\*[^*]+\*[0-9A-Fa-f]{4}\*(.*)\]$/s.exec(text);
    if (!match) return { type: 'other', detail: 'bad frame' };
    const content = match[2]!;
    if (content === 'LK' || content === 'AL') return { type: 'ack', serial: this.acks.take() };
    const command = commandOf(content);
    return {
      type: 'command',
      command,
      // The watch echoes what it carries out and ignores what it does not know.
      reply: () => ({
        frames:
          command.kind === 'unsupported' ? [] : [this.frame(content.split(',')[0]!, false).bytes],
      }),
    };
  }
}
