import type {
  AlarmType,
  Cell,
  DecodedMessage,
  DeviceStatus,
  Position,
  WifiAccessPoint,
} from '../types.js';

/** One location report, whichever form it came in (query, form, Traccar Client JSON). */
export interface Report {
  fixTime: number;
  coordinates?: { latitude: number; longitude: number };
  valid: boolean;
  speedKmh: number;
  course: number;
  altitude?: number;
  status: DeviceStatus;
  alarms: AlarmType[];
  cells: Cell[];
  wifi: WifiAccessPoint[];
}

/**
 * The message a report gives: a position (an alarm with its position when it carries one); without
 * coordinates, its cells and access points for a geolocation provider, its alarm, its status, or a
 * heartbeat. 0,0 is a phone without a fix: kept, marked invalid.
 */
export function reportMessages(report: Report): DecodedMessage[] {
  const { fixTime, coordinates, status, alarms, cells, wifi } = report;
  if (coordinates) {
    const position: Position = {
      fixTime,
      valid: report.valid && (coordinates.latitude !== 0 || coordinates.longitude !== 0),
      ...coordinates,
      speedKmh: report.speedKmh,
      course: report.course,
      lbsMode: 'gps',
      ...(report.altitude !== undefined ? { altitude: report.altitude } : {}),
      ...status,
      ...(cells.length > 0 ? { cells } : {}),
      ...(wifi.length > 0 ? { wifi } : {}),
    };
    if (alarms.length === 0) return [{ type: 'position', position }];
    position.alarms = alarms;
    return [{ type: 'alarm', alarms, position }];
  }
  const messages: DecodedMessage[] = [];
  if (cells.length > 0 || wifi.length > 0)
    messages.push({ type: 'networkFix', fixTime, cells, ...(wifi.length > 0 ? { wifi } : {}) });
  if (alarms.length > 0 || Object.keys(status).length > 0)
    messages.push({ type: 'status', status, ...(alarms.length > 0 ? { alarms } : {}) });
  return messages.length > 0 ? messages : [{ type: 'heartbeat' }];
}
