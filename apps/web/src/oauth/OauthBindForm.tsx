import { Avatar, Form, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toast } from '../api/feedback';
import { LegalLinks } from '../components/LegalLinks';
import { SubmitButton } from '../components/SubmitButton';
import { LargeCheckbox } from '../forms/LargeCheckbox';
import { useRules } from '../forms/rules';
import { VerificationFields, type VerificationValues } from '../forms/VerificationFields';
import { useAction } from '../hooks/useAction';
import { completeSignIn } from '../router/guard';
import { useAccountStore } from '../stores/account';
import { signIn } from '../stores/session';
import { bindByPhone, type OauthReturn } from './complete';

interface OauthBindFormProps {
  answer: OauthReturn;
  ticket: string;
  nickname: string | null;
  headImgUrl: string | null;
}

/**
 * A WeChat or Apple identity no account has yet: the phone number (picture code, SMS code) names
 * the account it joins, a new one when the number has none; then signed in.
 */
export function OauthBindForm({ answer, ticket, nickname, headImgUrl }: OauthBindFormProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const [form] = Form.useForm<VerificationValues>();
  const provider = t(`oauth.providers.${answer.flow.provider}`);

  const [submit, pending] = useAction(async ({ phoneNumber, code }: VerificationValues) => {
    const result = await bindByPhone(answer, ticket, { username: phoneNumber, verifyCode: code });
    signIn(result);
    useAccountStore.setState({ lastUsername: phoneNumber });
    toast(t('oauth.bound', { provider }));
    completeSignIn(answer.flow.back ?? false);
  });

  return (
    <>
      <List className="section" mode="card">
        <List.Item
          prefix={<Avatar src={headImgUrl ?? ''} style={{ '--size': '44px' }} />}
          description={provider}
        >
          {nickname || t('oauth.unnamed')}
        </List.Item>
      </List>
      <p className="page__intro">{t('oauth.bindIntro', { provider })}</p>
      <Form
        form={form}
        layout="horizontal"
        onFinish={submit}
        footer={<SubmitButton pending={pending}>{t('oauth.bindSubmit')}</SubmitButton>}
      >
        <VerificationFields form={form} />
        <Form.Item name="agreement" valuePropName="checked" rules={rules.agreement}>
          <LargeCheckbox>
            <LegalLinks prefix={t('register.agreePrefix')} />
          </LargeCheckbox>
        </Form.Item>
      </Form>
    </>
  );
}
