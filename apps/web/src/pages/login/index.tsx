import {
  hashPasswordForTransport,
  isMobile,
  validationMessages,
  type ValidationMessageKey,
  routes,
} from '@xunji/shared';
import { Button, Checkbox, Input, List } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { AppLink } from '../../components/AppLink';
import { CaptchaField } from '../../components/CaptchaField';
import { PageLayout } from '../../components/PageLayout';
import { useCaptchaGate } from '../../forms/useCaptchaGate';
import { useAction } from '../../hooks/useAction';
import { changeLanguage } from '../../i18n';
import { clientInfo } from '../../lib/client-info';
import { completeSignIn } from '../../router/guard';
import { PATHS } from '../../router/paths';
import { useBackParam } from '../../router/useBackParam';
import { useAccountStore } from '../../stores/account';
import { useAppStore } from '../../stores/app';
import { signIn } from '../../stores/session';

type Mode = 'account' | 'phone';

function invalidField(mode: Mode, username: string, password: string): ValidationMessageKey | null {
  if (mode === 'phone' && !isMobile(username)) return 'mobile';
  if (!username) return 'username';
  if (!password) return 'required';
  return null;
}

/**
 * Sign in with an account (username, phone or device number) or a phone number. Kept free of
 * antd-mobile Form and TanStack Query: this page has a JS budget of 150 KB gzip.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const back = useBackParam();
  const language = useAppStore((s) => s.language);
  const [remembered] = useState(() => useAccountStore.getState());

  const [mode, setMode] = useState<Mode>('account');
  const [username, setUsername] = useState(remembered.lastUsername);
  const [password, setPassword] = useState('');
  // A remembered password is never shown nor known in plain text: its hash is sent as it is.
  const [rememberedHash, setRememberedHash] = useState(
    remembered.remPassword ? remembered.rememberedPassword : null,
  );
  const [remember, setRemember] = useState(remembered.remPassword);
  const [error, setError] = useState<ValidationMessageKey | null>(null);
  const gate = useCaptchaGate();

  const [submit, pending] = useAction(async () => {
    const account = username.trim();
    const invalid =
      invalidField(mode, account, rememberedHash ?? password) ??
      (gate.missing() ? 'captchaCode' : null);
    setError(invalid);
    if (invalid) return;
    const hash = rememberedHash ?? hashPasswordForTransport(password);
    const result = await gate.attempt(() =>
      call(routes.login, {
        body: { username: account, password: hash, ...gate.answer(), ...clientInfo() },
      }),
    );
    signIn(result);
    useAccountStore.setState({
      lastUsername: account,
      remPassword: remember,
      rememberedPassword: remember ? hash : null,
    });
    completeSignIn(back);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };
  const otherLanguage = language === 'en' ? 'zh-CN' : 'en';

  return (
    <PageLayout
      title={t('login.title')}
      right={
        <button
          type="button"
          className="text-button"
          onClick={() => void changeLanguage(otherLanguage)}
        >
          {t(`languages.${otherLanguage}`)}
        </button>
      }
    >
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
            {validationMessages[error][language]}
          </p>
        )}
        <Checkbox className="login__remember" checked={remember} onChange={setRemember}>
          {t('login.remember')}
        </Checkbox>
        <Button block color="primary" size="large" type="submit" loading={pending}>
          {t('login.submit')}
        </Button>
        <div className="login__links">
          <AppLink to={back ? `${PATHS.register}?back=true` : PATHS.register}>
            {t('login.register')}
          </AppLink>
          <AppLink to={PATHS.retrievePassword}>{t('login.forgot')}</AppLink>
        </div>
      </form>
    </PageLayout>
  );
}
