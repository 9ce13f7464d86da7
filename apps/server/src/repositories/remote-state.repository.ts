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
