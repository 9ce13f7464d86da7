import { alarmField, type AlarmChannel, type AlarmSetting } from '@xunji/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/feedback';
import type { SwitchBody } from './switches';
import { SwitchRow } from './SwitchRow';
import { useSettingSwitch } from './useSettingSwitch';

interface ChannelSwitchProps {
  setting: AlarmSetting;
  channel: AlarmChannel;
  description?: ReactNode;
  /** Why the channel cannot be turned on yet: said instead of calling (the server refuses too). */
  blockedOn?: string | null;
  /** What turning on does instead while it cannot be on yet (WeChat: choose the follower first). */
  turnOnFirst?: (() => void) | null;
  /** What turning on sends besides `{id, status}`. */
  onBody?: Omit<SwitchBody, 'id' | 'status'>;
}

/** The on/off switch of one way of notifying. */
export function ChannelSwitch({
  setting,
  channel,
  description,
  blockedOn = null,
  turnOnFirst = null,
  onBody = {},
}: ChannelSwitchProps) {
  const { t } = useTranslation();
  const { change, pendingKey } = useSettingSwitch(setting.terminalId);
  return (
    <SwitchRow
      label={t(`alarmSettings.channels.${channel}.label`)}
      description={description}
      checked={setting[alarmField(channel)] === 1}
      loading={pendingKey === channel}
      onChange={(on) => {
        if (!on) change(channel, { id: setting.id, status: 0 });
        else if (turnOnFirst) turnOnFirst();
        else if (blockedOn) toast(blockedOn);
        else change(channel, { id: setting.id, status: 1, ...onBody });
      }}
    />
  );
}
