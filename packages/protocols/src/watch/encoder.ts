/**
 * Server → watch commands (protocols.md §2.3.3). The reference is the command word, which the
 * watch echoes back (`[MF*ID*LEN*CMD]`). The frame uses the maker code the watch last sent
 * (session.extra.watchManufacturer, default `3G`) and, if the watch uses it, the indexed header.
 *
 * Vendor extensions, unverified (no document in protocols.md gives them; words used by SeTracker
 * firmware "working mode" and recording menus): `MODE,1` normal (intelligent), `MODE,2` power
 * saving, `MODE,3` real-time tracking; `RECORD,<s>` records that long and uploads the sound as
 * `TK` AMR voice (chunked `JXTK` when long). Week, alarm-clock, positioning priority and the
 * auto-record settings have no word the watch family is known to take: unsupported.
 */
import { concatBytes, textBytes } from '../common/bytes.js';
import { lookupCommand, type CommandTable } from '../common/command-table.js';
import type { Command, EncodeResult, ProtocolSession } from '../types.js';
import { buildFrame } from './frame.js';
import { expectPartEchoes } from './part-echoes.js';

const PHONE = /^\+?[0-9]{1,20}$/;
/** WHITELIST1 and WHITELIST2 hold five numbers each. */
const WHITELIST_SLOTS = 5;
export const MAX_WHITELIST_NUMBERS = 2 * WHITELIST_SLOTS;
/** The longest voice pickup option (§9: 10 min). */
export const MAX_RECORD_SECONDS = 600;
const WORKING_MODE = { intelligent: 1, powerSaving: 2, trace: 3 } as const;

/** One frame's content, several sent in order (the last one's echo is the result), or an error. */
type Content = string | string[] | EncodeResult;

const paramError = (detail: string): EncodeResult => ({ ok: false, reason: 'paramError', detail });

function upload(seconds: number): Content {
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > 65535)
    return paramError('UPLOAD takes 60-65535 s');
  return `UPLOAD,${seconds}`;
}

/** `WORD,<n1>,…` with the list padded to `slots` fields, so an empty slot clears an old number. */
const slotted = (word: string, numbers: string[], slots: number): string =>
  [word, ...numbers, ...Array<string>(slots - numbers.length).fill('')].join(',');

/** The frame contents per command; absent: unsupported. */
export const watchCommands: CommandTable<Content> = {
  locateNow: () => 'CR',
  uploadInterval: (command) => upload(command.seconds),
  locateMode: {
    timing: (setting) => upload(setting.intervalSeconds),
    intelligent: () => `MODE,${WORKING_MODE.intelligent}`,
    powerSaving: () => `MODE,${WORKING_MODE.powerSaving}`,
    trace: () => `MODE,${WORKING_MODE.trace}`,
  },
  restart: () => 'RESET',
  factoryReset: () => 'FACTORY',
  powerOff: () => 'POWEROFF',
  sosNumbers: ({ numbers }) => {
    if (numbers.length < 1 || numbers.length > 3) return paramError('1 to 3 SOS numbers');
    if (!numbers.every((n) => PHONE.test(n))) return paramError('bad phone number');
    return slotted('SOS', numbers, 3);
  },
  whiteList: ({ numbers }) => {
    if (numbers.length < 1 || numbers.length > MAX_WHITELIST_NUMBERS)
      return paramError(`1 to ${MAX_WHITELIST_NUMBERS} numbers (WHITELIST1 and WHITELIST2)`);
    if (!numbers.every((n) => PHONE.test(n))) return paramError('bad phone number');
    return [
      slotted('WHITELIST1', numbers.slice(0, WHITELIST_SLOTS), WHITELIST_SLOTS),
      slotted('WHITELIST2', numbers.slice(WHITELIST_SLOTS), WHITELIST_SLOTS),
    ];
  },
  voiceRecord: ({ seconds }) => {
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_RECORD_SECONDS)
      return paramError(`RECORD takes 1-${MAX_RECORD_SECONDS} s`);
    return `RECORD,${seconds}`;
  },
  custom: ({ text }) => {
    if (!/^[A-Za-z0-9_]+(,[^[\]]*)?$/.test(text))
      return paramError('custom text must be WORD[,params]');
    return text;
  },
};

const wordOf = (content: string): string => content.split(',')[0]!;

export function encodeWatchCommand(command: Command, session: ProtocolSession): EncodeResult {
  if (session.deviceId === undefined) return paramError('no device id in session');
  const build = lookupCommand(watchCommands, command);
  if (!build) return { ok: false, reason: 'unsupported' };
  const built = build();
  if (typeof built === 'object' && !Array.isArray(built)) return built;
  const contents = typeof built === 'string' ? [built] : built;
  const manufacturer =
    typeof session.extra.watchManufacturer === 'string' ? session.extra.watchManufacturer : '3G';
  // A watch that sends the indexed header gets one back, with index 0001 (as TRC does).
  const index = session.extra.watchIndexed === true ? '0001' : undefined;
  const deviceId = session.deviceId;
  expectPartEchoes(session, contents.slice(0, -1).map(wordOf));
  return {
    ok: true,
    bytes: concatBytes(
      ...contents.map((text) => buildFrame(manufacturer, deviceId, textBytes(text), index)),
    ),
    reference: wordOf(contents[contents.length - 1]!),
  };
}
