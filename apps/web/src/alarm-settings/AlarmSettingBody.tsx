import { useQuery } from '@tanstack/react-query';
import type { AlarmChannel, AlarmSetting } from '@xunji/shared';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceId } from '../devices/useDeviceId';
import { DeviceMissing } from '../pagesDevice/info/DeviceMissing';
import { useAvailableChannels } from './channels';
import { alarmSettingQuery } from './queries';

export interface LoadedAlarmSetting {
  setting: AlarmSetting;
  /** The channels the device's model and the app configuration allow. */
  channels: ReadonlySet<AlarmChannel>;
}

interface AlarmSettingBodyProps {
  /** Re-read the setting every 10 s (§4). */
  refresh?: boolean;
  /** The channel the page sets up: the page says so when it is not available. */
  channel?: AlarmChannel;
  children: (loaded: LoadedAlarmSetting) => ReactNode;
}

/** The body of an alarm page of `?id=`: loads the setting and the channels, then the page. */
export function AlarmSettingBody({ refresh = false, channel, children }: AlarmSettingBodyProps) {
  const { t } = useTranslation();
  const id = useDeviceId();
  const setting = useQuery({ ...alarmSettingQuery(id ?? 0, { refresh }), enabled: id !== null });
  const funcs = useAvailableChannels(id);
  const { channels } = funcs;

  if (id === null) return <DeviceMissing invalidId />;
  // A failed 10-s refresh keeps the setting on screen; only a first load that fails replaces it.
  if (!setting.data || !channels)
    return setting.isError || funcs.error ? (
      <DeviceMissing
        error={setting.error ?? funcs.error}
        onRetry={() => Promise.all([setting.refetch(), funcs.refetch()])}
      />
    ) : (
      <div className="page__intro" style={{ textAlign: 'center' }}>
        <DotLoading />
      </div>
    );
  if (channel && !channels.has(channel))
    return (
      <ErrorBlock
        className="alarm-unavailable"
        status="empty"
        title={t('alarmSettings.channelUnavailable')}
        description={null}
      />
    );
  return children({ setting: setting.data, channels });
}
