import { useQueryClient } from '@tanstack/react-query';
import { formatFen, isTextarea, type Order } from '@xunji/shared';
import { Form, Input, Switch, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/feedback';
import { SubmitButton } from '../components/SubmitButton';
import { useRules, type Rules } from '../forms/rules';
import { useAction } from '../hooks/useAction';
import { refundableFen, refundFeeOf } from './refund';
import { refundOrder } from './queries';
import './orders.css';

interface RefundFields {
  requestFee: string;
  refundReason: string;
  contactName: string;
  contactTel: string;
  allowCall: boolean;
}

/**
 * The buyer's refund request: the amount in yuan (at most two decimals, not over what is left),
 * a reason (≤ 140), a contact and whether the operator may call. The operator decides (§9).
 */
export function RefundForm({ order, onSent }: { order: Order; onSent: () => void }) {
  const { t } = useTranslation();
  const rules = useRules();
  const queryClient = useQueryClient();
  const maxFen = refundableFen(order);
  const max = formatFen(maxFen);

  const feeRule: Rules = [
    {
      validator: async (_, value: unknown) => {
        const fee = refundFeeOf(typeof value === 'string' ? value : '', maxFen);
        if ('problem' in fee)
          throw new Error(
            fee.problem === 'tooHigh'
              ? t('refund.feeTooHigh', { max })
              : rules.message('refundFee'),
          );
      },
    },
  ];
  const reasonRule: Rules = [
    ...rules.required('refundReason'),
    {
      validator: async (_, value: unknown) => {
        if (typeof value === 'string' && !isTextarea(value.trim()))
          throw new Error(rules.message('refundReason'));
      },
    },
  ];

  const [send, pending] = useAction(async (fields: RefundFields) => {
    const fee = refundFeeOf(fields.requestFee, maxFen);
    if (!('fen' in fee)) return;
    await refundOrder(queryClient, {
      orderId: order.id,
      requestFee: fee.fen,
      refundReason: fields.refundReason.trim(),
      contactName: fields.contactName.trim(),
      contactTel: fields.contactTel.trim(),
      allowCall: fields.allowCall,
    });
    toast(t('refund.submitted'));
    onSent();
  });

  return (
    <Form
      className="refund-form"
      layout="vertical"
      initialValues={{ requestFee: max, allowCall: true }}
      onFinish={send}
      footer={<SubmitButton pending={pending}>{t('refund.submit')}</SubmitButton>}
    >
      <Form.Item name="requestFee" label={t('refund.fee')} rules={feeRule}>
        <Input inputMode="decimal" placeholder={t('refund.feePlaceholder', { max })} clearable />
      </Form.Item>
      <Form.Item name="refundReason" label={t('refund.reason')} rules={reasonRule}>
        <TextArea placeholder={t('refund.reasonPlaceholder')} maxLength={140} showCount rows={3} />
      </Form.Item>
      <Form.Item
        name="contactName"
        label={t('refund.contactName')}
        rules={rules.required('contactName')}
      >
        <Input maxLength={32} clearable />
      </Form.Item>
      <Form.Item name="contactTel" label={t('refund.contactTel')} rules={rules.mobile}>
        <Input type="tel" inputMode="tel" maxLength={11} clearable />
      </Form.Item>
      <Form.Item
        name="allowCall"
        className="refund-form__switch"
        label={t('refund.allowCall')}
        layout="horizontal"
        valuePropName="checked"
        childElementPosition="right"
      >
        <Switch />
      </Form.Item>
    </Form>
  );
}
