/**
 * GT06 online command 0x80 (protocols.md §2.2.7):
 * `78 78 len 80 | cmdLen = 4 + strlen | server flag 4 | ASCII command | serial 2 | crc 2 | 0D 0A`.
 * The optional language WORD is omitted, as Traccar does. The server flag is the session serial
 * (big-endian, 4 bytes); the device echoes it in 0x15/0x21, so `reference` = its hex, which is what
 * the decoder puts in `commandResult.reference`. The serial then increments and wraps at 0xFFFF.
 *
 * Texts: `Relay,1#` / `Relay,0#` (Jimi default, TRC Gt06ProtocolEncoder); `WHERE#`, `TIMER,<s>#`,
 * `RESET#`, `FACTORY#`, `SOS,A,<n1>,<n2>,<n3>#` are standard Concox SMS/online commands (not in
 * protocols.md). Vendor extension, unverified against a device: `SPEED,ON,<5-600 s>,<1-255 km/h>,
 * <alarm way 0 = GPRS only>#` / `SPEED,OFF#` (Concox GT06 series command list). No GT06 word arms
 * or disarms (`DEFENSE,<min>#` only sets the auto-arm delay) or records sound. Anything else is
 * 'unsupported'.
 */
import { textBytes } from '../common/bytes.js';
import { lookupCommand, type CommandTable } from '../common/command-table.js';
import type { Command, EncodeResult, ProtocolSession } from '../types.js';
import { buildFrame } from './frame.js';
import { PROTO } from './decoder.js';

/** Largest command text that fits a 0x7878 frame (len = 10 + text <= 255). */
export const MAX_COMMAND_TEXT = 245;
export const MIN_INTERVAL_SECONDS = 5;
export const MAX_INTERVAL_SECONDS = 18_000;
/** `SPEED,ON,A,B,M#`: A seconds above the limit before the alarm (5-600), B the limit (1-255). */
export const OVERSPEED_SECONDS = 20;
export const MAX_OVERSPEED_KMH = 255;

export function buildCommandFrame(flag: number, text: string, serial: number): Uint8Array {
  const body = textBytes(text);
  const content = new Uint8Array(5 + body.length);
  content[0] = 4 + body.length;
  content[1] = (flag >>> 24) & 0xff;
  content[2] = (flag >>> 16) & 0xff;
  content[3] = (flag >>> 8) & 0xff;
  content[4] = flag & 0xff;
  content.set(body, 5);
  return buildFrame(PROTO.command, content, serial);
}

type TextResult =
  { ok: true; text: string } | { ok: false; reason: 'unsupported' | 'paramError'; detail?: string };

const text = (value: string): TextResult => ({ ok: true, text: value });

function timer(seconds: number): TextResult {
  if (
    !Number.isInteger(seconds) ||
    seconds < MIN_INTERVAL_SECONDS ||
    seconds > MAX_INTERVAL_SECONDS
  )
    return {
      ok: false,
      reason: 'paramError',
      detail: `seconds must be an integer ${MIN_INTERVAL_SECONDS}-${MAX_INTERVAL_SECONDS}`,
    };
  return text(`TIMER,${seconds}#`);
}

/** The command text per command; absent: unsupported. */
export const gt06Commands: CommandTable<TextResult> = {
  locateNow: () => text('WHERE#'),
  uploadInterval: ({ seconds }) => timer(seconds),
  locateMode: { timing: ({ intervalSeconds }) => timer(intervalSeconds) },
  overspeed: ({ kmh }) => {
    if (kmh === null) return text('SPEED,OFF#');
    if (!Number.isInteger(kmh) || kmh < 1 || kmh > MAX_OVERSPEED_KMH)
      return {
        ok: false,
        reason: 'paramError',
        detail: `speed must be 1-${MAX_OVERSPEED_KMH} km/h`,
      };
    return text(`SPEED,ON,${OVERSPEED_SECONDS},${kmh},0#`);
  },
  restart: () => text('RESET#'),
  factoryReset: () => text('FACTORY#'),
  cutOil: () => text('Relay,1#'),
  restoreOil: () => text('Relay,0#'),
  sosNumbers: ({ numbers }) => {
    if (numbers.length < 1 || numbers.length > 3 || numbers.some((n) => !/^\+?\d{1,20}$/.test(n)))
      return { ok: false, reason: 'paramError', detail: '1-3 phone numbers of digits' };
    return text(`SOS,A,${numbers.join(',')}#`);
  },
  custom: (command) => text(command.text),
};

export function encodeGt06Command(command: Command, session: ProtocolSession): EncodeResult {
  const build = lookupCommand(gt06Commands, command);
  if (!build) return { ok: false, reason: 'unsupported' };
  const result = build();
  if (!result.ok) return result;
  const { text } = result;
  if (text.length === 0 || text.length > MAX_COMMAND_TEXT || !/^[\x20-\x7e]+$/.test(text))
    return {
      ok: false,
      reason: 'paramError',
      detail: `text must be 1-${MAX_COMMAND_TEXT} printable ASCII characters`,
    };
  const serial = session.serial & 0xffff;
  session.serial = (serial + 1) & 0xffff;
  return {
    ok: true,
    bytes: buildCommandFrame(serial, text, serial),
    reference: serial.toString(16).padStart(8, '0'),
  };
}
