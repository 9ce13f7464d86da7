import type { Dialect } from '../../db/database.js';
import type {
  DeviceFramesTable,
  DeviceStatesTable,
  NetworkFixesTable,
  PositionsTable,
} from '../../db/schema.js';

/** A position as the gateway stores it: every column present (null where not reported). */
export type PositionInsert = PositionsTable;
/** What a batch says about a device now; fix columns move only with a newer fix (see below). */
export type DeviceStateUpsert = DeviceStatesTable;
export type DeviceFramesUpsert = DeviceFramesTable;
/** As received: the provider's columns are filled later. */
export type NetworkFixInsert = Omit<
  NetworkFixesTable,
  'latitude' | 'longitude' | 'accuracy' | 'resolvedAt'
>;

/** What the gateway commits in one transaction, before it acknowledges any of it. */
export interface IngestBatch {
  positions: PositionInsert[];
  /** At most one per device. */
  states: DeviceStateUpsert[];
  /** At most one per device. */
  frames: DeviceFramesUpsert[];
  networkFixes: NetworkFixInsert[];
}

/** Writes a batch in one transaction; positions already stored (same device and fix time) are skipped. */
export interface IngestStore {
  commit(batch: IngestBatch): Promise<void>;
  /** Makes ready the storage of positions around `now` (PostgreSQL: its month partitions). */
  prepareFor(now: number): Promise<void>;
}

/** A column of a batch table: the row's property, its SQL name, its PostgreSQL type. */
export interface Column<Row> {
  key: keyof Row & string;
  name: string;
  pgType: 'integer' | 'bigint' | 'double precision' | 'text';
}

const column = <Row>(key: keyof Row & string, pgType: Column<Row>['pgType']): Column<Row> => ({
  key,
  name: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  pgType,
});

export const POSITION_COLUMNS: Column<PositionInsert>[] = [
  column('deviceId', 'integer'),
  column('fixTime', 'bigint'),
  column('serverTime', 'bigint'),
  column('valid', 'integer'),
  column('latitude', 'double precision'),
  column('longitude', 'double precision'),
  column('altitude', 'double precision'),
  column('speed', 'double precision'),
  column('course', 'double precision'),
  column('lbsMode', 'text'),
  column('satellites', 'integer'),
  column('battery', 'integer'),
  column('acc', 'integer'),
  column('mileage', 'double precision'),
  column('reupload', 'integer'),
  column('attributes', 'text'),
];

/** The columns of the latest fix: they move together, and only with a newer fix. */
const FIX_COLUMNS: Column<DeviceStateUpsert>[] = [
  column('locateTime', 'bigint'),
  column('latitude', 'double precision'),
  column('longitude', 'double precision'),
  column('speed', 'double precision'),
  column('course', 'double precision'),
  column('valid', 'integer'),
  column('lbsMode', 'text'),
];

/** Facts the latest message reported: each moves when reported, else keeps its value. */
const FACT_COLUMNS: Column<DeviceStateUpsert>[] = [
  column('lastAlive', 'bigint'),
  // Heartbeats report the satellites in view too, without a fix.
  column('satellites', 'integer'),
  column('battery', 'integer'),
  column('charging', 'integer'),
  column('signal', 'integer'),
  column('voltage', 'double precision'),
  column('acc', 'integer'),
  column('mileage', 'double precision'),
];

export const STATE_COLUMNS: Column<DeviceStateUpsert>[] = [
  column('deviceId', 'integer'),
  column('status', 'text'),
  column('updatedAt', 'bigint'),
  ...FIX_COLUMNS,
  ...FACT_COLUMNS,
];

export const FRAME_COLUMNS: Column<DeviceFramesUpsert>[] = [
  column('deviceId', 'integer'),
  column('frames', 'text'),
  column('updatedAt', 'bigint'),
];

export const NETWORK_FIX_COLUMNS: Column<NetworkFixInsert>[] = [
  column('deviceId', 'integer'),
  column('fixTime', 'bigint'),
  column('serverTime', 'bigint'),
  column('cells', 'text'),
  column('wifi', 'text'),
];

export const names = <Row>(columns: Column<Row>[]) => columns.map((c) => c.name).join(', ');

/** The same conflict clauses serve SQLite and PostgreSQL. */
/** A re-sent fix is stored once. */
export const SAME_FIX_CONFLICT = 'ON CONFLICT (device_id, fix_time) DO NOTHING';

/** A device's stored raw frames: the newest `receivedAt hex` lines, up to this many characters. */
export const FRAMES_TEXT_MAX = 8192;

/**
 * New frames are appended to those stored and the oldest fall off the front, so the gateway keeps
 * in memory only the frames not written yet. The first line may be cut (`latestFrames` drops it).
 */
export function frameConflict(dialect: Dialect): string {
  const appended = `device_frames.frames || ${dialect === 'postgres' ? 'chr(10)' : 'char(10)'} || excluded.frames`;
  const newest =
    dialect === 'postgres'
      ? `right(${appended}, ${FRAMES_TEXT_MAX})`
      : `substr(${appended}, -${FRAMES_TEXT_MAX})`;
  return `ON CONFLICT (device_id) DO UPDATE SET frames = ${newest}, updated_at = excluded.updated_at`;
}

const NEWER_FIX =
  'excluded.locate_time IS NOT NULL AND (device_states.locate_time IS NULL OR excluded.locate_time > device_states.locate_time)';

/** Status always moves; a late re-upload never moves a device back. */
export const STATE_CONFLICT = `ON CONFLICT (device_id) DO UPDATE SET ${[
  'status = excluded.status',
  'updated_at = excluded.updated_at',
  ...FIX_COLUMNS.map(
    ({ name }) =>
      `${name} = CASE WHEN ${NEWER_FIX} THEN excluded.${name} ELSE device_states.${name} END`,
  ),
  ...FACT_COLUMNS.map(({ name }) => `${name} = COALESCE(excluded.${name}, device_states.${name})`),
].join(', ')}`;
