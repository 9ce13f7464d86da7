/**
 * Server → watch commands (protocols.md §2.3.3). The reference is the command word, which the
 * watch echoes back (`[MF*ID*LEN*CMD]`). The frame uses the maker code the watch last sent
 * (session.extra.watchManufacturer, default `3G`) and, if the watch uses it, the indexed header.
 */
import { textBytes } from '../common/bytes.js';
import { lookupCommand, type CommandTable } from '../common/command-table.js';
import type { Command, EncodeResult, ProtocolSession } from '../types.js';
import { buildFrame } from './frame.js';

const PHONE = /^\+?[0-9]{1,20}$/;

type Content = string | EncodeResult;

function upload(seconds: number): Content {
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > 65535)
    return { ok: false, reason: 'paramError', detail: 'UPLOAD takes 60-65535 s' };
  return `UPLOAD,${seconds}`;
}

/** The frame content per command; absent: unsupported. */
export const watchCommands: CommandTable<Content> = {
  locateNow: () => 'CR',
  uploadInterval: (command) => upload(command.seconds),
  locateMode: { timing: (setting) => upload(setting.intervalSeconds) },
  restart: () => 'RESET',
  factoryReset: () => 'FACTORY',
  powerOff: () => 'POWEROFF',
  sosNumbers: ({ numbers }) => {
    if (numbers.length < 1 || numbers.length > 3)
      return { ok: false, reason: 'paramError', detail: '1 to 3 SOS numbers' };
    if (!numbers.every((n) => PHONE.test(n)))
      return { ok: false, reason: 'paramError', detail: 'bad phone number' };
    return `SOS,${[...numbers, '', ''].slice(0, 3).join(',')}`;
  },
  whiteList: ({ numbers }) => {
    if (numbers.length < 1 || numbers.length > 5)
      return { ok: false, reason: 'paramError', detail: '1 to 5 numbers (WHITELIST1)' };
    if (!numbers.every((n) => PHONE.test(n)))
      return { ok: false, reason: 'paramError', detail: 'bad phone number' };
    return `WHITELIST1,${numbers.join(',')}`;
  },
  custom: ({ text }) => {
    if (!/^[A-Za-z0-9_]+(,[^[\]]*)?$/.test(text))
      return { ok: false, reason: 'paramError', detail: 'custom text must be WORD[,params]' };
    return text;
  },
};

export function encodeWatchCommand(command: Command, session: ProtocolSession): EncodeResult {
  if (session.deviceId === undefined)
    return { ok: false, reason: 'paramError', detail: 'no device id in session' };
  const build = lookupCommand(watchCommands, command);
  if (!build) return { ok: false, reason: 'unsupported' };
  const text = build();
  if (typeof text !== 'string') return text;
  const manufacturer =
    typeof session.extra.watchManufacturer === 'string' ? session.extra.watchManufacturer : '3G';
  const reference = text.split(',')[0]!;
  // A watch that sends the indexed header gets one back, with index 0001 (as TRC does).
  const index = session.extra.watchIndexed === true ? '0001' : undefined;
  return {
    ok: true,
    bytes: buildFrame(manufacturer, session.deviceId, textBytes(text), index),
    reference,
  };
}
