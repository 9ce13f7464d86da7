import { useQuery } from '@tanstack/react-query';
import { Codes, routes } from '@xunji/shared';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { confirmDialog, toast } from '../../api/feedback';
import { queries } from '../../api/queries';
import { PageLayout } from '../../components/PageLayout';
import { SubmitButton } from '../../components/SubmitButton';
import { VerificationFields, type VerificationValues } from '../../forms/VerificationFields';
import { useAction } from '../../hooks/useAction';
import { maskPhone } from '../../lib/mask';
import { navigateTo, reLaunch } from '../../router/navigation';
import { PATHS } from '../../router/paths';
import { useAppStore } from '../../stores/app';
import { signOut } from '../../stores/session';

/** Cancel the signed-in user's own account, proven by an SMS code to its bound phone. */
export default function WriteOffPage() {
  const { t } = useTranslation();
  const language = useAppStore((s) => s.language);
  const [form] = Form.useForm<VerificationValues>();
  const { data: user } = useQuery(queries.user);
  const ownPhone = user?.phoneNumber ?? null;

  const [cancelAccount, pending] = useAction(async ({ phoneNumber, code }: VerificationValues) => {
    await call(routes.cancelAccount, { body: { phoneNumber, code } });
    signOut();
    toast(t('writeOff.success'));
    reLaunch(PATHS.home);
  });
  const submit = (values: VerificationValues) =>
    confirmDialog(t('writeOff.confirmContent'), () => void cancelAccount(values));

  const ownPhoneRule = {
    validator: async (_: unknown, value: unknown) => {
      if (value !== ownPhone) throw new Error(Codes.PHONE_MISMATCH[language]);
    },
  };

  return (
    <PageLayout title={t('writeOff.title')}>
      <section className="warning">
        <h2>{t('writeOff.warningTitle')}</h2>
        <ul>
          {t('writeOff.warnings', { returnObjects: true }).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {ownPhone ? (
        <>
          <p className="page__intro">
            {t('writeOff.ownPhoneHint', { phone: maskPhone(ownPhone) })}
          </p>
          <Form
            form={form}
            layout="horizontal"
            onFinish={submit}
            footer={<SubmitButton pending={pending}>{t('writeOff.submit')}</SubmitButton>}
          >
            <VerificationFields form={form} phoneRules={[ownPhoneRule]} />
          </Form>
        </>
      ) : (
        user && (
          <div className="section section--padded">
            <p className="page__intro">{Codes.PHONE_NOT_BOUND[language]}</p>
            <Button block color="primary" onClick={() => navigateTo(PATHS.bindNumber)}>
              {t('writeOff.bindFirst')}
            </Button>
          </div>
        )
      )}
    </PageLayout>
  );
}
