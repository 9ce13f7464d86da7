import { parseRemoteState, type RemoteState } from '../remote/remote-state.js';
import type { Db } from './types.js';

/** Each device's confirmed remote settings, one JSON document per device. */
export class RemoteStateRepository {
  constructor(private readonly db: Db) {}

  async get(deviceId: number): Promise<RemoteState> {
    const row = await this.db
      .selectFrom('deviceRemoteStates')
      .select('state')
      .where('deviceId', '=', deviceId)
      .executeTakeFirst();
    return parseRemoteState(row?.state);
  }

  /** The states of several devices in one query (a reconnecting fleet's first reports). */
  async getMany(deviceIds: number[]): Promise<Map<number, RemoteState>> {
    const rows = await this.db
      .selectFrom('deviceRemoteStates')
      .select(['deviceId', 'state'])
      .where('deviceId', 'in', deviceIds)
      .execute();
    const stored = new Map(rows.map((row) => [row.deviceId, row.state]));
    return new Map(deviceIds.map((id) => [id, parseRemoteState(stored.get(id))]));
  }

  async save(deviceId: number, state: RemoteState, now: number): Promise<void> {
    const values = { deviceId, state: JSON.stringify(state), updatedAt: now };
    await this.db
      .insertInto('deviceRemoteStates')
      .values(values)
      .onConflict((oc) =>
        oc.column('deviceId').doUpdateSet({ state: values.state, updatedAt: now }),
      )
      .execute();
  }
}
