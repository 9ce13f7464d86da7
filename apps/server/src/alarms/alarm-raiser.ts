import {
  alarmField,
  phoneSlots,
  TOGGLE_OF_ALARM,
  type DeviceAlarmType,
  type LatLon,
} from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { AlarmLogRow, AlarmSettingRow, NewNotificationJob } from '../db/schema.js';
import { BatchLoader } from '../gateway/batch-loader.js';
import type { ReverseGeocoder } from '../providers/geocoding/reverse-geocoder.js';
import type { AlarmLogRepository } from '../repositories/alarm-log.repository.js';
import type { AlarmSettingRepository } from '../repositories/alarm-setting.repository.js';
import type { DeviceRepository } from '../repositories/device.repository.js';
import type { EnterpriseRepository } from '../repositories/enterprise.repository.js';
import type { NotificationRepository } from '../repositories/notification.repository.js';
import type { PushClientRepository } from '../repositories/push-client.repository.js';
import { ancestorIds } from '../services/enterprise-tree.js';
import type { ChannelName } from './alarm-channels.js';
import { notificationJob, pushJob } from './notification-job.js';

/** An alarm as the engine finds it. */
export interface FoundAlarm {
  deviceId: number;
  type: DeviceAlarmType;
  time: number;
  position?: (LatLon & { speed?: number | null }) | undefined;
  fence?: { id: number; name: string } | undefined;
}

export interface RaiseRules {
  /** One alarm of a type (and fence) per device within this time (§9 throttling). */
  throttleMs: number;
  /** How long a device's setting is trusted before it is read again (other processes). */
  settingCacheMs: number;
}

/** Why an alarm was not raised, for the counters. */
export type Dropped = 'disabled' | 'throttled';

/**
 * Turns a found alarm into an alarm log row and its delivery jobs, if the device's §4 toggle
 * allows it and no alarm of the type was raised within the throttle.
 */
export class AlarmRaiser {
  private readonly settings = new Map<number, { row: AlarmSettingRow; at: number }>();
  /** A fleet's settings are read in batches (the first fixes after a start, each expiry). */
  private readonly settingLoader: BatchLoader<number, AlarmSettingRow>;
  readonly dropped: Record<Dropped, number> = { disabled: 0, throttled: 0 };

  constructor(
    private readonly repositories: {
      alarmSettings: AlarmSettingRepository;
      alarmLogs: AlarmLogRepository;
      notifications: NotificationRepository;
      pushClients: PushClientRepository;
      devices: DeviceRepository;
      enterprises: EnterpriseRepository;
    },
    private readonly addresses: ReverseGeocoder,
    private readonly rules: RaiseRules,
    private readonly clock: Clock,
    private readonly onRaised: (alarm: AlarmLogRow) => void,
  ) {
    this.settingLoader = new BatchLoader((ids) =>
      repositories.alarmSettings.ofDevicesMade(ids, clock.now()),
    );
  }

  /** The setting changed: read it again at the next alarm. */
  invalidate(deviceId: number): void {
    this.settings.delete(deviceId);
  }

  async raise(found: FoundAlarm): Promise<AlarmLogRow | Dropped> {
    const { alarmLogs, notifications } = this.repositories;
    const setting = await this.setting(found.deviceId);
    if (setting[alarmField(TOGGLE_OF_ALARM[found.type])] !== 1) return this.drop('disabled');
    const fenceId = found.fence?.id ?? null;
    const since = found.time - this.rules.throttleMs;
    if (await alarmLogs.raisedSince(found.deviceId, found.type, since, fenceId))
      return this.drop('throttled');
    const { position } = found;
    const address = position
      ? ((await this.addresses.reverse(position, 'zh-CN').catch(() => null))?.formattedAddress ??
        null)
      : null;
    const row = await alarmLogs.insert({
      deviceId: found.deviceId,
      alarmType: found.type,
      alarmTime: found.time,
      beginLat: position?.latitude ?? null,
      beginLon: position?.longitude ?? null,
      endLat: position?.latitude ?? null,
      endLon: position?.longitude ?? null,
      address,
      fenceId,
      fenceName: found.fence?.name ?? null,
      speed: position?.speed ?? null,
      createdAt: this.clock.now(),
    });
    await notifications.enqueue(await this.jobsOf(row, setting));
    this.onRaised(row);
    return row;
  }

  private drop(reason: Dropped): Dropped {
    this.dropped[reason]++;
    return reason;
  }

  async setting(deviceId: number): Promise<AlarmSettingRow> {
    const known = this.knownSetting(deviceId);
    if (known) return known;
    const readAt = this.clock.now();
    // A row of this many columns comes from the driver with its properties in a dictionary (~1.7
    // KB); a fleet's settings are kept for minutes, so as plain objects, a fifth of that.
    const row = { ...(await this.settingLoader.load(deviceId))! };
    this.settings.set(deviceId, { row, at: readAt });
    return row;
  }

  /** The device's setting when it was read recently enough to be trusted, without a promise. */
  knownSetting(deviceId: number): AlarmSettingRow | undefined {
    const known = this.settings.get(deviceId);
    return known && this.clock.now() - known.at < this.rules.settingCacheMs ? known.row : undefined;
  }

  /** One job per enabled channel and recipient; a number in several slots is one job. */
  private async jobsOf(
    alarm: AlarmLogRow,
    setting: AlarmSettingRow,
  ): Promise<NewNotificationJob[]> {
    const now = this.clock.now();
    const job = (channel: ChannelName, recipient: string, language?: string) =>
      notificationJob(alarm.id, channel, recipient, now, language);
    const numbers = (prefix: 'telPhoneNo' | 'smsPhoneNo') => [
      ...new Set(phoneSlots(prefix).flatMap((slot) => setting[slot] ?? [])),
    ];
    const jobs: NewNotificationJob[] = [];
    if (setting.pushAlarm === 1)
      for (const client of await this.pushClientsOf(alarm.deviceId))
        jobs.push(pushJob(alarm.id, client, now));
    if (setting.smsAlarm === 1) jobs.push(...numbers('smsPhoneNo').map((n) => job('sms', n)));
    if (setting.telAlarm === 1) jobs.push(...numbers('telPhoneNo').map((n) => job('tel', n)));
    if (setting.wechatAlarm === 1 && setting.wechatOpenUnionid)
      jobs.push(job('wechat', setting.wechatOpenUnionid));
    return jobs;
  }

  private async pushClientsOf(deviceId: number) {
    const { devices, enterprises, pushClients } = this.repositories;
    const device = await devices.findById(deviceId);
    const chain =
      device?.enterpriseId != null
        ? ancestorIds(await enterprises.list(), device.enterpriseId)
        : [];
    return pushClients.ofDevice(deviceId, chain);
  }
}
