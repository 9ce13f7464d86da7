/**
 * Server → H02 commands (protocols.md §2.4): `*HQ,<ID>,<CMD>,<hhmmss>,<params>#`, hhmmss = server
 * time UTC. The reference is CMD, which the device's `V4,<CMD>,…` confirmation carries.
 * Cut/restore oil `S20,1,1` / `S20,1,0`; report interval `S71,22,<s>`; arm `SCF,0,0` / disarm
 * `SCF,1,1`; anything else the doc does not give is unsupported.
 */
import { textBytes } from '../common/bytes.js';
import { lookupCommand, type CommandTable } from '../common/command-table.js';
import type { Command, EncodeResult, ProtocolSession } from '../types.js';

const pad = (n: number) => String(n).padStart(2, '0');

type Parts = [string, string[]] | EncodeResult;

function interval(seconds: number): Parts {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 65535)
    return { ok: false, reason: 'paramError', detail: 'interval 1-65535 s' };
  return ['S71', ['22', String(seconds)]];
}

/** The command word and parameters per command; absent: unsupported. */
export const h02Commands: CommandTable<Parts> = {
  cutOil: () => ['S20', ['1', '1']],
  restoreOil: () => ['S20', ['1', '0']],
  garrison: ({ armed }) => (armed ? ['SCF', ['0', '0']] : ['SCF', ['1', '1']]),
  uploadInterval: (command) => interval(command.seconds),
  locateMode: { timing: (setting) => interval(setting.intervalSeconds) },
  custom: ({ text }) => {
    const [word, ...params] = text.split(',');
    if (!word || !/^[A-Za-z0-9]+$/.test(word) || /[*#\r\n]/.test(text))
      return { ok: false, reason: 'paramError', detail: 'custom text must be CMD[,params]' };
    return [word, params];
  },
};

export function encodeH02Command(
  command: Command,
  session: ProtocolSession,
  now: () => number = Date.now,
): EncodeResult {
  if (session.deviceId === undefined)
    return { ok: false, reason: 'paramError', detail: 'no device id in session' };
  const build = lookupCommand(h02Commands, command);
  if (!build) return { ok: false, reason: 'unsupported' };
  const parts = build();
  if (!Array.isArray(parts)) return parts as EncodeResult;
  const [word, params] = parts;
  const d = new Date(now());
  const time = `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  const text = ['HQ', session.deviceId, word, time, ...params].join(',');
  return { ok: true, bytes: textBytes(`*${text}#`), reference: word };
}
