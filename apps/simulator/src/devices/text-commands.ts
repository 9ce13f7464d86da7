/** The SMS-style text commands Concox devices take (`Relay,1#`, `WHERE#` …) and their replies. */
import { CUT_MAX_KMH, type DeviceCommand, type Fix } from '../fix.js';

/** What a Concox device understands: it cannot record. */
export type TextCommand = Exclude<DeviceCommand, { kind: 'record' }>;

const within = (value: string | undefined, min: number, max: number): boolean =>
  value !== undefined && /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

export function parseTextCommand(text: string): TextCommand {
  const clean = text.trim();
  if (/^(Relay,1|DYD(,\d*)?)#?$/i.test(clean)) return { kind: 'cutOil' };
  if (/^(Relay,0|HFYD(,\d*)?)#?$/i.test(clean)) return { kind: 'restoreOil' };
  if (/^(WHERE|DWXX|URL)#?$/i.test(clean)) return { kind: 'locateNow' };
  const timer = /^TIMER,(\d+)(,\d+)?#?$/i.exec(clean);
  if (timer)
    return within(timer[1], 5, 18_000)
      ? { kind: 'interval', seconds: Number(timer[1]) }
      : { kind: 'invalid', text: clean };
  // SPEED,ON,<5-600 s>,<1-255 km/h>,<alarm way 0-3># or SPEED,OFF#
  const speed = /^SPEED,ON,(\d+),(\d+)(?:,(\d))?#?$/i.exec(clean);
  if (speed)
    return within(speed[1], 5, 600) && within(speed[2], 1, 255) && within(speed[3] ?? '0', 0, 3)
      ? { kind: 'accepted', text: clean }
      : { kind: 'invalid', text: clean };
  if (/^(RESET|FACTORY|STATUS|SOS,[AD],[\d,+]*|PARAM|VERSION|SPEED,OFF)#?$/i.test(clean))
    return { kind: 'accepted', text: clean };
  return { kind: 'unsupported', text: clean };
}

const hemisphere = (value: number, positive: string, negative: string): string =>
  `${value < 0 ? negative : positive}${Math.abs(value).toFixed(6)}`;

/**
 * The device's answer text. A refused cut says "Fail" with the speed, a bad value "Invalid
 * parameter", an unknown command "Invalid command": the server reads fail / paramError /
 * unsupported from these words.
 */
export function textReply(command: TextCommand, fix: Fix, refused: boolean): string {
  switch (command.kind) {
    case 'cutOil':
      return refused
        ? `Cut off the fuel supply: Fail! Speed limit ${CUT_MAX_KMH}km/h, current speed ${fix.speedKmh}km/h.`
        : 'Cut off the fuel supply: Success!';
    case 'restoreOil':
      return 'Restore fuel supply: Success!';
    case 'locateNow':
      return (
        `Lat:${hemisphere(fix.latitude, 'N', 'S')},Lon:${hemisphere(fix.longitude, 'E', 'W')},` +
        `Course:${fix.course},Speed:${fix.speedKmh}km/h,DateTime:${new Date(fix.time).toISOString()}`
      );
    case 'interval':
      return `TIMER OK: ${command.seconds}s`;
    case 'accepted':
      return `${command.text} OK`;
    case 'invalid':
      return `Invalid parameter: ${command.text}`;
    case 'unsupported':
      return `Invalid command: ${command.text}`;
  }
}
