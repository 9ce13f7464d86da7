import type { RefundRequestView } from '@xunji/shared';
import { formatPrice } from '../commerce/format';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Facts, type Fact } from '../components/Facts';
import { formatDateTime } from '../lib/date';

const STATE_COLORS = {
  pending: 'warning',
  refunding: 'primary',
  refunded: 'success',
  rejected: 'danger',
  failed: 'danger',
} as const;

/** The latest refund request of an order and where the operator has got with it. */
export function RefundRequestFacts({ refund }: { refund: RefundRequestView }) {
  const { t } = useTranslation();
  const facts: Fact[] = [
    [
      t('orderDetails.status'),
      <Tag color={STATE_COLORS[refund.state]} fill="outline" data-refund-state={refund.state}>
        {t(`refund.state.${refund.state}`)}
      </Tag>,
      'refundState',
    ],
    [t('refund.requestedFee'), formatPrice(refund.requestFee), 'requestFee'],
    [t('refund.reason'), refund.refundReason, 'refundReason'],
    [t('refund.requestTime'), formatDateTime(refund.createTime), 'refundTime'],
  ];
  if (refund.refundFee !== null)
    facts.push([t('refund.refundFee'), formatPrice(refund.refundFee), 'refundFee']);
  if (refund.rejectReason)
    facts.push([t('refund.rejectReason'), refund.rejectReason, 'rejectReason']);
  return <Facts facts={facts} />;
}
