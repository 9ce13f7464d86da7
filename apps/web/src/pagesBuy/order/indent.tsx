import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../components/PageLayout';
import { OrderList } from '../../orders/OrderList';
import { fetchTopupOrderPage } from '../../orders/queries';

/** /pagesBuy/order/indent: the caller's SIM top-up orders on every device, 20 a page. */
export default function OrdersPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('orders.title')}>
      <OrderList fetchPage={fetchTopupOrderPage} empty={t('orders.topupEmpty')} />
    </PageLayout>
  );
}
