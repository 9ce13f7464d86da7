import { APP_VERSION, APP_VERSION_CODE } from '@xunji/shared';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../api/feedback';
import { PageLayout } from '../../../components/PageLayout';
import { API_ROOT } from '../../../config';
import { sendTestAlarm } from '../../../developer/api';
import { ConfigList } from '../../../developer/ConfigList';
import '../../../developer/developer.css';
import { useAction } from '../../../hooks/useAction';
import { useLiveConnected } from '../../../live/socket';
import { navigateTo } from '../../../router/navigation';
import { PATHS } from '../../../router/paths';
import { useAppStore } from '../../../stores/app';

/** Developer mode (§6): what this app is and talks to, and a test alarm to oneself. */
export default function DeveloperPage() {
  const { t } = useTranslation();
  const config = useAppStore((s) => s.config);
  const auditMode = useAppStore((s) => s.auditMode);
  const pushClientId = useAppStore((s) => s.pushClientId);
  const live = useLiveConnected();
  const [sendTest, sending] = useAction(async () => {
    const { jobs } = await sendTestAlarm();
    toast(jobs > 0 ? t('developer.testAlarmSent', { count: jobs }) : t('developer.noPushClient'));
  });
  const value = (text: string) => <span className="developer__value">{text}</span>;
  return (
    <PageLayout title={t('developer.title')}>
      <List header={t('developer.build')}>
        <List.Item extra={value(`${APP_VERSION} (${APP_VERSION_CODE})`)}>
          {t('developer.version')}
        </List.Item>
        <List.Item extra={value(import.meta.env.VITE_BUILD_TIME ?? t('developer.unknown'))}>
          {t('developer.buildTime')}
        </List.Item>
        <List.Item extra={value(new URL(API_ROOT, window.location.href).href)}>
          {t('developer.apiRoot')}
        </List.Item>
        <List.Item description={value(pushClientId ?? t('developer.none'))}>
          {t('developer.pushClientId')}
        </List.Item>
        <List.Item
          extra={
            <span className="developer__socket" data-live={live}>
              {live ? t('developer.socketLive') : t('developer.socketDown')}
            </span>
          }
        >
          {t('developer.socket')}
        </List.Item>
        <List.Item extra={auditMode ? t('developer.on') : t('developer.off')}>
          {t('developer.auditMode')}
        </List.Item>
        <List.Item
          clickable
          data-link="push-msgs"
          onClick={() => navigateTo(PATHS.developerPushMessages)}
        >
          {t('developer.pushMessages')}
        </List.Item>
      </List>
      <div className="section section--padded">
        <Button block color="primary" loading={sending} onClick={() => void sendTest()}>
          {t('developer.sendTestAlarm')}
        </Button>
      </div>
      <ConfigList config={config} />
    </PageLayout>
  );
}
