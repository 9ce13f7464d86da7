import type { AlarmReadFilter } from '@xunji/shared';
import type { ExpressionBuilder } from 'kysely';
import type { AlarmLogRow, Database, NewAlarmLog } from '../db/schema.js';
import type { Db } from './types.js';

/** Which of a user's alarms: the devices are the ones the user may see (checked by the caller). */
export interface AlarmFilter {
  userId: number;
  deviceIds: readonly number[];
  terminalNo?: string | undefined;
  types?: readonly string[] | undefined;
  from?: number | undefined;
  to?: number | undefined;
  read: AlarmReadFilter;
}

export type AlarmListRow = AlarmLogRow & { terminalNo: string; name: string | null; read: number };

type Eb = ExpressionBuilder<
  Database & { a: Database['alarmLogs']; d: Database['devices'] } & {
    m: Database['alarmMarks'];
    c: Database['alarmClears'];
    ud: Database['userDevices'];
  },
  'a' | 'd' | 'm' | 'c' | 'ud'
>;

/** 1 when the user read the alarm (its mark row exists), else 0. */
const readMark = (eb: Eb) =>
  eb.case().when('m.userId', 'is not', null).then(1).else(0).end().as('read');

/** Alarms, and each user's read, removed and cleared marks on them. */
export class AlarmLogRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewAlarmLog): Promise<AlarmLogRow> {
    return this.db.insertInto('alarmLogs').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Whether the device had an alarm of this type (and fence) since `since`: the type throttle. */
  async raisedSince(
    deviceId: number,
    alarmType: string,
    since: number,
    fenceId: number | null,
  ): Promise<boolean> {
    let query = this.db
      .selectFrom('alarmLogs')
      .select('id')
      .where('deviceId', '=', deviceId)
      .where('alarmType', '=', alarmType)
      .where('alarmTime', '>=', since);
    if (fenceId !== null) query = query.where('fenceId', '=', fenceId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /**
   * The devices to watch for the offline alarm after a start: offline since a time at or after
   * `from` with no offline alarm logged since then, and those still marked online (no connection
   * survives a restart: they count as offline from `now`).
   */
  async offlineUnalarmed(
    from: number,
    now: number,
  ): Promise<{ deviceId: number; since: number }[]> {
    const rows = await this.db
      .selectFrom('deviceStates as s')
      .select(['s.deviceId', 's.status', 's.updatedAt'])
      .where((eb) =>
        eb.or([
          eb.and([eb('s.status', '=', 'offline'), eb('s.updatedAt', '>=', from)]),
          eb('s.status', '=', 'online'),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('alarmLogs as a')
              .select('a.id')
              .whereRef('a.deviceId', '=', 's.deviceId')
              .where('a.alarmType', '=', 'offline')
              .whereRef('a.alarmTime', '>=', 's.updatedAt'),
          ),
        ),
      )
      .execute();
    return rows.map((row) => ({
      deviceId: row.deviceId,
      since: row.status === 'online' ? now : Number(row.updatedAt),
    }));
  }

  async page(filter: AlarmFilter, page: number, limit: number) {
    if (filter.deviceIds.length === 0) return { list: [], count: 0 };
    const [list, total] = await Promise.all([
      this.visible(filter)
        .selectAll('a')
        .select(['d.terminalNo', 'd.name'])
        .select(readMark)
        .orderBy('a.alarmTime', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.visible(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list: list as AlarmListRow[], count: Number(total.n) };
  }

  /** Counts per device and per type. */
  async statistics(filter: AlarmFilter) {
    if (filter.deviceIds.length === 0) return { byDevice: [], byType: [] };
    const [byDevice, byType] = await Promise.all([
      this.visible(filter)
        .select(['a.deviceId', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('a.deviceId')
        .execute(),
      this.visible(filter)
        .select(['a.alarmType', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('a.alarmType')
        .execute(),
    ]);
    return {
      byDevice: byDevice.map((row) => ({ deviceId: row.deviceId, count: Number(row.n) })),
      byType: byType.map((row) => ({ alarmType: row.alarmType, count: Number(row.n) })),
    };
  }

  /** The newest alarm of each device (read or not), newest first. */
  async latestPerDevice(filter: AlarmFilter): Promise<AlarmListRow[]> {
    if (filter.deviceIds.length === 0) return [];
    const ranked = this.visible(filter)
      .selectAll('a')
      .select(['d.terminalNo', 'd.name'])
      .select(readMark)
      .select((eb) =>
        eb.fn
          .agg<number>('row_number')
          .over((over) =>
            over.partitionBy('a.deviceId').orderBy('a.alarmTime', 'desc').orderBy('a.id', 'desc'),
          )
          .as('recency'),
      );
    const rows = await this.db
      .selectFrom(ranked.as('r'))
      .selectAll('r')
      .where('r.recency', '=', 1)
      .orderBy('r.alarmTime', 'desc')
      .orderBy('r.id', 'desc')
      .execute();
    return rows.map(({ recency: _, ...row }) => row as AlarmListRow);
  }

  /** One alarm as `userId` sees it (undefined when removed or cleared by that user). */
  async one(userId: number, id: number): Promise<AlarmListRow | undefined> {
    const row = await this.joined(userId)
      .selectAll('a')
      .select(['d.terminalNo', 'd.name'])
      .select(readMark)
      .where('a.id', '=', id)
      .where((eb) => this.notHidden(eb as unknown as Eb))
      .executeTakeFirst();
    return row as AlarmListRow | undefined;
  }

  /** An alarm with its device's number and name, for the texts that tell it. */
  withDevice(id: number) {
    return this.db
      .selectFrom('alarmLogs as a')
      .innerJoin('devices as d', 'd.id', 'a.deviceId')
      .selectAll('a')
      .select(['d.terminalNo', 'd.name'])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  async markRead(userId: number, alarmId: number): Promise<void> {
    await this.db
      .insertInto('alarmMarks')
      .values({ userId, alarmId, deleted: 0 })
      .onConflict((oc) => oc.columns(['userId', 'alarmId']).doNothing())
      .execute();
  }

  async markDeleted(userId: number, alarmId: number): Promise<void> {
    await this.db
      .insertInto('alarmMarks')
      .values({ userId, alarmId, deleted: 1 })
      .onConflict((oc) => oc.columns(['userId', 'alarmId']).doUpdateSet({ deleted: 1 }))
      .execute();
  }

  /** The user's lists of these devices start after their newest alarm; older marks go. */
  async clear(userId: number, deviceIds: readonly number[]): Promise<void> {
    if (deviceIds.length === 0) return;
    await this.db.transaction().execute(async (tx) => {
      const newest = await tx
        .selectFrom('alarmLogs')
        .select(['deviceId', (eb) => eb.fn.max('id').as('upToId')])
        .where('deviceId', 'in', deviceIds)
        .groupBy('deviceId')
        .execute();
      if (newest.length === 0) return;
      await tx
        .insertInto('alarmClears')
        .values(
          newest.map((row) => ({ userId, deviceId: row.deviceId, upToId: Number(row.upToId) })),
        )
        .onConflict((oc) =>
          oc
            .columns(['userId', 'deviceId'])
            .doUpdateSet((eb) => ({ upToId: eb.ref('excluded.upToId') })),
        )
        .execute();
      await tx
        .deleteFrom('alarmMarks')
        .where('userId', '=', userId)
        .where('alarmId', 'in', (eb) =>
          eb.selectFrom('alarmLogs').select('id').where('deviceId', 'in', deviceIds),
        )
        .execute();
    });
  }

  private joined(userId: number) {
    return this.db
      .selectFrom('alarmLogs as a')
      .innerJoin('devices as d', 'd.id', 'a.deviceId')
      .leftJoin('alarmMarks as m', (join) =>
        join.onRef('m.alarmId', '=', 'a.id').on('m.userId', '=', userId),
      )
      .leftJoin('alarmClears as c', (join) =>
        join.onRef('c.deviceId', '=', 'a.deviceId').on('c.userId', '=', userId),
      )
      .leftJoin('userDevices as ud', (join) =>
        join
          .onRef('ud.deviceId', '=', 'a.deviceId')
          .on('ud.userId', '=', userId)
          .on('ud.state', '=', 'active'),
      );
  }

  /**
   * Not removed or cleared by the user, and raised since the user's binding (or, for an
   * organisation's user, since the device's tenure began): docs/security.md.
   */
  private notHidden(eb: Eb) {
    return eb.and([
      eb('a.alarmTime', '>=', eb.fn.coalesce('ud.visibleFrom', 'd.tenureStartedAt')),
      eb.or([eb('c.upToId', 'is', null), eb('a.id', '>', eb.ref('c.upToId'))]),
      eb.or([eb('m.deleted', 'is', null), eb('m.deleted', '=', 0)]),
    ]);
  }

  private visible(filter: AlarmFilter) {
    let query = this.joined(filter.userId)
      .where('a.deviceId', 'in', filter.deviceIds)
      .where((eb) => this.notHidden(eb as unknown as Eb));
    if (filter.read === 'unread') query = query.where('m.userId', 'is', null);
    if (filter.read === 'read') query = query.where('m.userId', 'is not', null);
    if (filter.types && filter.types.length > 0)
      query = query.where('a.alarmType', 'in', filter.types);
    if (filter.from !== undefined) query = query.where('a.alarmTime', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('a.alarmTime', '<=', filter.to);
    if (filter.terminalNo) query = query.where('d.terminalNo', '=', filter.terminalNo);
    return query;
  }
}
