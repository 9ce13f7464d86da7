import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import { SubtitledTitle } from '../../components/SubtitledTitle';
import { deviceQueries } from '../../devices/queries';
import { useDeviceId } from '../../devices/useDeviceId';
import { OrderList } from '../../orders/OrderList';
import { fetchOrderPage } from '../../orders/queries';
import { DeviceMissing } from '../../pagesDevice/info/DeviceMissing';

function DeviceOrders({ id }: { id: number }) {
  const { t } = useTranslation();
  const fetchPage = useCallback((page: number) => fetchOrderPage(id, page), [id]);
  return <OrderList fetchPage={fetchPage} empty={t('orders.empty')} />;
}

/**
 * /pagesBuy/order/indent-device?id=: a device's orders, 20 a page — the caller's own and, for the
 * owner, those others made for it within the owner's tenure.
 */
export default function DeviceOrdersPage() {
  const { t } = useTranslation();
  const id = useDeviceId();
  const device = useQuery({ ...deviceQueries.one(id ?? 0), enabled: id !== null });
  return (
    <PageLayout
      title={
        <SubtitledTitle title={t('orders.deviceTitle')} subtitle={device.data?.terminalName} />
      }
    >
      {id === null ? (
        <DeviceMissing invalidId />
      ) : device.isError && !device.data ? (
        <DeviceMissing error={device.error} onRetry={device.refetch} />
      ) : (
        <DeviceOrders key={id} id={id} />
      )}
    </PageLayout>
  );
}
