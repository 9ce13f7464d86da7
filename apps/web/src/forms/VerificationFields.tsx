import { useQuery } from '@tanstack/react-query';
import { SMS_CODE_LENGTH, SMS_COUNTDOWN_SECONDS, routes } from '@xunji/shared';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../api/call';
import { toast } from '../api/feedback';
import { CaptchaImage } from '../components/CaptchaImage';
import { queries } from '../api/queries';
import { useAction } from '../hooks/useAction';
import { useCountdown } from '../hooks/useCountdown';
import { useRules, type Rules } from './rules';

export interface VerificationValues {
  phoneNumber: string;
  code: string;
}

interface VerificationFieldsProps {
  form: ReturnType<typeof Form.useForm>[0];
  /** Extra rules on the phone number (write-off: it must be the account's own). */
  phoneRules?: Rules;
}

/**
 * Phone number, picture code and SMS code: the group of register, retrieve-password,
 * bind-number and write-off. The picture code only guards "get code", so it is checked there
 * and not on submit; it is single use, so a new one is fetched after every attempt.
 */
export function VerificationFields({ form, phoneRules = [] }: VerificationFieldsProps) {
  const { t } = useTranslation();
  const rules = useRules();
  const captcha = useQuery(queries.captcha);
  const { remaining, start } = useCountdown();

  const [sendCode, sending] = useAction(async () => {
    const valid = await form.validateFields(['phoneNumber']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
    const phoneNumber = String(form.getFieldValue('phoneNumber')).trim();
    const captchaCode = String(form.getFieldValue('captchaCode') ?? '').trim();
    if (!captchaCode || !captcha.data) {
      form.setFields([{ name: 'captchaCode', errors: [rules.message('captchaCode')] }]);
      return;
    }
    try {
      await call(routes.smsCodeRequest, {
        query: { phoneNumber, captchaId: captcha.data.captchaId, captchaCode },
      });
      toast(t('verification.codeSent'));
      start(SMS_COUNTDOWN_SECONDS);
    } finally {
      form.setFieldValue('captchaCode', '');
      void captcha.refetch();
    }
  });

  return (
    <>
      <Form.Item
        name="phoneNumber"
        label={t('verification.phone')}
        rules={[...rules.mobile, ...phoneRules]}
      >
        <Input type="tel" placeholder={t('verification.phonePlaceholder')} maxLength={11} />
      </Form.Item>
      <Form.Item
        name="captchaCode"
        label={t('verification.captcha')}
        extra={
          <CaptchaImage image={captcha.data?.image} onRefresh={() => void captcha.refetch()} />
        }
      >
        <Input placeholder={t('verification.captchaPlaceholder')} maxLength={8} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('verification.code')}
        rules={rules.smsCode}
        extra={
          <Button
            size="small"
            color="primary"
            fill="outline"
            loading={sending}
            disabled={remaining > 0}
            onClick={() => void sendCode()}
          >
            {remaining > 0
              ? t('verification.resendIn', { seconds: remaining })
              : t('verification.getCode')}
          </Button>
        }
      >
        <Input
          inputMode="numeric"
          placeholder={t('verification.codePlaceholder')}
          maxLength={SMS_CODE_LENGTH}
        />
      </Form.Item>
    </>
  );
}
