import { useQueryClient } from '@tanstack/react-query';
import { hashPasswordForTransport, routes } from '@xunji/shared';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { queries } from '../../api/queries';
import { PageLayout } from '../../components/PageLayout';
import { SubmitButton } from '../../components/SubmitButton';
import { APPLICATION_ID } from '../../config';
import { useRules } from '../../forms/rules';
import { VerificationFields, type VerificationValues } from '../../forms/VerificationFields';
import { useAction } from '../../hooks/useAction';
import { navigateBack } from '../../router/navigation';
import { useUserStore } from '../../stores/user';

interface BindValues extends VerificationValues {
  username: string;
  password: string;
}

/** Bind a phone number to an account, proven by the account's password and an SMS code. */
export default function BindNumberPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BindValues>();
  const username = useUserStore((s) => s.user?.username ?? '');

  const [submit, pending] = useAction(async (values: BindValues) => {
    await call(routes.bindPhone, {
      body: {
        applicationId: APPLICATION_ID,
        username: values.username.trim(),
        password: hashPasswordForTransport(values.password),
        phoneNumber: values.phoneNumber,
        captcha: values.code,
      },
    });
    await queryClient.invalidateQueries({ queryKey: queries.user.queryKey });
    toast(t('bindNumber.success'));
    navigateBack();
  });

  return (
    <PageLayout title={t('bindNumber.title')}>
      <p className="page__intro">{t('bindNumber.intro')}</p>
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ username }}
        onFinish={submit}
        footer={<SubmitButton pending={pending}>{t('bindNumber.submit')}</SubmitButton>}
      >
        <Form.Item
          name="username"
          label={t('bindNumber.username')}
          rules={rules.required('username')}
        >
          <Input placeholder={t('bindNumber.usernamePlaceholder')} maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={t('bindNumber.password')} rules={rules.required()}>
          <Input type="password" placeholder={t('login.passwordPlaceholder')} maxLength={20} />
        </Form.Item>
        <VerificationFields form={form} />
      </Form>
    </PageLayout>
  );
}
