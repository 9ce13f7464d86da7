import type { Language } from '@xunji/shared';
import { Button, Input, List } from 'antd-mobile';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/AppLink';
import { CaptchaField } from '../../components/CaptchaField';
import { LanguageToggle } from '../../components/LanguageToggle';
import { PageLayout } from '../../components/PageLayout';
import { LargeCheckbox } from '../../forms/LargeCheckbox';
import { useCaptchaGate } from '../../forms/useCaptchaGate';
import { useAction } from '../../hooks/useAction';
import { loadAppTexts } from '../../i18n';
import { afterLoad } from '../../lib/after-load';
import { PATHS } from '../../router/paths';
import { useBackParam } from '../../router/useBackParam';
import { useAccountStore } from '../../stores/account';
import { useAppStore } from '../../stores/app';
import { OtherSignIns } from './OtherSignIns';
import type { SignInMode } from './sign-in';

const loadSignIn = () => import('./sign-in');

/**
 * Sign in with an account (username, phone or device number) or a phone number. Kept free of
 * antd-mobile Form and TanStack Query, and the sign-in itself loads once the form is on screen:
 * this page has a JS budget of 150 KB gzip.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const back = useBackParam();
  const language = useAppStore((s) => s.language);
  const [remembered] = useState(() => useAccountStore.getState());

  const [mode, setMode] = useState<SignInMode>('account');
  const [username, setUsername] = useState(remembered.lastUsername);
  const [password, setPassword] = useState('');
  // A remembered password is never shown nor known in plain text: its hash is sent as it is.
  const [rememberedHash, setRememberedHash] = useState(
    remembered.remPassword ? remembered.rememberedPassword : null,
  );
  const [remember, setRemember] = useState(remembered.remPassword);
  const [error, setError] = useState<Record<Language, string> | null>(null);
  const gate = useCaptchaGate();

  // What comes after the form (the sign-in, the next page's texts) loads once it is on screen.
  useEffect(
    () =>
      afterLoad(() => {
        void loadSignIn();
        void loadAppTexts();
      }),
    [],
  );

  const [submit, pending] = useAction(async () => {
    const { submitSignIn } = await loadSignIn();
    setError(
      await submitSignIn({ mode, username, password, rememberedHash, remember, back }, gate),
    );
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <PageLayout title={t('login.title')} right={<LanguageToggle />}>
      <form className="login" onSubmit={onSubmit} noValidate>
        <div className="login__brand">
          <img src={`${import.meta.env.BASE_URL}icons/icon.svg`} alt="" width={64} height={64} />
          <h1>{t('app.name')}</h1>
        </div>
        <div className="switch-tabs" role="tablist">
          {(['account', 'phone'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={mode === value}
              className={mode === value ? 'switch-tabs__tab is-active' : 'switch-tabs__tab'}
              onClick={() => setMode(value)}
            >
              {value === 'account' ? t('login.byAccount') : t('login.byPhone')}
            </button>
          ))}
        </div>
        <List className="login__fields">
          <List.Item>
            <Input
              value={username}
              onChange={(value) => {
                setUsername(value);
                setRememberedHash(null);
              }}
              type={mode === 'phone' ? 'tel' : 'text'}
              maxLength={mode === 'phone' ? 11 : 64}
              placeholder={
                mode === 'phone' ? t('login.phonePlaceholder') : t('login.accountPlaceholder')
              }
              autoComplete="username"
              clearable
            />
          </List.Item>
          <List.Item>
            <Input
              value={rememberedHash ? '********' : password}
              onChange={(value) => {
                setPassword(rememberedHash ? '' : value);
                setRememberedHash(null);
              }}
              type="password"
              maxLength={20}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
            />
          </List.Item>
          <CaptchaField gate={gate} />
        </List>
        {error && (
          <p className="field-error" role="alert">
            {error[language]}
          </p>
        )}
        <LargeCheckbox className="login__remember" checked={remember} onChange={setRemember}>
          {t('login.remember')}
        </LargeCheckbox>
        <Button block color="primary" size="large" type="submit" loading={pending}>
          {t('login.submit')}
        </Button>
        <div className="login__links">
          <AppLink to={back ? `${PATHS.register}?back=true` : PATHS.register}>
            {t('login.register')}
          </AppLink>
          <AppLink to={PATHS.retrievePassword}>{t('login.forgot')}</AppLink>
        </div>
        <OtherSignIns back={back} />
      </form>
    </PageLayout>
  );
}
