import {
  wgs84ToGcj02,
  type AlarmLog,
  type AlarmLogPage,
  type AlarmReadFilter,
  type AlarmStatistics,
  type AlarmType,
  type api,
  type CallParsed,
  instantOf,
  type Language,
} from '@xunji/shared';
import { AppError } from '../errors.js';
import type { ReverseGeocoder } from '../providers/geocoding/reverse-geocoder.js';
import type {
  AlarmFilter,
  AlarmListRow,
  AlarmLogRepository,
} from '../repositories/alarm-log.repository.js';
import type { DeviceAccess } from './device-access.service.js';

type PageQuery = CallParsed<typeof api.alarmLogPage>['query'];

const speedOf = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function gcj(lat: number | null, lon: number | null) {
  if (lat === null || lon === null) return { lng: null, lat: null };
  const point = wgs84ToGcj02({ latitude: lat, longitude: lon });
  return { lng: point.longitude, lat: point.latitude };
}

/** `address`: the row's (the place in Chinese, found when the alarm was raised) unless given. */
export function toAlarmLog(row: AlarmListRow, address = row.address): AlarmLog {
  const begin = gcj(row.beginLat, row.beginLon);
  const end = gcj(row.endLat, row.endLon);
  return {
    id: row.id,
    terminalId: row.deviceId,
    terminalNo: row.terminalNo,
    terminalName: row.name ?? row.terminalNo,
    alarmType: row.alarmType as AlarmType,
    alarmTime: row.alarmTime,
    beginLng: begin.lng,
    beginLat: begin.lat,
    endLng: end.lng,
    endLat: end.lat,
    beginLngWGS84: row.beginLon,
    beginLatWGS84: row.beginLat,
    endLngWGS84: row.endLon,
    endLatWGS84: row.endLat,
    address,
    fenceId: row.fenceId,
    fenceName: row.fenceName,
    member: row.member,
    speed: speedOf(row.speed),
    read: row.read === 1,
  };
}

/**
 * The caller's alarm messages (§7 "Alarms"): of the devices the caller sees, with the caller's
 * own read, removed and cleared marks (family members keep their own lists).
 */
export class AlarmLogService {
  constructor(
    private readonly logs: AlarmLogRepository,
    private readonly access: DeviceAccess,
    private readonly addresses: ReverseGeocoder,
  ) {}

  async page(userId: number, query: PageQuery, language: Language): Promise<AlarmLogPage> {
    const types = [...(query.alarmTypes ?? []), ...(query.alarmType ? [query.alarmType] : [])];
    const filter: AlarmFilter = {
      userId,
      deviceIds: await this.devicesOf(userId, query.terminalId),
      terminalNo: query.terminalNo,
      types,
      from: query.beginTime === undefined ? undefined : instantOf(query.beginTime, query.timeZone),
      to: query.endTime === undefined ? undefined : instantOf(query.endTime, query.timeZone),
      read: query.type,
    };
    const { list, count } = await this.logs.page(filter, query.page, query.limit);
    return { list: list.map((row) => this.inLanguage(row, language)), count };
  }

  async statistics(userId: number, read: AlarmReadFilter): Promise<AlarmStatistics> {
    const deviceIds = await this.devicesOf(userId, undefined);
    const { byDevice, byType } = await this.logs.statistics({ userId, deviceIds, read });
    return {
      total: byDevice.reduce((sum, row) => sum + row.count, 0),
      byTerminal: byDevice.map(({ deviceId, count }) => ({ terminalId: deviceId, count })),
      byType: byType.map(({ alarmType, count }) => ({ alarmType: alarmType as AlarmType, count })),
    };
  }

  /** The newest alarm of each device the caller sees: the message tab's rows. */
  async latest(userId: number, language: Language): Promise<AlarmLog[]> {
    const deviceIds = await this.devicesOf(userId, undefined);
    const rows = await this.logs.latestPerDevice({ userId, deviceIds, read: 'all' });
    return rows.map((row) => this.inLanguage(row, language));
  }

  /** Reading an alarm marks it read for the caller. */
  async one(userId: number, id: number, language: Language): Promise<AlarmLog> {
    const row = await this.visible(userId, id);
    await this.logs.markRead(userId, id);
    return this.inLanguage({ ...row, read: 1 }, language);
  }

  async delete(userId: number, id: number): Promise<void> {
    await this.visible(userId, id);
    await this.logs.markDeleted(userId, id);
  }

  async clear(userId: number, terminalId: number | undefined): Promise<void> {
    await this.logs.clear(userId, await this.devicesOf(userId, terminalId));
  }

  private async devicesOf(userId: number, terminalId: number | undefined): Promise<number[]> {
    if (terminalId === undefined) return [...(await this.access.visibleDeviceIds(userId))];
    await this.access.require(userId, terminalId);
    return [terminalId];
  }

  /**
   * The place in the caller's language: the stored one is Chinese (found once, when raised); an
   * English caller gets the district in English where it is known at once (as device lists do),
   * the stored text until then.
   */
  private inLanguage(row: AlarmListRow, language: Language): AlarmLog {
    if (language === 'zh-CN' || row.beginLat === null || row.beginLon === null)
      return toAlarmLog(row);
    const point = { latitude: row.beginLat, longitude: row.beginLon };
    return toAlarmLog(row, this.addresses.cached(point, language)?.formattedAddress ?? row.address);
  }

  /** Another user's alarm answers exactly like a missing one. */
  private async visible(userId: number, id: number): Promise<AlarmListRow> {
    const row = await this.logs.one(userId, id);
    if (!row) throw new AppError('ALARM_NOT_FOUND');
    await this.access.require(userId, row.deviceId).catch(() => {
      throw new AppError('ALARM_NOT_FOUND');
    });
    return row;
  }
}
