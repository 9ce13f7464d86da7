import { DotLoading, ErrorBlock, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../alarm-settings/channels';
import '../../alarm-settings/alarm-settings.css';
import '../../oauth/oauth.css';
import { PageLayout } from '../../components/PageLayout';

const STEPS = ['follow', 'authorise', 'switchOn'] as const;

/**
 * /pagesDevice/alarm/wx-mp: how to receive alarms from the official account: its QR code to
 * follow (when configured), then back to alarm/wx to turn the switch on inside WeChat.
 */
export default function WechatOfficialAccountPage() {
  const { t } = useTranslation();
  const config = useAppConfig();

  const body = () => {
    if (config === undefined)
      return (
        <div className="page__intro" style={{ textAlign: 'center' }}>
          <DotLoading />
        </div>
      );
    if (!config?.wechatAlarm || !config.oauth.wechatMpAppId)
      return (
        <ErrorBlock
          className="alarm-unavailable"
          status="empty"
          title={t('alarmSettings.wechatMp.notConfigured')}
          description={null}
        />
      );
    return (
      <>
        <p className="page__intro">{t('alarmSettings.wechatMp.intro')}</p>
        {config.wechatMpQrCodeUrl && (
          <figure className="wechat-mp-qr">
            <img src={config.wechatMpQrCodeUrl} alt={t('oauth.qrAlt')} width={200} height={200} />
            <figcaption>{t('oauth.scanToFollow')}</figcaption>
          </figure>
        )}
        <List className="section" mode="card">
          {STEPS.map((step, index) => (
            <List.Item
              key={step}
              prefix={<span className="step-number">{index + 1}</span>}
              description={t(`alarmSettings.wechatMp.steps.${step}.hint`)}
            >
              {t(`alarmSettings.wechatMp.steps.${step}.title`)}
            </List.Item>
          ))}
        </List>
        <p className="alarm-hint alarm-hint--last">{t('alarmSettings.wechatMp.note')}</p>
      </>
    );
  };

  return <PageLayout title={t('alarmSettings.wechatMp.title')}>{body()}</PageLayout>;
}
