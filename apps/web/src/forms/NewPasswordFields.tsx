import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRules } from './rules';

/** Password and its confirmation (6-20, no Chinese, must match); field names password / confirm. */
export function NewPasswordFields({ label }: { label?: string }) {
  const { t } = useTranslation();
  const rules = useRules();
  return (
    <>
      <Form.Item name="password" label={label ?? t('password.label')} rules={rules.password}>
        <Input type="password" placeholder={t('password.placeholder')} maxLength={20} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={rules.sameAs('password')}
      >
        <Input type="password" placeholder={t('password.confirmPlaceholder')} maxLength={20} />
      </Form.Item>
    </>
  );
}
