import { hashPasswordForTransport, routes } from '@xunji/shared';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { toast } from '../../api/feedback';
import { CaptchaField } from '../../components/CaptchaField';
import { PageLayout } from '../../components/PageLayout';
import { SubmitButton } from '../../components/SubmitButton';
import { NewPasswordFields } from '../../forms/NewPasswordFields';
import { useRules } from '../../forms/rules';
import { useCaptchaGate } from '../../forms/useCaptchaGate';
import { useAction } from '../../hooks/useAction';
import { reLaunch } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { afterPasswordChange } from '../../stores/session';

interface AmendValues {
  oldPassword: string;
  password: string;
}

/** Change the password; every session ends, so the user signs in again. */
export default function AmendPasswordPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const gate = useCaptchaGate();

  const [submit, pending] = useAction(async ({ oldPassword, password }: AmendValues) => {
    if (gate.missing()) return toast(rules.message('captchaCode'));
    await gate.attempt(() =>
      call(routes.updatePassword, {
        body: {
          oldPassword: hashPasswordForTransport(oldPassword),
          newPassword: hashPasswordForTransport(password),
          ...gate.answer(),
        },
      }),
    );
    afterPasswordChange(true);
    toast(t('amendPwd.success'));
    reLaunch(PATHS.login);
  });

  return (
    <PageLayout title={t('amendPwd.title')}>
      <Form
        layout="horizontal"
        onFinish={submit}
        footer={<SubmitButton pending={pending}>{t('common.save')}</SubmitButton>}
      >
        <Form.Item name="oldPassword" label={t('password.old')} rules={rules.required()}>
          <Input type="password" placeholder={t('password.oldPlaceholder')} maxLength={20} />
        </Form.Item>
        <NewPasswordFields label={t('password.new')} />
        <CaptchaField gate={gate} label={t('verification.captcha')} />
      </Form>
    </PageLayout>
  );
}
