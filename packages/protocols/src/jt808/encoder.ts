import { concatBytes } from '../common/bytes.js';
import { lookupCommand, type CommandTable } from '../common/command-table.js';
import type { Command, EncodeResult, ProtocolSession } from '../types.js';
import { encodeGbk } from './gbk.js';
import { buildFrame } from './header.js';
import { dword, word } from './replies.js';
import { addressOf, nextSerial } from './session.js';

const unsupported: EncodeResult = { ok: false, reason: 'unsupported' };
const paramError = (detail: string): EncodeResult => ({ ok: false, reason: 'paramError', detail });

/** A message id and body, or a parameter error. */
type Built = [number, Uint8Array] | string;

/** 0x8103 with DWORD parameters: count, then id DWORD, length 4, value DWORD per item. */
const setDwordParameters = (...items: [id: number, value: number][]): [number, Uint8Array] => [
  0x8103,
  concatBytes(
    Uint8Array.of(items.length),
    ...items.map(([id, value]) => concatBytes(dword(id), Uint8Array.of(4), dword(value))),
  ),
];

/** 0x8105 terminal control with a command word and no parameter string. */
const terminalControl = (commandWord: number): [number, Uint8Array] => [
  0x8105,
  Uint8Array.of(commandWord),
];

const PARAMETER = {
  reportInterval: 0x0029,
  alarmMask: 0x0050,
  maxSpeed: 0x0055,
  overspeedSeconds: 0x0056,
} as const;
/** Alarm flag bit 1 (overspeed), as a mask bit in 0x0050. */
const OVERSPEED_ALARM_BIT = 0x2;
/** How long the speed must stay above the limit before the terminal alarms. */
export const OVERSPEED_SECONDS = 10;
export const MAX_OVERSPEED_KMH = 255;

function interval(seconds: number): Built {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 0xffffffff) {
    return 'interval must be a whole number of seconds ≥ 1';
  }
  return setDwordParameters([PARAMETER.reportInterval, seconds]);
}

/**
 * The terminal's overspeed alarm: limit 0x0055 and duration 0x0056, alarm mask 0x0050 cleared so
 * the alarm is reported. Off masks the overspeed bit: the standard has no "no limit" value for
 * 0x0055. The platform is the only writer of 0x0050, so clearing the whole mask loses nothing.
 */
function overspeed(kmh: number | null): Built {
  if (kmh === null) return setDwordParameters([PARAMETER.alarmMask, OVERSPEED_ALARM_BIT]);
  if (!Number.isInteger(kmh) || kmh < 1 || kmh > MAX_OVERSPEED_KMH) {
    return `speed limit must be 1-${MAX_OVERSPEED_KMH} km/h`;
  }
  return setDwordParameters(
    [PARAMETER.maxSpeed, kmh],
    [PARAMETER.overspeedSeconds, OVERSPEED_SECONDS],
    [PARAMETER.alarmMask, 0],
  );
}

const RECORD = { stop: 0, start: 1, continuous: 0, uploadNow: 0, rate8kHz: 0 } as const;

/** 0x8804: command, duration WORD (0 = continuous), save flag (0 upload now), sample rate. */
const recording = (command: number, seconds: number): [number, Uint8Array] => [
  0x8804,
  concatBytes(
    Uint8Array.of(command),
    word(seconds),
    Uint8Array.of(RECORD.uploadNow, RECORD.rate8kHz),
  ),
];

/** The message id and body per command; a string is a parameter error; absent: unsupported. */
export const jt808Commands: CommandTable<Built, { is2019: boolean }> = {
  locateNow: () => [0x8201, new Uint8Array(0)],
  uploadInterval: (command) => interval(command.seconds),
  locateMode: { timing: (setting) => interval(setting.intervalSeconds) },
  overspeed: (command) => overspeed(command.kmh),
  restart: () => terminalControl(4),
  factoryReset: () => terminalControl(5),
  powerOff: () => terminalControl(3),
  // Not in the standard; 0xF0 is the vendor word Traccar sends by default (protocols.md §2.1.9).
  cutOil: () => terminalControl(0xf0),
  restoreOil: () => terminalControl(0xf1),
  voiceRecord: ({ seconds }) => {
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 0xffff) {
      return 'recording length must be 1-65535 s';
    }
    return recording(RECORD.start, seconds);
  },
  alwaysRecord: ({ on }) =>
    on ? recording(RECORD.start, RECORD.continuous) : recording(RECORD.stop, 0),
  custom: (command, { is2019 }) => {
    const text = encodeGbk(command.text);
    if (!text) return 'text has characters outside GBK';
    if (text.length === 0) return 'empty text';
    // Flag 0x01 (urgent); the 2019 layout adds a type byte (1 = notice).
    const head = is2019 ? Uint8Array.of(0x01, 0x01) : Uint8Array.of(0x01);
    return [0x8300, concatBytes(head, text)];
  },
};

/**
 * Encodes a command for the terminal last seen on this session. The reference is the platform
 * serial used, as the terminal's 0x0001 reply carries it.
 */
export function encodeJt808(command: Command, session: ProtocolSession): EncodeResult {
  const address = addressOf(session);
  const build = lookupCommand(jt808Commands, command);
  if (!build) return unsupported;
  const built = build({ is2019: address?.is2019 ?? false });
  if (typeof built === 'string') return paramError(built);
  if (!address) return paramError('terminal phone number unknown (no frame seen yet)');
  const [messageId, body] = built;
  if (body.length > 0x03ff) return paramError('body longer than 1023 bytes');
  const serial = nextSerial(session);
  return {
    ok: true,
    bytes: buildFrame(messageId, address, serial, body),
    reference: String(serial),
  };
}
