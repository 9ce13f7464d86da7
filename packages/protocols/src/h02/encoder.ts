/**
 * Server → H02 commands (protocols.md §2.4): `*HQ,<ID>,<CMD>,<hhmmss>,<params>#`, hhmmss = server
 * time UTC. The reference is CMD, which the device's `V4,<CMD>,…` confirmation carries.
 * Cut/restore oil `S20,1,1` / `S20,1,0`; report interval `S71,22,<s>`; anything else the doc
 * does not give is unsupported.
 */
import { textBytes } from '../common/bytes.js';
import type { Command, EncodeResult, ProtocolSession } from '../types.js';

const pad = (n: number) => String(n).padStart(2, '0');

function commandParts(command: Command): [string, string[]] | EncodeResult {
  switch (command.type) {
    case 'cutOil':
      return ['S20', ['1', '1']];
    case 'restoreOil':
      return ['S20', ['1', '0']];
    case 'uploadInterval':
      if (!Number.isInteger(command.seconds) || command.seconds < 1 || command.seconds > 65535)
        return { ok: false, reason: 'paramError', detail: 'interval 1-65535 s' };
      return ['S71', ['22', String(command.seconds)]];
    case 'locateMode':
      if (command.setting.mode !== 'timing')
        return { ok: false, reason: 'unsupported', detail: 'only a timed interval (S71)' };
      return commandParts({ type: 'uploadInterval', seconds: command.setting.intervalSeconds });
    case 'custom': {
      const [word, ...params] = command.text.split(',');
      if (!word || !/^[A-Za-z0-9]+$/.test(word) || /[*#\r\n]/.test(command.text))
        return { ok: false, reason: 'paramError', detail: 'custom text must be CMD[,params]' };
      return [word, params];
    }
    default:
      return { ok: false, reason: 'unsupported' };
  }
}

export function encodeH02Command(
  command: Command,
  session: ProtocolSession,
  now: () => number = Date.now,
): EncodeResult {
  if (session.deviceId === undefined)
    return { ok: false, reason: 'paramError', detail: 'no device id in session' };
  const parts = commandParts(command);
  if (!Array.isArray(parts)) return parts as EncodeResult;
  const [word, params] = parts;
  const d = new Date(now());
  const time = `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  const text = ['HQ', session.deviceId, word, time, ...params].join(',');
  return { ok: true, bytes: textBytes(`*${text}#`), reference: word };
}
