import type { AlarmSetting } from '@xunji/shared';
import { Avatar, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { OpenInWechat } from '../oauth/OpenInWechat';
import { navigateTo } from '../router/navigation';
import { PATHS } from '../router/paths';

interface WechatFollowerProps {
  setting: AlarmSetting;
  /** Starts choosing the follower (inside WeChat); null where this browser cannot. */
  choose: (() => void) | null;
}

/** The WeChat user who receives the device's alarms, or how one comes to be bound. */
export function WechatFollower({ setting, choose }: WechatFollowerProps) {
  const { t } = useTranslation();
  const officialAccount = () => navigateTo(`${PATHS.alarmWechatMp}?id=${setting.terminalId}`);

  if (setting.wechatOpenUnionid)
    return (
      <List className="section" mode="card" header={t('alarmSettings.wechat.follower')}>
        <List.Item
          prefix={<Avatar src={setting.wechatHeadimgurl ?? ''} style={{ '--size': '44px' }} />}
          description={t('alarmSettings.wechat.followerHint')}
        >
          {setting.wechatNickname || t('alarmSettings.wechat.unnamed')}
        </List.Item>
        {choose && <List.Item onClick={choose}>{t('alarmSettings.wechat.change')}</List.Item>}
        <List.Item onClick={officialAccount}>{t('alarmSettings.wechatMp.title')}</List.Item>
      </List>
    );

  return (
    <>
      <List className="section" mode="card" header={t('alarmSettings.wechat.howTo')}>
        <List.Item
          prefix={<span className="step-number">1</span>}
          description={t('alarmSettings.wechat.step1Hint')}
          onClick={officialAccount}
        >
          {t('alarmSettings.wechat.step1')}
        </List.Item>
        <List.Item
          prefix={<span className="step-number">2</span>}
          description={t('alarmSettings.wechat.step2Hint')}
          onClick={choose ?? undefined}
        >
          {t('alarmSettings.wechat.step2')}
        </List.Item>
      </List>
      {!choose && <OpenInWechat />}
    </>
  );
}
