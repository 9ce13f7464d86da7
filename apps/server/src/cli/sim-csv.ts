import { DEFAULT_TIME_ZONE, isIccid, zonedToEpoch, addDays } from '@xunji/shared';
import type { NewSimCard } from '../repositories/sim-card.repository.js';
import { UsageError } from './command.js';
import { checkSimNo } from './device-commands.js';

const COLUMNS = [
  'iccid',
  'msisdn',
  'operator',
  'plan',
  'totalDataMb',
  'totalSms',
  'activationDate',
  'expiryDate',
] as const;
export const SIM_CSV_HEADER = `${COLUMNS.join(',')}[,cardSn]`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A day in China, "YYYY-MM-DD" → its first instant; `end` → the instant it is over. */
function day(text: string, column: string, end = false): number | null {
  if (text === '') return null;
  const start = DATE.test(text)
    ? zonedToEpoch(end ? addDays(text, 1) : text, DEFAULT_TIME_ZONE)
    : undefined;
  if (start === undefined) throw new UsageError(`${column} ${text} is not a date YYYY-MM-DD`);
  return start;
}

function count(text: string, column: string): number {
  if (!/^\d{1,9}$/.test(text))
    throw new UsageError(`${column} must be a whole number, not "${text}"`);
  return Number(text);
}

/**
 * The cards of a CSV file with a header row (SIM_CSV_HEADER), all checked before any is stored:
 * a card activated on its activation date, its service over at the end of its expiry date.
 */
export function parseSimCsv(text: string, source: string, now: number): NewSimCard[] {
  const [header, ...lines] = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (!header) throw new UsageError('the CSV file is empty');
  const columns = header.split(',').map((c) => c.trim());
  for (const name of COLUMNS)
    if (!columns.includes(name)) throw new UsageError(`the CSV header needs a ${name} column`);
  const seen = new Set<string>();
  return lines.map((line, index) => {
    const cells = line.split(',').map((c) => c.trim());
    const get = (name: string) => cells[columns.indexOf(name)] ?? '';
    try {
      const iccid = get('iccid').toUpperCase();
      if (!isIccid(iccid)) throw new UsageError(`ICCID "${iccid}" is not valid`);
      if (seen.has(iccid)) throw new UsageError(`ICCID ${iccid} is listed twice`);
      seen.add(iccid);
      const msisdn = get('msisdn');
      if (msisdn) checkSimNo(msisdn);
      const activationTime = day(get('activationDate'), 'activationDate');
      const serviceExpiry = day(get('expiryDate'), 'expiryDate', true);
      if (activationTime !== null && serviceExpiry !== null && serviceExpiry <= activationTime)
        throw new UsageError('expiryDate is before activationDate');
      return {
        iccid,
        msisdn: msisdn || null,
        operator: get('operator') || null,
        planName: get('plan') || null,
        state: activationTime === null ? 'canActivate' : 'activated',
        totalDataKb: count(get('totalDataMb'), 'totalDataMb') * 1024,
        totalSms: count(get('totalSms'), 'totalSms'),
        activationTime,
        serviceExpiry,
        cardSn: get('cardSn') || null,
        source,
        usageUpdatedAt: now,
        createdAt: now,
      };
    } catch (error) {
      throw new UsageError(`line ${index + 2}: ${(error as Error).message}; nothing imported`);
    }
  });
}
