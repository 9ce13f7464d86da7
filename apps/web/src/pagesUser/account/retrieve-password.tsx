import { hashPasswordForTransport, routes } from '@xunji/shared';
import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { PageLayout } from '../../components/PageLayout';
import { SubmitButton } from '../../components/SubmitButton';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { VerificationFields, type VerificationValues } from '../../forms/VerificationFields';
import { useAction } from '../../hooks/useAction';
import { redirectTo } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { afterPasswordChange } from '../../stores/session';
import { useUserStore } from '../../stores/user';

interface RetrieveValues extends VerificationValues {
  password: string;
}

/** Reset a forgotten password with an SMS code, then sign in again. */
export default function RetrievePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RetrieveValues>();

  const [submit, pending] = useAction(async ({ phoneNumber, code, password }: RetrieveValues) => {
    await call(routes.resetPassword, {
      body: { phoneNumber, code, password: hashPasswordForTransport(password) },
    });
    afterPasswordChange(useUserStore.getState().user?.phoneNumber === phoneNumber);
    toast(t('retrieve.success'));
    redirectTo(PATHS.login);
  });

  return (
    <PageLayout title={t('retrieve.title')}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={submit}
        footer={<SubmitButton pending={pending}>{t('retrieve.submit')}</SubmitButton>}
      >
        <VerificationFields form={form} />
        <NewPasswordFields label={t('password.new')} />
      </Form>
    </PageLayout>
  );
}
