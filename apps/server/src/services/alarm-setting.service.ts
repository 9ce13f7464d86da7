import { phoneSlots, type AlarmSetting } from '@xunji/shared';
import type { Clock } from '../clock.js';
import type { AlarmSettingRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { fieldError } from '../http/validation.js';
import type {
  AlarmSettingChanges,
  AlarmSettingRepository,
} from '../repositories/alarm-setting.repository.js';
import type { PushClientRepository } from '../repositories/push-client.repository.js';
import type { DeviceAccess } from './device-access.service.js';

type Flag = 0 | 1;
const flag = (value: number): Flag => (value === 1 ? 1 : 0);
type PhonePrefix = 'telPhoneNo' | 'smsPhoneNo';
const CHANNEL_OF_PREFIX = { telPhoneNo: 'telAlarm', smsPhoneNo: 'smsAlarm' } as const;

export function toAlarmSetting(row: AlarmSettingRow): AlarmSetting {
  const { updatedAt: _updatedAt, deviceId, ...rest } = row;
  const flags = Object.fromEntries(
    Object.entries(rest)
      .filter(([key]) => key.endsWith('Alarm'))
      .map(([key, value]) => [key, flag(Number(value))]),
  ) as Pick<AlarmSetting, `${string}Alarm` & keyof AlarmSetting>;
  return { ...rest, ...flags, terminalId: deviceId };
}

/**
 * The §3 alarm setting of a device: anyone who sees the device reads it; its manager (owner or
 * organisation) changes it. Push is the caller's own: any user of the device may turn it on.
 */
export class AlarmSettingService {
  constructor(
    private readonly settings: AlarmSettingRepository,
    private readonly pushClients: PushClientRepository,
    private readonly access: DeviceAccess,
    private readonly clock: Clock,
    /** Tells the alarm engine the device's setting changed. */
    private readonly changed: (deviceId: number) => void,
    /** Refuses (NOT_FOLLOWING) an openid that does not follow the official account. */
    private readonly requireFollower: (openId: string) => Promise<void>,
  ) {}

  async ofDevice(userId: number, deviceId: number): Promise<AlarmSetting> {
    await this.access.require(userId, deviceId);
    return toAlarmSetting(await this.settings.ofDevice(deviceId, this.clock.now()));
  }

  async ofUser(userId: number): Promise<AlarmSetting[]> {
    const ids = [...(await this.access.visibleDeviceIds(userId))];
    const stored = new Map((await this.settings.ofDevices(ids)).map((row) => [row.deviceId, row]));
    const now = this.clock.now();
    const rows = await Promise.all(
      ids.map((id) => stored.get(id) ?? this.settings.ofDevice(id, now)),
    );
    return rows.map(toAlarmSetting);
  }

  /** A §4 toggle, or several fields at once (speed and its limit). */
  async set(userId: number, id: number, changes: AlarmSettingChanges): Promise<AlarmSetting> {
    const row = await this.managed(userId, id);
    for (const prefix of ['telPhoneNo', 'smsPhoneNo'] as const)
      if (changes[CHANNEL_OF_PREFIX[prefix]] === 1 && !hasNumber(row, prefix))
        throw fieldError(`${prefix}1`, 'phoneRequired');
    return this.save(row, changes);
  }

  /** The six numbers of a channel; a channel that is on keeps at least one (§5). */
  async setPhones(
    userId: number,
    id: number,
    prefix: PhonePrefix,
    numbers: Partial<Record<string, string | number | null | undefined>>,
  ): Promise<AlarmSetting> {
    const row = await this.managed(userId, id);
    const changes = Object.fromEntries(
      phoneSlots(prefix).map((slot) => [slot, numbers[slot] ?? null]),
    ) as AlarmSettingChanges;
    const next = { ...row, ...changes };
    if (row[CHANNEL_OF_PREFIX[prefix]] === 1 && !hasNumber(next, prefix))
      throw fieldError(`${prefix}1`, 'phoneRequired');
    return this.save(row, changes);
  }

  /** WeChat messages on (to a follower of the official account: the openid they go to) or off. */
  async setWechat(
    userId: number,
    id: number,
    status: Flag,
    follower: { wechatNickname: string | null; wechatHeadimgurl: string | null; openId: string },
  ): Promise<AlarmSetting> {
    const row = await this.managed(userId, id);
    if (status === 0) return this.save(row, { wechatAlarm: 0 });
    await this.requireFollower(follower.openId);
    return this.save(row, {
      wechatAlarm: 1,
      wechatNickname: follower.wechatNickname,
      wechatHeadimgurl: follower.wechatHeadimgurl,
      wechatOpenUnionid: follower.openId,
    });
  }

  /** Push on or off for the device; the caller's push client must be theirs. */
  async setPush(
    userId: number,
    id: number,
    status: Flag,
    pushClientId: string | undefined,
  ): Promise<AlarmSetting> {
    const row = await this.byId(id);
    await this.access.require(userId, row.deviceId);
    if (pushClientId !== undefined) {
      const client = await this.pushClients.byId(pushClientId);
      if (!client || client.userId !== userId) throw new AppError('PUSH_CLIENT_UNKNOWN');
    }
    return this.save(row, { pushAlarm: status });
  }

  private async save(row: AlarmSettingRow, changes: AlarmSettingChanges) {
    const saved = await this.settings.update(row.id, changes, this.clock.now());
    this.changed(saved.deviceId);
    return toAlarmSetting(saved);
  }

  private async byId(id: number): Promise<AlarmSettingRow> {
    const row = await this.settings.byId(id);
    if (!row) throw new AppError('ALARM_SETTING_NOT_FOUND');
    return row;
  }

  /** Another user's setting answers like a missing one; a family member may not change it. */
  private async managed(userId: number, id: number): Promise<AlarmSettingRow> {
    const row = await this.byId(id);
    await this.access.require(userId, row.deviceId).catch(() => {
      throw new AppError('ALARM_SETTING_NOT_FOUND');
    });
    await this.access.requireManager(userId, row.deviceId);
    return row;
  }
}

const hasNumber = (row: AlarmSettingChanges, prefix: PhonePrefix) =>
  phoneSlots(prefix).some((slot) => !!row[slot]);
