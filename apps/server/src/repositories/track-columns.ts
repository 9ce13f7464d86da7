import type { StoredTrackColumns } from '@xunji/shared';

/** The database column behind each stored track column. */
export const TRACK_COLUMNS: [keyof StoredTrackColumns, string][] = [
  ['fixTime', 'fix_time'],
  ['latitude', 'latitude'],
  ['longitude', 'longitude'],
  ['speed', 'speed'],
  ['course', 'course'],
  ['lbsMode', 'lbs_mode'],
  ['valid', 'valid'],
  ['acc', 'acc'],
  ['reupload', 'reupload'],
];

/**
 * The columns in fix-time order. An aggregate keeps the order its rows come in, which is the
 * index's when the planner walks the index; a scan (PostgreSQL's bitmap scan, or rows re-uploaded
 * late) gives another, and sorting here is cheaper than every column's `ORDER BY`.
 */
export function inTimeOrder(columns: StoredTrackColumns): StoredTrackColumns {
  const times = columns.fixTime;
  let ordered = true;
  for (let i = 1; i < times.length && ordered; i++) ordered = times[i - 1]! < times[i]!;
  if (ordered) return columns;
  const order = times.map((_, i) => i).sort((a, b) => times[a]! - times[b]!);
  return Object.fromEntries(
    Object.entries(columns).map(([name, column]: [string, unknown[]]) => [
      name,
      order.map((i) => column[i]),
    ]),
  ) as unknown as StoredTrackColumns;
}
