import { alarmField, type AlarmChannel, type AlarmSetting } from '@xunji/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../router/navigation';
import { useAppStore } from '../stores/app';
import type { LoadedAlarmSetting } from './AlarmSettingBody';
import { CHANNELS } from './channels';
import { ChannelSwitch } from './ChannelSwitch';
import { savedNumbers } from './phone-numbers';

/** What a channel row says under its name: the numbers saved, the follower bound. */
function useChannelDetail() {
  const { t } = useTranslation();
  return (key: AlarmChannel, setting: AlarmSetting): string => {
    if (key === 'sms' || key === 'tel') {
      const count = savedNumbers(setting, key).length;
      return count === 0
        ? t('alarmSettings.numbers.noneSaved')
        : t('alarmSettings.numbers.saved', { count });
    }
    if (key === 'wechat')
      return setting.wechatOpenUnionid
        ? t('alarmSettings.wechat.boundTo', { name: setting.wechatNickname ?? '' })
        : t('alarmSettings.wechat.notBound');
    return t('alarmSettings.channels.push.description');
  };
}

/** "How to notify": push (no page of its own) is switched here; the others lead to their pages. */
export function ChannelList({ setting, channels }: LoadedAlarmSetting) {
  const { t } = useTranslation();
  const pushClientId = useAppStore((s) => s.pushClientId);
  const detail = useChannelDetail();
  const shown = CHANNELS.filter(({ key }) => channels.has(key));

  if (shown.length === 0) return <p className="page__intro">{t('alarmSettings.noChannels')}</p>;

  const stateOf = (key: AlarmChannel) => {
    const on = setting[alarmField(key)] === 1;
    return (
      <span className={on ? 'channel-state channel-state--on' : 'channel-state'}>
        {on ? t('alarmSettings.on') : t('alarmSettings.off')}
      </span>
    );
  };

  return (
    <>
      <List className="section" mode="card" header={t('alarmSettings.channelsHeader')}>
        {shown.map(({ key, path }) =>
          path ? (
            <List.Item
              key={key}
              description={detail(key, setting)}
              extra={stateOf(key)}
              onClick={() => navigateTo(`${path}?id=${setting.terminalId}`)}
            >
              {t(`alarmSettings.channels.${key}.label`)}
            </List.Item>
          ) : (
            <ChannelSwitch
              key={key}
              setting={setting}
              channel={key}
              description={detail(key, setting)}
              onBody={pushClientId ? { pushClientId } : {}}
            />
          ),
        )}
      </List>
      {channels.has('push') && setting.pushAlarm === 1 && !pushClientId ? (
        <p className="alarm-hint">{t('alarmSettings.channels.push.noClient')}</p>
      ) : null}
    </>
  );
}
