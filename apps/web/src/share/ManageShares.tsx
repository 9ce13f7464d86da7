import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useShownDevice } from '../commerce/useShownDevice';
import { FailureNotice } from '../components/LoadFailure';
import { PageLayout } from '../components/PageLayout';
import { canManage } from '../devices/manage';
import { DeviceMissing } from '../pagesDevice/info/DeviceMissing';
import { LiveLinks } from './LiveLinks';
import { ShareCreator } from './ShareCreator';
import './share.css';

/** `?id=`: the device's share sheet, for those who may manage it (a family member may not). */
export function ManageShares({ deviceId }: { deviceId: number | null }) {
  const { t } = useTranslation();
  const device = useShownDevice(deviceId);
  const terminal = device.data;
  return (
    <PageLayout title={t('share.sheetTitle')}>
      {deviceId === null ? (
        <DeviceMissing invalidId />
      ) : terminal ? (
        canManage(terminal) ? (
          <>
            <ShareCreator terminalId={terminal.id} deviceName={terminal.terminalName} />
            <LiveLinks terminalId={terminal.id} />
          </>
        ) : (
          <FailureNotice view="notFound" title={t('share.managersOnly')} />
        )
      ) : device.isError ? (
        <DeviceMissing error={device.error} onRetry={device.refetch} />
      ) : (
        <div className="share-loading">
          <DotLoading />
        </div>
      )}
    </PageLayout>
  );
}
