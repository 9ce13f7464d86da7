import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_COLORS, orderStatusWord } from './status';

/** The §4 status word of an order, in its colour. */
export function OrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const word = orderStatusWord(status);
  return (
    <Tag color={ORDER_STATUS_COLORS[word]} fill="outline" data-status={word}>
      {t(`orders.status.${word}`)}
    </Tag>
  );
}
