import { hashPasswordForTransport, routes } from '@xunji/shared';
import { Form } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { LegalLinks } from '../../components/LegalLinks';
import { PageLayout } from '../../components/PageLayout';
import { SubmitButton } from '../../components/SubmitButton';
import { LargeCheckbox } from '../../forms/LargeCheckbox';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { useRules } from '../../forms/rules';
import { VerificationFields, type VerificationValues } from '../../forms/VerificationFields';
import { useAction } from '../../hooks/useAction';
import { clientInfo } from '../../lib/client-info';
import { completeSignIn } from '../../router/guard';
import { useBackParam } from '../../router/useBackParam';
import { useAccountStore } from '../../stores/account';
import { signIn } from '../../stores/session';
import { clearRegisterDraft, readRegisterDraft, saveRegisterDraft } from './register-draft';

interface RegisterValues extends VerificationValues {
  password: string;
}

/**
 * Register with a phone number; the new account is signed in at once. The input outlives a visit
 * to the terms or the privacy notice (register-draft.ts).
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const back = useBackParam();
  const rules = useRules();
  const [form] = Form.useForm<RegisterValues>();
  const [draft] = useState(readRegisterDraft);

  const [submit, pending] = useAction(async ({ phoneNumber, code, password }: RegisterValues) => {
    const result = await call(routes.register, {
      body: {
        phoneNumber,
        code,
        password: hashPasswordForTransport(password),
        agreement: true,
        ...clientInfo(),
      },
    });
    signIn(result);
    clearRegisterDraft();
    useAccountStore.setState({ lastUsername: phoneNumber });
    toast(t('register.success'));
    completeSignIn(back);
  });

  return (
    <PageLayout title={t('register.title')}>
      <Form
        form={form}
        layout="horizontal"
        initialValues={draft}
        onValuesChange={(_, values) => saveRegisterDraft(values)}
        onFinish={submit}
        footer={<SubmitButton pending={pending}>{t('register.submit')}</SubmitButton>}
      >
        <VerificationFields form={form} />
        <NewPasswordFields />
        <Form.Item name="agreement" valuePropName="checked" rules={rules.agreement}>
          <LargeCheckbox>
            <LegalLinks prefix={t('register.agreePrefix')} />
          </LargeCheckbox>
        </Form.Item>
      </Form>
    </PageLayout>
  );
}
