import type { NewMediaChunk } from '../db/schema.js';
import type { Db } from './types.js';

/** An upload as its stored packets describe it. */
export interface MediaUploadSummary {
  deviceId: number;
  mediaId: string;
  total: number;
  /** Distinct packets held. */
  parts: number;
  lastReceivedAt: number;
}

export type AppendOutcome = 'stored' | 'duplicate' | 'rejected';

const summary = (row: {
  deviceId: number;
  mediaId: string;
  total: number | string;
  parts: number | string;
  lastReceivedAt: number | string;
}): MediaUploadSummary => ({
  deviceId: row.deviceId,
  mediaId: row.mediaId,
  total: Number(row.total),
  parts: Number(row.parts),
  lastReceivedAt: Number(row.lastReceivedAt),
});

/** The packets of media uploads not yet put together, one row each (migration 0015). */
export class MediaChunkRepository {
  constructor(private readonly db: Db) {}

  /**
   * Keeps a packet, committed when this resolves: a packet already held is a duplicate, one whose
   * total contradicts the upload's is rejected (neither is written).
   */
  append(chunk: NewMediaChunk): Promise<AppendOutcome> {
    return this.db.transaction().execute(async (tx) => {
      const known = await tx
        .selectFrom('mediaChunks')
        .select('total')
        .where('deviceId', '=', chunk.deviceId)
        .where('mediaId', '=', chunk.mediaId)
        .limit(1)
        .executeTakeFirst();
      if (known && known.total !== chunk.total) return 'rejected';
      const inserted = await tx
        .insertInto('mediaChunks')
        // Both drivers bind a Buffer as a blob / bytea.
        .values({ ...chunk, data: Buffer.from(chunk.data) })
        .onConflict((oc) => oc.columns(['deviceId', 'mediaId', 'chunkIndex']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 'stored' : 'duplicate';
    });
  }

  /** One upload's packets counted (no data read), or undefined when none is held. */
  async summaryOf(deviceId: number, mediaId: string): Promise<MediaUploadSummary | undefined> {
    const row = await this.summaries()
      .where('deviceId', '=', deviceId)
      .where('mediaId', '=', mediaId)
      .executeTakeFirst();
    return row && summary(row);
  }

  /** Every upload held, counted. */
  async all(): Promise<MediaUploadSummary[]> {
    return (await this.summaries().execute()).map(summary);
  }

  /** One upload's packets in order, with their data. */
  load(
    deviceId: number,
    mediaId: string,
  ): Promise<{ chunkIndex: number; format: string; data: Uint8Array }[]> {
    return this.db
      .selectFrom('mediaChunks')
      .select(['chunkIndex', 'format', 'data'])
      .where('deviceId', '=', deviceId)
      .where('mediaId', '=', mediaId)
      .orderBy('chunkIndex')
      .execute();
  }

  async drop(deviceId: number, mediaId: string): Promise<void> {
    await this.db
      .deleteFrom('mediaChunks')
      .where('deviceId', '=', deviceId)
      .where('mediaId', '=', mediaId)
      .execute();
  }

  /**
   * Drops an upload unless a packet of it arrived after `cutoff` (one statement, so a packet
   * acknowledged meanwhile is never lost); answers whether it was dropped.
   */
  async dropStalled(deviceId: number, mediaId: string, cutoff: number): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('mediaChunks')
      .where('deviceId', '=', deviceId)
      .where('mediaId', '=', mediaId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('mediaChunks as newer')
              .select('newer.chunkIndex')
              .where('newer.deviceId', '=', deviceId)
              .where('newer.mediaId', '=', mediaId)
              .where('newer.receivedAt', '>', cutoff),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  private summaries() {
    return this.db
      .selectFrom('mediaChunks')
      .select((eb) => [
        'deviceId',
        'mediaId',
        eb.fn.min('total').as('total'),
        eb.fn.countAll<number | string>().as('parts'),
        eb.fn.max('receivedAt').as('lastReceivedAt'),
      ])
      .groupBy(['deviceId', 'mediaId']);
  }
}
