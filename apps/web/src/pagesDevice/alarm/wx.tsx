import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { AlarmSettingBody } from '../../alarm-settings/AlarmSettingBody';
import '../../alarm-settings/alarm-settings.css';
import { ChannelSwitch } from '../../alarm-settings/ChannelSwitch';
import { WechatFollower } from '../../alarm-settings/WechatFollower';
import { PageLayout } from '../../components/PageLayout';
import { useRules } from '../../forms/rules';

/** /pagesDevice/alarm/wx?id=: alarms through the WeChat official account, to the bound follower. */
export default function WechatAlarmPage() {
  const { t } = useTranslation();
  const { message } = useRules();
  return (
    <PageLayout title={t('alarmSettings.wechat.title')}>
      <AlarmSettingBody channel="wechat">
        {({ setting }) => (
          <>
            <List className="section" mode="card">
              <ChannelSwitch
                setting={setting}
                channel="wechat"
                description={t('alarmSettings.wechat.switchHint')}
                // On names the follower: the one already bound (there is no other way here).
                blockedOn={setting.wechatOpenUnionid ? null : message('wechatUser')}
                onBody={{
                  wechatOpenUnionid: setting.wechatOpenUnionid ?? undefined,
                  wechatNickname: setting.wechatNickname ?? undefined,
                  wechatHeadimgurl: setting.wechatHeadimgurl ?? undefined,
                }}
              />
            </List>
            <WechatFollower setting={setting} />
          </>
        )}
      </AlarmSettingBody>
    </PageLayout>
  );
}
