/**
 * Local dates and times in an IANA time zone, with nothing but Intl: the app sends the user's zone
 * and local times ("2026-11-23 00:00:00"); the server turns them into instants and back.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isTimeZone(value: string): boolean {
  try {
    formatterOf(value);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsOf(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts as unknown as LocalParts;
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsOf(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** "YYYY-MM-DD[ HH:mm[:ss]]" in the zone → epoch ms; undefined when it is no such time. */
export function zonedToEpoch(local: string, timeZone: string): number | undefined {
  const match = LOCAL_TIME.exec(local);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(wall);
  const real = check.getUTCMonth() === month! - 1 && check.getUTCDate() === day!;
  if (!real || hour! > 23 || minute! > 59 || second! > 59) return undefined;
  // Two passes settle on the offset in force at that wall time (one more around a DST change).
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return instant;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The local date of an instant, "YYYY-MM-DD". */
export function localDate(instant: number, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The local time of an instant, "YYYY-MM-DD HH:mm:ss" (alarm texts, §9 date format). */
export function localDateTime(instant: number, timeZone: string): string {
  const p = partsOf(instant, timeZone);
  return `${localDate(instant, timeZone)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** "YYYY-MM-DD" + n days (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year!, month! - 1, day! + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

/** The instants a local day starts and ends (exclusive; 23 or 25 hours long on a DST change). */
export function dayBounds(date: string, timeZone: string): { start: number; end: number } {
  return {
    start: zonedToEpoch(date, timeZone)!,
    end: zonedToEpoch(addDays(date, 1), timeZone)!,
  };
}

/** The local days from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}
