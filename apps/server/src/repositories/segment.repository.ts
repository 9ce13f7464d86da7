import { sql } from 'kysely';
import type { NewTrackSegment, SegmentKind, TrackSegmentRow } from '../db/schema.js';
import type { Db } from './types.js';

export interface SegmentWindow {
  deviceId: number;
  kind: SegmentKind;
  /** Segments touching [start, end): a segment over a window's edge is in it, whole. */
  start: number;
  end: number;
  /** Only segments that began at or after this: the caller's binding (docs/security.md). */
  since?: number | undefined;
}

const changed = (old: TrackSegmentRow, row: NewTrackSegment): boolean =>
  (Object.keys(row) as (keyof NewTrackSegment)[]).some(
    (key) => key !== 'id' && row[key] !== undefined && row[key] !== old[key],
  );

/** Stops and trips, and the marks of devices whose late positions wait for detection. */
export class SegmentRepository {
  constructor(private readonly db: Db) {}

  /** The latest stop that is not provisional, whose last fix is before `before` if given. */
  resumeStop(deviceId: number, before?: number): Promise<TrackSegmentRow | undefined> {
    let query = this.db
      .selectFrom('trackSegments')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .where('kind', '=', 'stop')
      .where('provisional', '=', 0);
    if (before !== undefined) query = query.where('lastTime', '<', before);
    return query.orderBy('startTime', 'desc').limit(1).executeTakeFirst();
  }

  /**
   * Makes the device's segments starting at `from` or later (all when null) equal `rows`, in
   * one transaction. A segment that is still there (same kind and start) keeps its id and is
   * written only when it changed, so a run that finds nothing new writes nothing.
   */
  async replaceFrom(deviceId: number, from: number | null, rows: NewTrackSegment[]) {
    await this.db.transaction().execute(async (trx) => {
      let existing = trx.selectFrom('trackSegments').selectAll().where('deviceId', '=', deviceId);
      if (from !== null) existing = existing.where('startTime', '>=', from);
      const stored = new Map(
        (await existing.execute()).map((row) => [`${row.kind} ${row.startTime}`, row]),
      );
      const inserts: NewTrackSegment[] = [];
      for (const row of rows) {
        const key = `${row.kind} ${row.startTime}`;
        const old = stored.get(key);
        stored.delete(key);
        if (!old) inserts.push(row);
        else if (changed(old, row))
          await trx.updateTable('trackSegments').set(row).where('id', '=', old.id).execute();
      }
      const gone = [...stored.values()].map((row) => row.id);
      for (let i = 0; i < gone.length; i += 500)
        await trx
          .deleteFrom('trackSegments')
          .where('id', 'in', gone.slice(i, i + 500))
          .execute();
      for (let i = 0; i < inserts.length; i += 500)
        await trx
          .insertInto('trackSegments')
          .values(inserts.slice(i, i + 500))
          .execute();
    });
  }

  private touching({ deviceId, kind, start, end, since }: SegmentWindow) {
    const query = this.db
      .selectFrom('trackSegments')
      .where('deviceId', '=', deviceId)
      .where('kind', '=', kind)
      .where('endTime', '>', start)
      .where('startTime', '<', end);
    return since === undefined ? query : query.where('startTime', '>=', since);
  }

  /** One page of the window's segments, oldest first, and how many there are in all. */
  async page(window: SegmentWindow, offset: number, limit: number) {
    // The count rides along with the page (one query); only a page past the end needs its own.
    const found = await this.touching(window)
      .selectAll()
      .select(sql<number | string>`count(*) over ()`.as('total'))
      .orderBy('startTime')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    const rows = found.map(({ total: _, ...row }) => row);
    if (found.length > 0 || offset === 0) return { rows, count: Number(found[0]?.total ?? 0) };
    const { count } = await this.touching(window)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return { rows, count: Number(count) };
  }

  /** Every segment of the window, oldest first (a few dozen a day). */
  all(window: SegmentWindow): Promise<TrackSegmentRow[]> {
    return this.touching(window).selectAll().orderBy('startTime').execute();
  }

  /** Start and end of the window's segments, for the days that have some. */
  spans(window: SegmentWindow): Promise<{ startTime: number; endTime: number }[]> {
    return this.touching(window).select(['startTime', 'endTime']).execute();
  }

  /** Keeps the earliest late fix time of a device until detection has seen it. */
  async mark(deviceId: number, from: number): Promise<void> {
    await this.db
      .insertInto('segmentMarks')
      .values({ deviceId, dirtyFrom: from })
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet({
          dirtyFrom: sql<number>`CASE WHEN excluded.dirty_from < segment_marks.dirty_from
            THEN excluded.dirty_from ELSE segment_marks.dirty_from END`,
        }),
      )
      .execute();
  }

  async markOf(deviceId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('segmentMarks')
      .select('dirtyFrom')
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
    return row?.dirtyFrom;
  }

  /** Clears the mark if no earlier one came in meanwhile. */
  async clearMark(deviceId: number, seen: number): Promise<void> {
    await this.db
      .deleteFrom('segmentMarks')
      .where('deviceId', '=', deviceId)
      .where('dirtyFrom', '>=', seen)
      .execute();
  }

  /** Devices with late positions waiting (after a restart). */
  async markedDevices(): Promise<number[]> {
    const rows = await this.db.selectFrom('segmentMarks').select('deviceId').execute();
    return rows.map((row) => row.deviceId);
  }
}
