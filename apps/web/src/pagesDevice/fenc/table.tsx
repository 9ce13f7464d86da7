import { useQuery } from '@tanstack/react-query';
import { FENCE_MAX_PER_DEVICE, type Fence } from '@xunji/shared';
import { Button, DotLoading, Empty, PullToRefresh } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { fenceQueries } from '../../fences/queries';
import { navigateTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { DeviceMissing } from '../info/DeviceMissing';
import { FenceRow } from './FenceRow';
import { useFenceActions } from './useFenceActions';
import './fenc.css';

function FenceList({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const device = useQuery(deviceQueries.one(terminalId));
  const fences = useQuery(fenceQueries.page(terminalId));
  const { setStatus, confirmDelete } = useFenceActions(terminalId);
  const list = fences.data?.list ?? [];
  const full = list.length >= FENCE_MAX_PER_DEVICE;

  const open = (fence: Fence) =>
    navigateTo(`${PATHS.fenceDetails}?id=${terminalId}&fenceId=${fence.id}`);
  const add = () => navigateTo(`${PATHS.fenceDetails}?id=${terminalId}`);

  const body = () => {
    if (fences.isPending)
      return (
        <div className="fence-list__state">
          <DotLoading color="primary" />
        </div>
      );
    if (fences.isError) return <DeviceMissing error={fences.error} onRetry={fences.refetch} />;
    if (list.length === 0)
      return (
        <Empty
          className="fence-list__empty"
          description={
            <>
              <div>{t('fences.empty')}</div>
              <div className="fence-list__hint">{t('fences.emptyHint')}</div>
            </>
          }
        />
      );
    return (
      <div className="fence-list" data-testid="fence-list">
        {list.map((fence) => (
          <FenceRow
            key={fence.id}
            fence={fence}
            onOpen={open}
            onDelete={confirmDelete}
            onStatus={setStatus}
          />
        ))}
      </div>
    );
  };

  return (
    <>
      <div className="fence-list__head">
        <span className="fence-list__device">{device.data?.terminalName}</span>
        {fences.data ? (
          <span>{t('fences.count', { count: list.length, max: FENCE_MAX_PER_DEVICE })}</span>
        ) : null}
      </div>
      <div className="fence-list__pull">
        <PullToRefresh
          pullingText={t('fences.pulling')}
          canReleaseText={t('fences.canRelease')}
          refreshingText={t('fences.refreshing')}
          completeText={t('fences.refreshed')}
          onRefresh={async () => {
            await fences.refetch();
          }}
        >
          {body()}
        </PullToRefresh>
      </div>
      <footer className="fence-list__footer">
        {full ? (
          <p className="fence-list__hint" role="note">
            {t('fences.limitReached', { max: FENCE_MAX_PER_DEVICE })}
          </p>
        ) : null}
        <Button block color="primary" disabled={!fences.data || full} onClick={add}>
          <AddOutline /> {t('fences.add')}
        </Button>
      </footer>
    </>
  );
}

/**
 * /pagesDevice/fenc/table?id=: a device's fences; tap one to edit it, swipe it (or press and
 * hold) to delete it, switch it on or off; add a new one until the device has the most allowed.
 */
export default function FenceTablePage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  return (
    <div className="fence-table-page">
      <PageLayout title={t('fences.title')}>
        {id === null ? <DeviceMissing invalidId /> : <FenceList terminalId={id} />}
      </PageLayout>
    </div>
  );
}
