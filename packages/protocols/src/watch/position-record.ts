/**
 * The position record of UD / UD2 / AL / WT / PP / WAD / WG frames (protocols.md §2.3.2, BEE
 * Appendix I): `DDMMYY,hhmmss(GMT),A|V,lat,N|S,lon,E|W,speed,course,altitude,satellites,
 * signal,battery,steps,tumbles,status,<network>`. Time, validity and coordinates must parse (a
 * DecodeError otherwise); the device facts after them are taken when they are numbers; the
 * network tail is read leniently (network.ts). A record cut after the coordinates (a gateway
 * document's `AL_LTE,…,E,0,0,00010000`) keeps its speed and course, and its status word when the
 * field after the course is the last and has 8 hex digits; nothing else is read from it.
 */
import type { AlarmType, DeviceStatus, Position } from '../types.js';
import { DecodeError } from '../types.js';
import { readNetwork, type Network } from './network.js';

export interface PositionRecord extends Network {
  fixTime: number;
  valid: boolean;
  /** Absent when the device left latitude or longitude empty. */
  coordinates?: { latitude: number; longitude: number };
  speedKmh: number;
  course: number;
  altitude?: number;
  status: DeviceStatus;
  /** The 32-bit status word: states in the low 16 bits, alarms in the high 16. */
  statusWord: number;
}

const DATE = /^(\d\d)(\d\d)(\d\d)$/;
const TIME = /^(\d\d)(\d\d)(\d\d)(?:\.\d+)?$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const STATUS_WORD = /^[0-9a-fA-F]{1,8}$/;
/** Fields up to and including the status word. */
const RECORD_FIELDS = 16;
const STATUS_FIELD = 15;
/** Date to the longitude's hemisphere. */
const SHORT_RECORD_FIELDS = 7;
const SHORT_STATUS_FIELD = 9;
const EIGHT_HEX = /^[0-9a-fA-F]{8}$/;

const trimmed = (fields: string[], i: number): string => (fields[i] ?? '').trim();

/** A number, or undefined for an empty or non-numeric field (device facts are optional). */
function optional(fields: string[], i: number): number | undefined {
  const text = trimmed(fields, i);
  return NUMBER.test(text) ? Number(text) : undefined;
}

function fixTimeOf(date: string, time: string): number {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) throw new DecodeError(`watch: bad date/time '${date},${time}'`);
  const [day, month, hour, minute, second] = [d[1], d[2], t[1], t[2], t[3]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (day < 1 || day > 31 || month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59)
    throw new DecodeError(`watch: bad date/time '${date},${time}'`);
  return Date.UTC(2000 + Number(d[3]), month - 1, day, hour, minute, second);
}

/** The sign in the number wins over N/E; S/W force negative (TRC test frames carry both). */
function coordinate(text: string, hemisphere: string, negative: string, limit: number): number {
  if (!NUMBER.test(text)) throw new DecodeError(`watch: bad coordinate '${text}'`);
  const value = hemisphere.toUpperCase() === negative ? -Math.abs(Number(text)) : Number(text);
  if (Math.abs(value) > limit) throw new DecodeError('watch: coordinates out of range');
  return value;
}

function statusOf(fields: string[]): DeviceStatus {
  const status: DeviceStatus = {};
  const facts = [
    ['satellites', 10],
    ['signal', 11],
    ['batteryPercent', 12],
    ['steps', 13],
  ] as const;
  for (const [key, i] of facts) {
    const value = optional(fields, i);
    if (value !== undefined) status[key] = value;
  }
  return status;
}

/** Parses the record in `fields` (the content's fields after the word and any prefix fields). */
/** The status word's text: at its place, or for a cut record its last field when that is one. */
function statusTextOf(fields: string[], full: boolean): string {
  if (full) return trimmed(fields, STATUS_FIELD);
  const last = fields.length - 1;
  return last === SHORT_STATUS_FIELD && EIGHT_HEX.test(trimmed(fields, last))
    ? trimmed(fields, last)
    : '';
}

export function parsePositionRecord(fields: string[], cdma = false): PositionRecord {
  if (fields.length < SHORT_RECORD_FIELDS)
    throw new DecodeError('watch: position record too short');
  const full = fields.length >= RECORD_FIELDS;
  const validity = trimmed(fields, 2).toUpperCase();
  if (validity !== 'A' && validity !== 'V') throw new DecodeError('watch: bad validity');
  const statusText = statusTextOf(fields, full);
  if (statusText !== '' && !STATUS_WORD.test(statusText))
    throw new DecodeError('watch: bad status word');
  const record: PositionRecord = {
    fixTime: fixTimeOf(trimmed(fields, 0), trimmed(fields, 1)),
    valid: validity === 'A',
    speedKmh: optional(fields, 7) ?? 0,
    course: optional(fields, 8) ?? 0,
    status: full ? statusOf(fields) : {},
    statusWord: statusText === '' ? 0 : parseInt(statusText, 16),
    ...(full ? readNetwork(fields, RECORD_FIELDS, cdma) : { cells: [], wifi: [] }),
  };
  const latText = trimmed(fields, 3);
  const lonText = trimmed(fields, 5);
  if (latText !== '' && lonText !== '') {
    record.coordinates = {
      latitude: coordinate(latText, trimmed(fields, 4), 'S', 90),
      longitude: coordinate(lonText, trimmed(fields, 6), 'W', 180),
    };
  }
  const altitude = full ? optional(fields, 9) : undefined;
  if (altitude !== undefined) record.altitude = altitude;
  return record;
}

/** The alarms of a status word's bits, in table order, without repeats. */
export function alarmsOf(
  word: number,
  bits: ReadonlyArray<readonly [number, AlarmType]>,
): AlarmType[] {
  const alarms: AlarmType[] = [];
  for (const [bit, alarm] of bits) {
    if (((word >>> bit) & 1) === 1 && !alarms.includes(alarm)) alarms.push(alarm);
  }
  return alarms;
}

/** The record as a Position: its coordinates as reported (valid or not), never invented. */
export function positionOf(
  record: PositionRecord,
  coordinates: NonNullable<PositionRecord['coordinates']>,
): Position {
  const position: Position = {
    fixTime: record.fixTime,
    valid: record.valid,
    latitude: coordinates.latitude,
    longitude: coordinates.longitude,
    speedKmh: record.speedKmh,
    course: record.course,
    lbsMode: 'gps',
    ...record.status,
  };
  if (record.altitude !== undefined) position.altitude = record.altitude;
  if (record.cells.length > 0) position.cells = record.cells;
  if (record.wifi.length > 0) position.wifi = record.wifi;
  return position;
}
