import type { DeviceStatus } from '../db/schema.js';
import type { IngestBatch, IngestStore } from './ingest/ingest-batch.js';
import type { Db } from './types.js';

/** Where a device's stream stands after what is stored, so ingest can carry on from it. */
export interface DeviceCursor {
  /** Newest fix time stored. */
  lastFixTime?: number;
  /** The last point computed mileage was measured from (valid GPS fixes only). */
  odometerPoint?: { latitude: number; longitude: number };
  /** km: the device's odometer, or the distance computed from its fixes. */
  mileage: number;
  /** The status last stored or recorded. */
  status?: DeviceStatus;
  /** The latest raw frames stored (`receivedAt hex`, newest last). */
  frames: string[];
}

export class PositionRepository {
  constructor(
    private readonly db: Db,
    private readonly store: IngestStore,
  ) {}

  /** Run at start and daily (see IngestStore). */
  prepareFor(now: number): Promise<void> {
    return this.store.prepareFor(now);
  }

  /** Positions, device states and raw frames in one transaction (see IngestStore). */
  commitBatch(batch: IngestBatch): Promise<void> {
    return this.store.commit(batch);
  }

  /** Where each device's stream stands (devices with nothing stored start from zero). */
  async cursorsOf(deviceIds: number[]): Promise<Map<number, DeviceCursor>> {
    if (deviceIds.length === 0) return new Map();
    const states = await this.db
      .selectFrom('deviceStates')
      .selectAll()
      .where('deviceId', 'in', deviceIds)
      .execute();
    const frames = await this.db
      .selectFrom('deviceFrames')
      .select(['deviceId', 'frames'])
      .where('deviceId', 'in', deviceIds)
      .execute();
    const statesById = new Map(states.map((state) => [state.deviceId, state]));
    const framesById = new Map(frames.map((row) => [row.deviceId, row.frames.split('\n')]));
    return new Map(
      deviceIds.map((deviceId) => {
        const state = statesById.get(deviceId);
        const gpsFix = state?.valid === 1 && state.lbsMode === 'gps';
        const cursor: DeviceCursor = {
          ...(state?.locateTime != null ? { lastFixTime: state.locateTime } : {}),
          ...(gpsFix && state.latitude !== null && state.longitude !== null
            ? { odometerPoint: { latitude: state.latitude, longitude: state.longitude } }
            : {}),
          ...(state ? { status: state.status } : {}),
          mileage: state?.mileage ?? 0,
          frames: framesById.get(deviceId) ?? [],
        };
        return [deviceId, cursor];
      }),
    );
  }

  /** At start no device is connected yet: those online before are offline until they are back. */
  async markOnlineOffline(now: number): Promise<void> {
    await this.db
      .updateTable('deviceStates')
      .set({ status: 'offline', updatedAt: now })
      .where('status', '=', 'online')
      .execute();
  }

  findState(deviceId: number) {
    return this.db
      .selectFrom('deviceStates')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
  }

  /** The device's latest raw frames, newest first. */
  async latestFrames(deviceId: number): Promise<{ receivedAt: number; hex: string }[]> {
    const row = await this.db
      .selectFrom('deviceFrames')
      .select('frames')
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
    return (row?.frames.split('\n') ?? []).reverse().map((line) => {
      const [receivedAt, hex] = line.split(' ');
      return { receivedAt: Number(receivedAt), hex: hex ?? '' };
    });
  }

  listForDevice(deviceId: number) {
    return this.db
      .selectFrom('positions')
      .selectAll()
      .where('deviceId', '=', deviceId)
      .orderBy('fixTime')
      .execute();
  }
}
