import type { ConnectionStatus } from '@xunji/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Db } from './types.js';

/** Whose devices a query covers: the user's active bindings and their organisations' devices. */
export interface DeviceScope {
  userId: number;
  /** Organisations whose devices the user sees (an enterprise user's subtree); may be empty. */
  enterpriseIds: number[];
}

export interface TerminalFilterQuery {
  /** Only devices of these organisations. */
  enterpriseIds?: number[] | undefined;
  deviceState?: number | undefined;
  searchKey?: string | undefined;
}

/** A device with its latest state, service period and the caller's binding: one list row. */
export interface TerminalRow {
  id: number;
  terminalNo: string;
  protocol: string;
  model: string | null;
  iccid: string | null;
  simNo: string | null;
  name: string | null;
  enterpriseId: number | null;
  iconType: number | null;
  status: ConnectionStatus | null;
  lastAlive: number | null;
  locateTime: number | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  course: number | null;
  lbsMode: string | null;
  satellites: number | null;
  battery: number | null;
  signal: number | null;
  acc: number | null;
  voltage: number | null;
  mileage: number | null;
  charging: number | null;
  startingTime: number | null;
  expirationTime: number | null;
  isTrial: number | null;
  isOwner: number | null;
  filter: string | null;
  /** The caller sees the device's data from this instant on (docs/security.md, tenure). */
  visibleFrom: number;
}

/** A fix from before the caller's binding is someone else's place: the row shows none. */
function withinTenure(row: TerminalRow): TerminalRow {
  if (row.locateTime === null || Number(row.locateTime) >= Number(row.visibleFrom)) return row;
  return {
    ...row,
    locateTime: null,
    latitude: null,
    longitude: null,
    speed: null,
    course: null,
    lbsMode: null,
    satellites: null,
  };
}

/**
 * The instant the caller's view of a device starts: its binding's (every binding starts at or
 * after its device's tenure), else, for an organisation's user, the tenure's.
 */
const visibleFrom = (
  eb: ExpressionBuilder<Database & { ud: Database['userDevices'] }, 'devices' | 'ud'>,
) => eb.fn.coalesce('ud.visibleFrom', 'devices.tenureStartedAt').as('visibleFrom');

const STATUS_OF_STATE: Record<number, ConnectionStatus> = {
  1: 'online',
  2: 'offline',
  3: 'shutdown',
};

/** The device views of the API; every query is limited to a scope. */
export class TerminalRepository {
  constructor(private readonly db: Db) {}

  /** Both dialects turn the left join into an inner one when the user has no organisation. */
  private scoped(scope: DeviceScope) {
    return this.db
      .selectFrom('devices')
      .leftJoin('userDevices as ud', (join) =>
        join
          .onRef('ud.deviceId', '=', 'devices.id')
          .on('ud.userId', '=', scope.userId)
          .on('ud.state', '=', 'active'),
      )
      .where((eb) =>
        scope.enterpriseIds.length === 0
          ? eb('ud.userId', 'is not', null)
          : eb.or([
              eb('ud.userId', 'is not', null),
              eb('devices.enterpriseId', 'in', scope.enterpriseIds),
            ]),
      );
  }

  private filtered(scope: DeviceScope, filter: TerminalFilterQuery) {
    let query = this.scoped(scope).leftJoin('deviceStates as s', 's.deviceId', 'devices.id');
    if (filter.enterpriseIds) {
      query = query.where(
        'devices.enterpriseId',
        'in',
        filter.enterpriseIds.length ? filter.enterpriseIds : [-1],
      );
    }
    if (filter.deviceState !== undefined) {
      const status = STATUS_OF_STATE[filter.deviceState];
      query = status ? query.where('s.status', '=', status) : query.where('s.status', 'is', null);
    }
    if (filter.searchKey) {
      const pattern = `%${filter.searchKey.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // SQLite has no default escape character: without ESCAPE, `\_` would never match.
      const contains = (column: 'devices.terminalNo' | 'devices.name') =>
        sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
      query = query.where((eb) =>
        eb.or([contains('devices.terminalNo'), contains('devices.name')]),
      );
    }
    return query;
  }

  private withColumns(query: ReturnType<TerminalRepository['filtered']>) {
    return query
      .leftJoin('deviceServices as v', 'v.deviceId', 'devices.id')
      .select([
        'devices.id',
        'devices.terminalNo',
        'devices.protocol',
        'devices.model',
        'devices.iccid',
        'devices.simNo',
        'devices.name',
        'devices.enterpriseId',
        'devices.iconType',
        's.status',
        's.lastAlive',
        's.locateTime',
        's.latitude',
        's.longitude',
        's.speed',
        's.course',
        's.lbsMode',
        's.satellites',
        's.battery',
        's.signal',
        's.acc',
        's.voltage',
        's.mileage',
        's.charging',
        'v.startingTime',
        'v.expirationTime',
        'v.isTrial',
        'ud.isOwner',
        'ud.filter',
        visibleFrom,
      ]);
  }

  async page(
    scope: DeviceScope,
    filter: TerminalFilterQuery,
    offset: number,
    limit: number,
  ): Promise<{ rows: TerminalRow[]; count: number }> {
    const [rows, total] = await Promise.all([
      this.withColumns(this.filtered(scope, filter))
        .orderBy('devices.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.filtered(scope, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: (rows as TerminalRow[]).map(withinTenure), count: Number(total.count) };
  }

  async byIds(scope: DeviceScope, ids: number[]): Promise<TerminalRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.withColumns(this.filtered(scope, {}))
      .where('devices.id', 'in', ids)
      .orderBy('devices.id')
      .execute();
    return (rows as TerminalRow[]).map(withinTenure);
  }

  async byId(scope: DeviceScope, id: number): Promise<TerminalRow | undefined> {
    return (await this.byIds(scope, [id]))[0];
  }

  /** Visible devices per connection status (null: never connected). */
  async countByStatus(
    scope: DeviceScope,
    filter: TerminalFilterQuery,
  ): Promise<{ status: ConnectionStatus | null; count: number }[]> {
    const rows = await this.filtered(scope, filter)
      .select((eb) => ['s.status', eb.fn.countAll<number | string>().as('count')])
      .groupBy('s.status')
      .execute();
    return rows.map((row) => ({
      status: (row.status as ConnectionStatus | null) ?? null,
      count: Number(row.count),
    }));
  }

  /** The devices of a scope, each with the instant its data is the scope's from. */
  async visible(scope: DeviceScope): Promise<Map<number, number>> {
    const rows = await this.scoped(scope).select(['devices.id', visibleFrom]).execute();
    return new Map(rows.map((row) => [row.id, Number(row.visibleFrom)]));
  }
}
