import { PHONE_REPEAT_MS } from '@xunji/shared';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../components/PageLayout';
import { useRules } from '../forms/rules';
import { AlarmSettingBody } from './AlarmSettingBody';
import './alarm-settings.css';
import { ChannelSwitch } from './ChannelSwitch';
import { savedNumbers, type PhoneChannel } from './phone-numbers';
import { PhoneNumbersEditor } from './PhoneNumbersEditor';

/** /pagesDevice/alarm/phone and /messages: the channel's switch, its six numbers, the §9 rule. */
export function PhoneChannelPage({ channel }: { channel: PhoneChannel }) {
  const { t } = useTranslation();
  const { message } = useRules();
  return (
    <PageLayout title={t(`alarmSettings.numbers.${channel}.title`)}>
      <AlarmSettingBody channel={channel}>
        {({ setting }) => (
          <>
            <List className="section" mode="card">
              <ChannelSwitch
                setting={setting}
                channel={channel}
                description={t(`alarmSettings.numbers.${channel}.switchHint`)}
                blockedOn={
                  savedNumbers(setting, channel).length === 0 ? message('phoneRequired') : null
                }
              />
            </List>
            <PhoneNumbersEditor setting={setting} channel={channel} />
            <p className="alarm-hint alarm-hint--last">
              {t(`alarmSettings.numbers.${channel}.note`, { minutes: PHONE_REPEAT_MS / 60_000 })}
            </p>
          </>
        )}
      </AlarmSettingBody>
    </PageLayout>
  );
}
