import type { AlarmLogRow } from '../../src/db/schema.js';
import type { GatewayEvent } from '../../src/gateway/gateway-events.js';

/** The event the alarm stage publishes once it logged an alarm (no position unless given). */
export function alarmRaised(
  deviceId: number,
  id: number,
  alarmType: string,
  overrides: Partial<AlarmLogRow> = {},
): GatewayEvent {
  const alarm: AlarmLogRow = {
    id,
    deviceId,
    alarmType,
    alarmTime: id,
    beginLat: null,
    beginLon: null,
    endLat: null,
    endLon: null,
    address: null,
    fenceId: null,
    fenceName: null,
    speed: null,
    member: null,
    createdAt: id,
    ...overrides,
  };
  return { type: 'alarmRaised', deviceId, alarm };
}
