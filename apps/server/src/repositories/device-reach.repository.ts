import type { DeviceStatus } from '../db/schema.js';
import type { Db } from './types.js';

/** What every process knows of a device without holding its connection. */
export interface DeviceReach {
  protocol: string;
  /** As the gateway holding its connection last wrote it; null before its first connection. */
  status: DeviceStatus | null;
}

/** A device's protocol and stored status, for a process that may not hold its connection. */
export class DeviceReachRepository {
  constructor(private readonly db: Db) {}

  reachOf(deviceId: number): Promise<DeviceReach | undefined> {
    return this.db
      .selectFrom('devices as d')
      .leftJoin('deviceStates as s', 's.deviceId', 'd.id')
      .select(['d.protocol', 's.status'])
      .where('d.id', '=', deviceId)
      .executeTakeFirst();
  }
}
