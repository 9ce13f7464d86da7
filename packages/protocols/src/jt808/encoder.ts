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

/** 0x8103 with one DWORD parameter. */
const setDwordParameter = (parameterId: number, value: number): [number, Uint8Array] => [
  0x8103,
  concatBytes(Uint8Array.of(1), dword(parameterId), Uint8Array.of(4), dword(value)),
];

/** 0x8105 terminal control with a command word and no parameter string. */
const terminalControl = (commandWord: number): [number, Uint8Array] => [
  0x8105,
  Uint8Array.of(commandWord),
];

function interval(seconds: number): Built {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 0xffffffff) {
    return 'interval must be a whole number of seconds ≥ 1';
  }
  return setDwordParameter(0x0029, seconds);
}

/** The message id and body per command; a string is a parameter error; absent: unsupported. */
export const jt808Commands: CommandTable<Built, { is2019: boolean }> = {
  locateNow: () => [0x8201, new Uint8Array(0)],
  uploadInterval: (command) => interval(command.seconds),
  locateMode: { timing: (setting) => interval(setting.intervalSeconds) },
  restart: () => terminalControl(4),
  factoryReset: () => terminalControl(5),
  powerOff: () => terminalControl(3),
  // Not in the standard; 0xF0 is the vendor word Traccar sends by default (protocols.md §2.1.9).
  cutOil: () => terminalControl(0xf0),
  restoreOil: () => terminalControl(0xf1),
  voiceRecord: ({ seconds }) => {
    if (!Number.isInteger(seconds) || seconds < 0 || seconds > 0xffff) {
      return 'recording length must be 0-65535 s';
    }
    // Start, duration, upload now, 8 kHz.
    return [0x8804, concatBytes(Uint8Array.of(1), word(seconds), Uint8Array.of(0, 0))];
  },
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
