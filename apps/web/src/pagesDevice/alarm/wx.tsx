import { useTranslation } from 'react-i18next';
import { List } from 'antd-mobile';
import { AlarmSettingBody } from '../../alarm-settings/AlarmSettingBody';
import '../../alarm-settings/alarm-settings.css';
import { useAppConfig } from '../../alarm-settings/channels';
import { ChannelSwitch } from '../../alarm-settings/ChannelSwitch';
import { WechatFollower } from '../../alarm-settings/WechatFollower';
import { PageLayout } from '../../components/PageLayout';
import { useRules } from '../../forms/rules';
import { followerChooser } from '../../oauth/follower';

/**
 * /pagesDevice/alarm/wx?id=: alarms through the WeChat official account, to the bound follower.
 * Inside WeChat, turning on without one first asks WeChat who the user is (the OAuth returns
 * through /pagesFunc/authorize, which binds them).
 */
export default function WechatAlarmPage() {
  const { t } = useTranslation();
  const { message } = useRules();
  const config = useAppConfig();
  return (
    <PageLayout title={t('alarmSettings.wechat.title')}>
      <AlarmSettingBody channel="wechat">
        {({ setting }) => {
          const choose = followerChooser(config, setting);
          return (
            <>
              <List className="section" mode="card">
                <ChannelSwitch
                  setting={setting}
                  channel="wechat"
                  description={t('alarmSettings.wechat.switchHint')}
                  blockedOn={setting.wechatOpenUnionid ? null : message('wechatUser')}
                  turnOnFirst={setting.wechatOpenUnionid ? null : choose}
                  onBody={{
                    wechatOpenUnionid: setting.wechatOpenUnionid ?? undefined,
                    wechatNickname: setting.wechatNickname ?? undefined,
                    wechatHeadimgurl: setting.wechatHeadimgurl ?? undefined,
                  }}
                />
              </List>
              <WechatFollower setting={setting} choose={choose} />
            </>
          );
        }}
      </AlarmSettingBody>
    </PageLayout>
  );
}
