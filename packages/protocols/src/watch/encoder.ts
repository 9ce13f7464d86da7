/**
 * Server → watch commands (protocols.md §2.3.3). The reference is the command word, which the
 * watch echoes back (`[MF*ID*LEN*CMD]`). The frame uses the maker code the watch last sent
 * (session.extra.watchManufacturer, default `3G`) and, if the watch uses it, the indexed header.
 */
import { textBytes } from '../common/bytes.js';
import type { Command, EncodeResult, ProtocolSession } from '../types.js';
import { buildFrame } from './frame.js';

const PHONE = /^\+?[0-9]{1,20}$/;

function content(command: Command): string | EncodeResult {
  switch (command.type) {
    case 'locateNow':
      return 'CR';
    case 'uploadInterval':
      if (!Number.isInteger(command.seconds) || command.seconds < 60 || command.seconds > 65535)
        return { ok: false, reason: 'paramError', detail: 'UPLOAD takes 60-65535 s' };
      return `UPLOAD,${command.seconds}`;
    case 'locateMode':
      if (command.setting.mode !== 'timing')
        return { ok: false, reason: 'unsupported', detail: 'only a timed interval (UPLOAD)' };
      return content({ type: 'uploadInterval', seconds: command.setting.intervalSeconds });
    case 'restart':
      return 'RESET';
    case 'factoryReset':
      return 'FACTORY';
    case 'powerOff':
      return 'POWEROFF';
    case 'sosNumbers':
      if (command.numbers.length < 1 || command.numbers.length > 3)
        return { ok: false, reason: 'paramError', detail: '1 to 3 SOS numbers' };
      if (!command.numbers.every((n) => PHONE.test(n)))
        return { ok: false, reason: 'paramError', detail: 'bad phone number' };
      return `SOS,${[...command.numbers, '', ''].slice(0, 3).join(',')}`;
    case 'whiteList':
      if (command.numbers.length < 1 || command.numbers.length > 5)
        return { ok: false, reason: 'paramError', detail: '1 to 5 numbers (WHITELIST1)' };
      if (!command.numbers.every((n) => PHONE.test(n)))
        return { ok: false, reason: 'paramError', detail: 'bad phone number' };
      return `WHITELIST1,${command.numbers.join(',')}`;
    case 'custom':
      if (!/^[A-Za-z0-9_]+(,[^[\]]*)?$/.test(command.text))
        return { ok: false, reason: 'paramError', detail: 'custom text must be WORD[,params]' };
      return command.text;
    default:
      return { ok: false, reason: 'unsupported' };
  }
}

export function encodeWatchCommand(command: Command, session: ProtocolSession): EncodeResult {
  if (session.deviceId === undefined)
    return { ok: false, reason: 'paramError', detail: 'no device id in session' };
  const text = content(command);
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
