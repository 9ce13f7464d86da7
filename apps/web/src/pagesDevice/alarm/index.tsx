import { useTranslation } from 'react-i18next';
import { AlarmSettingBody } from '../../alarm-settings/AlarmSettingBody';
import { AlarmToggleList } from '../../alarm-settings/AlarmToggleList';
import '../../alarm-settings/alarm-settings.css';
import { ChannelList } from '../../alarm-settings/ChannelList';
import { PageLayout } from '../../components/PageLayout';

/** /pagesDevice/alarm/index?id=: how a device's alarms reach people, and which it raises. */
export default function AlarmSettingsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('alarmSettings.title')}>
      <AlarmSettingBody refresh>
        {(loaded) => (
          <>
            <ChannelList {...loaded} />
            <AlarmToggleList setting={loaded.setting} />
          </>
        )}
      </AlarmSettingBody>
    </PageLayout>
  );
}
