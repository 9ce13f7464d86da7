/**
 * An H02 tracker (protocols.md §2.4): `*HQ,ID,V1,…#` reports (answered `V4,V1`), an `NBR` cell
 * report first (answered `V4,NBR`, so it serves as the login), `LINK` heartbeats, and `V4,<CMD>`
 * confirmations of `S20` (oil cut) / `S71` (interval) / `SCF` (arm) commands (`V4,<CMD>,ERROR` when
 * refused or unknown). H02 has no re-upload flag.
 */
import { findProtocol, type Framer } from '@xunji/protocols';
import type { DeviceCommand, Fix, ServerMessage } from '../fix.js';
import { AckQueue } from './ack-queue.js';
import { SerialCounter, ascii, asciiText } from './bytes.js';
import type { DeviceCodec, Outgoing, ReuploadFrame } from './codec.js';

const KMH_PER_KNOT = 1.852;
/** Status bits are active-low: all ones is "no alarm"; bit 10 set is ACC on. */
const ALARM_LOW_BIT = { vibration: 0, sos: 1, powerCut: 19 } as const;

const two = (n: number): string => String(n).padStart(2, '0');
const hhmmss = (d: Date): string =>
  `${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
const ddmmyy = (d: Date): string =>
  `${two(d.getUTCDate())}${two(d.getUTCMonth() + 1)}${two(d.getUTCFullYear() % 100)}`;

/** Degrees → `DDMM.MMMMMM` (6 decimals of minutes keep 1e-6° precision). */
function degreesMinutes(value: number, degreeDigits: number): string {
  const abs = Math.abs(value);
  let degrees = Math.floor(abs);
  let minutes = Number(((abs - degrees) * 60).toFixed(6));
  if (minutes >= 60) [degrees, minutes] = [degrees + 1, 0];
  return `${String(degrees).padStart(degreeDigits, '0')}${minutes.toFixed(6).padStart(9, '0')}`;
}

function statusWord(fix: Fix): string {
  let status = 0xffffffff;
  if (!fix.acc) status &= ~(1 << 10);
  if (fix.alarm && fix.alarm in ALARM_LOW_BIT)
    status &= ~(1 << ALARM_LOW_BIT[fix.alarm as keyof typeof ALARM_LOW_BIT]);
  return (status >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/** `hhmmss,A,lat,N,lon,E,speed,course,DDMMYY,status`: the V1 body and the V4 tail. */
export function h02Report(fix: Fix): string {
  const d = new Date(fix.time);
  return [
    hhmmss(d),
    'A',
    degreesMinutes(fix.latitude, 2),
    fix.latitude < 0 ? 'S' : 'N',
    degreesMinutes(fix.longitude, 3),
    fix.longitude < 0 ? 'W' : 'E',
    (fix.speedKmh / KMH_PER_KNOT).toFixed(2),
    String(fix.course),
    ddmmyy(d),
    statusWord(fix),
  ].join(',');
}

function commandOf(word: string, params: string[]): DeviceCommand {
  if (word === 'S20' && params[1] === '1') return { kind: 'cutOil' };
  if (word === 'S20' && params[1] === '0') return { kind: 'restoreOil' };
  if (word === 'S71' && params[0] === '22' && Number(params[1]) > 0)
    return { kind: 'interval', seconds: Number(params[1]) };
  if (word === 'D1' && Number(params[0]) > 0)
    return { kind: 'interval', seconds: Number(params[0]) };
  if (word === 'SCF' || word === 'R12') return { kind: 'accepted', text: word };
  return { kind: 'unsupported', text: word };
}

export class H02Device implements DeviceCodec {
  readonly protocol = 'h02' as const;
  readonly positionsAcked = true;
  private readonly serial = new SerialCounter();
  private readonly acks = new AckQueue();

  constructor(readonly deviceId: string) {}

  reset(): void {
    this.serial.reset();
    this.acks.reset();
  }

  private frame(body: string, answered: boolean): Outgoing {
    const serial = this.serial.next();
    if (answered) this.acks.expect(serial);
    return { bytes: Uint8Array.from(ascii(`*HQ,${this.deviceId},${body}#`)), serial };
  }

  login(): Outgoing {
    const now = new Date();
    return this.frame(`NBR,${hhmmss(now)},460,0,0,1,9529,21809,158,${ddmmyy(now)},FFFFFBFF`, true);
  }

  continueLogin(): undefined {
    return undefined;
  }

  heartbeat(fix: Fix): Outgoing {
    const d = new Date(fix.time);
    const body = `LINK,${hhmmss(d)},25,${fix.satellites},${fix.batteryPercent},0,0,${ddmmyy(d)},${statusWord(fix)}`;
    return this.frame(body, false);
  }

  location(fix: Fix): Outgoing {
    return this.frame(`V1,${h02Report(fix)}`, true);
  }

  reupload(fixes: Fix[]): ReuploadFrame[] {
    return fixes.map((fix) => ({ ...this.location(fix), fixes: [fix] }));
  }

  createFramer(): Framer {
    return findProtocol('h02')!.createFramer();
  }

  parse(frame: Uint8Array): ServerMessage {
    const text = asciiText(frame);
    if (!text.startsWith('*') || !text.endsWith('#')) return { type: 'other', detail: 'bad frame' };
    const [, , word = '', ...rest] = text.slice(1, -1).split(',');
    if (word === 'V4' && (rest[0] === 'V1' || rest[0] === 'NBR'))
      return { type: 'ack', serial: this.acks.take() };
    // Server commands: *HQ,ID,CMD,hhmmss,params…#
    const params = rest.slice(1);
    const command = commandOf(word, params);
    return {
      type: 'command',
      command,
      // The confirmation echoes the parameters, or ERROR for what the device did not do.
      reply: (fix, refused) => {
        const result = refused || command.kind === 'unsupported' ? ['ERROR'] : params;
        const confirm = ['V4', word, ...result, hhmmss(new Date()), h02Report(fix)].join(',');
        return { frames: [this.frame(confirm, false).bytes] };
      },
    };
  }
}
