import { Input, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { CaptchaGate } from '../forms/useCaptchaGate';
import { CaptchaImage } from './CaptchaImage';

/** The picture code of a password form, shown once the server asked for it. */
export function CaptchaField({ gate, label }: { gate: CaptchaGate; label?: string }) {
  const { t } = useTranslation();
  if (!gate.captcha) return null;
  return (
    <List.Item
      prefix={label}
      extra={<CaptchaImage image={gate.captcha.image} onRefresh={() => void gate.refresh()} />}
    >
      <Input
        value={gate.code}
        onChange={gate.setCode}
        placeholder={t('verification.captchaPlaceholder')}
        aria-label={t('verification.captcha')}
        maxLength={8}
        autoComplete="off"
      />
    </List.Item>
  );
}
