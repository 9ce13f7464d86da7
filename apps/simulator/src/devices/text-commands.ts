/** The SMS-style text commands Concox devices take (`Relay,1#`, `WHERE#` …) and their replies. */
import type { DeviceCommand, Fix } from '../fix.js';

export function parseTextCommand(text: string): DeviceCommand {
  const clean = text.trim();
  if (/^(Relay,1|DYD(,\d*)?)#?$/i.test(clean)) return { kind: 'cutOil' };
  if (/^(Relay,0|HFYD(,\d*)?)#?$/i.test(clean)) return { kind: 'restoreOil' };
  if (/^(WHERE|DWXX|URL)#?$/i.test(clean)) return { kind: 'locateNow' };
  const timer = /^TIMER,(\d+)(,\d+)?#?$/i.exec(clean);
  if (timer) return { kind: 'interval', seconds: Number(timer[1]) };
  if (/^(RESET|FACTORY|STATUS|SOS,[AD],[\d,+]*|PARAM|VERSION)#?$/i.test(clean))
    return { kind: 'accepted', text: clean };
  return { kind: 'unsupported', text: clean };
}

const hemisphere = (value: number, positive: string, negative: string): string =>
  `${value < 0 ? negative : positive}${Math.abs(value).toFixed(6)}`;

/** The device's answer text; "Invalid" makes the server record the command as failed. */
export function textReply(command: DeviceCommand, fix: Fix): string {
  switch (command.kind) {
    case 'cutOil':
      return 'Cut off the fuel supply: Success!';
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
    case 'unsupported':
      return `Invalid command: ${command.text}`;
  }
}
